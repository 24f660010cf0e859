package io.pqarrow.parquet.write;

import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/**
 * The Arrow dictionary of one dictionary-encoded leaf in Parquet form, for {@link
 * DictionaryWriteNode} when the field is written in bulk ({@link BulkColumnWriter}): each entry's
 * Parquet value read from the dictionary's buffers by {@link ArrowRuns} (no call per value), its
 * validity, and the entries folded into the page dictionary by {@link ValueDictionary} (repeats
 * folded, nulls left out, as {@link DictionaryWriteNode} documents).
 *
 * <p>The folding is done once per column chunk, not once per batch: a batch whose dictionary holds
 * the entries of the one before (the same one again, or an IPC delta that appends) folds only the
 * entries it adds; only a replaced dictionary is folded again from its first entry. What is read
 * per batch is a byte copy of the dictionary and a comparison with the one before.
 *
 * <pre>
 * batch 1: ["red", "grün", "red", null]  → page ["red", "grün"], remap [0, 1, 0, 0]
 * batch 2: ["red", "grün", "red", null, "blau"] (a delta) → folds "blau" only: page
 *          ["red", "grün", "blau"], remap [0, 1, 0, 0, 2]
 * </pre>
 *
 * <p>The entries of a leaf whose values are checked on the way (intervals, integers that change
 * unit or narrow: see {@link #checked}) are converted when the dictionary is read; an entry that
 * cannot be written is kept out of the page dictionary and refused, as the per-value engine refuses
 * it, by the first row that refers to it ({@link #readRun}), or at once when the Arrow dictionary
 * is the page dictionary (the per-value engine then encodes every entry).
 */
final class DictionaryEntries {
  private final LeafEncoder leaf;
  private final BulkKind kind;

  /** The reader of the dictionary's buffers (all entries as one run). */
  private final ArrowRuns runs;

  /** The page dictionary being folded from the entries read so far. */
  private final ValueDictionary folded;

  /** The entries of the last dictionary read: their Parquet bytes, as {@link #offsets} says. */
  byte[] bytes = new byte[8];

  /** Entry {@code i}'s bytes are {@code bytes[offsets[i]..offsets[i + 1])}. */
  int[] offsets = new int[1];

  /** Bit {@code i}: entry {@code i} is not null (and can be written, see {@link #bad}). */
  long[] valid = new long[1];

  /**
   * Whether each entry is converted by a check that may refuse it: an interval, or an integer that
   * changes unit or narrows ({@link BulkKind#checksEachValue}).
   */
  private final boolean checked;

  /**
   * Bit {@code i}: entry {@code i} is a value the leaf cannot write (only when {@link #checked}).
   */
  private long[] bad = new long[1];

  /** Whether the last dictionary read has an entry marked in {@link #bad}. */
  private boolean anyBad;

  /** How many entries the last dictionary has. */
  int count;

  private int[] remap = new int[0];

  /** The encoding made from the entries read last (null before the first read). */
  private DictionaryWriteNode.Encoded encoded;

  DictionaryEntries(LeafEncoder leaf, BulkKind kind) {
    this.leaf = leaf;
    this.kind = kind;
    int fixedLength = BulkKind.fixedLength(leaf, kind);
    this.runs = new ArrowRuns(leaf.path, leaf.kind, leaf.kind.stride(), kind.width, fixedLength);
    this.folded = new ValueDictionary(kind, null);
    this.checked =
        leaf.kind.source() == WriteKind.Source.INTERVAL
            || BulkKind.checksEachValue(leaf.kind, kind);
  }

