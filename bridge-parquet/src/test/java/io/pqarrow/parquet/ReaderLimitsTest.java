package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The caps of {@link Limits} reach the reader through {@link ReadOptions#limits()}. */
class ReaderLimitsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** A file with one int column {@code a} inside {@code depth - 1} structs {@code s}. */
  private Path write(int depth) {
    Field f = Field.nullable("a", new ArrowType.Int(32, true));
    for (int i = 1; i < depth; i++) {
      f = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(f));
    }
    Schema schema = new Schema(List.of(f));
    Path file = dir.resolve("depth" + depth + ".parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
      root.setRowCount(0);
      writer.write(root);
    }
    return file;
  }

  private static long footerLength(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    return ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
  }

  private ParquetFileException openFails(Path file, ReadOptions options) {
    return assertThrows(
        ParquetFileException.class,
        () -> {
          try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
            r.loadNextBatch();
          }
        });
  }

  private void opens(Path file, ReadOptions options) {
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      r.loadNextBatch();
    }
  }

  @Test
  void theFooterLimitDecidesWhetherAFileOpens() throws Exception {
    Path file = write(1);
    long footer = footerLength(file);
    opens(
        file,
        ReadOptions.builder().limits(Limits.builder().maxFooterBytes(footer).build()).build());
    ParquetFileException e =
        openFails(
            file,
            ReadOptions.builder()
                .limits(Limits.builder().maxFooterBytes(footer - 1).build())
                .build());
    assertEquals(
        "Invalid Parquet file at "
            + file
            + ": Parquet footer of "
            + footer
            + " bytes is over the limit of "
            + (footer - 1),
        e.getMessage());
    MappingOptions small =
        MappingOptions.builder()
            .limits(Limits.builder().maxFooterBytes(footer - 1).build())
            .build();
    assertEquals(
        e.getMessage(),
        assertThrows(ParquetFileException.class, () -> ParquetArrowReader.mapping(file, small))
            .getMessage());
  }

  @Test
  void theParquetSchemaDepthDecidesWhetherAFileOpensAndTheErrorNamesThePath() {
    Path file = write(4); // s.s.s.a
    opens(
        file,
        ReadOptions.builder().limits(Limits.builder().maxParquetSchemaDepth(4).build()).build());
    ParquetFileException e =
        openFails(
            file,
            ReadOptions.builder()
                .limits(Limits.builder().maxParquetSchemaDepth(3).build())
                .build());
    assertEquals(
        "Invalid Parquet file at "
            + file
            + ": Invalid Parquet schema at s.s.s: nesting deeper than 3 levels",
        e.getMessage());
  }

  @Test
  void readLimitsReplaceThoseOfTheMappingOptionsWhateverTheOrder() {
    Limits read = Limits.builder().maxFooterBytes(1).build();
    MappingOptions mapping =
        MappingOptions.builder()
            .extensionTypes(false)
            .limits(Limits.builder().maxFooterBytes(2).build())
            .build();
    ReadOptions before = ReadOptions.builder().limits(read).mapping(mapping).build();
    ReadOptions after = ReadOptions.builder().mapping(mapping).limits(read).build();
    for (ReadOptions o : List.of(before, after)) {
      assertEquals(read, o.limits());
      assertEquals(read, o.mapping().limits());
      assertEquals(false, o.mapping().extensionTypes());
    }
    ReadOptions mappingOnly = ReadOptions.builder().mapping(mapping).build();
    assertEquals(mapping.limits(), mappingOnly.limits());
    assertEquals(Limits.defaults(), ReadOptions.defaults().limits());
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> ReadOptions.builder().limits(null));
    assertEquals("limits", e.getMessage());
    assertTrue(ReadOptions.builder().build().mapping() == MappingOptions.defaults());
  }
}
