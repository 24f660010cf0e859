package io.pqarrow.parquet.read;

import io.pqarrow.extension.VariantType;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Gives every Variant a {@code value} child. A shredded Variant group may be written without one;
 * docs/variant.md §3.5 reads that as all-null, so the reader adds a nullable Binary {@code value}
 * after {@code metadata}, mapped to no Parquet node:
 *
 * <pre>
 * optional group v (VARIANT(1)) {        v: arrow.parquet.variant Struct&lt;
 *   required binary metadata;              metadata: Binary not null,
 *   optional int64 typed_value;            value: Binary (all null, added),
 * }                                        typed_value: Int64&gt;
 * </pre>
 */
final class VariantValues {
  private VariantValues() {}

  static List<FieldMapping> supplement(List<FieldMapping> fields) {
    List<FieldMapping> out = new ArrayList<>(fields.size());
    for (FieldMapping f : fields) {
      out.add(supplement(f));
    }
    return out;
  }

  private static FieldMapping supplement(FieldMapping m) {
    if (m.children().isEmpty()) {
      return m;
    }
    List<FieldMapping> children = supplement(m.children());
    if (m.arrowField().getType() instanceof VariantType && !hasValue(children)) {
      List<String> path = new ArrayList<>(m.parquetPath());
      path.add(VariantType.VALUE);
      FieldMapping value =
          new FieldMapping(
              Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE), null, path, List.of());
      int at = 0;
      while (at < children.size()
          && !VariantType.METADATA.equals(children.get(at).arrowField().getName())) {
        at++;
      }
      children.add(Math.min(at + 1, children.size()), value);
    }
    if (children.equals(m.children())) {
      return m;
    }
    return Projection.withChildren(m, children);
  }

  private static boolean hasValue(List<FieldMapping> children) {
    for (FieldMapping c : children) {
      if (VariantType.VALUE.equals(c.arrowField().getName())) {
        return true;
      }
    }
    return false;
  }
}
