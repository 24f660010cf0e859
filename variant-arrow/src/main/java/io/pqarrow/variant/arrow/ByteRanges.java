package io.pqarrow.variant.arrow;

import java.nio.ByteBuffer;

/**
 * Equality of two byte ranges, compared in bulk ({@link ByteBuffer#mismatch}, which the JDK
 * compares a machine word or a vector at a time) without allocating per call: the buffers are
 * duplicated once per distinct buffer and re-pointed at each range. Not thread-safe; one per
 * reader.
 */
final class ByteRanges {
  private ByteBuffer aSource;
  private ByteBuffer a;
  private ByteBuffer bSource;
  private ByteBuffer b;

  /**
   * Whether {@code [aPos, aPos + length)} of {@code x} holds the same bytes as {@code [bPos, bPos +
   * length)} of {@code y}; false when either range lies outside its buffer.
   */
  boolean equal(ByteBuffer x, int aPos, ByteBuffer y, int bPos, int length) {
    if (aPos < 0
        || bPos < 0
        || length < 0
        || (long) aPos + length > x.limit()
        || (long) bPos + length > y.limit()) {
      return false;
    }
    if (x != aSource) {
      aSource = x;
      a = x.duplicate();
    }
    if (y != bSource) {
      bSource = y;
      b = y.duplicate();
    }
    a.limit(aPos + length).position(aPos);
    b.limit(bPos + length).position(bPos);
    return a.mismatch(b) < 0;
  }
}
