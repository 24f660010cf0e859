package io.pqarrow.extension;

import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The canonical {@code arrow.json} extension type: UTF-8 text holding one JSON document per value.
 *
 * <p>Storage is {@code Utf8}, {@code LargeUtf8} or {@code Utf8View}; the metadata is empty, as
 * pyarrow 25 writes it (a reader also accepts {@code {}}, which other writers may use). Parquet's
 * {@code JSON} logical type maps here.
 */
public final class JsonType extends ExtensionType {
  /** The extension name, {@code arrow.json}. */
  public static final String NAME = "arrow.json";

  /** The type over {@code Utf8} storage, the layout Parquet JSON columns map to by default. */
  public static final JsonType UTF8 = new JsonType(ArrowType.Utf8.INSTANCE);

  private final ArrowType storage;

  /**
   * @param storage {@code Utf8}, {@code LargeUtf8} or {@code Utf8View}
   * @throws IllegalArgumentException for any other storage type
   */
  public JsonType(ArrowType storage) {
    if (!isAllowedStorage(storage)) {
      throw new IllegalArgumentException(
          "Invalid arrow.json storage type: "
              + storage
              + " (expected Utf8, LargeUtf8 or Utf8View)");
    }
    this.storage = storage;
  }

  /**
   * Whether {@code type} is a storage type {@code arrow.json} accepts.
   *
   * @param type a candidate storage type
   * @return true for Utf8, LargeUtf8 and Utf8View
   */
  public static boolean isAllowedStorage(ArrowType type) {
    return type instanceof ArrowType.Utf8
        || type instanceof ArrowType.LargeUtf8
        || type instanceof ArrowType.Utf8View;
  }

  @Override
  public ArrowType storageType() {
    return storage;
  }

  @Override
  public String extensionName() {
    return NAME;
  }

  @Override
  public boolean extensionEquals(ExtensionType other) {
    return other instanceof JsonType && storage.equals(other.storageType());
  }

  @Override
  public String serialize() {
    return "";
  }

  @Override
  public ArrowType deserialize(ArrowType storageType, String serializedData) {
    String data = serializedData == null ? "" : serializedData.trim();
    if (!data.isEmpty() && !data.equals("{}")) {
      throw new IllegalArgumentException(
          "Invalid arrow.json extension metadata: expected empty or {}, got " + serializedData);
    }
    return new JsonType(storageType);
  }

  @Override
  public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
    return new JsonVector(name, allocator, fieldType);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonType && extensionEquals((JsonType) o);
  }

  @Override
  public int hashCode() {
    return Objects.hash(NAME, storage);
  }
}
