package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The shredded-type table, row by row (docs/variant.md §3.2). */
class ShreddedScalarTest {
  static Stream<Arguments> allowed() {
    return Stream.of(
        Arguments.of(ArrowType.Null.INSTANCE, ShreddedScalar.NULL, 0),
        Arguments.of(ArrowType.Bool.INSTANCE, ShreddedScalar.BOOLEAN, 1),
        Arguments.of(new ArrowType.Int(8, true), ShreddedScalar.INT8, 3),
        Arguments.of(new ArrowType.Int(16, true), ShreddedScalar.INT16, 4),
        Arguments.of(new ArrowType.Int(8, false), ShreddedScalar.INT16, 4),
        Arguments.of(new ArrowType.Int(32, true), ShreddedScalar.INT32, 5),
        Arguments.of(new ArrowType.Int(16, false), ShreddedScalar.INT32, 5),
        Arguments.of(new ArrowType.Int(64, true), ShreddedScalar.INT64, 6),
        Arguments.of(new ArrowType.Int(32, false), ShreddedScalar.INT64, 6),
        Arguments.of(
            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), ShreddedScalar.FLOAT, 14),
        Arguments.of(
            new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), ShreddedScalar.DOUBLE, 7),
        Arguments.of(new ArrowType.Decimal(1, 0, 128), ShreddedScalar.DECIMAL4, 8),
        Arguments.of(new ArrowType.Decimal(9, 9, 128), ShreddedScalar.DECIMAL4, 8),
        Arguments.of(new ArrowType.Decimal(10, 2, 128), ShreddedScalar.DECIMAL8, 9),
        Arguments.of(new ArrowType.Decimal(18, 0, 128), ShreddedScalar.DECIMAL8, 9),
        Arguments.of(new ArrowType.Decimal(19, 0, 128), ShreddedScalar.DECIMAL16, 10),
        Arguments.of(new ArrowType.Decimal(38, 38, 128), ShreddedScalar.DECIMAL16, 10),
        Arguments.of(new ArrowType.Date(DateUnit.DAY), ShreddedScalar.DATE, 11),
        Arguments.of(new ArrowType.Time(TimeUnit.MICROSECOND, 64), ShreddedScalar.TIME, 17),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
            ShreddedScalar.TIMESTAMP_MICROS,
            12),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"),
            ShreddedScalar.TIMESTAMP_MICROS,
            12),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, "+01:00"),
            ShreddedScalar.TIMESTAMP_NANOS,
            18),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
            ShreddedScalar.TIMESTAMP_NTZ_MICROS,
            13),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
            ShreddedScalar.TIMESTAMP_NTZ_NANOS,
            19),
        Arguments.of(ArrowType.Binary.INSTANCE, ShreddedScalar.BINARY, 15),
        Arguments.of(ArrowType.LargeBinary.INSTANCE, ShreddedScalar.BINARY, 15),
        Arguments.of(ArrowType.BinaryView.INSTANCE, ShreddedScalar.BINARY, 15),
        Arguments.of(ArrowType.Utf8.INSTANCE, ShreddedScalar.STRING, 16),
        Arguments.of(ArrowType.LargeUtf8.INSTANCE, ShreddedScalar.STRING, 16),
        Arguments.of(ArrowType.Utf8View.INSTANCE, ShreddedScalar.STRING, 16),
        Arguments.of(UuidType.INSTANCE, ShreddedScalar.UUID, 20));
  }

  @ParameterizedTest(name = "{0} → {1}")
  @MethodSource("allowed")
  void everyAllowedArrowTypeHasItsEntryAndVariantId(
      ArrowType type, ShreddedScalar entry, int variantId) {
    assertEquals(entry, ShreddedScalar.of(type));
    assertEquals(entry, ShreddedScalar.of(Field.nullable("t", type)));
    assertNull(ShreddedScalar.refusal(type));
    assertEquals(variantId, entry.variantTypeId());
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(new ArrowType.Int(64, false), "UInt64 has no signed widening"),
        Arguments.of(
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
            "not an allowed shredded Variant type"),
        Arguments.of(
            new ArrowType.Decimal(9, 2, 32),
            "Arrow Java holds decimals only in 128- and 256-bit vectors"),
        Arguments.of(
            new ArrowType.Decimal(18, 2, 64),
            "Arrow Java holds decimals only in 128- and 256-bit vectors"),
        Arguments.of(new ArrowType.Decimal(38, 2, 256), "Variant decimals hold 38 digits"),
        Arguments.of(new ArrowType.Decimal(39, 2, 128), "Variant decimals hold 38 digits"),
        Arguments.of(
            new ArrowType.Decimal(9, -1, 128), "a Variant decimal needs 0 <= scale <= precision"),
        Arguments.of(
            new ArrowType.Decimal(4, 5, 128), "a Variant decimal needs 0 <= scale <= precision"),
        Arguments.of(
            new ArrowType.Date(DateUnit.MILLISECOND), "not an allowed shredded Variant type"),
        Arguments.of(new ArrowType.Time(TimeUnit.MILLISECOND, 32), "only Time64(us) is allowed"),
        Arguments.of(new ArrowType.Time(TimeUnit.NANOSECOND, 64), "only Time64(us) is allowed"),
        Arguments.of(new ArrowType.Timestamp(TimeUnit.SECOND, null), "only us and ns timestamps"),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), "only us and ns timestamps"),
        Arguments.of(
            new ArrowType.Duration(TimeUnit.MICROSECOND), "not an allowed shredded Variant type"),
        Arguments.of(
            new ArrowType.Interval(IntervalUnit.DAY_TIME), "not an allowed shredded Variant type"),
        Arguments.of(new ArrowType.FixedSizeBinary(16), "not an allowed shredded Variant type"),
        Arguments.of(JsonType.UTF8, "not an allowed shredded Variant type"),
        Arguments.of(ArrowType.Struct.INSTANCE, "not an allowed shredded Variant type"),
        Arguments.of(ArrowType.List.INSTANCE, "not an allowed shredded Variant type"));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("refused")
  void everyOtherArrowTypeIsRefusedWithAReason(ArrowType type, String reason) {
    assertNull(ShreddedScalar.of(type));
    assertEquals(reason, ShreddedScalar.refusal(type));
  }

  @Test
  void anExtensionNamedOnlyInMetadataIsRefusedUnlessItIsAUuid() {
    Field json =
        new Field(
            "t",
            new FieldType(
                true,
                ArrowType.Utf8.INSTANCE,
                null,
                Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, "arrow.json")),
            null);
    assertNull(ShreddedScalar.of(json));
    assertEquals("not an allowed shredded Variant type", ShreddedScalar.refusal(json));
  }

  @Test
  void decimalWidthsFollowThePrecisionAndCoverOneToThirtyEightWithoutGaps() {
    assertNull(ShreddedScalar.decimal(0));
    for (int p = 1; p <= 38; p++) {
      ShreddedScalar s = ShreddedScalar.decimal(p);
      assertTrue(s.minPrecision() <= p && p <= s.maxPrecision(), "precision " + p);
      assertEquals(s, ShreddedScalar.of(new ArrowType.Decimal(p, 0, 128)), "precision " + p);
    }
    assertNull(ShreddedScalar.decimal(39));
    assertEquals(9, ShreddedScalar.DECIMAL4.maxPrecision());
    assertEquals(18, ShreddedScalar.DECIMAL8.maxPrecision());
    assertEquals(38, ShreddedScalar.DECIMAL16.maxPrecision());
  }

  @Test
  void timeAndTimestampEntriesCarryTheirUnitAndZoneness() {
    for (ShreddedScalar s : ShreddedScalar.values()) {
      if (s.timeUnit() != null && s != ShreddedScalar.TIME) {
        assertEquals(s, ShreddedScalar.timestamp(s.timeUnit(), s.adjustedToUtc()), s.name());
      }
    }
    assertEquals(TimeUnit.MICROSECOND, ShreddedScalar.TIME.timeUnit());
    assertEquals(false, ShreddedScalar.TIME.adjustedToUtc());
    assertNull(ShreddedScalar.timestamp(TimeUnit.MILLISECOND, true));
  }

  @Test
  void everyEntryButNullHasAParquetFormAndTheVariantIdsAreDistinct() {
    Set<Integer> ids = new java.util.HashSet<>();
    for (ShreddedScalar s : ShreddedScalar.values()) {
      assertEquals(s != ShreddedScalar.NULL, s.hasParquetForm(), s.name());
      assertTrue(ids.add(s.variantTypeId()), "id " + s.variantTypeId() + " twice");
    }
    assertEquals(EnumSet.allOf(ShreddedScalar.class).size(), ids.size());
  }
}