  /**
   * Reads {@code dictionary} (bound to the leaf already, so of its type) and returns its page
   * dictionary: the one of the last read when the entries are the same, that one grown by the
   * entries appended after them, or a new one.
   */
  DictionaryWriteNode.Encoded read(FieldVector dictionary, boolean refuseBad) {
    int n = dictionary.getValueCount();
    runs.ensureRun(Math.max(n, 1));
    int size = n == 0 ? 0 : readValues(dictionary, n);
    int words = (n >> 6) + 1;
    long[] bits = runs.runBits;
    if (n > 0) {
      runs.readValidity(dictionary, 0, n);
    } else {
      bits[0] = 0;
    }
    if (checked) {
      check(n, bits, refuseBad);
    }
    int kept = anyBad ? 0 : sameFirstEntries(n, size, bits);
    if (encoded != null && kept == count && n == count) {
      return encoded; // the same dictionary again: nothing to fold
    }
    if (encoded == null || kept < count) {
      folded.clear();
      kept = 0;
    }
    // Keep the entries read, then fold those past the ones kept.
    bytes = size + 8 > bytes.length ? new byte[size + 8] : bytes;
    System.arraycopy(runs.scratch, 0, bytes, 0, size);
    offsets = offsets.length < n + 1 ? new int[n + 1] : offsets;
    System.arraycopy(runs.offsets, 0, offsets, 0, n + 1);
    valid = valid.length < words ? new long[words] : valid;
    System.arraycopy(bits, 0, valid, 0, words);
    if (kind == BulkKind.BOOLEAN) {
      // No page dictionary of booleans: the entries are only looked up.
      count = n;
      return null;
    }
    remap = Arrays.copyOf(remap, n);
    for (int i = kept; i < n; i++) {
      if (ArrowRuns.isSet(valid, i)) {
        remap[i] = idOf(i);
      }
    }
    int entries = folded.size;
    if (entries == 0) {
      // A dictionary with no value is one zero, so that the page is never empty.
      entries = 1;
      if (kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES) {
        int len = kind == BulkKind.BINARY ? 0 : leaf.column.getPrimitiveType().getTypeLength();
        folded.idOf(new byte[len + 8], 0, len);
      } else {
        folded.idOf(0L);
      }
    }
    count = n;
    ByteSink plain = new ByteSink((int) Math.min(Integer.MAX_VALUE - 8, folded.byteSize + 8));
    folded.writeEntries(entries, plain);
    encoded =
        new DictionaryWriteNode.Encoded(
            Arrays.copyOf(plain.bytes, plain.size), entries, remap.clone());
    return encoded;
  }

  /**
   * Converts the {@code n} entries read (valid as {@code bits} marks them) that change on the way;
   * marks in {@link #bad}, and clears in {@code bits}, those the leaf refuses, or throws the first
   * one's refusal when {@code refuseBad}.
   */
  private void check(int n, long[] bits, boolean refuseBad) {
    int words = (n >> 6) + 1;
    bad = bad.length < words ? new long[words] : bad;
    Arrays.fill(bad, 0, words, 0L);
    anyBad = false;
    if (leaf.kind.source() == WriteKind.Source.INTERVAL) {
      for (int i = runs.toIntervals(n, bits); i >= 0; i = runs.toIntervals(n, bits)) {
        if (refuseBad) {
          throw runs.badInterval(i);
        }
        markBad(i, bits);
      }
      return;
    }
    LeafEncoders.IntegerOut out = (LeafEncoders.IntegerOut) leaf;
    byte[] s = runs.scratch;
    for (int i = 0; i < n; i++) {
      if (ArrowRuns.isSet(bits, i)) {
        try {
          if (kind.width == 8) {
            ByteSink.LONGS.set(s, i * 8, out.scaled(i));
          } else {
            ByteSink.INTS.set(s, i * 4, out.scaledInt(i));
          }
        } catch (InvalidValueException e) {
          if (refuseBad) {
            throw e;
          }
          markBad(i, bits);
        }
      }
    }
  }

  private void markBad(int i, long[] bits) {
    bad[i >> 6] |= 1L << i;
    bits[i >> 6] &= ~(1L << i);
    anyBad = true;
  }

  /** Whether entry {@code key} of the dictionary read last is one the leaf refuses. */
  boolean isRefused(int key) {
    return anyBad && ArrowRuns.isSet(bad, key);
  }

  /**
   * The refusal of entry {@code key} of the dictionary read last, which {@link #bad} marks: the
   * per-value engine's words, from the leaf's own check (bound to the dictionary).
   */
  InvalidValueException refusal(int key) {
    if (leaf.kind.source() == WriteKind.Source.INTERVAL) {
      return runs.badInterval(key);
    }
    LeafEncoders.IntegerOut out = (LeafEncoders.IntegerOut) leaf;
    try {
      if (kind.width == 8) {
        out.scaled(key);
      } else {
        out.scaledInt(key);
      }
    } catch (InvalidValueException e) {
      return e;
    }
    throw new IllegalStateException("entry " + key + " was refused, and is not now");
  }

