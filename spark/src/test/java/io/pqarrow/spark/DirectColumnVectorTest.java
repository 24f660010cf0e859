package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DirectColumnVector} gives, row by row, what Spark's {@link ArrowColumnVector} gives over
 * the same vector: nulls, every fixed-width type, decimals of up to 18 digits and wider, strings
 * (empty ones too), with no null, some nulls, and every row null.
 */
class DirectColumnVectorTest {
  private final BufferAllocator allocator = new RootAllocator();
  private static final int ROWS = 1000;

  @AfterEach
  void noLeak() {
    assertEquals(0, allocator.getAllocatedMemory());
    allocator.close();
  }

  /** Whether row {@code i} is null: none, one in three, or all ({@code nulls} 0, 3, 1). */
  private static boolean isNull(int i, int nulls) {
    return nulls != 0 && i % nulls == 0;
  }

  private void compare(
      FieldVector v, BiFunction<ArrowColumnVector, Integer, Object> get, boolean direct) {
    ArrowColumnVector expected = new ArrowColumnVector(v);
    ArrowColumnVector ours = DirectColumnVector.of(v);
    assertEquals(direct, ours instanceof DirectColumnVector, v.getClass().getSimpleName());
    int values = 0;
    for (int i = 0; i < v.getValueCount(); i++) {
      assertEquals(expected.isNullAt(i), ours.isNullAt(i), "isNullAt " + i);
      if (!expected.isNullAt(i)) {
        assertEquals(get.apply(expected, i), get.apply(ours, i), "row " + i);
        values++;
      }
    }
    assertEquals(v.getValueCount() - v.getNullCount(), values);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 3, 1})
  void fixedWidthValuesAreArrowColumnVectorsValues(int nulls) {
    Random r = new Random(nulls);
    try (BigIntVector longs = new BigIntVector("l", allocator);
        IntVector ints = new IntVector("i", allocator);
        SmallIntVector shorts = new SmallIntVector("s", allocator);
        TinyIntVector bytes = new TinyIntVector("b", allocator);
        Float8Vector doubles = new Float8Vector("d", allocator);
        Float4Vector floats = new Float4Vector("f", allocator);
        DateDayVector dates = new DateDayVector("date", allocator);
        TimeStampMicroTZVector stamps = new TimeStampMicroTZVector("t", allocator, "UTC");
        BitVector bools = new BitVector("bool", allocator)) {
      for (int i = 0; i < ROWS; i++) {
        if (isNull(i, nulls)) {
          for (FieldVector v :
              List.<FieldVector>of(
                  longs, ints, shorts, bytes, doubles, floats, dates, stamps, bools)) {
            v.setNull(i);
          }
          continue;
        }
        longs.setSafe(i, r.nextLong());
        ints.setSafe(i, r.nextInt());
        shorts.setSafe(i, (short) r.nextInt());
        bytes.setSafe(i, (byte) r.nextInt());
        doubles.setSafe(i, r.nextGaussian() * 1e6);
        floats.setSafe(i, (float) r.nextGaussian());
        dates.setSafe(i, r.nextInt(40_000) - 20_000);
        stamps.setSafe(i, r.nextLong() >> 8);
        bools.setSafe(i, r.nextBoolean() ? 1 : 0);
      }
      for (FieldVector v :
          List.<FieldVector>of(longs, ints, shorts, bytes, doubles, floats, dates, stamps, bools)) {
        v.setValueCount(ROWS);
      }
      compare(longs, ArrowColumnVector::getLong, true);
      compare(ints, ArrowColumnVector::getInt, true);
      compare(shorts, ArrowColumnVector::getShort, true);
      compare(bytes, ArrowColumnVector::getByte, true);
      compare(doubles, ArrowColumnVector::getDouble, true);
      compare(floats, ArrowColumnVector::getFloat, true);
      compare(dates, ArrowColumnVector::getInt, true);
      compare(stamps, ArrowColumnVector::getLong, true);
      compare(bools, ArrowColumnVector::getBoolean, true);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 3, 1})
  void decimalsAreArrowColumnVectorsDecimals(int nulls) {
    Random r = new Random(7 + nulls);
    for (int[] ps : new int[][] {{12, 2}, {18, 0}, {18, 18}, {1, 0}, {38, 10}, {20, 3}}) {
      int precision = ps[0];
      int scale = ps[1];
      try (DecimalVector v = new DecimalVector("dec", allocator, precision, scale)) {
        for (int i = 0; i < ROWS; i++) {
          if (isNull(i, nulls)) {
            v.setNull(i);
            continue;
          }
          // Unscaled values across the whole range, the extremes included.
          BigDecimal max = BigDecimal.TEN.pow(precision).subtract(BigDecimal.ONE);
          BigDecimal unscaled =
              switch (i % 5) {
                case 0 -> max;
                case 1 -> max.negate();
                case 2 -> BigDecimal.ZERO;
                default ->
                    new BigDecimal(r.nextDouble() * 2 - 1)
                        .multiply(max)
                        .setScale(0, java.math.RoundingMode.DOWN);
              };
          v.setSafe(i, unscaled.movePointLeft(scale));
        }
        v.setValueCount(ROWS);
        compare(v, (c, i) -> c.getDecimal(i, precision, scale), true);
        DirectColumnVector direct = (DirectColumnVector) DirectColumnVector.of(v);
        for (int i = 0; i < ROWS; i++) {
          if (isNull(i, nulls)) {
            assertNull(direct.getDecimal(i, precision, scale), "a null row's decimal is null");
          }
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 3, 1})
  void stringsAreArrowColumnVectorsStrings(int nulls) {
    try (VarCharVector v = new VarCharVector("s", allocator)) {
      for (int i = 0; i < ROWS; i++) {
        if (isNull(i, nulls)) {
          v.setNull(i);
        } else {
          v.setSafe(
              i,
              ("é" + "x".repeat(i % 7) + i)
                  .substring(0, i % 4 == 0 ? 0 : 2)
                  .getBytes(StandardCharsets.UTF_8));
        }
      }
      v.setValueCount(ROWS);
      compare(v, ArrowColumnVector::getUTF8String, true);
      ArrowColumnVector direct = DirectColumnVector.of(v);
      for (int i = 0; i < ROWS; i++) {
        if (isNull(i, nulls)) {
          assertNull(direct.getUTF8String(i));
        }
      }
    }
  }

  @Test
  void otherVectorsAndEmptyOnesStayArrowColumnVectors() {
    try (VarBinaryVector binary = new VarBinaryVector("b", allocator);
        BigIntVector empty = new BigIntVector("e", allocator)) {
      binary.setSafe(0, new byte[] {1, 2});
      binary.setValueCount(1);
      empty.setValueCount(0);
      ArrowColumnVector b = DirectColumnVector.of(binary);
      assertNotSame(DirectColumnVector.class, b.getClass());
      assertSame(ArrowColumnVector.class, b.getClass());
      assertTrue(java.util.Arrays.equals(new byte[] {1, 2}, b.getBinary(0)));
      assertSame(ArrowColumnVector.class, DirectColumnVector.of(empty).getClass());
    }
  }
}
