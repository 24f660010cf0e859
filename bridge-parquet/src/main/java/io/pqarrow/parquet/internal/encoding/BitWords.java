package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Bits gathered into 64-bit words (bit {@code k} of a word is the {@code k}-th slot) and written to
 * an Arrow bitmap a word at a time: one bounds-checked long access per 64 slots where a bit at a
 * time costs one per slot. Bits outside the range written are left as they were. The reader's
 * nested assembly and the level decoder ({@link RleBitPackedDecoder#readAtLeast}) share it.
 */
public final class BitWords {
  private BitWords() {}

  /**
   * Writes the low {@code count} (at most 64) bits of {@code word} as bits {@code firstBit ..
   * firstBit+count-1} of {@code bitmap}, which must already hold them.
   */
  public static void write(ArrowBuf bitmap, long firstBit, long word, int count) {
    long index = firstBit >>> 3;
    int shift = (int) (firstBit & 7);
    if (count == 64) {
      if (shift == 0) {
        bitmap.setLong(index, word);
        return;
      }
      // Bytes index .. index+8 all hold bits of the range: the first keeps its low `shift` bits,
      // the ninth its high 8-`shift` bits.
      long old = bitmap.getLong(index);
      long low = (1L << shift) - 1;
      bitmap.setLong(index, (old & low) | (word << shift));
      int last = bitmap.getByte(index + 8);
      int lastLow = (1 << shift) - 1;
      bitmap.setByte(index + 8, (last & ~lastLow) | ((int) (word >>> (64 - shift)) & lastLow));
      return;
    }
    while (count > 0) {
      int take = Math.min(8 - shift, count);
      int mask = ((1 << take) - 1) << shift;
      int old = bitmap.getByte(index);
      bitmap.setByte(index, (old & ~mask) | (((int) word << shift) & mask));
      word >>>= take;
      count -= take;
      index++;
      shift = 0;
    }
  }

  /**
   * Writes bit {@code firstBit + k} of {@code bitmap} for each level {@code from + k} before {@code
   * to}: set when the level is at least {@code min}. Returns the number of bits set.
   */
  public static int writeAtLeast(
      ArrowBuf bitmap, long firstBit, int[] levels, int from, int to, int min) {
    int set = 0;
    long bit = firstBit;
    int i = from;
    for (; i + 64 <= to; i += 64) {
      long word = 0;
      for (int k = 0; k < 64; k++) {
        word |= (levels[i + k] >= min ? 1L : 0L) << k;
      }
      set += Long.bitCount(word);
      write(bitmap, bit, word, 64);
      bit += 64;
    }
    long word = 0;
    for (int k = 0; i + k < to; k++) {
      word |= (levels[i + k] >= min ? 1L : 0L) << k;
    }
    set += Long.bitCount(word);
    write(bitmap, bit, word, to - i);
    return set;
  }

  /**
   * Writes a bit for each slot among the triples {@code from .. to-1}: a triple is a slot when its
   * definition level is at least {@code slotDef} and, unless {@code rep} is {@code null}, its
   * repetition level at most {@code maxRep}; the slot's bit, from {@code firstBit} on, is set when
   * its definition level is at least {@code validDef}. The bitmap must hold the slots' bits.
   *
   * <p>Each 64 triples give two masks, slots and set bits, with no branch per triple (list lengths
   * make one unpredictable); the set bits of the slots are then packed together, a run of slots at
   * a time, so the cost grows with the non-slots (null and empty lists above), not the triples.
   *
   * <p>Many ranges need no gathering, and counting the slots and the valid ones first (loops that
   * vectorize) tells: levels of one value (RLE runs: a struct never null, a leaf always or never
   * set), a leaf under a list whose every slot is null (most {@code value} columns of a shredded
   * Variant), a struct every slot of which is valid (a required group in a list). Their bits are
   * filled in bulk. Repetition levels that are all at most {@code maxRep} (those of a leaf with no
   * list above the node) are left out.
   *
   * @return the number of slots in the high 32 bits, of bits set in the low 32
   */
  public static long writeSlots(
      ArrowBuf bitmap,
      long firstBit,
      int[] rep,
      int maxRep,
      int[] def,
      int from,
      int to,
      int slotDef,
      int validDef) {
    if (from >= to) {
      return 0;
    }
    if (rep != null && countAtLeast(rep, from, to, maxRep + 1) == 0) {
      rep = null;
    }
    if (rep == null) {
      int n = to - from;
      int slots;
      int valid;
      if (validDef <= slotDef) {
        slots = slotDef <= 0 ? n : countAtLeast(def, from, to, slotDef);
        valid = slots;
      } else if (slotDef <= 0) {
        // Every triple is a slot (levels are not negative): only the valid ones are counted.
        slots = n;
        valid = countAtLeast(def, from, to, validDef);
      } else {
        long both = countAtLeast(def, from, to, slotDef, validDef);
        slots = (int) (both >>> 32);
        valid = (int) both;
      }
      // The valid slots tell when no level reaches validDef or every slot reaches it.
      if (slots == n && valid > 0 && valid < n) {
        // Every triple is a slot; some are valid.
        return (long) n << 32 | writeAtLeast(bitmap, firstBit, def, from, to, validDef);
      }
      if (slots == n || valid == 0 || valid == slots) {
        Bitmaps.fill(bitmap, firstBit, slots, valid > 0);
        return (long) slots << 32 | valid;
      }
    }
    long bit = firstBit;
    long pending = 0;
    int pendingBits = 0;
    int slots = 0;
    int set = 0;
    for (int i = from; i < to; i += 64) {
      int count = Math.min(64, to - i);
      long slotMask = 0;
      long validMask = 0;
      if (rep == null) {
        for (int k = 0; k < count; k++) {
          int d = def[i + k];
          slotMask |= (d >= slotDef ? 1L : 0L) << k;
          validMask |= (d >= validDef ? 1L : 0L) << k;
        }
      } else {
        for (int k = 0; k < count; k++) {
          int d = def[i + k];
          slotMask |= (rep[i + k] <= maxRep & d >= slotDef ? 1L : 0L) << k;
          validMask |= (d >= validDef ? 1L : 0L) << k;
        }
      }
      validMask &= slotMask;
      int taken = Long.bitCount(slotMask);
      long packed = taken == count ? validMask : pack(validMask, slotMask);
      slots += taken;
      set += Long.bitCount(validMask);
      pending |= packed << pendingBits;
      if (pendingBits + taken >= 64) {
        write(bitmap, bit, pending, 64);
        bit += 64;
        int used = 64 - pendingBits;
        pending = used == 64 ? 0 : packed >>> used;
        pendingBits = pendingBits + taken - 64;
      } else {
        pendingBits += taken;
      }
    }
    write(bitmap, bit, pending, pendingBits);
    return (long) slots << 32 | set;
  }

  /**
   * How many of {@code values[from .. to)} are at least {@code low} (the high 32 bits) and at least
   * {@code high} (the low 32), in one pass.
   */
  private static long countAtLeast(int[] values, int from, int to, int low, int high) {
    int lows = 0;
    int highs = 0;
    int belowLow = low - 1;
    int belowHigh = high - 1;
    for (int i = from; i < to; i++) {
      int v = values[i];
      lows += (belowLow - v) >>> 31;
      highs += (belowHigh - v) >>> 31;
    }
    return (long) lows << 32 | highs;
  }

  /** How many of {@code values[from .. to)} are at least {@code min}. */
  private static int countAtLeast(int[] values, int from, int to, int min) {
    int count = 0;
    int below = min - 1;
    for (int i = from; i < to; i++) {
      // Arithmetic, not a compare: levels are small, and a sum of shifts vectorizes.
      count += (below - values[i]) >>> 31;
    }
    return count;
  }

  /**
   * The bits of {@code value} where {@code mask} is set, moved down next to each other: run by run
   * when the mask has few gaps, else in the six fixed steps of a parallel-suffix compress (as in
   * Hacker's Delight, §7-4), whose cost does not depend on the gaps.
   */
  static long pack(long value, long mask) {
    if (Long.bitCount(~mask) <= 3) {
      return packRuns(value, mask);
    }
    long x = value & mask;
    long m = mask;
    // Bit k of mk: whether an odd number of zeros of m lie below k (before the step).
    long mk = ~m << 1;
    for (int i = 0; i < 6; i++) {
      long mp = mk ^ (mk << 1);
      mp ^= mp << 2;
      mp ^= mp << 4;
      mp ^= mp << 8;
      mp ^= mp << 16;
      mp ^= mp << 32;
      // The bits of m that move down 2^i places in this step.
      long mv = mp & m;
      m = m ^ mv | (mv >>> (1 << i));
      long t = x & mv;
      x = x ^ t | (t >>> (1 << i));
      mk &= ~mp;
    }
    return x;
  }

  /** {@link #pack} a run of set bits of the mask at a time. */
  static long packRuns(long value, long mask) {
    long result = 0;
    int filled = 0;
    while (mask != 0) {
      int start = Long.numberOfTrailingZeros(mask);
      int length = Long.numberOfTrailingZeros(~(mask >>> start));
      long run = length == 64 ? value : (value >>> start) & ((1L << length) - 1);
      result |= run << filled;
      filled += length;
      mask = start + length >= 64 ? 0 : mask & (-1L << (start + length));
    }
    return result;
  }

  /**
   * The 64 bits of {@code bitmap} from byte {@code byteIndex}, bits past {@code byteLimit} (the
   * bytes the bitmap holds) read as 0.
   */
  public static long wordAt(ArrowBuf bitmap, long byteIndex, long byteLimit) {
    if (byteIndex + 8 <= byteLimit) {
      return bitmap.getLong(byteIndex);
    }
    long word = 0;
    for (long b = byteIndex; b < byteLimit; b++) {
      word |= (bitmap.getByte(b) & 0xFFL) << ((b - byteIndex) * 8);
    }
    return word;
  }
}
