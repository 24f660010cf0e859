package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Arrow intervals of every unit written as Parquet INTERVAL and read back: exact values (negative
 * months, days and DAY_TIME milliseconds as their 32 bits), the Arrow unit restored from {@code
 * ARROW:schema}, pyarrow reading the same 12 bytes, and a clear error for every value INTERVAL
 * cannot hold exactly.
 */
class IntervalsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
              Field.nullable("dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
              Field.nullable("mdn", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO))));

  /**
   * argv: file; every column's 12 INTERVAL bytes as [months, days, millis * 10^6], months and days
   * signed 32-bit, milliseconds signed in {@code dt} (Arrow's DAY_TIME), unsigned elsewhere.
   */
  private static final String PYARROW_PARTS =
      PyRender.PRELUDE
          + """
          t = pq.read_table(sys.argv[1])
          def parts(b, signed_ms):
              if b is None:
                  return None
              m, d = (int.from_bytes(b[k:k + 4], 'little', signed=True) for k in (0, 4))
              ms = int.from_bytes(b[8:12], 'little', signed=signed_ms)
              return [m, d, ms * 1000000]
          for name in t.column_names:
              col = pa.array([parts(b, name == 'dt') for b in t[name].to_pylist()],
                             pa.list_(pa.int64()))
              t = t.set_column(t.schema.get_field_index(name), name, col)
          dump(t)
          """;

  @Test
  void edgeValuesOfEveryUnitReadBackExactlyAndAsPyarrowReadsThem() {
    Path file = dir.resolve("intervals.parquet");
    int max = Integer.MAX_VALUE;
    long maxMillisNanos = 0xFFFF_FFFFL * 1_000_000L;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      IntervalYearVector ym = (IntervalYearVector) root.getVector("ym");
      IntervalDayVector dt = (IntervalDayVector) root.getVector("dt");
      IntervalMonthDayNanoVector mdn = (IntervalMonthDayNanoVector) root.getVector("mdn");
      int min = Integer.MIN_VALUE;
      int[] months = {0, 1, max, 13, 0, -1, min};
      int[] days = {0, 1, max, 0, 40, -2, min};
      int[] millis = {0, 1, max, 999, 86_400_000, -3, min};
      long[] nanos = {
        0, 1_000_000L, maxMillisNanos, 999_000_000L, 86_400_000_000_000L, 3_000_000L, 0
      };
      for (int i = 0; i < months.length; i++) {
        ym.setSafe(i, months[i]);
        dt.setSafe(i, days[i], millis[i]);
        mdn.setSafe(i, months[i], days[i], nanos[i]);
      }
      ym.setNull(7);
      dt.setNull(7);
      mdn.setNull(7);
      root.setRowCount(8);
      List<String> written = ArrowJson.rows(root).stream().map(ArrowJson::canonical).toList();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, SCHEMA, WriteOptions.defaults())) {
        writer.write(root);
      }
      assertEquals(
          "{\"ym\":[2147483647,0,0],\"dt\":[0,2147483647,2147483647000000],"
              + "\"mdn\":[2147483647,2147483647,4294967295000000]}",
          written.get(2));
      assertEquals(
          "{\"ym\":[-1,0,0],\"dt\":[0,-2,-3000000],\"mdn\":[-1,-2,3000000]}", written.get(5));
      Rows.assertSame(written, ReaderLevelsTest.pyarrowRows(PYARROW_PARTS, file.toString()));
      for (int batchRows : new int[] {1, 4, 1024}) {
        try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build())) {
          assertEquals(SCHEMA.getFields(), reader.schema().getFields());
        }
        Rows.assertSame(
            written,
            ArrowJson.readAll(
                file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
      }
    }
  }

  static List<Arguments> inexactValues() {
    BiConsumer<FieldVector, Integer> fractionalMillis =
        (v, i) -> ((IntervalMonthDayNanoVector) v).setSafe(i, 1, 2, 1_500_000L);
    BiConsumer<FieldVector, Integer> oneNano =
        (v, i) -> ((IntervalMonthDayNanoVector) v).setSafe(i, 0, 0, 1L);
    BiConsumer<FieldVector, Integer> tooManyMillis =
        (v, i) -> ((IntervalMonthDayNanoVector) v).setSafe(i, 0, 0, 0x1_0000_0000L * 1_000_000L);
    BiConsumer<FieldVector, Integer> negativeNanos =
        (v, i) -> ((IntervalMonthDayNanoVector) v).setSafe(i, 0, 0, -1_000_000L);
    String exact = "cannot be written exactly as Parquet INTERVAL: ";
    return List.of(
        Arguments.of(
            "mdn",
            fractionalMillis,
            "Interval(MONTH_DAY_NANO) value (months 1, days 2, nanoseconds 1500000) "
                + exact
                + "nanoseconds are not whole milliseconds"),
        Arguments.of(
            "mdn",
            oneNano,
            "Interval(MONTH_DAY_NANO) value (months 0, days 0, nanoseconds 1) "
                + exact
                + "nanoseconds are not whole milliseconds"),
        Arguments.of(
            "mdn",
            tooManyMillis,
            "Interval(MONTH_DAY_NANO) value (months 0, days 0, nanoseconds 4294967296000000) "
                + exact
                + "milliseconds do not fit 32 bits"),
        Arguments.of(
            "mdn",
            negativeNanos,
            "Interval(MONTH_DAY_NANO) value (months 0, days 0, nanoseconds -1000000) "
                + exact
                + "negative milliseconds (INTERVAL's milliseconds are unsigned)"));
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("inexactValues")
  void valueParquetCannotHoldExactlyIsAnErrorNamingColumnAndRow(
      String column, BiConsumer<FieldVector, Integer> set, String problem) {
    Path file = dir.resolve("bad.parquet");
    Schema schema = new Schema(List.of(SCHEMA.findField(column)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      FieldVector v = root.getVector(0);
      v.allocateNew();
      v.setNull(0);
      set.accept(v, 1);
      root.setRowCount(2);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
        ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
        assertEquals(
            "Cannot write Parquet file at " + file + ", column " + column + ", row 1: " + problem,
            e.getMessage());
      }
    }
  }
}
