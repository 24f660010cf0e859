package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Schemas pyarrow cannot write, read by pyarrow from footer-only files: every LIST/MAP example
 * (docs/type-mapping.md §2.6, §2.7; see {@link ParquetToArrowNestedTest#specExamples()}) and the
 * primitive annotations (§2.2) no pyarrow writer produces. pyarrow and this library must agree,
 * names of list items and map children aside (pyarrow keeps the Parquet names), with the options
 * that pick pyarrow's choices for ENUM and INTERVAL.
 */
class ParquetToArrowSpecVsPyarrowTest {
  private static final MappingOptions AS_PYARROW =
      MappingOptions.builder().enumAsBinary(true).intervalAsFixedSizeBinary(true).build();

  /**
   * INTERVAL is left out: parquet-java writes it as ConvertedType INTERVAL plus LogicalType
   * UNKNOWN, which pyarrow reads as null while parquet-java (and so this library) reads INTERVAL;
   * {@code ParquetToArrowLegacyFooterTest} compares a ConvertedType-only INTERVAL instead.
   */
  private static final List<String> PRIMITIVES =
      List.of(
          "optional binary e (ENUM);",
          "optional binary b (BSON);",
          "optional int32 n (UNKNOWN);",
          "optional int64 t (TIME(NANOS,true));",
          "optional int32 t (TIME(MILLIS,true));",
          "optional int64 ts (TIMESTAMP(NANOS,false));",
          "optional binary d (DECIMAL(60,3));",
          "optional fixed_len_byte_array(2) h (FLOAT16);",
          "optional fixed_len_byte_array(16) u (UUID);",
          "optional binary j (JSON);",
          "optional int32 u8 (INTEGER(8,false));");

  @Test
  void specExamplesAndRarePrimitivesMapAsPyarrowReadsThem(@TempDir Path dir) throws IOException {
    List<String> columns = new ArrayList<>();
    ParquetToArrowNestedTest.specExamples()
        .map(Arguments::get)
        .forEach(args -> columns.add((String) args[1]));
    columns.addAll(PRIMITIVES);

    List<String> files = new ArrayList<>();
    files.add("--normalize");
    List<String> ours = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      MessageType schema =
          MessageTypeParser.parseMessageType("message m { " + columns.get(i) + " }");
      Path file = dir.resolve("spec" + i + ".parquet");
      ParquetToArrowLegacyFooterTest.writeFooterOnlyFile(file, footer(schema));
      files.add(file.toString());
      ours.addAll(
          ParquetToArrowProducerFilesTest.render(
              SchemaMapper.toArrow(schema, Map.of(), AS_PYARROW)));
      ours.add("--");
    }
    List<String> pyarrow =
        PythonEnv.require()
            .run(ParquetToArrowProducerFilesTest.RENDER, files.toArray(String[]::new))
            .lines()
            .toList();
    assertEquals(pyarrow, ours);
    assertEquals(2 * columns.size(), ours.size());
  }

  private static byte[] footer(MessageType schema) throws IOException {
    ParquetMetadata metadata =
        new ParquetMetadata(new FileMetaData(schema, Map.of(), "pqarrow-test"), List.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(new ParquetMetadataConverter().toParquetMetadata(1, metadata), out);
    return out.toByteArray();
  }
}
