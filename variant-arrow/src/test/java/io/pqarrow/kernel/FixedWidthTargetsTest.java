package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Integer, decimal and temporal targets of every width and signedness, over more rows than a vector
 * first holds (so slots are written across reallocations): each slot holds the value that fits,
 * read back through Arrow's own getters or the raw buffer, and each value that does not fit is a
 * null slot counted as a failure.
 */
class FixedWidthTargetsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int ROWS = 5000;

  static Stream<Arguments> integers() {
    return Stream.of(
        Arguments.of(new ArrowType.Int(8, true), Byte.MIN_VALUE, Byte.MAX_VALUE),
        Arguments.of(new ArrowType.Int(16, true), Short.MIN_VALUE, Short.MAX_VALUE),
        Arguments.of(new ArrowType.Int(32, true), Integer.MIN_VALUE, Integer.MAX_VALUE),
        Arguments.of(new ArrowType.Int(64, true), Long.MIN_VALUE, Long.MAX_VALUE),
        Arguments.of(new ArrowType.Int(8, false), 0L, 0xFFL),
        Arguments.of(new ArrowType.Int(16, false), 0L, 0xFFFFL),
        Arguments.of(new ArrowType.Int(32, false), 0L, 0xFFFF_FFFFL),
        Arguments.of(new ArrowType.Int(64, false), 0L, Long.MAX_VALUE));
  }

  /** Row i: the value, or {@code null} for a row without {@code a} (a null slot, no failure). */
  private static Long integerAt(int i, long min, long max) {
    return switch (i % 7) {
      case 0 -> min;
      case 1 -> max;
      case 2 -> max == Long.MAX_VALUE ? (long) i : max + 1; // out of range when it can be
      case 3 -> min == Long.MIN_VALUE ? (long) -i : min - 1;
      case 4 -> 0L;
      case 5 -> null;
      default -> (long) (i % 100);
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("integers")
  void integerTargetsHoldEveryValueInTheirRangeAndRefuseTheRest(
      ArrowType type, long min, long max) {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Long x = integerAt(i, min, max);
      rows.add(x == null ? null : CastRulesTest.row(CastRulesTest.v(VariantKind.INT64, x)));
    }
    int failures = 0;
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(
                in, "$.a", Field.nullable("a", type), GetOptions.defaults(), memory.allocator())) {
      BaseIntVector vec = (BaseIntVector) out.vector();
      for (int i = 0; i < ROWS; i++) {
        Long x = integerAt(i, min, max);
        if (x != null && (x < min || x > max)) {
          failures++;
          assertTrue(vec.isNull(i), "row " + i);
        } else if (x == null) {
          assertTrue(vec.isNull(i), "row " + i);
        } else {
          assertEquals(x, vec.getValueAsLong(i), "row " + i);
        }
      }
      assertEquals(failures, out.failedRowCount());
    }
  }

  @Test
  void decimal256TakesUnscaledLongsAndWideValuesAlike() {
    BigDecimal small = new BigDecimal("1.25");
    BigDecimal wide = new BigDecimal("123456789012345678901234567890123456.78");
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          CastRulesTest.row(
              i % 3 == 0
                  ? CastRulesTest.v(VariantKind.DECIMAL4, small)
                  : i % 3 == 1
                      ? CastRulesTest.v(VariantKind.DECIMAL16, wide)
                      : CastRulesTest.v(VariantKind.DECIMAL4, new BigDecimal("0.125"))));
    }
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(
                in,
                "$.a",
                Field.nullable("a", new ArrowType.Decimal(40, 2, 256)),
                GetOptions.defaults(),
                memory.allocator())) {
      FieldVector vec = out.vector();
      for (int i = 0; i < ROWS; i++) {
        switch (i % 3) {
          case 0 -> assertEquals(small, vec.getObject(i), "row " + i);
          case 1 -> assertEquals(wide, vec.getObject(i), "row " + i);
          default -> assertTrue(vec.isNull(i), "0.125 has three digits after the point");
        }
      }
      assertEquals(ROWS / 3, out.failedRowCount());
    }
  }

  static Stream<Arguments> times() {
    return Stream.of(
        Arguments.of(new ArrowType.Time(TimeUnit.SECOND, 32), 1_000_000L),
        Arguments.of(new ArrowType.Time(TimeUnit.MILLISECOND, 32), 1_000L),
        Arguments.of(new ArrowType.Time(TimeUnit.MICROSECOND, 64), 1L),
        Arguments.of(new ArrowType.Time(TimeUnit.NANOSECOND, 64), -1_000L));
  }

  /**
   * @param microsPerUnit microseconds in one target unit; negative for a unit finer than a
   *     microsecond (its absolute value units in one microsecond)
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("times")
  void timeTargetsScaleExactlyAndRefuseLostDigits(ArrowType type, long microsPerUnit) {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      // every third value is off by one microsecond: not whole seconds or milliseconds
      long micros = 3_600_000_000L + i * 1_000_000L + (i % 3 == 2 ? 1 : 0);
      rows.add(CastRulesTest.row(CastRulesTest.v(VariantKind.TIME_MICROS, micros)));
    }
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(
                in, "$.a", Field.nullable("a", type), GetOptions.defaults(), memory.allocator())) {
      BaseFixedWidthVector vec = (BaseFixedWidthVector) out.vector();
      int failures = 0;
      for (int i = 0; i < ROWS; i++) {
        long micros = 3_600_000_000L + i * 1_000_000L + (i % 3 == 2 ? 1 : 0);
        if (microsPerUnit > 1 && micros % microsPerUnit != 0) {
          failures++;
          assertTrue(vec.isNull(i), "row " + i);
        } else {
          long expected = microsPerUnit > 0 ? micros / microsPerUnit : micros * -microsPerUnit;
          assertEquals(expected, raw(vec, i), "row " + i);
        }
      }
      assertEquals(failures, out.failedRowCount());
    }
  }

  @Test
  void dateTargetsOfBothWidthsHoldTheDay() {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(CastRulesTest.row(CastRulesTest.v(VariantKind.DATE, i - ROWS / 2)));
    }
    for (DateUnit unit : DateUnit.values()) {
      try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
          KernelResult out =
              VariantKernels.get(
                  in,
                  "$.a",
                  Field.nullable("a", new ArrowType.Date(unit)),
                  GetOptions.defaults(),
                  memory.allocator())) {
        BaseFixedWidthVector vec = (BaseFixedWidthVector) out.vector();
        long perDay = unit == DateUnit.DAY ? 1 : 86_400_000L;
        for (int i = 0; i < ROWS; i++) {
          assertEquals((i - ROWS / 2) * perDay, raw(vec, i), unit + " row " + i);
        }
        assertEquals(0, out.failedRowCount());
      }
    }
  }

  /** The slot's bytes as a signed integer of the vector's width: the obviously-correct reading. */
  private static long raw(BaseFixedWidthVector v, int i) {
    ArrowBuf data = v.getDataBuffer();
    return switch (v.getTypeWidth()) {
      case 4 -> data.getInt((long) i * 4);
      case 8 -> data.getLong((long) i * 8);
      default -> throw new IllegalArgumentException("width " + v.getTypeWidth());
    };
  }
}
