package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leaves whose every value is null are written by the bulk engine ({@link BulkKind#NULLS}): an
 * Arrow Null column, a Null field in a struct, a list of Nulls, and the {@code value} column a
 * Variant without one is given (a Parquet field with no Arrow vector). Each file is the per-value
 * engine's: byte for byte where its pages are cut at the same rows, and always the same footer
 * facts (encodings, value counts, statistics, page index, bloom filters) and values as pyarrow
 * reads them; this library reads back the batches written, and pyarrow reads the values the rows
 * hold.
 */
class AllNullLeafBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 5000;
  private static final int BATCH = 1777;
  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00};

  /**
   * argv: Parquet files. pyarrow reads each as the rows {@link #batch} fills: the Null columns all
   * null, the lists and structs around them as made, the Variant's {@code value} all null.
   */
  static final String PYARROW_VALUES =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = %d
      for f in sys.argv[1:]:
          t = pq.read_table(f)
          assert t.column('n').type == pa.null(), t.schema
          assert t.column('n').null_count == n
          s = t.column('s').to_pylist()
          assert s == [None if i %% 7 == 0 else {'a': i if i %% 3 else None, 'z': None}
                       for i in range(n)], f
          ln = t.column('ln').to_pylist()
          assert ln == [None if i %% 5 == 0 else [None] * (i %% 4) for i in range(n)], f
          v = t.column('v').combine_chunks()
          v = v.storage if isinstance(v, pa.ExtensionArray) else v
          assert [x.name for x in v.type] == ['metadata', 'value', 'typed_value'], v.type
          assert v.field('value').null_count == n
          assert v.is_null().to_pylist() == [i %% 11 == 0 for i in range(n)]
          typed = v.field('typed_value').to_pylist()
          assert [typed[i] for i in range(n) if i %% 11] == [10 * i for i in range(n) if i %% 11]
          print(f, 'ok')
      """
          .formatted(ROWS);

  @Test
  void allNullLeavesWriteWhatThePerValueEngineWrites() throws IOException {
    List<Path> files = new ArrayList<>();
    List<String> source;
    try (VectorSchemaRoot all = batch(memory.allocator(), 0, ROWS)) {
      // Read back, the Variant has its (null) value.
      source =
          ArrowJson.rows(all).stream()
              .map(
                  r ->
                      r.replace(
                          "\"010000\",\"typed_value\"",
                          "\"010000\",\"value\":null,\"typed_value\""))
              .toList();
    }
    int set = 0;
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (int variant = 0; variant < 4; variant++) {
        WriteOptions.Builder b =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(variant != 1)
                .rowGroupRows(3000)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true);
        if (variant == 2) {
          // Pages cut on rows: many pages for every column.
          b.pageRows(512).bloomFilter("n", new WriteOptions.BloomFilter(0.01, 0));
          b.bloomFilter("v", new WriteOptions.BloomFilter(0.05, 100));
        }
        if (variant == 3) {
          b.columnEncoding("n", WriteOptions.Encoding.BYTE_STREAM_SPLIT)
              .columnEncoding("v.value", WriteOptions.Encoding.DELTA_BYTE_ARRAY)
              .columnEncoding("ln.list.element", WriteOptions.Encoding.DELTA_BINARY_PACKED);
        }
        WriteOptions options = b.build();
        files.addAll(
            BothEngines.write(
                dir,
                set + ".parquet",
                (file, bulk) -> {
                  write(file, options, bulk);
                  List<String> back = readBack(file);
                  assertEquals(source.size(), back.size(), file + " rows");
                  for (int i = 0; i < back.size(); i++) {
                    assertEquals(source.get(i), back.get(i), file + " row " + i);
                  }
                }));
        set++;
      }
    }
    String read =
        PythonEnv.require()
            .run(PYARROW_VALUES, files.stream().map(Path::toString).toArray(String[]::new));
    assertEquals(files.size(), read.lines().filter(l -> l.endsWith(" ok")).count(), read);
    BothEngines.assertSameFacts(files, set);
  }

  /**
   * A file of leaves of nulls alone (a Null column, a struct's Null field, a list of Nulls, under
   * null and empty ancestors) is byte for byte the per-value engine's, level histograms included,
   * with v1 and v2 pages and dictionary on and off (one page per column chunk: the engines cut
   * pages on rows at different rows).
   */
  @Test
  void leavesOfNullsAloneAreTheSameBytes() throws IOException {
    Schema schema;
    try (VectorSchemaRoot first = nullsBatch(memory.allocator(), 0, 1)) {
      schema = first.getSchema();
    }
    int files = 0;
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions options =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .rowGroupRows(2500)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        List<Path> pair =
            BothEngines.write(
                dir,
                "nulls-" + files + ".parquet",
                (file, bulk) -> {
                  try (ParquetArrowWriter w =
                      ParquetArrowWriter.open(file, schema, options, bulk)) {
                    assertEquals(bulk ? 3 : 0, w.bulkFields());
                    for (int from = 0; from < ROWS; from += BATCH) {
                      try (VectorSchemaRoot batch =
                          nullsBatch(memory.allocator(), from, Math.min(BATCH, ROWS - from))) {
                        w.write(batch);
                      }
                    }
                  }
                });
        BothEngines.assertSameBytes(pair, "file " + files + ": " + options);
        files++;
      }
    }
    assertEquals(4, files);
  }

  /** {@link #batch} without its leaves of values: {@code n}, {@code s} of {@code z}, {@code ln}. */
  private static VectorSchemaRoot nullsBatch(BufferAllocator allocator, int from, int n) {
    try (VectorSchemaRoot all = batch(allocator, from, n)) {
      Field struct =
          new Field(
              "s",
              FieldType.nullable(ArrowType.Struct.INSTANCE),
              List.of(Field.nullable("z", ArrowType.Null.INSTANCE)));
      VectorSchemaRoot root =
          VectorSchemaRoot.create(
              new Schema(
                  List.of(all.getSchema().findField("n"), struct, all.getSchema().findField("ln"))),
              allocator);
      StructVector s = (StructVector) root.getVector("s");
      StructVector made = (StructVector) all.getVector("s");
      for (int k = 0; k < n; k++) {
        if (!made.isNull(k)) {
          s.setIndexDefined(k);
        }
      }
      s.getChild("z").setValueCount(n);
      all.getVector("ln").makeTransferPair(root.getVector("ln")).transfer();
      root.setRowCount(n);
      return root;
    }
  }

  private void write(Path file, WriteOptions options, boolean bulk) {
    Schema schema;
    try (VectorSchemaRoot first = batch(memory.allocator(), 0, 1)) {
      schema = first.getSchema();
    }
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options, bulk)) {
      assertEquals(bulk ? schema.getFields().size() : 0, writer.bulkFields());
      for (int from = 0; from < ROWS; from += BATCH) {
        try (VectorSchemaRoot batch =
            batch(memory.allocator(), from, Math.min(BATCH, ROWS - from))) {
          writer.write(batch);
        }
      }
    }
  }

  private List<String> readBack(Path file) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(999).build())) {
      while (reader.loadNextBatch()) {
        rows.addAll(ArrowJson.rows(reader.getVectorSchemaRoot()));
      }
    }
    return rows;
  }

  /**
   * Rows {@code from} to {@code from + n}: {@code n} Null; {@code s} struct of an int32 and a Null;
   * {@code ln} list of Nulls; {@code v} a Variant of metadata and an int64 typed_value, no value.
   */
  static VectorSchemaRoot batch(BufferAllocator allocator, int from, int n) {
    Field nulls = Field.nullable("n", ArrowType.Null.INSTANCE);
    Field struct =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("a", new ArrowType.Int(32, true)),
                Field.nullable("z", ArrowType.Null.INSTANCE)));
    Field list =
        new Field(
            "ln",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", ArrowType.Null.INSTANCE)));
    Field variant =
        new Field(
            "v",
            new FieldType(true, VariantType.INSTANCE, null),
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.nullable("typed_value", new ArrowType.Int(64, true))));
    VectorSchemaRoot root =
        VectorSchemaRoot.create(new Schema(List.of(nulls, struct, list, variant)), allocator);
    ((NullVector) root.getVector("n")).setValueCount(n);
    StructVector s = (StructVector) root.getVector("s");
    IntVector a = (IntVector) s.getChild("a");
    ListVector ln = (ListVector) root.getVector("ln");
    VariantVector v = (VariantVector) root.getVector("v");
    int elements = 0;
    for (int k = 0; k < n; k++) {
      int i = from + k;
      if (i % 7 != 0) {
        s.setIndexDefined(k);
        if (i % 3 != 0) {
          a.setSafe(k, i);
        }
      }
      if (i % 5 != 0) {
        ln.startNewValue(k);
        elements += i % 4;
        ln.endValue(k, i % 4);
      }
      if (i % 11 != 0) {
        v.getUnderlyingVector().setIndexDefined(k);
        ((VarBinaryVector) v.metadataVector()).setSafe(k, EMPTY_METADATA);
        ((BigIntVector) v.typedValueVector()).setSafe(k, 10L * i);
      } else {
        ((VarBinaryVector) v.metadataVector()).setSafe(k, EMPTY_METADATA);
      }
    }
    a.setValueCount(n);
    s.getChild("z").setValueCount(n);
    ln.getDataVector().setValueCount(elements);
    root.setRowCount(n);
    return root;
  }
}
