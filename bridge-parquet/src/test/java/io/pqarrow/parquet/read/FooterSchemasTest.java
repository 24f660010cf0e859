package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Footers' schema parts shared through a {@link FooterSchemas}: decoded once per distinct part, and
 * every source opened through the cache equal to one opened without it.
 */
class FooterSchemasTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final MappingOptions MAPPING = MappingOptions.defaults();

  private Path write(String name, int rows, int rowGroupRows, Map<String, String> keyValues)
      throws Exception {
    Schema schema =
        new Schema(
            List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
    Path out = dir.resolve(name + ".parquet");
    WriteOptions options =
        WriteOptions.builder().rowGroupRows(rowGroupRows).keyValueMetadata(keyValues).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      VarCharVector text = (VarCharVector) root.getVector(1);
      id.allocateNew(rows);
      text.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        id.set(i, i * 7L);
        if (i % 5 != 0) {
          text.setSafe(i, (name + i).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    return out;
  }

  private static ParquetSource open(Path file, FooterSchemas schemas) {
    return ParquetSource.open(
        new LocalInputFile(file), file.toString(), Limits.defaults(), schemas);
  }

  /** Every batch of a whole read, as text. */
  private String rows(ParquetSource source) {
    StringBuilder out = new StringBuilder();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), ReadOptions.defaults())) {
      while (reader.loadNextBatch()) {
        out.append(reader.getVectorSchemaRoot().contentToTSVString());
      }
    }
    return out.toString();
  }

  private static List<String> chunks(ParquetSource source) {
    List<String> out = new ArrayList<>();
    for (BlockMetaData block : source.rowGroups()) {
      out.add(block.getRowCount() + " " + block.getStartingPos() + " " + block.getColumns());
    }
    return out;
  }

  /** A source opened through the cache is the source opened without it, part for part. */
  private void assertSameAsWithoutCache(Path file, ParquetSource shared) {
    ParquetSource fresh = ParquetSource.open(file, Limits.defaults());
    assertEquals(fresh.schema(), shared.schema(), file.toString());
    assertEquals(fresh.keyValueMetadata(), shared.keyValueMetadata(), file.toString());
    assertEquals(fresh.createdBy(), shared.createdBy(), file.toString());
    assertEquals(fresh.rowCount(), shared.rowCount(), file.toString());
    assertEquals(fresh.rowGroupCount(), shared.rowGroupCount(), file.toString());
    assertEquals(
        fresh.mapping(MAPPING).arrowSchema(),
        shared.mapping(MAPPING).arrowSchema(),
        file.toString());
    assertEquals(chunks(fresh), chunks(shared), file.toString());
    assertEquals(rows(fresh), rows(shared), file.toString());
  }

  @Test
  void filesOfOneSchemaShareOneDecodeAndReadAsWithoutTheCache() throws Exception {
    Path a = write("a", 300, 100, Map.of());
    Path a2 = write("a2", 45, 20, Map.of());
    Path other = write("other", 10, 10, Map.of("k", "v"));
    FooterSchemas schemas = FooterSchemas.bounded();
    SchemaMapping mapping =
        ParquetSource.readMapping(
            new LocalInputFile(a), a.toString(), Limits.defaults(), MAPPING, schemas);
    assertEquals(1, schemas.decoded());
    ParquetSource sa = open(a, schemas);
    ParquetSource sa2 = open(a2, schemas);
    assertEquals(1, schemas.decoded(), "a's and a2's opens reuse the part readMapping decoded");
    assertSame(mapping, sa.mapping(MAPPING));
    assertSame(mapping, sa2.mapping(MAPPING));
    assertSame(sa.schema(), sa2.schema());
    assertSameAsWithoutCache(a, sa);
    assertSameAsWithoutCache(a2, sa2);

    // another key-value metadata is another schema part, though the schema is the same
    ParquetSource so = open(other, schemas);
    assertEquals(2, schemas.decoded());
    assertNotSame(sa.schema(), so.schema());
    assertEquals("v", so.keyValueMetadata().get("k"));
    assertSameAsWithoutCache(other, so);
    ParquetSource.readMapping(
        new LocalInputFile(other), other.toString(), Limits.defaults(), MAPPING, schemas);
    assertEquals(2, schemas.decoded());
  }

  @Test
  void aCacheBoundOfNoBytesKeepsNoPart() throws Exception {
    Path a = write("a", 30, 10, Map.of());
    FooterSchemas none = FooterSchemas.bounded(0);
    ParquetSource first = open(a, none);
    ParquetSource second = open(a, none);
    assertEquals(2, none.decoded());
    assertNotSame(first.schema(), second.schema());
    assertSameAsWithoutCache(a, second);
    assertThrows(IllegalArgumentException.class, () -> FooterSchemas.bounded(-1));
  }
}
