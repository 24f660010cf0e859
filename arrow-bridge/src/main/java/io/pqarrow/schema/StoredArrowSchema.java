package io.pqarrow.schema;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
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
 * Both directions go through Arrow Java's {@link MessageSerializer}, so dictionary-encoded fields
 * keep their encoding and extension types travel as storage type plus {@code ARROW:extension:*}
 * field metadata.
 */
public final class StoredArrowSchema {
  /** The key-value metadata key. */
  public static final String KEY = "ARROW:schema";

  private StoredArrowSchema() {}

  /** The base64 text of the IPC schema message for {@code schema}. */
  public static String encode(Schema schema) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      MessageSerializer.serialize(new WriteChannel(Channels.newChannel(bytes)), schema);
    } catch (IOException e) {
      // A ByteArrayOutputStream does not fail.
      throw new UncheckedIOException(e);
    }
    return Base64.getEncoder().encodeToString(bytes.toByteArray());
  }

  /**
   * Checks the length prefix against the bytes present before Arrow Java allocates a buffer of the
   * declared size; {@code null} when it fits.
   */
  private static String framingProblem(byte[] bytes) {
    if (bytes.length < 8) {
      return "an IPC message needs at least 8 bytes, got " + bytes.length;
    }
    boolean continuation =
        bytes[0] == (byte) 0xFF
            && bytes[1] == (byte) 0xFF
            && bytes[2] == (byte) 0xFF
            && bytes[3] == (byte) 0xFF;
    int at = continuation ? 4 : 0;
    long length =
        (bytes[at] & 0xFFL)
            | (bytes[at + 1] & 0xFFL) << 8
            | (bytes[at + 2] & 0xFFL) << 16
            | (bytes[at + 3] & 0xFFL) << 24;
    long available = bytes.length - (at + 4L);
    if (length <= 0 || length > available) {
      return "IPC message length " + length + " does not fit the " + available + " bytes present";
    }
    return null;
  }

  /**
   * Decodes an {@code ARROW:schema} value. Anything that is not a readable schema message (bad
   * base64, a truncated or corrupt flatbuffer, another message type) gives an empty result and a
   * warning in {@code warnings}; it never throws.
   */
  public static Optional<Schema> decode(String base64, List<String> warnings) {
    byte[] bytes;
    try {
      // pyarrow writes the standard alphabet; the MIME decoder also tolerates line breaks.
      bytes = Base64.getMimeDecoder().decode(base64.trim());
    } catch (IllegalArgumentException e) {
      warnings.add("Ignored " + KEY + ": not base64 (" + e.getMessage() + ")");
      return Optional.empty();
    }
    String framing = framingProblem(bytes);
    if (framing != null) {
      warnings.add("Ignored " + KEY + ": " + framing);
      return Optional.empty();
    }
    try {
      Schema schema =
          MessageSerializer.deserializeSchema(
              new ReadChannel(Channels.newChannel(new ByteArrayInputStream(bytes))));
      if (schema == null) {
        warnings.add("Ignored " + KEY + ": no schema message in " + bytes.length + " bytes");
        return Optional.empty();
      }
      return Optional.of(schema);
    } catch (IOException | RuntimeException e) {
      // Arrow Java's flatbuffer readers signal corrupt input with assorted runtime exceptions.
      warnings.add(
          "Ignored "
              + KEY
              + ": not an Arrow IPC schema message ("
              + e.getClass().getSimpleName()
              + ": "
              + e.getMessage()
              + ")");
      return Optional.empty();
    }
  }
}
