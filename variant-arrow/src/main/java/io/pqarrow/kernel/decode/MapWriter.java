package io.pqarrow.kernel.decode;

import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes OBJECT values into a Map vector with Utf8 keys: one entry per object field, in the
 * object's (key-sorted) order; key bytes are copied from the metadata dictionary.
 */
final class MapWriter extends ValueWriter.Of<MapVector> {
  private final StructVector entries;
  private final VarCharVector keys;
  private final ValueWriter values;
  private final VariantReader scratch = new VariantReader();

  MapWriter(
      CastContext ctx, String target, MapVector vector, VarCharVector keys, ValueWriter values) {
    super(ctx, target, vector);
    this.entries = (StructVector) vector.getDataVector();
    this.keys = keys;
    this.values = values;
  }

  @Override
  public boolean writeValue(VariantReader v, int index) {
    if (v.kind() != VariantKind.OBJECT) {
      return refuse(v, index);
    }
    int n = v.fieldCount();
    int at = vector.startNewValue(index);
    VariantMetadata m = ctx.metadata();
    boolean fit = true;
    for (int i = 0; i < n; i++) {
      int id = v.fieldId(i);
      entries.setIndexDefined(at + i);
      keys.setSafe(at + i, m.buffer(), m.keyOffset(id), m.keyLength(id));
      fit &= values.write(v.fieldInto(i, scratch), at + i);
    }
    vector.endValue(index, n);
    return fit;
  }

  @Override
  public void writeNull(int index) {
    vector.setNull(index);
  }
}
