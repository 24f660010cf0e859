package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.PyRender;
import io.pqarrow.parquet.ReaderLevelsTest;
import io.pqarrow.parquet.Rows;
import io.pqarrow.parquet.read.leaf.BinaryDecoders;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BinaryView and Utf8View columns read here hold the bytes pyarrow reads, inline (up to 12 bytes)
 * and out of line, from plain and dictionary pages, and the view slot of every null is all zeros.
 */
class ViewVectorsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: file, dictionary ('1' or '0'). Every value differs from its neighbours in every byte
   * position, so bytes read from a wrong offset show.
   */
  static final String VIEWS =
      PyRender.PRELUDE
          + """
          import random
          random.seed(11)
          n = 3000
          def blob(i):
              if i % 7 == 3:
                  return None
              size = [0, 1, 11, 12, 13, 16, 40, 300][i % 8]
              return bytes((i * 31 + k * 7) % 256 for k in range(size))
          def text(i):
              b = blob(i)
              return None if b is None else ''.join(chr(0x41 + x % 26) if x % 5 else 'ü' for x in b)
          t = pa.table({
              'bv': pa.array([blob(i % 500) for i in range(n)], pa.binary_view()),
              'sv': pa.array([text(i % 500) for i in range(n)], pa.string_view()),
          })
          pq.write_table(t, sys.argv[1], use_dictionary=sys.argv[2] == '1',
                         data_page_size=4096, row_group_size=1100)
          dump(pq.read_table(sys.argv[1]))
          """;

  @ParameterizedTest(name = "dictionary pages: {0}")
  @ValueSource(strings = {"1", "0"})
  void viewValuesReadAsPyarrowReadsThemAndNullSlotsAreZero(String dictionary) {
    Path file = dir.resolve("views.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(VIEWS, file.toString(), dictionary);
    for (int batchRows : new int[] {1, 33, 1024}) {
      List<String> rows = new java.util.ArrayList<>();
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(
              file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          for (FieldVector v : root.getFieldVectors()) {
            assertNullViewsZero((BaseVariableWidthViewVector) v);
          }
          for (String r : ArrowJson.rows(root)) {
            rows.add(ArrowJson.canonical(r));
          }
        }
      }
      Rows.assertSame(expected, rows);
    }
  }

  @org.junit.jupiter.api.Test
  void endOfBatchZeroesTheStaleViewSlotsOfNulls() {
    try (org.apache.arrow.vector.ViewVarBinaryVector v =
        new org.apache.arrow.vector.ViewVarBinaryVector("bv", memory.allocator())) {
      v.allocateNew(4);
      // What a reused or fresh buffer may hold: anything.
      v.getDataBuffer().setOne(0, (int) v.getDataBuffer().capacity());
      v.setSafe(1, new byte[] {1, 2, 3});
      BinaryDecoders.ViewBinary.zeroNullViews(v, 40);
      v.setValueCount(40);
      assertNullViewsZero(v);
      assertEquals(39, v.getNullCount());
      assertEquals("[1, 2, 3]", java.util.Arrays.toString(v.get(1)));
    }
  }

  /** argv: file. 4,000 rows of struct<s: string>, every string out of line (over 12 bytes). */
  static final String STRUCT_OF_STRINGS =
      PyRender.PRELUDE
          + """
          n = 4000
          s = pa.array([None if i % 9 == 4 else 'value number %08d of the struct' % i
                        for i in range(n)])
          t = pa.table({'st': pa.StructArray.from_arrays([s], names=['s'])})
          pq.write_table(t, sys.argv[1], row_group_size=n)
          dump(pq.read_table(sys.argv[1]))
          """;

  /**
   * A view vector keeps the data buffers it was given until it is reset: reused batch after batch
   * inside a struct, it must drop them before the next batch, or the memory held grows with every
   * batch read.
   */
  @org.junit.jupiter.api.Test
  void viewsInsideAStructDropTheDataBuffersOfEachBatchBeforeTheNext() {
    Path file = dir.resolve("struct-views.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(STRUCT_OF_STRINGS, file.toString());
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(100)
            .mapping(
                io.pqarrow.schema.MappingOptions.builder()
                    .stringLayout(io.pqarrow.schema.MappingOptions.Layout.VIEW)
                    .useStoredArrowSchema(false)
                    .build())
            .build();
    List<String> rows = new java.util.ArrayList<>();
    long afterSecond = -1;
    long afterLast = -1;
    int batches = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        batches++;
        if (batches == 2) {
          afterSecond = memory.allocator().getAllocatedMemory();
        }
        afterLast = memory.allocator().getAllocatedMemory();
        org.apache.arrow.vector.complex.StructVector st =
            (org.apache.arrow.vector.complex.StructVector) root.getVector("st");
        assertEquals(
            org.apache.arrow.vector.types.pojo.ArrowType.Utf8View.INSTANCE,
            st.getChild("s").getField().getType());
        for (String r : ArrowJson.rows(root)) {
          rows.add(ArrowJson.canonical(r));
        }
      }
    }
    assertEquals(40, batches);
    Rows.assertSame(expected, rows);
    org.junit.jupiter.api.Assertions.assertTrue(
        afterLast <= afterSecond,
        "memory held after batch 40: " + afterLast + " bytes, after batch 2: " + afterSecond);
  }

  private static void assertNullViewsZero(BaseVariableWidthViewVector v) {
    for (int i = 0; i < v.getValueCount(); i++) {
      if (v.isNull(i)) {
        long base = (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE;
        assertEquals(0L, v.getDataBuffer().getLong(base), v.getName() + " view " + i);
        assertEquals(0L, v.getDataBuffer().getLong(base + 8), v.getName() + " view " + i);
      }
    }
  }
}
