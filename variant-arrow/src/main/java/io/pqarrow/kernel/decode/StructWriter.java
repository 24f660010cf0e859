package io.pqarrow.kernel.decode;

import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.KeyIds;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes OBJECT values into a Struct vector: each child field is filled from the object key of the
 * same name (case-sensitive), a missing key gives a null child, keys without a child field are
 * ignored. Child names are resolved to dictionary ids once per distinct metadata dictionary.
 */
final class StructWriter extends ValueWriter.Of<StructVector> {
  private final byte[][] keys;
  private final ValueWriter[] children;
  private final KeyIds keyIds;
  private final VariantReader scratch = new VariantReader();

  StructWriter(
      CastContext ctx,
      String target,
      StructVector vector,
      List<String> names,
      List<ValueWriter> children) {
    super(ctx, target, vector);
    this.keys = new byte[names.size()][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = names.get(i).getBytes(StandardCharsets.UTF_8);
    }
    this.children = children.toArray(new ValueWriter[0]);
    this.keyIds = new KeyIds(ctx, keys);
  }

  @Override
  public boolean writeValue(VariantReader v, int index) {
    if (v.kind() != VariantKind.OBJECT) {
      return refuse(v, index);
    }
    int[] ids = keyIds.ids();
    vector.setIndexDefined(index);
    boolean fit = true;
    for (int j = 0; j < keys.length; j++) {
      int id = ids[j];
      int f = id >= 0 ? v.findFieldById(id) : id == -1 ? -1 : v.findField(keys[j]);
      if (f < 0) {
        children[j].writeNull(index);
      } else {
        fit &= children[j].write(v.fieldInto(f, scratch), index);
      }
    }
    return fit;
  }

  @Override
  public void writeNull(int index) {
    vector.setNull(index);
    for (ValueWriter c : children) {
      c.writeNull(index);
    }
  }
}
