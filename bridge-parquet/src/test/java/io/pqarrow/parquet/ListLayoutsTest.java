package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ReaderHooks;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.StoredArrowSchema;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FixedSizeList, ListView and Null: written as Parquet LIST and UNKNOWN, and restored from {@code
 * ARROW:schema} on read, in pyarrow's files and in ours.
 */
class ListLayoutsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowType DOUBLE =
      new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field(
                  "lv",
                  FieldType.nullable(ArrowType.ListView.INSTANCE),
                  List.of(Field.nullable("element", new ArrowType.Int(32, true)))),
              new Field(
                  "fl",
                  FieldType.nullable(new ArrowType.FixedSizeList(3)),
                  List.of(Field.nullable("element", DOUBLE))),
              Field.nullable("n", ArrowType.Null.INSTANCE)));

  /** argv: file. pyarrow cannot read back its own null fixed-size lists, so there are none. */
  static final String PYARROW_LAYOUTS =
      PyRender.PRELUDE
          + """
          t = pa.table({
              'lv': pa.array([[1, None, 3], [], None, [4]] * 50, pa.list_view(pa.int32())),
              'fl': pa.array([[1.5, None, -2.0], [0.0, 1.0, 2.0], [3.0, 4.0, 5.0],
                              [6.0, 7.0, 8.0]] * 50, pa.list_(pa.float64(), 3)),
              'n': pa.nulls(200),
          })
          pq.write_table(t, sys.argv[1])
          dump(pq.read_table(sys.argv[1]))
          """;

  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {1, 7, 1024})
  void pyarrowListViewsFixedSizeListsAndNullsReadWithTheirArrowTypes(int batchRows) {
    Path file = dir.resolve("layouts.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(PYARROW_LAYOUTS, file.toString());
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      // pyarrow names list elements "item".
      assertEquals(
          "Schema<lv: ListView<item: Int(32, true)>,"
              + " fl: FixedSizeList(3)<item: FloatingPoint(DOUBLE)>, n: Null>",
          reader.schema().toString());
    }
    Rows.assertSame(
        expected,
        ArrowJson.readAll(
            file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
  }

  /** argv: file; pyarrow reads the columns it can read back (not fl: it has null lists). */
  static final String PYARROW_READ =
      PyRender.PRELUDE + "dump(pq.read_table(sys.argv[1], columns=['lv', 'n']))\n";

  @Test
  void writtenHereWithNullListsReadBackHereAndInPyarrow() {
    Path file = dir.resolve("ours.parquet");
    List<String> written;
    List<String> pyarrowColumns;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      ListViewVector lv = (ListViewVector) root.getVector("lv");
      FixedSizeListVector fl = (FixedSizeListVector) root.getVector("fl");
      IntVector lvValues = (IntVector) lv.getDataVector();
      Float8Vector flValues = (Float8Vector) fl.getDataVector();
      int rows = 50;
      lv.allocateNew();
      fl.allocateNew();
      for (int i = 0; i < 20; i++) {
        lvValues.setSafe(i, i * 10);
      }
      lvValues.setNull(3);
      lvValues.setValueCount(20);
      for (int row = 0; row < rows; row++) {
        // Views out of order and overlapping: row r shows values [r % 17, r % 17 + r % 4).
        if (row % 6 == 5) {
          lv.setNull(row);
        } else {
          lv.setOffset(row, row % 17);
          lv.setValidity(row, 1);
          lv.setSize(row, row % 4);
        }
        if (row % 5 == 2) {
          fl.setNull(row);
        } else {
          fl.setNotNull(row);
        }
        for (int k = 0; k < 3; k++) {
          if ((row + k) % 7 == 0) {
            flValues.setNull(row * 3 + k);
          } else {
            flValues.setSafe(row * 3 + k, row + k / 4.0);
          }
        }
      }
      root.setRowCount(rows);
      ((NullVector) root.getVector("n")).setValueCount(rows);
      written = ArrowJson.rows(root).stream().map(ArrowJson::canonical).toList();
      VectorSchemaRoot pyarrowView =
          new VectorSchemaRoot(List.of(root.getVector("lv"), root.getVector("n")));
      pyarrowView.setRowCount(rows);
      pyarrowColumns = ArrowJson.rows(pyarrowView).stream().map(ArrowJson::canonical).toList();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, SCHEMA, WriteOptions.builder().pageBytes(256).build())) {
        writer.write(root);
      }
    }
    assertEquals("{\"lv\":[null,40,50],\"fl\":[3.0,3.25,3.5],\"n\":null}", written.get(3));
    assertEquals("{\"lv\":null,\"fl\":null,\"n\":null}", written.get(17));
    Rows.assertSame(pyarrowColumns, ReaderLevelsTest.pyarrowRows(PYARROW_READ, file.toString()));
    for (int batchRows : new int[] {1, 9, 1024}) {
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
        assertEquals(SCHEMA.getFields(), reader.schema().getFields());
      }
      Rows.assertSame(
          written,
          ArrowJson.readAll(
              file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
    }
  }

  @Test
  void listOfTheWrongSizeForAFixedSizeListIsAnErrorNamingTheRow() {
    Path file = dir.resolve("short.parquet");
    io.pqarrow.testing.PythonEnv.require()
        .run(
            "import sys, pyarrow as pa, pyarrow.parquet as pq\n"
                + "pq.write_table(pa.table({'fl': pa.array([[1.0, 2.0, 3.0], [1.0, 2.0],"
                + " [4.0, 5.0, 6.0]], pa.list_(pa.float64()))}), sys.argv[1])",
            file.toString());
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> {
              // The file's ARROW:schema replaced by one that says FixedSizeList(3).
              Map<String, String> stored =
                  Map.of(
                      StoredArrowSchema.KEY,
                      StoredArrowSchema.encode(
                          new Schema(
                              List.of(
                                  new Field(
                                      "fl",
                                      FieldType.nullable(new ArrowType.FixedSizeList(3)),
                                      List.of(Field.nullable("item", DOUBLE)))))));
              try (ParquetArrowReader reader =
                  ReaderHooks.open(
                      file,
                      memory.allocator(),
                      ReadOptions.defaults(),
                      (schema, kv) ->
                          SchemaMapper.toArrow(schema, stored, ReadOptions.defaults().mapping()))) {
                assertEquals(
                    "Schema<fl: FixedSizeList(3)<item: FloatingPoint(DOUBLE)>>",
                    reader.schema().toString());
                while (reader.loadNextBatch()) {
                  ArrowJson.rows(reader.getVectorSchemaRoot());
                }
              }
            });
    assertEquals(
        "Invalid Parquet file at "
            + file
            + ", column fl, row 1: list of 2 elements where Arrow FixedSizeList(3) needs exactly 3",
        e.getMessage());
  }
}
