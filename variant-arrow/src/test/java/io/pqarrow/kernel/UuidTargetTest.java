package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A variant_get target is a UUID column by the one UUID check ({@code UuidExtension}): the
 * registered {@code arrow.uuid} and a FixedSizeBinary(16) named {@code arrow.uuid} in its metadata
 * take UUIDs only; a plain FixedSizeBinary(16) takes UUIDs and 16-byte binaries (docs/variant.md
 * §7.3).
 */
class UuidTargetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final UUID ID = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");

  private static final List<VariantValue> ROWS =
      List.of(
          VariantValue.of(VariantKind.UUID, ID),
          VariantValue.of(VariantKind.BINARY, ByteBuffer.wrap(new byte[16])));

  private int failures(Field target) {
    try (VariantVector in = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        KernelResult r =
            VariantKernels.get(in, "$", target, GetOptions.defaults(), memory.allocator())) {
      FieldVector out = r.vector();
      assertTrue(!out.isNull(0), target + ": the UUID row is written");
      return r.failedRowCount();
    }
  }

  @Test
  void uuidTargetsTakeOnlyUuidsWhateverWayTheyAreNamed() {
    Field registered = Field.nullable("t", UuidType.INSTANCE);
    Field named =
        new Field(
            "t",
            new FieldType(
                true,
                new ArrowType.FixedSizeBinary(16),
                null,
                Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, "arrow.uuid")),
            null);
    Field plain = Field.nullable("t", new ArrowType.FixedSizeBinary(16));
    assertEquals(1, failures(registered), "arrow.uuid refuses the 16-byte binary");
    assertEquals(1, failures(named), "FSB(16) named arrow.uuid refuses the 16-byte binary");
    assertEquals(0, failures(plain), "a plain FSB(16) takes both");
  }

  private static Field namedUuid(String name) {
    return new Field(
        name,
        new FieldType(
            true,
            new ArrowType.FixedSizeBinary(16),
            null,
            Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, "arrow.uuid")),
        null);
  }

  private static Field union(Field... children) {
    int[] ids = new int[children.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
    }
    return new Field(
        "u", FieldType.nullable(new ArrowType.Union(UnionMode.Dense, ids)), List.of(children));
  }

  @Test
  void aDenseUnionSendsUuidsToTheUuidChildAndBinariesToAnUnnamedFixedSizeBinary16() {
    Field target = union(Field.nullable("bin", new ArrowType.FixedSizeBinary(16)), namedUuid("id"));
    try (VariantVector in = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        KernelResult r =
            VariantKernels.get(in, "$", target, GetOptions.defaults(), memory.allocator())) {
      DenseUnionVector out = (DenseUnionVector) r.vector();
      assertEquals(0, r.failedRowCount());
      assertEquals(1, out.getTypeId(0), "the UUID goes to the arrow.uuid child");
      assertEquals(0, out.getTypeId(1), "the 16-byte binary goes to the unnamed FSB(16) child");
    }
  }

  @Test
  void anUnnamedFixedSizeBinary16UnionChildHoldsBinariesNotUuids() {
    Field target = union(Field.nullable("bin", new ArrowType.FixedSizeBinary(16)));
    try (VariantVector in = KernelTestSupport.vectorOf(ROWS, memory.allocator());
        KernelResult r =
            VariantKernels.get(in, "$", target, GetOptions.defaults(), memory.allocator())) {
      assertEquals(1, r.failedRowCount(), "the UUID has no child of its class");
      assertEquals(0, r.firstFailedRows()[0]);
      assertTrue(!r.vector().isNull(1), "the 16-byte binary is written");
    }
  }

  @Test
  void theClassOfAFieldFollowsTheOneUuidCheck() {
    assertEquals(VariantClass.UUID, VariantClass.of(Field.nullable("t", UuidType.INSTANCE)));
    assertEquals(VariantClass.UUID, VariantClass.of(namedUuid("t")));
    assertEquals(
        VariantClass.BINARY,
        VariantClass.of(Field.nullable("t", new ArrowType.FixedSizeBinary(16))));
    assertEquals(VariantClass.BINARY, VariantClass.of(new ArrowType.FixedSizeBinary(16)));
  }
}
