package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Variant target type and a union with a Variant child, on seeded random rows at every batch
 * size: compared logically with the reference walk (the output bytes are copies, not re-encodings,
 * so they are decoded back to {@link VariantValue} trees).
 */
class VariantTargetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (String path : new String[] {"$", "$.a", "$[0]", "$.a.k1"}) {
      for (int n : VariantGetRandomTest.BATCH_SIZES) {
        out.add(Arguments.of(path, n, n % 2 == 1));
      }
    }
    return out.stream();
  }

  static VariantValue decoded(VariantVector v, int i) {
    byte[] meta = ((VarBinaryVector) v.metadataVector()).get(i);
    byte[] value = ((VarBinaryVector) v.valueVector()).get(i);
    return VariantValue.read(Variant.of(meta, value));
  }

  @ParameterizedTest(name = "{0} {1} rows nulls={2}")
  @MethodSource("cases")
  void variantTargetHoldsExactlyTheSubValue(String pathText, int n, boolean nulls) {
    PathExpression path = PathExpression.parse(pathText);
    Random r = new Random(pathText.hashCode() + n);
    List<VariantValue> rows = VariantGetRandomTest.rows(r, n, nulls);
    Field target = VariantType.unshreddedField("out", true);
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(in, path, target, GetOptions.strict(), memory.allocator())) {
      VariantVector got = (VariantVector) out.vector();
      int values = 0;
      for (int i = 0; i < n; i++) {
        VariantValue expected =
            rows.get(i) == null ? null : ReferenceDecoder.walk(rows.get(i), path);
        if (expected == null) {
          assertTrue(got.isNull(i), "row " + i + " is SQL NULL or missing");
        } else {
          assertFalse(got.isNull(i), "row " + i);
          assertEquals(expected, decoded(got, i), "row " + i);
          assertEquals(ReferenceDecoder.isVariantNull(expected), out.variantNullRows().get(i));
          values++;
        }
      }
      assertEquals(0, out.failedRowCount());
      if (n == 1024) {
        assertTrue(values > 0, "some rows have the path");
      }
    }
  }

  @ParameterizedTest(name = "{0} {1} rows nulls={2}")
  @MethodSource("cases")
  void unionSendsUnmatchedClassesToItsVariantChild(String pathText, int n, boolean nulls) {
    PathExpression path = PathExpression.parse(pathText);
    Random r = new Random(pathText.hashCode() * 3L + n);
    List<VariantValue> rows = VariantGetRandomTest.rows(r, n, nulls);
    Field union =
        new Field(
            "u",
            FieldType.notNullable(new ArrowType.Union(UnionMode.Dense, new int[] {3, 7})),
            List.of(
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                new Field(
                    "rest",
                    new FieldType(true, VariantType.INSTANCE, null),
                    VariantType.unshreddedField("rest", true).getChildren())));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(in, path, union, GetOptions.strict(), memory.allocator())) {
      DenseUnionVector u = (DenseUnionVector) out.vector();
      VariantVector rest = (VariantVector) u.getVectorByType((byte) 7);
      for (int i = 0; i < n; i++) {
        VariantValue expected =
            rows.get(i) == null ? null : ReferenceDecoder.walk(rows.get(i), path);
        int offset = u.getOffset(i);
        boolean isString =
            expected instanceof VariantValue.Primitive p && p.kind() == VariantKind.STRING;
        if (expected == null) {
          // SQL NULL / missing: a null in the first child.
          assertEquals(3, u.getTypeId(i), "row " + i);
          assertTrue(u.getVectorByType((byte) 3).isNull(offset), "row " + i);
        } else if (isString) {
          assertEquals(3, u.getTypeId(i), "row " + i);
          assertEquals(
              ((VariantValue.Primitive) expected).value(),
              u.getVectorByType((byte) 3).getObject(offset).toString());
        } else {
          assertEquals(7, u.getTypeId(i), "row " + i);
          assertEquals(expected, decoded(rest, offset), "row " + i);
        }
      }
    }
  }
}
