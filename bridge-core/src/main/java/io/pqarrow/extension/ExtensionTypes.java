package io.pqarrow.extension;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Registers the extension types this library produces with Arrow Java's global {@link
 * ExtensionTypeRegistry}, so that IPC readers rebuild them instead of falling back to storage.
 *
 * <p>Registration is explicit and idempotent: call {@link #register()} once at start-up (calling it
 * again is harmless). Until it is called, a reader that meets one of these types sees the storage
 * type with {@code ARROW:extension:name} and {@code ARROW:extension:metadata} kept in the field
 * metadata, as any reader that does not know the type does.
 *
 * <p>Registered: {@code arrow.uuid} (Arrow Java's {@link UuidType}), {@code arrow.json} ({@link
 * JsonType}), {@code geoarrow.wkb} ({@link GeoWkbType}), {@code arrow.parquet.variant} ({@link
 * VariantType}) and its legacy alias {@code parquet.variant}, which reads as the canonical type.
 */
public final class ExtensionTypes {
  private static volatile boolean registered;

  private ExtensionTypes() {}

  /**
   * {@code schema} with the {@code ARROW:extension:name} and {@code ARROW:extension:metadata} of
   * every extension typed field (at any depth) taken from its type. A schema read through Arrow
   * Java's IPC readers keeps the keys as they were read, and Arrow Java's writers write those
   * verbatim, so a field read under the legacy name {@code parquet.variant} would be written under
   * it again; pass the schema through here before writing. Fields of unregistered extension types
   * (storage type plus keys) are left as they are.
   *
   * @param schema a schema as read or built
   * @return the same fields, each extension typed field's keys taken from its type
   */
  public static Schema canonical(Schema schema) {
    List<Field> fields = new ArrayList<>(schema.getFields().size());
    for (Field f : schema.getFields()) {
      fields.add(ExtensionFields.canonical(f));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /** Registers every extension type of this library; safe to call any number of times. */
  public static void register() {
    if (registered) {
      return;
    }
    synchronized (ExtensionTypes.class) {
      if (registered) {
        return;
      }
      ExtensionTypeRegistry.register(UuidType.INSTANCE);
      ExtensionTypeRegistry.register(JsonType.UTF8);
      ExtensionTypeRegistry.register(GeoWkbType.DEFAULT);
      ExtensionTypeRegistry.register(VariantType.INSTANCE);
      ExtensionTypeRegistry.register(VariantType.LEGACY_ALIAS);
      registered = true;
    }
  }
}
