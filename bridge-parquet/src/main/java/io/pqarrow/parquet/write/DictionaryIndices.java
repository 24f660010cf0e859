package io.pqarrow.parquet.write;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A span of a dictionary-encoded field's indices, copied from its data buffer in one read and
 * looked up by position: signed or unsigned integers of 8 to 64 bits (a 64-bit index is read
 * signed, so one past {@link Long#MAX_VALUE} is refused as negative rather than wrapped).
 *
 * <pre>
 * uint16 indices [3, 65535]  →  key(0) = 3, key(1) = 65535
 * int8 indices   [3, -1]     →  key(0) = 3, key(1) = -1 (outside every dictionary)
 * </pre>
 */
final class DictionaryIndices {
  private byte[] bytes = new byte[ArrowRuns.RUN * 8];

  /** Bytes per index, and whether they are signed, of the span read last. */
  private int width;

  private boolean signed;

  /** Copies indices {@code from} to {@code from + n} of {@code indices}. */
  void read(FieldVector indices, int from, int n) {
    ArrowType.Int type = (ArrowType.Int) indices.getField().getType();
    width = type.getBitWidth() / 8;
    signed = type.getIsSigned() || width == 8;
    if (bytes.length < n * width) {
      bytes = new byte[Math.max(n * width, bytes.length * 2)];
    }
    indices.getDataBuffer().getBytes((long) from * width, bytes, 0, n * width);
  }

  /** Index {@code i} of the span read (an unsigned one as a non-negative). */
  long key(int i) {
    byte[] b = bytes;
    return switch (width) {
      case 1 -> signed ? b[i] : b[i] & 0xFFL;
      case 2 ->
          signed
              ? (short) ByteSink.SHORTS.get(b, i * 2)
              : (short) ByteSink.SHORTS.get(b, i * 2) & 0xFFFFL;
      case 4 ->
          signed
              ? (int) ByteSink.INTS.get(b, i * 4)
              : (int) ByteSink.INTS.get(b, i * 4) & 0xFFFF_FFFFL;
      default -> (long) ByteSink.LONGS.get(b, i * 8);
    };
  }
}