  /** Reads the {@code n} entries' values into {@link ArrowRuns#scratch}; their bytes. */
  private int readValues(FieldVector dictionary, int n) {
    switch (kind) {
      case BINARY -> {
        if (leaf.kind.source() == WriteKind.Source.DECIMAL) {
          runs.readFixedBytes(dictionary, 0, n);
        } else if (leaf.kind.source() == WriteKind.Source.VIEWS) {
          runs.readViews(dictionary, 0, n, Long.MAX_VALUE);
        } else {
          runs.readOffsets(dictionary, 0, n, Long.MAX_VALUE);
        }
      }
      case BOOLEAN -> {
        // A byte per entry, 0 or 1.
        runs.ensureScratch(n);
        runs.readBits(dictionary.getDataBuffer(), 0, n, runs.valueBits);
        for (int i = 0; i < n; i++) {
          runs.scratch[i] = (byte) (ArrowRuns.isSet(runs.valueBits, i) ? 1 : 0);
          runs.offsets[i] = i;
        }
        runs.offsets[n] = n;
      }
      case FIXED_BYTES -> runs.readFixedBytes(dictionary, 0, n);
      default -> {
        runs.gather(dictionary, 0, n);
        int w = kind.width;
        for (int i = 0; i <= n; i++) {
          runs.offsets[i] = i * w;
        }
      }
    }
    runs.ensureScratch(runs.offsets[n]);
    return runs.offsets[n];
  }

  /**
   * How many of the entries of the last read are the first entries of the one just read (all {@link
   * #count} of them when it holds them unchanged, maybe with more after them; else fewer).
   */
  private int sameFirstEntries(int n, int size, long[] bits) {
    if (encoded == null || n < count || offsets[count] > size) {
      return 0;
    }
    int words = count >> 6;
    for (int w = 0; w < words; w++) {
      if (bits[w] != valid[w]) {
        return 0;
      }
    }
    int tail = count & 63;
    if (tail != 0 && ((bits[words] ^ valid[words]) & ((1L << tail) - 1)) != 0) {
      return 0;
    }
    if (!Arrays.equals(runs.offsets, 0, count + 1, offsets, 0, count + 1)
        || !Arrays.equals(runs.scratch, 0, offsets[count], bytes, 0, offsets[count])) {
      return 0;
    }
    return count;
  }

  private int idOf(int i) {
    int at = offsets[i];
    return switch (kind) {
      case BINARY, FIXED_BYTES -> folded.idOf(bytes, at, offsets[i + 1] - at);
      case INT32, FLOAT -> folded.idOf((int) ByteSink.INTS.get(bytes, at));
      default -> folded.idOf((long) ByteSink.LONGS.get(bytes, at));
    };
  }

  /** The row a bad index or a null in a required column was met at, by {@link #readRun}. */
  int failing;

  /** How many of the rows the last {@link #readRun} read are values. */
  int runValid;

  private final DictionaryIndices indices = new DictionaryIndices();

  /**
   * Reads rows {@code row} to {@code row + n} of {@code node}'s bound batch (indices into the
   * dictionary read last): into {@code into}'s {@link ArrowRuns#runBits} the rows whose index is
   * not null and whose entry is not, into {@code keys} their indices, and into {@code into}'s
   * {@link ArrowRuns#scratch} and {@link ArrowRuns#offsets} their Parquet values, as the leaf's own
   * run would hold them. A byte-string run stops at the row whose bytes reach {@code room} (counted
   * with {@code extra} bytes each); returns how many rows were read, at least one, and sets {@link
   * #runValid}. An index outside the dictionary, or a null in a column that cannot hold one, is
   * refused naming its row ({@link #failing}), in row order.
   */
  int readRun(
      DictionaryWriteNode node,
      int row,
      int n,
      ArrowRuns into,
      int[] keys,
      long room,
      int extra,
      boolean required) {
    readIndices(node, row, n);
    into.readValidity(node.indexVector(), row, n);
    long[] bits = into.runBits;
    int values = 0;
    for (int i = 0; i < n; i++) {
      if (ArrowRuns.isSet(bits, i)) {
        long key = key(i);
        if (key < 0 || key >= count) {
          failing = row + i;
          throw node.outOfRange(key);
        }
        keys[i] = (int) key;
        if (ArrowRuns.isSet(valid, (int) key)) {
          values++;
          continue;
        }
        if (isRefused((int) key)) {
          failing = row + i;
          throw refusal((int) key);
        }
        bits[i >> 6] &= ~(1L << i);
      }
      if (required) {
        failing = row + i;
        throw new InvalidValueException(leaf.path, "null in a non-nullable field");
      }
    }
    runValid = values;
    return gather(n, keys, into, room, extra);
  }

