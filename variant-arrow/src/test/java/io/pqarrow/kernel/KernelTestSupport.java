package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Builds input vectors (for the kernel and the shredding tests) and checks kernel results against
 * {@link ReferenceDecoder}.
 */
public final class KernelTestSupport {
  private KernelTestSupport() {}

  /** An unshredded vector named {@code v}; a {@code null} row is SQL NULL. */
  public static VariantVector vectorOf(List<VariantValue> rows, BufferAllocator allocator) {
    VariantVectorWriter w = new VariantVectorWriter();
    for (VariantValue v : rows) {
      if (v == null) {
        w.appendSqlNull();
      } else {
        v.writeTo(w.row());
        w.finishRow();
      }
    }
    return w.finish("v", allocator);
  }

  /** Runs the reference over {@code rows} and compares vector, failures and Variant nulls. */
  static void assertMatchesReference(
      KernelResult actual,
      List<VariantValue> rows,
      PathExpression path,
      Field target,
      int maxReported,
      BufferAllocator allocator) {
    ReferenceDecoder ref = new ReferenceDecoder();
    List<Integer> failed = new ArrayList<>();
    BitSet variantNulls = new BitSet();
    try (FieldVector expected = target.createVector(allocator)) {
      for (int i = 0; i < rows.size(); i++) {
        VariantValue at = rows.get(i) == null ? null : ReferenceDecoder.walk(rows.get(i), path);
        if (at != null && ReferenceDecoder.isVariantNull(at)) {
          variantNulls.set(i);
        }
        if (!ref.write(expected, target, i, at)) {
          failed.add(i);
        }
      }
      expected.setValueCount(rows.size());
      FieldVector got = actual.vector();
      assertEquals(rows.size(), got.getValueCount(), "value count");
      if (!VectorEqualsVisitor.vectorEquals(got, expected)) {
        StringBuilder sb = new StringBuilder("vectors differ for " + target + " at " + path + ":");
        for (int i = 0; i < rows.size(); i++) {
          Object a = got.getObject(i);
          Object e = expected.getObject(i);
          if (!String.valueOf(a).equals(String.valueOf(e))) {
            sb.append("\n row ").append(i).append(": input ").append(rows.get(i));
            sb.append("\n   got ").append(a).append("\n   expected ").append(e);
            if (sb.length() > 4000) {
              break;
            }
          }
        }
        assertTrue(false, sb.toString());
      }
      assertEquals(failed.size(), actual.failedRowCount(), "failed rows " + failed);
      int[] first = failed.stream().limit(maxReported).mapToInt(Integer::intValue).toArray();
      assertArrayEquals(first, actual.firstFailedRows());
      assertEquals(variantNulls, actual.variantNullRows());
    }
  }
}
