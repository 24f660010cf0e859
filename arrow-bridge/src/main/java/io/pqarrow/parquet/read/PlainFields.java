package io.pqarrow.parquet.read;

import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Drops dictionary encoding from the fields the reader produces. The mapping may restore a
 * dictionary-encoded type from {@code ARROW:schema}; the reader decodes Parquet dictionary pages to
 * plain values, so the batch's field says so: {@code Utf8[dictionary: 0]} becomes {@code Utf8}.
 * Everything else about the field (type, nullability, metadata, children) is kept.
 */
final class PlainFields {
  private PlainFields() {}

  static List<FieldMapping> apply(List<FieldMapping> fields) {
    List<FieldMapping> out = new ArrayList<>(fields.size());
    for (FieldMapping f : fields) {
      out.add(apply(f));
    }
    return out;
  }

  private static FieldMapping apply(FieldMapping m) {
    List<FieldMapping> children = apply(m.children());
    Field f = m.arrowField();
    if (f.getDictionary() == null && children.equals(m.children())) {
      return m;
    }
    FieldType type = new FieldType(f.isNullable(), f.getType(), null, f.getMetadata());
    List<Field> childFields = new ArrayList<>();
    for (FieldMapping c : children) {
      childFields.add(c.arrowField());
    }
    return new FieldMapping(
        new Field(f.getName(), type, childFields), m.parquetType(), m.parquetPath(), children);
  }
}
