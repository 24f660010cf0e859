package io.pqarrow.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Encoding#physicalTypes()}, which {@code import --encoding} checks a column against before
 * anything is written, says for every encoding and Parquet type what the writer itself does: takes
 * the encoding, or refuses it as an option that does not fit ({@link ErrorKind#INVALID_ARGUMENT}).
 */
class ImportEncodingTypesTest {
  @TempDir Path dir;

  /** An Arrow type the writer stores as each Parquet physical type (INT96 is read, not written). */
  private static final Map<PrimitiveTypeName, ArrowType> ARROW =
      Map.of(
          PrimitiveTypeName.BOOLEAN, ArrowType.Bool.INSTANCE,
          PrimitiveTypeName.INT32, new ArrowType.Int(32, true),
          PrimitiveTypeName.INT64, new ArrowType.Int(64, true),
          PrimitiveTypeName.FLOAT, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
          PrimitiveTypeName.DOUBLE, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
          PrimitiveTypeName.BINARY, ArrowType.Binary.INSTANCE,
          PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, new ArrowType.FixedSizeBinary(4));

  @Test
  void theCommandLinesTableOfEncodingsAndTypesIsTheWriters() {
    List<String> cli = new ArrayList<>();
    List<String> writer = new ArrayList<>();
    int n = 0;
    for (Encoding encoding : Encoding.values()) {
      for (PrimitiveTypeName type : PrimitiveTypeName.values()) {
        if (type == PrimitiveTypeName.INT96) {
          continue;
        }
        String pair = encoding + " " + type + " ";
        cli.add(pair + encoding.physicalTypes().contains(type));
        writer.add(pair + writerTakes(encoding, ARROW.get(type), dir.resolve("f" + n++)));
      }
    }
    assertEquals(writer, cli);
  }

  private static boolean writerTakes(Encoding encoding, ArrowType type, Path file) {
    Schema schema = new Schema(List.of(Field.nullable("c", type)));
    WriteOptions options = WriteOptions.builder().columnEncoding("c", encoding).build();
    try {
      ParquetArrowWriter.open(file, schema, options).abort();
      return true;
    } catch (BridgeException e) {
      assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
      return false;
    }
  }
}
