package io.pqarrow.shred;

import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.VariantType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Turns a requested shredding type into the Arrow storage of a shredded Variant (docs/variant.md
 * §3.2–§3.4), checking it on the way. The requested type describes the values, not the storage:
 *
 * <pre>
 * requested                           storage written by {@link ParquetShreddedToArrow#shred}
 * Struct&lt;id: Int64, tags: List&lt;Utf8&gt;&gt;  Struct&lt;metadata: Binary not null, value: Binary,
 *                                       typed_value: Struct&lt;
 *                                         id: Struct&lt;value: Binary, typed_value: Int64&gt; not null,
 *                                         tags: Struct&lt;value: Binary, typed_value: List&lt;
 *                                           element: Struct&lt;value: Binary, typed_value: Utf8&gt; not null
 *                                         &gt;&gt; not null&gt;&gt;
 * </pre>
 *
 * Struct children become object fields (names unique, at least one), List and LargeList children
 * become array elements (ListView is read by unshredding but not written), a child of the {@code
 * arrow.parquet.variant} type means "shred this field as {@code value} only" (no {@code
 * typed_value}), and leaves must be in the shredded-type table ({@link ShreddedScalar}).
 * Nullability and child names of the request are ignored: every {@code typed_value} and {@code
 * value} is nullable, every field and element group non-nullable, as the schema mapping ({@code
 * io.pqarrow.schema.ArrowVariantToParquet}) expects. Null is refused as a requested leaf: Variant
 * null is always written to {@code value}.
 */
final class ShreddingSchema {
  private ShreddingSchema() {}

  /**
   * The storage field of a Variant column named {@code name} shredded as {@code request}, or with
   * no {@code typed_value} when {@code request} is itself a Variant (value only).
   *
   * @throws ShredException naming the path of the first part of {@code request} that is not allowed
   */
  static Field storageField(String name, Field request, boolean nullable) {
    List<Field> children = new ArrayList<>();
    children.add(Field.notNullable(VariantType.METADATA, ArrowType.Binary.INSTANCE));
    children.add(Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE));
    Field typed = typedValue(request, name);
    if (typed != null) {
      children.add(typed);
    }
    return new Field(name, new FieldType(nullable, VariantType.INSTANCE, null), children);
  }

  /** The {@code typed_value} field for {@code request}, or null for value only. */
  private static Field typedValue(Field request, String path) {
    ArrowType type = request.getType();
    if (type instanceof VariantType) {
      return null;
    }
    switch (type.getTypeID()) {
      case Struct -> {
        List<Field> fields = new ArrayList<>();
        Set<String> names = new HashSet<>();
        if (request.getChildren().isEmpty()) {
          throw ShredException.invalidType(
              path, "a shredded object needs at least one field (Parquet groups cannot be empty)");
        }
        for (Field child : request.getChildren()) {
          String name = child.getName();
          if (name == null || name.isEmpty()) {
            throw ShredException.invalidType(path, "a shredded object field has no name");
          }
          if (!names.add(name)) {
            throw ShredException.invalidType(path, "field \"" + name + "\" is listed twice");
          }
          fields.add(pair(name, child, path + "." + name));
        }
        return new Field(
            VariantType.TYPED_VALUE, FieldType.nullable(ArrowType.Struct.INSTANCE), fields);
      }
      case List, LargeList -> {
        if (request.getChildren().size() != 1) {
          throw ShredException.invalidType(path, "a list needs exactly one element field");
        }
        Field element = pair("element", request.getChildren().get(0), path + "[]");
        return new Field(VariantType.TYPED_VALUE, FieldType.nullable(type), List.of(element));
      }
      case ListView, LargeListView ->
          throw ShredException.unsupportedType(
              path, type, "shredding writes List or LargeList; list views are only read");
      default -> {
        ShreddedScalar scalar = ScalarColumn.scalarOf(request, path);
        if (scalar == ShreddedScalar.NULL) {
          throw ShredException.unsupportedType(
              path, type, "Variant null is always stored in value, never in typed_value");
        }
        // A UUID named only in field metadata is written as the registered type.
        ArrowType stored = scalar == ShreddedScalar.UUID ? UuidType.INSTANCE : type;
        return new Field(VariantType.TYPED_VALUE, FieldType.nullable(stored), null);
      }
    }
  }

  /** A non-nullable {@code Struct<value, typed_value?>} group for a field or element. */
  private static Field pair(String name, Field request, String path) {
    List<Field> children = new ArrayList<>();
    children.add(Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE));
    Field typed = typedValue(request, path);
    if (typed != null) {
      children.add(typed);
    }
    return new Field(name, FieldType.notNullable(ArrowType.Struct.INSTANCE), children);
  }
}
