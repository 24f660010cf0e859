package io.pqarrow.parquet.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * The repetition and definition levels of one leaf below lists, maps and structs, for a run of
 * top-level rows at a time, from the validity bitmaps and offsets of the vectors on the way down
 * (for {@link BulkColumnWriter}): no call per value. The run starts as one entry per row; each
 * nullable node ends the entries whose value is null there (at its {@code nullDef}), each list
 * expands an entry into its elements (the first keeping the entry's repetition level, the rest
 * taking the list's) or ends it at its {@code emptyDef} when empty; the entries that reach the leaf
 * and are valid there are its values, at the column's maximum definition level.
 *
 * <pre>
 * rows  [[1, null], [], null]     (optional list of optional int32; levels 3/1)
 * after the list's validity:  [[1, null]] [[]] ended(def 0)
 * after the list's offsets:   1(rep 0) null(rep 1) ended(def 1) ended(def 0)
 * after the leaf's validity:  def 3, 2, 1, 0; rep 0, 1, 0, 0; values: leaf index 0
 * </pre>
 *
 * <p>The validity and offsets of a run are read for one span of each vector, from the least index
 * an entry refers to to the greatest. Below lists the entries refer to increasing indices (offsets
 * go up); below list views (ListView, LargeListView: an offset and a size per list) they may go
 * down or repeat, as the views point anywhere in the elements. The leaf's values are written in
 * {@link #segments}, runs of entries whose indices go up: each is one span {@link #leafFrom} to
 * {@link #leafTo} with a mask ({@link #mask}) of the indices that are values (a null list may cover
 * elements, which are then left out); below lists there is one.
 */
final class NestedLevels {
  /** The nodes from the top-level field down to the leaf (structs and lists, then the leaf). */
  private final WriteNode[] chain;

  private final LeafEncoder leaf;

  /**
   * The dictionary-encoded field right above the leaf, or null: its vector holds indices, the
   * leaf's vector is the dictionary, whose entries are read by {@link #entries}. The entries going
   * on then refer to indices; one whose dictionary entry is null ends at the leaf's {@code
   * nullDef}.
   */
  private final DictionaryWriteNode dictionary;

  private final DictionaryEntries entries;

  /** The indices of a dictionary-encoded field above a list or struct, a span at a time. */
  private final DictionaryIndices keys = new DictionaryIndices();

  /** The level entries of the run: their definition and repetition levels. */
  int count;

  int[] defs = new int[1024];
  int[] reps = new int[1024];

  /** The leaf's values of the run: indices {@code leafFrom} to {@code leafTo}, as {@link #mask}. */
  int leafFrom;

  int leafTo;

  /** How many leaf values the run has. */
  int valid;

  /** How many leaf values the current {@link #segment} has (the bits set in {@link #mask}). */
  int segmentValid;

  /** The entry each segment starts at, then {@link #count}. */
  private int[] segmentStarts = new int[2];

  private int segmentCount;

  /** Bit {@code i}: leaf index {@code leafFrom + i} is a value of the run. */
  long[] mask = new long[64];

  /** The top-level row a bad vector was met at. */
  int failing;

  /** The top-level rows of the next run, from the bytes and entries of the last ({@link #plan}). */
  int nextRows = 64;

  /** The page's level entries so far, their definition and repetition levels. */
  int pageLevels;

  private int[] pageDefs = new int[0];
  private int[] pageReps = new int[0];

  /** Per entry: its index in the current node's vector (-1 once ended) and its top-level row. */
  private int[] index = new int[1024];

  private int[] rowOf = new int[1024];
  private int[] nextIndex = new int[1024];
  private int[] nextRow = new int[1024];
  private int[] nextDef = new int[1024];
  private int[] nextRep = new int[1024];
  private long[] bits = new long[64];
  private byte[] bytes = new byte[1024];

  NestedLevels(List<WriteNode> chain) {
    this(chain, null);
  }

  /**
   * The levels of the leaf at the end of {@code chain}; {@code entries} reads the dictionaries when
   * a dictionary-encoded field is right above it ({@link #dictionaryAbove}), else null.
   */
  NestedLevels(List<WriteNode> chain, DictionaryEntries entries) {
    this.chain = chain.toArray(new WriteNode[0]);
    this.leaf = (LeafEncoder) this.chain[this.chain.length - 1];
    this.dictionary = dictionaryAbove(chain);
    this.entries = entries;
  }

  /** The dictionary-encoded field right above the leaf of {@code chain}, or null. */
  static DictionaryWriteNode dictionaryAbove(List<WriteNode> chain) {
    return chain.size() > 1 && chain.get(chain.size() - 2) instanceof DictionaryWriteNode d
        ? d
        : null;
  }

  /**
   * The node chains of the leaves below {@code root}, in leaf order, or null when some node is not
   * one the levels are read for here. A struct's Parquet field with no Arrow child (ordinal -1) is
   * a leaf whose every value is null; a dictionary-encoded field is in the chain right above the
   * node of its values (a leaf, list or struct).
   */
  static List<List<WriteNode>> chains(WriteNode root) {
    List<List<WriteNode>> out = new ArrayList<>();
    return collect(root, new ArrayList<>(), out) ? out : null;
  }

  private static boolean collect(WriteNode node, List<WriteNode> path, List<List<WriteNode>> out) {
    path.add(node);
    boolean ok;
    if (node instanceof LeafEncoder) {
      out.add(List.copyOf(path));
      ok = true;
    } else if (node instanceof ListWriteNode list) {
      ok = collect(list.element, path, out);
    } else if (node instanceof DictionaryWriteNode dictionary) {
      ok = collect(dictionary.valuesNode(), path, out);
    } else if (node instanceof StructWriteNode struct) {
      ok = true;
      for (int i = 0; ok && i < struct.children.size(); i++) {
        ok = collect(struct.children.get(i), path, out);
      }
    } else {
      ok = false;
    }
    path.remove(path.size() - 1);
    return ok;
  }

  /**
   * Computes the levels and values of top-level rows {@code row} to {@code row + n}; the values'
   * spans are then set a segment at a time by {@link #segment}.
   */
  void compute(int row, int n) {
    index = grow(index, n);
    rowOf = grow(rowOf, n);
    defs = grow(defs, n);
    reps = grow(reps, n);
    for (int i = 0; i < n; i++) {
      index[i] = row + i;
      rowOf[i] = row + i;
      reps[i] = 0;
    }
    count = n;
    ascending = true;
    for (WriteNode node : chain) {
      if (node instanceof DictionaryWriteNode d) {
        // Right above the leaf: its entries' nulls too, and the leaf, which follows, is done.
        lookUp(d);
        if (d == dictionary) {
          break;
        }
        continue;
      }
      endNulls(node, vectorOf(node));
      if (node instanceof ListWriteNode list) {
        expand(list);
      }
    }
    // Every entry still going is a value of the leaf; a new segment starts where indices stop
    // going up.
    int[] idx = index;
    int values = 0;
    int maxDef = leaf.maxDef;
    segmentCount = 0;
    int previous = Integer.MAX_VALUE;
    for (int i = 0; i < count; i++) {
      if (idx[i] >= 0) {
        if (idx[i] <= previous) {
          if (segmentStarts.length < segmentCount + 2) {
            segmentStarts = Arrays.copyOf(segmentStarts, 2 * segmentStarts.length + 2);
          }
          segmentStarts[segmentCount++] = i;
        }
        previous = idx[i];
        defs[i] = maxDef;
        values++;
      }
    }
    if (segmentCount == 0) {
      segmentStarts[segmentCount++] = 0;
    }
    segmentStarts[segmentCount] = count;
    valid = values;
  }

  /** How many segments the run's leaf values are in (see {@link #segment}). */
  int segments() {
    return segmentCount;
  }

  /**
   * Sets {@link #leafFrom}, {@link #leafTo}, {@link #mask} and {@link #segmentValid} to segment
   * {@code s} of the run: its entries' leaf indices, which go up.
   */
  void segment(int s) {
    int[] idx = index;
    int from = segmentStarts[s];
    int to = segmentStarts[s + 1];
    int first = -1;
    int last = -1;
    int values = 0;
    for (int i = from; i < to; i++) {
      if (idx[i] >= 0) {
        if (first < 0) {
          first = idx[i];
        }
        last = idx[i];
        values++;
      }
    }
    segmentValid = values;
    leafFrom = first < 0 ? 0 : first;
    leafTo = first < 0 ? 0 : last + 1;
    int words = ((leafTo - leafFrom) >> 6) + 1;
    if (mask.length < words) {
      mask = new long[Math.max(words, mask.length * 2)];
    }
    Arrays.fill(mask, 0, words, 0L);
    for (int i = from; i < to; i++) {
      if (idx[i] >= 0) {
        int at = idx[i] - leafFrom;
        mask[at >> 6] |= 1L << at;
      }
    }
  }

  /** Appends the run's levels to the page's; returns the run's entries. */
  int appendToPage() {
    int n = count;
    if (pageDefs.length < pageLevels + n) {
      int size = Math.max(pageLevels + n, pageDefs.length * 2);
      pageDefs = Arrays.copyOf(pageDefs, size);
      pageReps = Arrays.copyOf(pageReps, size);
    }
    System.arraycopy(defs, 0, pageDefs, pageLevels, n);
    System.arraycopy(reps, 0, pageReps, pageLevels, n);
    pageLevels += n;
    return n;
  }

  /**
   * Sizes the next run from the last ({@code rows} rows, {@code entries} entries, {@code bytes}
   * bytes of values): about {@link ArrowRuns#RUN} entries, and the rows that fit the page's {@code
   * room} at the last run's bytes per row.
   */
  void plan(int rows, int entries, long bytes, long room) {
    long perRow = Math.max(1, bytes / rows);
    long perRun = Math.max(1, (long) rows * ArrowRuns.RUN / Math.max(1, entries));
    nextRows = (int) Math.max(1, Math.min(Math.min(perRun, ArrowRuns.RUN), room / perRow));
  }

  /**
   * Encodes the page's repetition levels into {@code rep} and definition levels into {@code def}
   * (RLE, each after its length on a v1 page; nothing for a level whose maximum is 0).
   */
  void encodePage(boolean v2, ByteSink rep, ByteSink def) {
    rep.reset();
    encode(pageReps, leaf.column.getMaxRepetitionLevel(), v2, rep);
    encode(pageDefs, leaf.column.getMaxDefinitionLevel(), v2, def);
  }

  private void encode(int[] values, int max, boolean v2, ByteSink sink) {
    if (max == 0) {
      return;
    }
    int start = sink.size;
    if (!v2) {
      sink.putInt(0); // the length, filled in below
    }
    HybridRle.encodeInts(values, pageLevels, HybridRle.bitWidth(max), sink);
    if (!v2) {
      ByteSink.INTS.set(sink.bytes, start, sink.size - start - 4);
    }
  }

  void resetPage() {
    pageLevels = 0;
  }

  /**
   * The page's histogram of repetition levels (or definition levels), for its size statistics: how
   * many entries have each level, as parquet-java's column writer counts them; empty when the
   * level's maximum is 0 (repetition) or at most 1 (definition), which it leaves out.
   */
  List<Long> histogram(boolean repetition) {
    int max =
        repetition ? leaf.column.getMaxRepetitionLevel() : leaf.column.getMaxDefinitionLevel();
    List<Long> out = new ArrayList<>();
    if (max <= (repetition ? 0 : 1)) {
      return out;
    }
    long[] counts = new long[max + 1];
    int[] levels = repetition ? pageReps : pageDefs;
    for (int i = 0; i < pageLevels; i++) {
      counts[levels[i]]++;
    }
    for (long c : counts) {
      out.add(c);
    }
    return out;
  }

  /** The vector of {@code node}, or null when its every value is null (no vector, or Null). */
  private FieldVector vectorOf(WriteNode node) {
    if (node instanceof LeafEncoder l) {
      return l.kind.source() == WriteKind.Source.NULL ? null : l.storage();
    } else if (node instanceof ListWriteNode l) {
      return l.vector();
    } else if (node instanceof DictionaryWriteNode d) {
      return d.indexVector();
    }
    return ((StructWriteNode) node).vector();
  }

  /** Ends the entries going on whose value in {@code v} (the vector of {@code node}) is null. */
  private void endNulls(WriteNode node, FieldVector v) {
    int[] idx = index;
    if (!readSpan(node, v)) {
      return;
    }
    int first = spanFirst;
    long[] b = bits;
    int nullDef = node.nullDef;
    for (int i = 0; i < count; i++) {
      int at = idx[i];
      if (at >= 0 && (v == null || (b[(at - first) >> 6] & (1L << (at - first))) == 0)) {
        if (nullDef < 0) {
          failing = rowOf[i];
          throw new InvalidValueException(node.path, "null in a non-nullable field");
        }
        defs[i] = nullDef;
        idx[i] = -1;
      }
    }
  }

  /**
   * Reads the validity of {@code v} (the vector of {@code node}, or null when its every value is
   * null) over the span of the entries going on into {@link #bits}; false when none is going on. An
   * entry past the vector's values is refused, naming its row.
   */
  private boolean readSpan(WriteNode node, FieldVector v) {
    if (!span()) {
      return false;
    }
    int first = spanFirst;
    int last = spanLast;
    if (v != null && last >= v.getValueCount()) {
      failing = rowOfIndex(last);
      throw new InvalidValueException(
          node.path,
          "the vector holds " + v.getValueCount() + " values and this row needs value " + last);
    }
    if (v != null) {
      readBits(v.getValidityBuffer(), first, last - first + 1);
    }
    return true;
  }

  /**
   * Ends the entries going on (indices into the dictionary-encoded field {@code d}'s vector) whose
   * index is null, at the field's null level; an index outside the dictionary, or a null where the
   * field cannot hold one, is refused naming its row, the first in entry (so row) order, as the
   * per-value engine meets them. Above a list or struct, each entry going on then refers to its
   * dictionary entry (the list's or struct's index: they may go down or repeat, as below a list
   * view). Right above the leaf ({@link #dictionary}), the entries stay indices into {@code d}'s
   * vector, and one whose dictionary entry is null ends at the leaf's null level; an entry the leaf
   * refuses (an interval or integer it cannot write, {@link DictionaryEntries#isRefused}) is
   * refused by the row, in that same order, as the per-value engine refuses it when it writes it.
   */
  private void lookUp(DictionaryWriteNode d) {
    int[] idx = index;
    if (!readSpan(d, d.indexVector())) {
      return;
    }
    int first = spanFirst;
    int n = spanLast - first + 1;
    boolean atLeaf = d == dictionary;
    long size;
    if (atLeaf) {
      entries.readIndices(d, first, n);
      size = entries.count;
    } else {
      keys.read(d.indexVector(), first, n);
      size = d.dictionarySize();
    }
    long[] b = bits;
    int nullDef = leaf.nullDef;
    for (int i = 0; i < count; i++) {
      int at = idx[i];
      if (at < 0) {
        continue;
      }
      if ((b[(at - first) >> 6] & (1L << (at - first))) == 0) {
        if (d.nullDef < 0) {
          failing = rowOf[i];
          throw new InvalidValueException(d.path, "null in a non-nullable field");
        }
        defs[i] = d.nullDef;
        idx[i] = -1;
        continue;
      }
      long key = atLeaf ? entries.key(at - first) : keys.key(at - first);
      if (key < 0 || key >= size) {
        failing = rowOf[i];
        throw d.outOfRange(key);
      }
      if (!atLeaf) {
        ascending = false; // the entries' dictionary entries: in any order
        idx[i] = (int) key;
      } else if (!entries.isValid((int) key)) {
        if (entries.isRefused((int) key)) {
          failing = rowOf[i];
          throw entries.refusal((int) key);
        }
        if (nullDef < 0) {
          failing = rowOf[i];
          throw new InvalidValueException(leaf.path, "null in a non-nullable field");
        }
        defs[i] = nullDef;
        idx[i] = -1;
      }
    }
  }

  /** The least and greatest index the entries going on refer to ({@link #span}). */
  private int spanFirst;

  private int spanLast;

  /**
   * Whether the indices of the entries going on go up (strictly): true from the top-level rows down
   * through structs and lists, false once a list view or a dictionary-encoded field over a list or
   * struct has been passed (see {@link #compute}). The span's ends are then the first and last
   * entries going on, found without a pass over the run.
   */
  private boolean ascending;

  /** Sets {@link #spanFirst} and {@link #spanLast}; false when no entry is going on. */
  private boolean span() {
    int[] idx = index;
    if (ascending) {
      int i = 0;
      while (i < count && idx[i] < 0) {
        i++;
      }
      if (i == count) {
        spanFirst = -1;
        spanLast = -1;
        return false;
      }
      int j = count - 1;
      while (idx[j] < 0) {
        j--;
      }
      spanFirst = idx[i];
      spanLast = idx[j];
      return true;
    }
    int first = Integer.MAX_VALUE;
    int last = -1;
    for (int i = 0; i < count; i++) {
      int at = idx[i];
      if (at >= 0) {
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
    }
    spanFirst = last < 0 ? -1 : first;
    spanLast = last;
    return last >= 0;
  }

  /** The top-level row of the run's leaf value at {@code leafIndex}. */
  int rowOfLeaf(int leafIndex) {
    return rowOfIndex(leafIndex);
  }

  private int rowOfIndex(int at) {
    for (int i = 0; i < count; i++) {
      if (index[i] == at) {
        return rowOf[i];
      }
    }
    return rowOf[0];
  }

  /** Replaces each entry going on by the elements of its list (or ends it when empty). */
  private void expand(ListWriteNode list) {
    FieldVector v = list.vector();
    int[] idx = index;
    boolean going = span();
    int first = spanFirst;
    int last = spanLast;
    int fixed = v instanceof FixedSizeListVector f ? f.getListSize() : -1;
    boolean views = v instanceof ListViewVector || v instanceof LargeListViewVector;
    int width = v instanceof LargeListVector || v instanceof LargeListViewVector ? 8 : 4;
    if (going && fixed < 0) {
      // Offsets: those of first to last + 1; views: offsets, then sizes, of first to last.
      int span = views ? last - first + 1 : last - first + 2;
      int room = (views ? 2 * span : span) * width;
      if (bytes.length < room) {
        bytes = new byte[Math.max(room, bytes.length * 2)];
      }
      v.getOffsetBuffer().getBytes((long) first * width, bytes, 0, span * width);
      if (views) {
        ArrowBuf sizes =
            v instanceof ListViewVector l
                ? l.getSizeBuffer()
                : ((LargeListViewVector) v).getSizeBuffer();
        sizes.getBytes((long) first * width, bytes, span * width, span * width);
        sizesAt = span;
      }
    }
    long children = list.data().getValueCount();
    // First pass: the entries after the expansion.
    long total = 0;
    for (int i = 0; i < count; i++) {
      if (idx[i] < 0) {
        total++;
      } else {
        long start = start(idx[i] - first, width, fixed, idx[i]);
        long end = end(idx[i] - first, width, fixed, idx[i], views);
        total += Math.max(1, end - start);
      }
    }
    if (total > Integer.MAX_VALUE - 8) {
      failing = rowOf[0];
      throw new InvalidValueException(list.path, "more than 2^31 list elements in one run");
    }
    int m = (int) total;
    nextIndex = grow(nextIndex, m);
    nextRow = grow(nextRow, m);
    nextDef = grow(nextDef, m);
    nextRep = grow(nextRep, m);
    int[] ni = nextIndex;
    int[] nr = nextRow;
    int[] nd = nextDef;
    int[] np = nextRep;
    int emptyDef = list.emptyDef;
    int elementRep = list.elementRep;
    // Offsets go up: a list starts where the one before it ended, or later (views: anywhere).
    long lastEnd = 0;
    int lastAt = -1;
    int k = 0;
    for (int i = 0; i < count; i++) {
      int at = idx[i];
      if (at < 0) {
        ni[k] = -1;
        nr[k] = rowOf[i];
        nd[k] = defs[i];
        np[k++] = reps[i];
        continue;
      }
      long start = start(at - first, width, fixed, at);
      long end = end(at - first, width, fixed, at, views);
      // Entries below a list view may refer to lists out of order: offsets go up from the last
      // entry's only when this one comes after it.
      long floor = views || at <= lastAt ? 0 : lastEnd;
      lastAt = at;
      if (start < floor || end < start || end > children) {
        failing = rowOf[i];
        throw new InvalidValueException(
            list.path,
            "the list's "
                + (views ? "view" : "offsets")
                + " "
                + start
                + " to "
                + end
                + " are not within "
                + floor
                + " to "
                + children);
      }
      lastEnd = end;
      if (start == end) {
        ni[k] = -1;
        nr[k] = rowOf[i];
        nd[k] = emptyDef;
        np[k++] = reps[i];
        continue;
      }
      int rep = reps[i];
      int row = rowOf[i];
      for (int e = (int) start; e < end; e++) {
        ni[k] = e;
        nr[k] = row;
        np[k++] = rep;
        rep = elementRep;
      }
    }
    count = m;
    // Offsets checked to go up keep the elements in order; views may point anywhere.
    ascending &= !views;
    int[] t = index;
    index = ni;
    nextIndex = t;
    t = rowOf;
    rowOf = nr;
    nextRow = t;
    t = defs;
    defs = nd;
    nextDef = t;
    t = reps;
    reps = np;
    nextRep = t;
  }

  /** Where the sizes of a list view's span start in {@link #bytes}, in values. */
  private int sizesAt;

  /**
   * The end of the list at {@code i} of the span read ({@code at} in the vector): the next offset,
   * or a view's offset plus its size.
   */
  private long end(int i, int width, int fixed, int at, boolean views) {
    if (!views) {
      return start(i + 1, width, fixed, at + 1);
    }
    long size =
        width == 8
            ? (long) ByteSink.LONGS.get(bytes, (sizesAt + i) * 8)
            : (int) ByteSink.INTS.get(bytes, (sizesAt + i) * 4);
    return size < 0 ? -1 : start(i, width, fixed, at) + size;
  }

  /** The element offset at {@code i} of the offsets read (or of a fixed-size list's {@code at}). */
  private long start(int i, int width, int fixed, int at) {
    if (fixed >= 0) {
      return (long) at * fixed;
    }
    return width == 8
        ? (long) ByteSink.LONGS.get(bytes, i * 8)
        : (int) ByteSink.INTS.get(bytes, i * 4);
  }

  /** Bits {@code from} to {@code from + n} of {@code buf} into {@link #bits}. */
  private void readBits(ArrowBuf buf, int from, int n) {
    int words = (n >> 6) + 2;
    if (bits.length < words) {
      bits = new long[Math.max(words, bits.length * 2)];
    }
    int shift = from & 7;
    int byteCount = (shift + n + 7) >> 3;
    int room = words * 8 + 16;
    if (bytes.length < room) {
      bytes = new byte[Math.max(room, bytes.length * 2)];
    }
    byte[] b = bytes;
    buf.getBytes(from >> 3, b, 0, byteCount);
    Arrays.fill(b, byteCount, room, (byte) 0);
    for (int w = 0; w < (n + 63) >> 6; w++) {
      long word = (long) ByteSink.LONGS.get(b, w * 8) >>> shift;
      if (shift != 0) {
        word |= (b[w * 8 + 8] & 0xFFL) << (64 - shift);
      }
      bits[w] = word;
    }
  }

  private static int[] grow(int[] a, int n) {
    return a.length >= n ? a : new int[Math.max(n, a.length * 2)];
  }
}
