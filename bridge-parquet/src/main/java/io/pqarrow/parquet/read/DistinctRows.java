package io.pqarrow.parquet.read;

import java.util.Arrays;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;

/**
 * The distinct non-null rows of one vector, numbered in order of first appearance: the dictionary a
 * column of any type gets when it is dictionary-encoded after decoding ({@link DictionaryStage}).
 *
 * <p>An open-addressing table of {@code int}s (first rows of the distinct values), probed with
 * {@link ValueVector#hashCode(int)} and confirmed with one reused {@link RangeEqualsVisitor} over
 * the vector against itself: no object per row for flat vectors (Arrow's visitor makes one per
 * comparison of a nested row). Nested rows compare by their children's values, so a list whose
 * element is dictionary-encoded compares by its indices, which is right within one batch's
 * dictionary.
 */
final class DistinctRows {
  private static final int EMPTY = -1;

  private final ValueVector vector;
  private final RangeEqualsVisitor equal;
  private final Range range = new Range(0, 0, 1);
  private int[] slots;
  private int[] hashes = new int[16];
  private int[] firstRows = new int[16];
  private int count;

  DistinctRows(ValueVector vector) {
    this.vector = vector;
    this.equal = new RangeEqualsVisitor(vector, vector);
    this.slots = new int[64];
    Arrays.fill(slots, EMPTY);
  }

  /** The number of distinct rows seen so far. */
  int count() {
    return count;
  }

  /** The first row of distinct value {@code code}. */
  int firstRow(int code) {
    return firstRows[code];
  }

  /** The code of the (non-null) row {@code row}: a new one when its value was not seen before. */
  int code(int row) {
    int hash = mix(vector.hashCode(row));
    int mask = slots.length - 1;
    int slot = hash & mask;
    while (true) {
      int code = slots[slot];
      if (code == EMPTY) {
        break;
      }
      if (hashes[code] == hash
          && equal.rangeEquals(range.setLeftStart(firstRows[code]).setRightStart(row))) {
        return code;
      }
      slot = (slot + 1) & mask;
    }
    if (count == hashes.length) {
      hashes = Arrays.copyOf(hashes, count * 2);
      firstRows = Arrays.copyOf(firstRows, count * 2);
    }
    int code = count++;
    hashes[code] = hash;
    firstRows[code] = row;
    slots[slot] = code;
    if (count * 2 > slots.length) {
      grow();
    }
    return code;
  }

  private void grow() {
    int[] bigger = new int[slots.length * 2];
    Arrays.fill(bigger, EMPTY);
    int mask = bigger.length - 1;
    for (int code = 0; code < count; code++) {
      int slot = hashes[code] & mask;
      while (bigger[slot] != EMPTY) {
        slot = (slot + 1) & mask;
      }
      bigger[slot] = code;
    }
    slots = bigger;
  }

  /** Spreads Arrow's hash (often a plain sum for small values) over the table's low bits. */
  private static int mix(int h) {
    h *= 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
