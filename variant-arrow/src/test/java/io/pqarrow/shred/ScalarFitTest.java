package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.dbl;
import static io.pqarrow.shred.ShredTestSupport.dec;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.i8;
import static io.pqarrow.shred.ShredTestSupport.str;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Which values a primitive {@code typed_value} takes: exactly those of its equivalence class that
 * it holds without loss; everything else stays in {@code value}. Each case is also unshredded and
 * compared with its input by logical value.
 */
class ScalarFitTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private record Case(String type, VariantValue value, boolean typed) {}

  private static VariantValue of(VariantKind k, Object v) {
    return VariantValue.of(k, v);
  }

  private static final List<Case> CASES =
      List.of(
          new Case("boolean", of(VariantKind.BOOLEAN, false), true),
          new Case("boolean", i8(1), false),
          new Case("int8", i64(127), true),
          new Case("int8", i64(128), false),
          new Case("int8", i64(-128), true),
          new Case("int16", i64(-32769), false),
          new Case("int64", i8(-5), true),
          new Case("int64", dec("7.00"), true),
          new Case("int64", dec("7.5"), false),
          new Case("int64", dec("99999999999999999999"), false),
          new Case("int64", dbl(1.0), false),
          new Case("int64", str("1"), false),
          new Case("int64", vnull(), false),
          new Case("uint8", i64(255), true),
          new Case("uint8", i64(256), false),
          new Case("uint8", i64(-1), false),
          new Case("uint32", i64(4294967295L), true),
          new Case("uint32", i64(4294967296L), false),
          new Case("float", of(VariantKind.FLOAT, Float.NaN), true),
          new Case("float", dbl(1.5), false),
          new Case("double", of(VariantKind.FLOAT, 1.5f), false),
          new Case("double", dbl(-0.0), true),
          new Case("decimal(9,2)", i64(7), true),
          new Case("decimal(9,2)", dec("1.5"), true),
          new Case("decimal(9,2)", dec("1.250"), true),
          new Case("decimal(9,2)", dec("1.255"), false),
          new Case("decimal(9,2)", i64(10_000_000), false),
          new Case("decimal(9,2)", dbl(1.5), false),
          new Case("decimal(38,0)", dec("-99999999999999999999999999999999999999"), true),
          new Case("date", of(VariantKind.DATE, -1), true),
          new Case("date", of(VariantKind.TIMESTAMP_MICROS, 0L), false),
          new Case("time", of(VariantKind.TIME_MICROS, 86_399_999_999L), true),
          new Case("timestamptz(us)", of(VariantKind.TIMESTAMP_NANOS, 5_000L), true),
          new Case("timestamptz(us)", of(VariantKind.TIMESTAMP_NANOS, 5_001L), false),
          new Case("timestamptz(ns)", of(VariantKind.TIMESTAMP_MICROS, 5L), true),
          new Case("timestamptz(ns)", of(VariantKind.TIMESTAMP_MICROS, Long.MAX_VALUE / 10), false),
          new Case("timestamptz(us)", of(VariantKind.TIMESTAMP_NTZ_MICROS, 5L), false),
          new Case("timestamp(ns)", of(VariantKind.TIMESTAMP_NTZ_NANOS, -7L), true),
          new Case("timestamp(us)", of(VariantKind.TIMESTAMP_MICROS, 5L), false),
          new Case("string", str("é😀"), true),
          new Case("string_view", str("longer than twelve bytes"), true),
          new Case("large_string", of(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {1})), false),
          new Case("binary_view", of(VariantKind.BINARY, ByteBuffer.wrap(new byte[20])), true),
          new Case("binary", str("x"), false),
          new Case("uuid", of(VariantKind.UUID, new UUID(1, 2)), true),
          new Case("uuid", of(VariantKind.BINARY, ByteBuffer.wrap(new byte[16])), false));

  @Test
  void valuesGoToTypedValueExactlyWhenTheyFitWithoutLoss() {
    for (Case c : CASES) {
      String what = c.type() + " <- " + c.value();
      try (VariantVector in = KernelTestSupport.vectorOf(List.of(c.value()), memory.allocator());
          VariantVector out =
              Shredding.shred(
                  in,
                  ShreddingTypes.parse("v", c.type()),
                  ShredOptions.defaults(),
                  memory.allocator());
          VariantVector back = Shredding.unshred(out, memory.allocator())) {
        assertEquals(c.typed(), !out.typedValueVector().isNull(0), what + ": typed_value set");
        assertEquals(!c.typed(), !out.valueVector().isNull(0), what + ": value set");
        ShredTestSupport.assertSameLogicalRows(
            List.of(c.value()), ShredTestSupport.rowsOf(back), what);
      }
    }
  }
}
