package io.pqarrow.schema;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.VariantType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * The Variant part of {@link ArrowToParquet}: an {@code arrow.parquet.variant} field (or the legacy
 * {@code parquet.variant}) becomes a {@code VARIANT(1)} group, and its {@code typed_value} follows
 * the shredding rules (docs/variant.md §3, §4.1).
 *
 * <pre>
 * Struct&lt;metadata, value?, typed_value?&gt;     &lt;rep&gt; group v (VARIANT(1)) {
 *                                              required binary metadata;
 *                                              &lt;rep&gt; binary value;          (optional, added when absent)
 *                                              &lt;rep&gt; ... typed_value;
 *                                            }
 * typed_value Struct&lt;f: Struct&lt;value?, typed_value?&gt; not null, ...&gt;
 *                                            optional group typed_value {
 *                                              required group f { optional binary value; ... typed_value; }
 *                                            }
 * typed_value List&lt;Struct&lt;value?, typed_value?&gt; not null&gt;
 *                                            optional group typed_value (LIST) {
 *                                              repeated group list { required group element {...} }
 *                                            }
 * </pre>
 *
 * Writers always write {@code value} (all-null is fine), so a storage struct or field group without
 * one gets an optional binary {@code value} in Parquet; that node has no Arrow child and so no
 * {@link FieldMapping}. Leaf {@code typed_value} types go through {@link ArrowShreddedToParquet};
 * which children a pair may hold and which Arrow types are arrays is {@link ShreddedLayout}'s rule.
 */
final class ArrowVariantToParquet {
  private final ArrowToParquet walker;

  ArrowVariantToParquet(ArrowToParquet walker) {
    this.walker = walker;
  }

  ArrowToParquet.Node variant(Field field, ArrowType storage, Repetition repetition, String name) {
    if (!(storage instanceof ArrowType.Struct)) {
      throw SchemaException.invalid(
          "Arrow field",
          walker.dotted(),
          "arrow.parquet.variant over " + storage + " (expected Struct)");
    }
    try {
      VariantType.validateStorage(field, walker.dotted());
    } catch (BridgeException e) {
      // already "Invalid arrow.parquet.variant storage at <path>: ..."; only the type changes
      throw new SchemaException(e.kind(), walker.dotted(), e.getMessage());
    }
    List<FieldMapping> children = new ArrayList<>();
    Type metadata = null;
    Type value = null;
    Type typedValue = null;
    for (Field child : field.getChildren()) {
      FieldMapping mapping;
      switch (child.getName()) {
        case VariantType.METADATA -> {
          mapping = binaryChild(child, Repetition.REQUIRED);
          metadata = mapping.parquetType();
        }
        case VariantType.VALUE -> {
          mapping = binaryChild(child, ArrowToParquet.repetition(child));
          value = mapping.parquetType();
        }
        case VariantType.TYPED_VALUE -> {
          mapping = shreddedTypedValue(child);
          typedValue = mapping.parquetType();
        }
        default ->
            throw SchemaException.invalid(
                "Arrow field",
                walker.dotted(),
                "arrow.parquet.variant has an unexpected child " + child.getName());
      }
      children.add(mapping);
    }
    return new ArrowToParquet.Node(
        variantGroup(repetition, name, metadata, value, typedValue, true), children);
  }

  /** {@code metadata} or {@code value}: a binary, possibly dictionary- or run-end encoded. */
  private FieldMapping binaryChild(Field child, Repetition repetition) {
    walker.enter(child.getName());
    try {
      Type type =
          walker.withFieldId(
              child,
              walker.primitive(
                  ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.BINARY, null),
                  repetition,
                  child.getName()));
      return new FieldMapping(child, type, walker.path(), List.of());
    } finally {
      walker.exit();
    }
  }

  private static GroupType variantGroup(
      Repetition repetition,
      String name,
      Type metadata,
      Type value,
      Type typedValue,
      boolean annotated) {
    List<Type> fields = new ArrayList<>();
    if (metadata != null) {
      fields.add(metadata);
    }
    // Writers always write value (all-null is fine); readers of older files accept its absence.
    fields.add(
        value != null
            ? value
            : new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.BINARY, VariantType.VALUE));
    if (typedValue != null) {
      fields.add(typedValue);
    }
    return ArrowToParquet.group(
        repetition, name, annotated ? LogicalTypeAnnotation.variantType((byte) 1) : null, fields);
  }

  /** A {@code typed_value} of a shredded Variant: a leaf, an object or an array. */
  private FieldMapping shreddedTypedValue(Field field) {
    String name = field.getName();
    Repetition repetition = ArrowToParquet.repetition(field);
    walker.enter(name);
    try {
      ArrowType type = field.getType();
      ArrowToParquet.Node node;
      if (ShreddedLayout.isArray(type)) {
        node = walker.list(field, repetition, name, true);
      } else if (type.getTypeID() == ArrowType.ArrowTypeID.Struct) {
        if (field.getChildren().isEmpty()) {
          throw ArrowToParquet.unsupported(
              walker.dotted(), type, "a shredded object without fields");
        }
        walker.checkNames(field.getChildren(), walker.dotted());
        List<FieldMapping> children = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (Field child : field.getChildren()) {
          FieldMapping mapping = shreddedGroup(child, child.getName());
          children.add(mapping);
          types.add(mapping.parquetType());
        }
        node =
            new ArrowToParquet.Node(ArrowToParquet.group(repetition, name, null, types), children);
      } else {
        node =
            ArrowToParquet.Node.leaf(
                walker.primitive(
                    ArrowShreddedToParquet.leaf(field, walker.dotted()), repetition, name));
      }
      return new FieldMapping(
          field, walker.withFieldId(field, node.type()), walker.path(), node.children());
    } finally {
      walker.exit();
    }
  }

  /** An object field or array element of a shredded Variant: a REQUIRED value/typed_value group. */
  FieldMapping shreddedGroup(Field field, String name) {
    walker.enter(name);
    try {
      if (!(field.getType() instanceof ArrowType.Struct) || field.isNullable()) {
        throw SchemaException.invalid(
            "Arrow field",
            walker.dotted(),
            "a shredded Variant field must be a non-nullable Struct of value and typed_value, got "
                + (field.isNullable() ? "nullable " : "")
                + field.getType());
      }
      List<FieldMapping> children = new ArrayList<>();
      Type value = null;
      Type typedValue = null;
      for (Field child : field.getChildren()) {
        FieldMapping mapping;
        if (!ShreddedLayout.isPairChild(child.getName())) {
          throw SchemaException.invalid(
              "Arrow field",
              walker.dotted(),
              "a shredded Variant field has an unexpected child " + child.getName());
        }
        if (child.getName().equals(VariantType.VALUE)) {
          if (!VariantType.isBinaryStorage(child.getType())) {
            walker.enter(child.getName());
            String where = walker.dotted();
            walker.exit();
            throw SchemaException.invalid(
                "Arrow field", where, "a Variant value must be binary, got " + child.getType());
          }
          mapping = binaryChild(child, ArrowToParquet.repetition(child));
          value = mapping.parquetType();
        } else {
          mapping = shreddedTypedValue(child);
          typedValue = mapping.parquetType();
        }
        children.add(mapping);
      }
      Type type = variantGroup(Repetition.REQUIRED, name, null, value, typedValue, false);
      return new FieldMapping(field, walker.withFieldId(field, type), walker.path(), children);
    } finally {
      walker.exit();
    }
  }
}
