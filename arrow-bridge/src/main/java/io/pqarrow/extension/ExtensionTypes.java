package io.pqarrow.extension;

import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;

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