  /**
   * Reads the leaf values of a dictionary-encoded field below lists or structs: of indices {@code
   * from} to {@code from + n} of {@code node}'s bound batch, those {@code mask} marks ({@link
   * NestedLevels} has checked their indices and that their entries are not null), into {@code into}
   * as {@link #readRun} does; {@code valid} is how many the mask marks.
   */
  void readMasked(
      DictionaryWriteNode node,
      int from,
      int n,
      long[] mask,
      int valid,
      ArrowRuns into,
      int[] keys) {
    readIndices(node, from, n);
    long[] bits = into.runBits;
    System.arraycopy(mask, 0, bits, 0, (n >> 6) + 1);
    for (int i = 0; i < n; i++) {
      if (ArrowRuns.isSet(bits, i)) {
        keys[i] = (int) key(i);
      }
    }
    runValid = valid;
    gather(n, keys, into, Long.MAX_VALUE, 0);
  }

  /** Copies indices {@code from} to {@code from + n} of {@code node}'s bound batch. */
  void readIndices(DictionaryWriteNode node, int from, int n) {
    indices.read(node.indexVector(), from, n);
  }

  /** Index {@code i} of those {@link #readIndices} read (an unsigned one as a non-negative). */
  long key(int i) {
    return indices.key(i);
  }

  /** Whether entry {@code key} of the dictionary read last is not null. */
  boolean isValid(int key) {
    return ArrowRuns.isSet(valid, key);
  }

  /** Copies the values of the valid rows' entries into {@code into}; the rows that fit. */
  private int gather(int n, int[] keys, ArrowRuns into, long room, int extra) {
    long[] bits = into.runBits;
    int[] o = into.offsets;
    int[] from = offsets;
    int fit = n;
    o[0] = 0;
    for (int i = 0; i < n; i++) {
      int len = ArrowRuns.isSet(bits, i) ? from[keys[i] + 1] - from[keys[i]] : 0;
      o[i + 1] = o[i] + len;
      if (kind == BulkKind.BINARY && o[i + 1] + (long) extra * (i + 1) >= room) {
        fit = i + 1;
        break;
      }
    }
    if (fit < n) {
      // The rows left out are read again by the next run: count only those kept.
      int left = 0;
      for (int i = fit; i < n; i++) {
        if (ArrowRuns.isSet(bits, i)) {
          left++;
        }
      }
      runValid -= left;
      for (int w = fit >> 6; w < ((n + 63) >> 6); w++) {
        long keep = w == fit >> 6 ? (1L << (fit & 63)) - 1 : 0L;
        bits[w] &= keep;
      }
    }
    into.ensureScratch(o[fit]);
    byte[] s = into.scratch;
    if (kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES) {
      for (int i = 0; i < fit; i++) {
        int len = o[i + 1] - o[i];
        if (len > 0) {
          System.arraycopy(bytes, from[keys[i]], s, o[i], len);
        }
      }
    } else {
      // Fixed width: row i's value at i * width, whatever its validity.
      int w = kind.width;
      into.ensureScratch(fit * w);
      s = into.scratch;
      for (int i = 0; i < fit; i++) {
        if (ArrowRuns.isSet(bits, i)) {
          System.arraycopy(bytes, keys[i] * w, s, i * w, w);
        }
      }
    }
    return fit;
  }
}
