package io.pqarrow.extension;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow Java's JSON form of a schema, with extension types written as the IPC schema writes them:
 * the storage type, and the extension in the field's {@code ARROW:extension:name} and {@code
 * ARROW:extension:metadata}. Arrow Java's own {@link Schema#toJson()} names an extension type by
 * its Java class ({@code {"name":"UuidType"}}), which no reader can turn back into a type.
 *
 * <p>{@link Schema#fromJSON} reads this form back with storage types; {@link #fromJson} then
 * restores every registered extension type, as reading an IPC schema does, so that {@code
 * fromJson(toJson(s))} equals {@code s} for every schema this library maps.
 */
public final class SchemaJson {
  private SchemaJson() {}

  /**
   * {@return the JSON of {@code schema}, extension types as their storage and field metadata}
   *
   * @param schema the schema (not {@code null})
   */
  public static String toJson(Schema schema) {
    List<Field> fields = new ArrayList<>(schema.getFields().size());
    for (Field f : schema.getFields()) {
      fields.add(storageForm(f));
    }
    return new Schema(fields, schema.getCustomMetadata()).toJson();
  }

  /**
   * The schema {@code json} describes, with the extension types its fields name restored when they
   * are registered ({@link ExtensionTypes#register()} registers this library's); an unregistered
   * one stays its storage type with the metadata.
   *
   * @param json the JSON text, as {@link #toJson} writes it
   * @return the schema
   * @throws java.io.IOException when {@code json} is not a schema in Arrow Java's JSON form
   */
  public static Schema fromJson(String json) throws java.io.IOException {
    Schema storage = Schema.fromJSON(json);
    // The IPC schema reader is the one place Arrow Java turns extension metadata into types.
    return Schema.deserializeMessage(ByteBuffer.wrap(storage.serializeAsMessage()));
  }

  /** {@code field} and its descendants with every extension type replaced by its storage. */
  static Field storageForm(Field field) {
    List<Field> children = new ArrayList<>(field.getChildren().size());
    for (Field child : field.getChildren()) {
      children.add(storageForm(child));
    }
    ArrowType type = field.getType();
    Map<String, String> metadata = field.getMetadata();
    if (type instanceof ArrowType.ExtensionType ext) {
      Map<String, String> m = new LinkedHashMap<>(metadata == null ? Map.of() : metadata);
      m.put(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, ext.extensionName());
      m.put(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_METADATA, ext.serialize());
      metadata = m;
      type = ext.storageType();
    }
    return new Field(
        field.getName(),
        new FieldType(field.isNullable(), type, field.getDictionary(), metadata),
        children);
  }
}
