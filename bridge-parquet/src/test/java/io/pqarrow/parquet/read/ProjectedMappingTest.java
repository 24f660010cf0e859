package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read of some columns maps only their fields ({@link ParquetSource#mapping(MappingOptions,
 * List)}), and reads exactly what a read over the whole mapping reads.
 */
class ProjectedMappingTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final MappingOptions MAPPING = MappingOptions.defaults();
  private static final int COLUMNS = 120;
  private static final int ROWS = 500;

  /**
   * COLUMNS columns of int64, timestamp(s, tz) (restored from ARROW:schema) and strings, a struct
   * {@code s} and a column named {@code a.b}.
   */
  private Path write() throws Exception {
    List<Field> fields = new ArrayList<>();
    for (int c = 0; c < COLUMNS; c++) {
      ArrowType type =
          switch (c % 3) {
            case 0 -> new ArrowType.Int(64, true);
            case 1 -> new ArrowType.Timestamp(TimeUnit.SECOND, "Asia/Tokyo");
            default -> ArrowType.Utf8.INSTANCE;
          };
      fields.add(Field.nullable("c" + c, type));
    }
    fields.add(
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("x", new ArrowType.Int(32, true)),
                Field.nullable("y", ArrowType.Utf8.INSTANCE))));
    fields.add(Field.nullable("a.b", new ArrowType.Int(32, true)));
    Schema schema = new Schema(fields, Map.of("owner", "projection test"));
    Path out = dir.resolve("wide.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(
                out, schema, WriteOptions.builder().rowGroupRows(200).build())) {
      for (int c = 0; c < COLUMNS; c++) {
        var v = root.getVector(c);
        v.allocateNew();
        for (int i = 0; i < ROWS; i++) {
          if ((i + c) % 7 == 0) {
            continue;
          }
          switch (c % 3) {
            case 0 -> ((BigIntVector) v).setSafe(i, (long) i * c);
            case 1 -> ((TimeStampSecTZVector) v).setSafe(i, 1_700_000_000L + i + c);
            default ->
                ((VarCharVector) v)
                    .setSafe(i, ("v" + i + "_" + c).getBytes(StandardCharsets.UTF_8));
          }
        }
        v.setValueCount(ROWS);
      }
      StructVector s = (StructVector) root.getVector("s");
      s.allocateNew();
      IntVector x = (IntVector) s.getChild("x");
      VarCharVector y = (VarCharVector) s.getChild("y");
      IntVector ab = (IntVector) root.getVector("a.b");
      ab.allocateNew(ROWS);
      for (int i = 0; i < ROWS; i++) {
        s.setIndexDefined(i);
        x.setSafe(i, i * 3);
        y.setSafe(i, ("y" + i).getBytes(StandardCharsets.UTF_8));
        ab.setSafe(i, -i);
      }
      s.setValueCount(ROWS);
      ab.setValueCount(ROWS);
      root.setRowCount(ROWS);
      writer.write(root);
    }
    return out;
  }

  /** The schema and every batch of a read of {@code source}, as text. */
  private String read(ParquetSource source, ReadOptions options) {
    StringBuilder out = new StringBuilder();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), options)) {
      out.append(reader.schema()).append('\n');
      while (reader.loadNextBatch()) {
        out.append(reader.getVectorSchemaRoot().contentToTSVString());
      }
    }
    return out.toString();
  }

  @Test
  void aProjectionMapsOnlyItsFieldsAndReadsWhatTheWholeMappingReads() throws Exception {
    Path file = write();
    for (List<String> columns :
        List.of(
            List.of("c0", "c61", "c119"),
            List.of("c1"),
            List.of("s.y", "c4"),
            List.of("a.b", "s"),
            List.of("`a.b`"))) {
      ReadOptions options = ReadOptions.builder().batchRows(128).columns(columns).build();
      ParquetSource projected = ParquetSource.open(file, Limits.defaults());
      String got = read(projected, options);
      assertFalse(projected.mapped(MAPPING), columns + ": the whole schema was mapped");
      // the same read over the whole mapping, made first
      ParquetSource whole = ParquetSource.open(file, Limits.defaults());
      whole.mapping(MAPPING);
      assertEquals(read(whole, options), got, columns.toString());
    }
    // the timestamps' zone and unit come from ARROW:schema: restored in a projection too
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    assertEquals(
        new ArrowType.Timestamp(TimeUnit.SECOND, "Asia/Tokyo"),
        source.mapping(MAPPING, List.of("c1")).arrowSchema().getFields().get(0).getType());
    assertEquals(1, source.mapping(MAPPING, List.of("c1")).fields().size());
  }

  @Test
  void theReadersWholeMappingIsMadeWhenAskedFor() throws Exception {
    Path file = write();
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    ReadOptions options = ReadOptions.builder().columns(List.of("c2")).build();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), options)) {
      assertFalse(source.mapped(MAPPING));
      assertEquals(COLUMNS + 2, reader.mapping().fields().size());
      assertTrue(source.mapped(MAPPING));
      assertEquals(1, reader.schema().getFields().size());
    }
  }

  @Test
  void anUnknownColumnOrAFilterUsesTheWholeMapping() throws Exception {
    Path file = write();
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    ReadOptions unknown = ReadOptions.builder().columns(List.of("c1", "c999")).build();
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class, () -> source.newReader(memory.allocator(), unknown));
    ParquetSource whole = ParquetSource.open(file, Limits.defaults());
    whole.mapping(MAPPING);
    ParquetFileException expected =
        assertThrows(
            ParquetFileException.class, () -> whole.newReader(memory.allocator(), unknown));
    assertEquals(expected.getMessage(), e.getMessage());

    // a filter may name columns the projection does not: the whole schema is mapped
    ReadOptions filtered =
        ReadOptions.builder()
            .columns(List.of("c0"))
            .filter(ExpressionParser.parse("c3 < 100"))
            .build();
    ParquetSource other = ParquetSource.open(file, Limits.defaults());
    String got = read(other, filtered);
    assertTrue(other.mapped(MAPPING));
    assertTrue(got.contains("c0"), got);
  }
}
