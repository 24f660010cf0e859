package io.pqarrow.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow form in which a top-level union or run-end encoded field is written to Parquet, which
 * has neither. The writer converts such a column's vector to this form; {@code ARROW:schema} keeps
 * the original type, from which the reader converts back ({@link StoredSchemaToArrow}).
 *
 * <pre>
 * Union(Sparse | Dense, typeIds)&lt;a, b&gt;      &lt;rep&gt; group u {
 *                                             required int32 type_id (INT(8, true));
 *                                             optional ... a;   (the row's value when its type is a)
 *                                             optional ... b;   (null otherwise)
 *                                           }
 * RunEndEncoded&lt;run_ends, values&gt;           the values, one per row, as a column of values' type
 * </pre>
 *
 * A union has no nulls of its own: a null is a null of the member the row's type id selects, and
 * {@code type_id} tells that member apart from the others. The members take the names {@link
 * ArrowToParquet#parquetNames} gives them beside {@code type_id} (a member named {@code type_id}
 * becomes {@code type_id_1}). The struct form's nullability is the union field's (every row is
 * present). A dense union's offsets and values no row selects are not kept: it reads back with each
 * member's values in row order. A run-end encoded field's runs are not kept either: the reader
 * re-encodes each batch into runs of equal values.
 *
 * <p>Only top-level fields have these forms (the reader converts its batches field by field); a
 * union or run-end encoded field inside another field stays refused by {@link ArrowToParquet}.
 * pyarrow refuses both types when writing Parquet, arrow-rs unions (docs/type-mapping.md §3.2).
 */
final class ParquetForms {
  /** The name of the struct form's type id column, the union's first Parquet field. */
  static final String TYPE_ID = "type_id";

  /** The Arrow type of the type id column. */
  static final ArrowType.Int TYPE_ID_TYPE = new ArrowType.Int(8, true);

  private ParquetForms() {}

  /** {@code field}'s Parquet form: itself unless a union or run-end encoded field. */
  static Field of(Field field) {
    ArrowType type = field.getType();
    if (type instanceof ArrowType.Union) {
      List<Field> children = new ArrayList<>(field.getChildren().size() + 1);
      children.add(new Field(TYPE_ID, FieldType.notNullable(TYPE_ID_TYPE), null));
      // The members under their Parquet names: unique beside type_id and each other (the reader
      // matches them by position; ARROW:schema keeps their own names).
      List<String> arrowNames = new ArrayList<>();
      arrowNames.add(TYPE_ID);
      for (Field member : field.getChildren()) {
        arrowNames.add(member.getName() == null ? "" : member.getName());
      }
      List<String> names = ArrowToParquet.parquetNames(arrowNames);
      for (int k = 0; k < field.getChildren().size(); k++) {
        Field member = field.getChildren().get(k);
        children.add(
            new Field(
                names.get(k + 1),
                new FieldType(true, member.getType(), member.getDictionary(), member.getMetadata()),
                member.getChildren()));
      }
      return new Field(
          field.getName(),
          new FieldType(field.isNullable(), ArrowType.Struct.INSTANCE, null, field.getMetadata()),
          children);
    }
    if (type instanceof ArrowType.RunEndEncoded && field.getChildren().size() == 2) {
      Field values = field.getChildren().get(1);
      return new Field(
          field.getName(),
          new FieldType(
              values.isNullable() || field.isNullable(),
              values.getType(),
              values.getDictionary(),
              field.getMetadata()),
          values.getChildren());
    }
    return field;
  }
}
