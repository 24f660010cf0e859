package io.pqarrow.extension;

import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How a UUID column is recognised on the Arrow side: the one check every module asks, so that a
 * column is a UUID everywhere or nowhere.
 *
 * <table>
 *   <caption>What is a UUID</caption>
 *   <tr><th>field</th><th>UUID?</th></tr>
 *   <tr><td>type Arrow Java's {@link UuidType} (registered {@code arrow.uuid})</td><td>yes</td></tr>
 *   <tr><td>any other extension type named {@code arrow.uuid} over FixedSizeBinary(16)</td>
 *       <td>yes</td></tr>
 *   <tr><td>FixedSizeBinary(16) with field metadata {@code ARROW:extension:name = arrow.uuid} (how
 *       a reader that has not registered the type sees it)</td><td>yes</td></tr>
 *   <tr><td>{@code arrow.uuid} (type or metadata) over any other storage</td><td>no (invalid
 *       storage; the caller reports it)</td></tr>
 *   <tr><td>FixedSizeBinary(16) without the name, any other type</td><td>no</td></tr>
 * </table>
 *
 * The Parquet {@code UUID} annotation is the Parquet side's business: the schema mapping turns it
 * into {@link UuidType}, which this check recognises.
 */
public final class UuidExtension {
  /** The canonical extension name. */
  public static final String NAME = "arrow.uuid";

  /** The storage width, FixedSizeBinary(16): the UUID's 16 bytes, big-endian. */
  public static final int BYTE_WIDTH = 16;

  private static final String EXTENSION_NAME_KEY = ExtensionType.EXTENSION_METADATA_KEY_NAME;

  private UuidExtension() {}

  /**
   * Whether {@code type} is a UUID type: an extension type named {@code arrow.uuid} over
   * FixedSizeBinary(16). A type alone cannot carry field metadata; prefer {@link #isUuid(Field)}
   * wherever the field is at hand.
   *
   * @param type any Arrow type
   * @return true for {@code arrow.uuid} over FixedSizeBinary(16)
   */
  public static boolean isUuid(ArrowType type) {
    return type instanceof ExtensionType ext
        && NAME.equals(ext.extensionName())
        && isUuidStorage(ext.storageType());
  }

  /**
   * Whether {@code field} holds UUIDs: {@link #isUuid(ArrowType)} of its type, or a
   * FixedSizeBinary(16) field whose metadata names {@code arrow.uuid}.
   *
   * @param field any Arrow field
   * @return true when the field's values are UUIDs, typed or by metadata
   */
  public static boolean isUuid(Field field) {
    ArrowType type = field.getType();
    if (type instanceof ExtensionType) {
      return isUuid(type);
    }
    Map<String, String> metadata = field.getMetadata();
    return isUuidStorage(type) && metadata != null && NAME.equals(metadata.get(EXTENSION_NAME_KEY));
  }

  /**
   * Whether {@code storage} is the storage {@code arrow.uuid} requires: FixedSizeBinary(16).
   *
   * @param storage a candidate storage type
   * @return true for FixedSizeBinary(16)
   */
  public static boolean isUuidStorage(ArrowType storage) {
    return storage instanceof ArrowType.FixedSizeBinary fsb && fsb.getByteWidth() == BYTE_WIDTH;
  }
}
