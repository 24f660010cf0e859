package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import io.pqarrow.variant.testing.VariantValue.ObjectValue;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A decode (or a get of {@code $}) of a shredded column whose objects are rebuilt in bulk holds the
 * rebuilt values in the caller's allocator, whatever the output vector is: a {@code Null} target's
 * {@link NullVector} has no allocator (a Flight server met this with a schema inferred from rows
 * that held no value, then decoded a batch of shredded objects into it).
 */
class ShreddedDecodeAllocatorTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static VariantValue obj(Object... kv) {
    Map<String, VariantValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (VariantValue) kv[i + 1]);
    }
    return new ObjectValue(m);
  }

  private static VariantValue i64(long v) {
    return VariantValue.of(VariantKind.INT64, v);
  }

  /** Objects shredded on every level (rebuilt in bulk), one not (read row by row), SQL NULL. */
  private static final List<VariantValue> ROWS =
      Arrays.asList(
          obj("a", i64(1)),
          obj("a", i64(2), "b", VariantValue.of(VariantKind.STRING, "x")),
          null,
          i64(7));

  /** {@code plain} shredded as {@code struct<a:int64>}, in the test's allocator. */
  private VariantVector shredded(VariantVector plain) {
    return Shredding.shred(
        plain,
        ShreddingTypes.parse("v", "struct<a:int64>"),
        ShredOptions.defaults(),
        memory.allocator());
  }

  @Test
  void decodeIntoNullTargetOfRebuiltObjectsGivesWhatTheUnshreddedColumnGives() {
    Field target = Field.nullable("v", ArrowType.Null.INSTANCE);
    try (VariantVector plain = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        VariantVector shredded = shredded(plain);
        KernelResult expected =
            VariantKernels.decode(plain, target, DecodeOptions.defaults(), memory.allocator());
        KernelResult actual =
            VariantKernels.decode(shredded, target, DecodeOptions.defaults(), memory.allocator())) {
      assertTrue(shredded.typedValueVector() != null, "the column under test is shredded");
      assertTrue(actual.vector() instanceof NullVector);
      assertEquals(ROWS.size(), actual.vector().getValueCount());
      // The three non-null rows hold values that do not fit Null: counted as failing, as
      // unshredded.
      assertEquals(3, expected.failedRowCount());
      assertEquals(expected.failedRowCount(), actual.failedRowCount());
      assertArrayEquals(expected.firstFailedRows(), actual.firstFailedRows());
    }
  }

  @Test
  void getOfTheWholeValueIntoNullTargetGivesWhatTheUnshreddedColumnGives() {
    Field target = Field.nullable("v", ArrowType.Null.INSTANCE);
    try (VariantVector plain = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        VariantVector shredded = shredded(plain);
        KernelResult expected =
            VariantKernels.get(plain, "$", target, GetOptions.defaults(), memory.allocator());
        KernelResult actual =
            VariantKernels.get(shredded, "$", target, GetOptions.defaults(), memory.allocator())) {
      assertEquals(expected.failedRowCount(), actual.failedRowCount());
      assertArrayEquals(expected.firstFailedRows(), actual.firstFailedRows());
    }
  }

  @Test
  void decodeIntoStructOfRebuiltObjectsStillMatchesTheUnshreddedColumn() {
    Field target =
        new Field(
            "v",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("a", new ArrowType.Int(64, true))));
    try (VariantVector plain = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        VariantVector shredded = shredded(plain);
        KernelResult expected =
            VariantKernels.decode(plain, target, DecodeOptions.defaults(), memory.allocator());
        KernelResult actual =
            VariantKernels.decode(shredded, target, DecodeOptions.defaults(), memory.allocator())) {
      assertEquals(expected.vector().toString(), actual.vector().toString());
      assertEquals(expected.failedRowCount(), actual.failedRowCount());
    }
  }
}
