package io.pqarrow.parquet.internal;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Writes Parquet decimal unscaled values into Arrow decimal slots.
 *
 * <p>Arrow decimals are little-endian two's complement of 16 (Decimal128) or 32 (Decimal256) bytes.
 * Parquet stores them as INT32, INT64, or big-endian two's complement bytes of any length up to the
 * width: {@code FF 85} is -123, written here as {@code 85 FF FF ... FF}.
 */
public final class Decimals {
  private Decimals() {}

  /** Writes {@code value}, sign-extended, into slot {@code slot} of a {@code width}-byte layout. */
  public static void writeLong(ArrowBuf data, int slot, int width, long value) {
    long base = (long) slot * width;
    long sign = value >> 63;
    data.setLong(base, value);
    for (int off = 8; off < width; off += 8) {
      data.setLong(base + off, sign);
    }
  }

  /** Why a big-endian value of {@code length} bytes is refused for a {@code width}-byte slot. */
  public static String tooWide(int length, int width) {
    return "decimal of " + length + " bytes does not fit " + width + " bytes";
  }

  /**
   * Writes the big-endian two's complement bytes {@code bb} (position to limit), sign-extended.
   *
   * @throws IllegalStateException when the value is wider than the slot
   */
  public static void writeBigEndian(
      ArrowBuf data, int slot, int width, ByteBuffer bb, String column) {
    int start = bb.position();
    int length = bb.remaining();
    if (length > width) {
      throw new IllegalStateException(tooWide(length, width));
    }
    long base = (long) slot * width;
    byte fill = length == 0 ? 0 : (byte) (bb.get(start) >> 7);
    // Byte i of the little-endian slot is byte (length - 1 - i) of the big-endian input.
    for (int i = 0; i < length; i++) {
      data.setByte(base + i, bb.get(start + length - 1 - i));
    }
    for (int i = length; i < width; i++) {
      data.setByte(base + i, fill);
    }
  }
}
