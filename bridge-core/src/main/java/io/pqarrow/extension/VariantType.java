package io.pqarrow.extension;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.KeyedValueType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The canonical {@code arrow.parquet.variant} extension type: Parquet Variant values, stored as a
 * struct that mirrors the Parquet {@code VARIANT} group.
 *
 * <pre>
 * Struct&lt;                              (the struct's validity is SQL NULL of the whole value)
 *   metadata: Binary | LargeBinary | BinaryView, non-nullable (may be dictionary-encoded)
 *   value: Binary | LargeBinary | BinaryView          } at least one of the two, in any order,
 *   typed_value: primitive | List | Struct (shredded) } matched by case-sensitive name
 * &gt;
 * </pre>
 *
 * The metadata is empty. Some writers used the name {@code parquet.variant}; {@link #LEGACY_ALIAS}
 * is registered under that name and reads as the canonical type, which is always the one written.
 * {@link #validateStorage(Field)} checks a field's children, which the type itself cannot see; any
 * child other than the three is refused (docs/variant.md §4.2). The rules inside {@code
 * typed_value} are {@link ShreddedScalar} and {@link ShreddedLayout}. A column path goes on below a
 * Variant field as object keys ({@link KeyedValueType}).
 */
public final class VariantType extends ExtensionType implements KeyedValueType {
  /** The canonical extension name. */
  public static final String NAME = "arrow.parquet.variant";

  /** The name some writers used before the type was canonical. */
  public static final String LEGACY_NAME = "parquet.variant";

  /** Name of the storage child holding the metadata dictionary. */
  public static final String METADATA = "metadata";

  /** Name of the storage child holding the (residual) value bytes. */
  public static final String VALUE = "value";

  /** Name of the storage child holding the shredded value. */
  public static final String TYPED_VALUE = "typed_value";

  /** The type; it has no parameters. */
  public static final VariantType INSTANCE = new VariantType(NAME);

  /** Registered under {@link #LEGACY_NAME}; deserializes to {@link #INSTANCE}. */
  public static final VariantType LEGACY_ALIAS = new VariantType(LEGACY_NAME);

  private final String name;

  private VariantType(String name) {
    this.name = name;
  }

  /**
   * An unshredded Variant field with {@code Binary} metadata and value.
   *
   * @param name the field name
   * @param nullable whether the whole value may be SQL NULL
   * @return the field, of type {@link #INSTANCE}, with non-nullable {@code metadata} and {@code
   *     value} children
   */
  public static Field unshreddedField(String name, boolean nullable) {
    return new Field(
        name,
        new FieldType(nullable, INSTANCE, null),
        java.util.List.of(
            Field.notNullable(METADATA, ArrowType.Binary.INSTANCE),
            Field.notNullable(VALUE, ArrowType.Binary.INSTANCE)));
  }

  /**
   * Whether {@code type} is a layout the {@code metadata} and {@code value} children may use:
   * {@code Binary}, {@code LargeBinary} or {@code BinaryView}. The one rule for every {@code value}
   * column, top-level or nested in shredded storage ({@link ShreddedLayout}): every module that
   * checks or reads one asks here.
   *
   * @param type the layout of a {@code metadata} or {@code value} child
   * @return true for the binary layouts
   */
  public static boolean isBinaryStorage(ArrowType type) {
    return ExtensionFields.isBinary(type);
  }

  /**
   * Whether {@code name} may be a child of the storage struct: {@code metadata}, {@code value} or
   * {@code typed_value}. Anything else, {@code _}-prefixed names included, is refused everywhere
   * ({@link ShreddedLayout}).
   *
   * @param name a child's name
   * @return true for {@code metadata}, {@code value} and {@code typed_value}
   */
  public static boolean isStorageChild(String name) {
    return METADATA.equals(name) || ShreddedLayout.isPairChild(name);
  }

  /**
   * Whether {@code name} is the canonical name or the legacy alias.
   *
   * @param name an extension name, as read from field metadata
   * @return true for {@code arrow.parquet.variant} and the legacy {@code parquet.variant}
   */
  public static boolean isVariantName(String name) {
    return NAME.equals(name) || LEGACY_NAME.equals(name);
  }

  /**
   * Checks the storage struct of a Variant field: a non-nullable binary {@code metadata} (plain or
   * dictionary-encoded), a binary {@code value} and/or a {@code typed_value}, and no other child.
   *
   * @param field a field of Variant type (or its storage struct)
   * @throws BridgeException of kind {@link ErrorKind#INVALID_SCHEMA}, located at the field's name,
   *     naming the field and what is wrong
   */
  public static void validateStorage(Field field) {
    validateStorage(field, field.getName());
  }

  /**
   * As {@link #validateStorage(Field)}, for the field at the dotted {@code path} of a schema: the
   * message and the location's column name {@code path}.
   *
   * <pre>
   * Invalid arrow.parquet.variant storage at s.v: no metadata field
   * </pre>
   *
   * @param field a field of Variant type (or its storage struct)
   * @param path the field's dotted path, for the message and the location
   * @throws BridgeException of kind {@link ErrorKind#INVALID_SCHEMA}, located at column {@code
   *     path}
   */
  public static void validateStorage(Field field, String path) {
    Field metadata = null;
    Field value = null;
    Field typedValue = null;
    for (Field child : field.getChildren()) {
      switch (child.getName()) {
        case METADATA -> metadata = child;
        case VALUE -> value = child;
        case TYPED_VALUE -> typedValue = child;
        default ->
            throw invalidStorage(
                path,
                "unexpected child " + child.getName() + " (only metadata, value and typed_value)");
      }
    }
    if (metadata == null) {
      throw invalidStorage(path, "no metadata field");
    }
    if (metadata.isNullable()) {
      throw invalidStorage(path, "metadata must be non-nullable");
    }
    // For a dictionary-encoded field, Arrow Java's Field type is already the value type.
    ArrowType metadataType = metadata.getType();
    if (!isBinaryStorage(metadataType) && !(metadataType instanceof ArrowType.RunEndEncoded)) {
      throw invalidStorage(path, "metadata has type " + metadataType);
    }
    if (value == null && typedValue == null) {
      throw invalidStorage(path, "neither value nor typed_value");
    }
    if (value != null && !isBinaryStorage(value.getType())) {
      throw invalidStorage(path, "value has type " + value.getType());
    }
  }

  private static BridgeException invalidStorage(String path, String problem) {
    return new BridgeException(
        ErrorKind.INVALID_SCHEMA,
        ErrorLocation.inColumn(path),
        "Invalid arrow.parquet.variant storage at " + path + ": " + problem,
        null);
  }

  @Override
  public ArrowType storageType() {
    return ArrowType.Struct.INSTANCE;
  }

  @Override
  public String extensionName() {
    return name;
  }

  @Override
  public boolean extensionEquals(ExtensionType other) {
    return other instanceof VariantType;
  }

  @Override
  public String serialize() {
    return "";
  }

  @Override
  public ArrowType deserialize(ArrowType storageType, String serializedData) {
    if (!(storageType instanceof ArrowType.Struct)) {
      throw new IllegalArgumentException(
          "Invalid arrow.parquet.variant storage type: " + storageType + " (expected Struct)");
    }
    return INSTANCE;
  }

  @Override
  public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
    FieldType storage =
        new FieldType(
            fieldType.isNullable(),
            ArrowType.Struct.INSTANCE,
            fieldType.getDictionary(),
            fieldType.getMetadata());
    return new VariantVector(name, allocator, new StructVector(name, allocator, storage, null));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VariantType;
  }

  @Override
  public int hashCode() {
    return NAME.hashCode();
  }
}
