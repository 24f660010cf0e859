package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * A decoder of BYTE_ARRAY values into an Arrow variable-width vector through {@link BinaryOutput}
 * (PLAIN, dictionary, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY). {@link #readScatter} places the
 * page's non-null values at the slots whose validity bit is set; a null slot gets an empty value
 * (its end offset equals its start).
 */
public abstract class ByteArrayDecoder {
  ByteArrayDecoder() {}

  /** Appends the next {@code n} values to {@code out}. */
  public final void read(BinaryOutput out, int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    if (n > 0) {
      decode(out, n);
    }
    out.publish();
  }

  /**
   * Appends {@code slotCount} slots to {@code out}, starting at its current slot: the next value
   * where the slot's bit in {@code validity} is set, an empty value where it is clear. Returns the
   * number of values decoded.
   */
  public final int readScatter(BinaryOutput out, ArrowBuf validity, int slotCount) {
    if (slotCount < 0) {
      throw new IllegalArgumentException("negative count " + slotCount);
    }
    long slot = out.slot();
    long end = slot + slotCount;
    Bitmaps.checkBits(validity, end, "validity buffer");
    // The values are appended in one piece, then spread over their slots: no decoder call per run.
    int present = Bitmaps.countSet(validity, slot, end);
    out.reserve(slotCount, 0);
    if (present > 0) {
      decode(out, present);
    }
    if (present < slotCount) {
      out.spread(validity, slot, end);
    }
    out.publish();
    return present;
  }

  /**
   * Passes over the next {@code n} values without copying them (late materialization's rows that
   * the filter dropped): PLAIN values by walking their lengths, dictionary indices decoded and
   * checked, delta lengths by summing them; DELTA_BYTE_ARRAY values are still rebuilt, since each
   * value's prefix comes from the one before it.
   */
  public final void skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    if (n > 0) {
      skipValues(n);
    }
  }

  /** Passes over {@code n > 0} values. */
  abstract void skipValues(int n);

  /** Appends {@code n > 0} values to {@code out}. */
  abstract void decode(BinaryOutput out, int n);
}
