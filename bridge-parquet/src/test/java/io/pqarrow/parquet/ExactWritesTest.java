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
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
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
 * No value changes silently on its way into Parquet: a value the column's unit cannot hold exactly
 * (a Date64 that is not midnight, for DATE) or that overflows when rescaled is an error naming the
 * column and the row, and the values before it are untouched.
 */
class ExactWritesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final long DAY = 86_400_000L;

  private static final Field DATE64 = Field.nullable("d", new ArrowType.Date(DateUnit.MILLISECOND));
  private static final Field SECONDS =
      Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.SECOND, null));

  @Test
  void wholeDaysOfDate64RoundTrip() {
    Path file = dir.resolve("days.parquet");
    Schema schema = new Schema(List.of(DATE64));
    long[] values = {0, DAY, -DAY, 19_000 * DAY, -719_162 * DAY, Integer.MAX_VALUE * DAY};
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      DateMilliVector v = (DateMilliVector) root.getVector(0);
      v.allocateNew(values.length + 1);
      for (int i = 0; i < values.length; i++) {
        v.set(i, values[i]);
      }
      v.setNull(values.length);
      root.setRowCount(values.length + 1);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
        writer.write(root);
      }
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      reader.loadNextBatch();
      DateMilliVector back = (DateMilliVector) reader.getVectorSchemaRoot().getVector(0);
      for (int i = 0; i < values.length; i++) {
        assertEquals(values[i], back.get(i), "row " + i);
      }
      assertEquals(true, back.isNull(values.length));
    }
  }

  static List<Arguments> inexactValues() {
    BiConsumer<FieldVector, Integer> afterMidnight =
        (v, i) -> ((DateMilliVector) v).set(i, 3 * DAY + 1);
    BiConsumer<FieldVector, Integer> beforeEpoch = (v, i) -> ((DateMilliVector) v).set(i, -1);
    BiConsumer<FieldVector, Integer> pastInt32Days =
        (v, i) -> ((DateMilliVector) v).set(i, (Integer.MAX_VALUE + 1L) * DAY);
    BiConsumer<FieldVector, Integer> secondsOverflowingMillis =
        (v, i) -> ((TimeStampSecVector) v).set(i, Long.MAX_VALUE / 100);
    return List.of(
        Arguments.of(
            DATE64,
            afterMidnight,
            "Date64 value 259200001 ms is not a whole day (midnight UTC), and Parquet DATE holds"
                + " whole days"),
        Arguments.of(
            DATE64,
            beforeEpoch,
            "Date64 value -1 ms is not a whole day (midnight UTC), and Parquet DATE holds whole"
                + " days"),
        Arguments.of(
            DATE64,
            pastInt32Days,
            "value 2147483648 (in the column's unit) does not fit the Parquet INT32 column"),
        Arguments.of(
            SECONDS,
            secondsOverflowingMillis,
            "value 92233720368547758 overflows a 64-bit Parquet value when multiplied by 1000 into"
                + " the column's unit"));
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("inexactValues")
  void aValueParquetCannotHoldExactlyIsAnErrorNamingColumnAndRow(
      Field field, BiConsumer<FieldVector, Integer> set, String problem) {
    Path file = dir.resolve("bad.parquet");
    Schema schema = new Schema(List.of(field));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      FieldVector v = root.getVector(0);
      v.allocateNew();
      v.setNull(0);
      if (v instanceof DateMilliVector d) {
        d.set(1, 5 * DAY);
      } else {
        ((TimeStampSecVector) v).set(1, 7);
      }
      set.accept(v, 2);
      root.setRowCount(3);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
        ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
        assertEquals(
            "Cannot write Parquet file at "
                + file
                + ", column "
                + field.getName()
                + ", row 2: "
                + problem,
            e.getMessage());
      }
    }
  }
}
