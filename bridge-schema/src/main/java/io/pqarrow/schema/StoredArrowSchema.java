package io.pqarrow.schema;

import io.pqarrow.ErrorText;
import io.pqarrow.Limits;
import io.pqarrow.extension.ExtensionTypes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.arrow.flatbuf.KeyValue;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code ARROW:schema} entry of Parquet key-value metadata, as pyarrow and arrow-rs write it:
 * the base64 (standard alphabet, padded) of one encapsulated Arrow IPC message holding the schema.
 *
 * <pre>
 * offset  bytes  content
 * 0       4      FF FF FF FF             continuation marker
 * 4       4      int32 LE, N             length of the flatbuffer plus padding
 * 8       N      flatbuffer Message      header type Schema, no body; padded so 8 + N is a multiple of 8
 * </pre>
 *
 * Writing goes through Arrow Java's {@link MessageSerializer}; reading through Arrow Java's
 * flatbuffer accessors and {@link Field#convertField}. Dictionary-encoded fields keep their
 * encoding and extension types travel as storage type plus {@code ARROW:extension:*} field
 * metadata.
 */
public final class StoredArrowSchema {
  /** The key-value metadata key. */
  public static final String KEY = "ARROW:schema";

  private static final int CONTINUATION = 0xFFFFFFFF;

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private StoredArrowSchema() {}

  /**
   * The base64 text of the IPC schema message for {@code schema}.
   *
   * @param schema the Arrow schema to store
   * @return the value for {@link #KEY}, as pyarrow writes it (standard base64 of an encapsulated
   *     IPC schema message)
   */
  public static String encode(Schema schema) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      // Extension keys from the types, not as read: a legacy name is stored canonical.
      MessageSerializer.serialize(
          new WriteChannel(Channels.newChannel(bytes)), ExtensionTypes.canonical(schema));
    } catch (IOException e) {
      // A ByteArrayOutputStream does not fail.
      throw new UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  /**
   * As {@link #decode(String, List, Limits)} with {@link Limits#defaults()}.
   *
   * @param base64 the {@link #KEY} value
   * @param warnings receives a line for each thing left out
   * @return the schema, or empty when the value is not a readable schema message
   */
  public static Optional<Schema> decode(String base64, List<String> warnings) {
    return decode(base64, warnings, Limits.defaults());
  }

  /**
   * Decodes an {@code ARROW:schema} value. Anything that is not a readable schema message (bad
   * base64, a truncated or corrupt flatbuffer, another message type) gives an empty result and a
   * warning in {@code warnings}; it never throws.
   *
   * <p>Top-level fields are converted one by one: a field Arrow Java cannot represent (Arrow Java
   * 19 rejects Decimal32 and Decimal64 in IPC, which pyarrow writes), or one nested deeper than
   * {@link Limits#maxArrowSchemaDepth()} or with more than {@link Limits#maxArrowSchemaFields()}
   * fields in all, is left out with a warning naming it, and the rest of the schema is still
   * restored.
   *
   * @param base64 the {@link #KEY} value
   * @param warnings receives a line for each thing left out
   * @param limits the caps on nesting depth and field count
   * @return the schema, or empty when the value is not a readable schema message
   */
  public static Optional<Schema> decode(String base64, List<String> warnings, Limits limits) {
    java.util.Objects.requireNonNull(limits, "limits");
    // So that our extension types come back typed rather than as storage plus metadata.
    ExtensionTypes.register();
    Key key = new Key(base64, limits);
    Decoded known = base64.length() <= MAX_CACHED_CHARS ? DECODED.get(key) : null;
    if (known == null) {
      List<String> own = new ArrayList<>();
      known = new Decoded(decodeOnce(base64, own, limits), List.copyOf(own));
      if (base64.length() <= MAX_CACHED_CHARS && !unresolvedExtension(known.schema())) {
        DECODED.put(key, known);
      }
    }
    warnings.addAll(known.warnings());
    return known.schema();
  }

  /**
   * Whether a field of {@code schema} names an extension type that no registered class resolved
   * (storage type plus {@code ARROW:extension:name}): such a schema is not kept, since a caller may
   * register that type later and must then get it typed.
   */
  private static boolean unresolvedExtension(Optional<Schema> schema) {
    return schema.isPresent() && unresolved(schema.get().getFields());
  }

  static boolean unresolved(List<org.apache.arrow.vector.types.pojo.Field> fields) {
    for (org.apache.arrow.vector.types.pojo.Field f : fields) {
      if (!(f.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType)
          && f.getMetadata().containsKey("ARROW:extension:name")) {
        return true;
      }
      if (unresolved(f.getChildren())) {
        return true;
      }
    }
    return false;
  }

  /** A decoded value and the warnings its decoding gave. */
  private record Decoded(Optional<Schema> schema, List<String> warnings) {}

  /** A value and the limits it was decoded under. */
  private record Key(String base64, Limits limits) {}

  /** How many decoded values are kept. */
  private static final int CACHED_VALUES = 32;

  /** The longest value kept (a schema of some ten thousand columns). */
  private static final int MAX_CACHED_CHARS = 4 << 20;

  /**
   * The values decoded last, by text: the files of a dataset mostly store the same {@code
   * ARROW:schema}, which is then decoded once, not once per file. Arrow schemas are immutable, so
   * every caller shares the decoded one.
   */
  private static final Map<Key, Decoded> DECODED =
      java.util.Collections.synchronizedMap(
          new LinkedHashMap<>(CACHED_VALUES, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Decoded> eldest) {
              return size() > CACHED_VALUES;
            }
          });

  private static Optional<Schema> decodeOnce(String base64, List<String> warnings, Limits limits) {
    return decodeFields(base64, warnings, limits, null);
  }

  /**
   * Decodes of an {@code ARROW:schema} value the top-level fields named in {@code names} only, in
   * their stored order, each exactly as {@link #decode(String, List, Limits)} gives it, with the
   * warnings of those fields and of the message as a whole; the other fields are not converted.
   *
   * @param names the top-level names to keep; {@code null} for all
   * @return the schema of those fields; empty when the value is not a readable schema message;
   *     {@code null} when {@code names} is not null and the stored top-level names are not unique
   *     and non-empty (a writer that makes such names unique in Parquet pairs them with columns by
   *     position among their equals, which a selection by name cannot reproduce)
   */
  static Optional<Schema> decodeFields(
      String base64, List<String> warnings, Limits limits, java.util.Set<String> names) {
    // So that our extension types come back typed rather than as storage plus metadata.
    ExtensionTypes.register();
    byte[] bytes;
    try {
      // pyarrow writes the standard alphabet on one line; whitespace is tolerated, anything else
      // outside the alphabet is an error (the MIME decoder would skip it silently). The text is
      // only searched for whitespace when it does not decode as it is (a wide schema's value is
      // hundreds of kilobytes).
      bytes = decodeBase64(base64);
    } catch (IllegalArgumentException e) {
      warnings.add("Ignored " + KEY + ": not base64 (" + e.getMessage() + ")");
      return Optional.empty();
    }
    if (bytes.length < 8) {
      warnings.add(
          "Ignored " + KEY + ": an IPC message needs at least 8 bytes, got " + bytes.length);
      return Optional.empty();
    }
    // The legacy framing (before Arrow 0.15) has no continuation marker.
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int at = buffer.getInt(0) == CONTINUATION ? 4 : 0;
    long length = buffer.getInt(at) & 0xFFFFFFFFL;
    long available = bytes.length - (at + 4L);
    if (length <= 0 || length > available) {
      warnings.add(
          "Ignored "
              + KEY
              + ": IPC message length "
              + length
              + " does not fit the "
              + available
              + " bytes present");
      return Optional.empty();
    }
    ByteBuffer flatbuffer =
        ByteBuffer.wrap(bytes, at + 4, (int) length).slice().order(ByteOrder.LITTLE_ENDIAN);
    try {
      Message message = Message.getRootAsMessage(flatbuffer);
      if (message.headerType() != MessageHeader.Schema) {
        warnings.add(
            "Ignored "
                + KEY
                + ": IPC message header type "
                + message.headerType()
                + ", not Schema");
        return Optional.empty();
      }
      org.apache.arrow.flatbuf.Schema schema =
          (org.apache.arrow.flatbuf.Schema) message.header(new org.apache.arrow.flatbuf.Schema());
      if (schema == null
          || schema.fieldsLength() > length
          || schema.customMetadataLength() > length) {
        warnings.add("Ignored " + KEY + ": corrupt schema message");
        return Optional.empty();
      }
      if (names != null && !uniqueNames(schema)) {
        return null;
      }
      List<Field> fields = new ArrayList<>(names == null ? schema.fieldsLength() : names.size());
      for (int i = 0; i < schema.fieldsLength(); i++) {
        org.apache.arrow.flatbuf.Field field = schema.fields(i);
        if (names == null || names.contains(field.name())) {
          convert(field, limits, warnings, fields);
        }
      }
      Map<String, String> metadata = new LinkedHashMap<>();
      for (int i = 0; i < schema.customMetadataLength(); i++) {
        KeyValue kv = schema.customMetadata(i);
        if (kv.key() != null && kv.value() != null) {
          metadata.put(kv.key(), kv.value());
        }
      }
      return Optional.of(new Schema(fields, metadata.isEmpty() ? null : metadata));
    } catch (RuntimeException e) {
      // Flatbuffer accessors signal corrupt input with assorted runtime exceptions.
      warnings.add(
          "Ignored " + KEY + ": not an Arrow IPC schema message (" + ErrorText.describe(e) + ")");
      return Optional.empty();
    }
  }

  /** The bytes of {@code base64}, read as it is, else with its whitespace removed. */
  private static byte[] decodeBase64(String base64) {
    try {
      return Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      return Base64.getDecoder().decode(WHITESPACE.matcher(base64).replaceAll(""));
    }
  }

  /** Whether the top-level fields of {@code schema} have names, each a different one. */
  private static boolean uniqueNames(org.apache.arrow.flatbuf.Schema schema) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < schema.fieldsLength(); i++) {
      String name = schema.fields(i).name();
      if (name == null || name.isEmpty() || !seen.add(name)) {
        return false;
      }
    }
    return true;
  }

  /** Adds {@code field} converted to {@code out}, or a warning saying why it is left out. */
  private static void convert(
      org.apache.arrow.flatbuf.Field field, Limits limits, List<String> warnings, List<Field> out) {
    if (!withinLimits(field, limits)) {
      warnings.add(
          "Ignored "
              + KEY
              + " at "
              + field.name()
              + ": nested deeper than "
              + limits.maxArrowSchemaDepth()
              + " or more than "
              + limits.maxArrowSchemaFields()
              + " fields");
      return;
    }
    try {
      out.add(Field.convertField(field));
    } catch (RuntimeException e) {
      warnings.add(
          "Ignored "
              + KEY
              + " at "
              + field.name()
              + ": Arrow Java cannot read the stored field ("
              + e.getMessage()
              + ")");
    }
  }

  /**
   * Whether {@code field} is nested at most {@link Limits#maxArrowSchemaDepth()} deep with at most
   * {@link Limits#maxArrowSchemaFields()} fields in all, checked without recursion: a hostile
   * message can nest deeply, or point many children at one shared table, and Arrow Java's
   * conversion recurses over both.
   */
  private static boolean withinLimits(org.apache.arrow.flatbuf.Field field, Limits limits) {
    int maxDepth = limits.maxArrowSchemaDepth();
    long maxFields = limits.maxArrowSchemaFields();
    List<org.apache.arrow.flatbuf.Field> level = List.of(field);
    int depth = 0;
    long count = 0;
    while (!level.isEmpty()) {
      depth++;
      count += level.size();
      if (depth > maxDepth || count > maxFields) {
        return false;
      }
      List<org.apache.arrow.flatbuf.Field> next = new ArrayList<>();
      for (org.apache.arrow.flatbuf.Field f : level) {
        int children = f.childrenLength();
        if (count + next.size() + (long) children > maxFields) {
          return false;
        }
        for (int i = 0; i < children; i++) {
          next.add(f.children(i));
        }
      }
      level = next;
    }
    return true;
  }
}
