package io.pqarrow.kernel.decode;

import io.pqarrow.kernel.VariantClass;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.complex.DenseUnionVector;

/**
 * Writes values into a dense union, choosing the child by the value's {@link VariantClass}: the
 * first child whose field holds that class natively ({@link VariantClass#of(
 * org.apache.arrow.vector.types.pojo.Field)}: a UUID child by the one UUID check, an unnamed
 * FixedSizeBinary(16) a binary child), else the first Variant-typed child, else the value does not
 * fit. The kind-to-child table is built once; a Variant null goes to a Null-typed child when there
 * is one (so it stays apart from SQL NULL), otherwise it is a null slot like SQL NULL. A null slot
 * is a null in the Null child, or else in the first child.
 */
final class UnionWriter extends ValueWriter.Of<DenseUnionVector> {
  private final ValueWriter[] children;
  private final byte[] typeIds;
  private final int[] counts;
  private final int[] childOfKind = new int[VariantKind.values().length];
  private final int nullChild;
  private final int nullSlotChild;

  UnionWriter(
      CastContext ctx,
      String target,
      DenseUnionVector vector,
      List<ValueWriter> children,
      List<VariantClass> classes,
      List<Boolean> isVariant,
      byte[] typeIds) {
    super(ctx, target, vector);
    this.children = children.toArray(new ValueWriter[0]);
    this.typeIds = typeIds;
    this.counts = new int[this.children.length];
    Arrays.fill(childOfKind, -1);
    int nulls = -1;
    for (VariantKind k : VariantKind.values()) {
      VariantClass c = VariantClass.of(k);
      for (int i = 0; i < classes.size() && childOfKind[k.ordinal()] < 0; i++) {
        if (classes.get(i) == c) {
          childOfKind[k.ordinal()] = i;
        }
      }
      for (int i = 0; i < classes.size() && childOfKind[k.ordinal()] < 0; i++) {
        if (isVariant.get(i)) {
          childOfKind[k.ordinal()] = i;
        }
      }
    }
    for (int i = 0; i < classes.size(); i++) {
      if (classes.get(i) == VariantClass.NULL && nulls < 0) {
        nulls = i;
      }
    }
    this.nullChild = nulls;
    this.nullSlotChild = nulls >= 0 ? nulls : 0;
  }

  @Override
  public boolean writeValue(VariantReader v, int index) {
    int c = childOfKind[v.kind().ordinal()];
    if (c < 0) {
      return refuse(v, index);
    }
    int at = counts[c]++;
    vector.setTypeId(index, typeIds[c]);
    vector.setOffset(index, at);
    try {
      return children[c].write(v, at);
    } catch (RuntimeException e) {
      // Malformed bytes: give the child slot back so the caller's null slot keeps counts exact.
      counts[c]--;
      throw e;
    }
  }

  @Override
  public void writeVariantNull(int index) {
    int c = nullChild >= 0 ? nullChild : childOfKind[VariantKind.NULL.ordinal()];
    if (c < 0) {
      writeNull(index);
      return;
    }
    int at = counts[c]++;
    vector.setTypeId(index, typeIds[c]);
    vector.setOffset(index, at);
    children[c].writeVariantNull(at);
  }

  @Override
  public void writeNull(int index) {
    if (children.length == 0) {
      return;
    }
    int c = nullSlotChild;
    int at = counts[c]++;
    vector.setTypeId(index, typeIds[c]);
    vector.setOffset(index, at);
    children[c].writeNull(at);
  }
}
