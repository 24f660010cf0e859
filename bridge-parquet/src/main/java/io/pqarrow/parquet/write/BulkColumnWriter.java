package io.pqarrow.parquet.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Writes one leaf column (top-level, or below lists, maps and structs) straight from the Arrow
 * buffers, runs of rows at a time, in place of parquet-java's per-value {@code ColumnWriter}:
 * definition levels from the validity bitmap (and, below lists and structs, repetition and
 * definition levels from {@link NestedLevels}), PLAIN values as byte copies of the non-null spans,
 * dictionary indices from {@link BulkDictionary}, min/max/null counts and bloom filter hashes in
 * loops over the run. Pages go to parquet-java's {@link PageWriter}, which compresses them, builds
 * the column and offset indexes and checksums; the dictionary page and bloom filter when the row
 * group ends. Which leaves it takes is {@link BulkKind}'s rule over the leaf's {@link WriteKind};
 * {@link ArrowRuns} reads each run from the buffers, {@link RunStatistics} keeps the page's
 * statistics and {@link ColumnBloom} the chunk's bloom filter; this class encodes the values and
 * assembles the pages.
 *
 * <p>It keeps parquet-java's rules, so the file is the one its column writer would make, up to
 * where pages are cut: a page ends when its values, counted as PLAIN bytes, come within 10% of the
 * page size, or at the page row limit (parquet-java checks at record ends it estimates, so its cuts
 * fall elsewhere). Dictionary encoding falls back to PLAIN, for the rest of the column chunk, as
 * soon as the dictionary outgrows its page size limit (the page being written then is PLAIN too),
 * or when the first page's indices and dictionary are not smaller than its PLAIN values; pages
 * written before a fallback stay dictionary-encoded, with the dictionary entries they use.
 *
 * <p>A dictionary-encoded Arrow field over such a leaf, at the top or below lists and structs, is
 * written here too: its runs are its rows' (or its levels' values') dictionary entries, read from
 * the dictionary once per chunk ({@link DictionaryEntries}); when the column is dictionary-encoded
 * its pages are the entries' ids over the Arrow dictionary ({@link IndexPages}).
 *
 * <p>Why one file of about 800 lines: the three run sources (flat, nested, dictionary indices) and
 * the value encoders all fill one page's state (rows, nulls, levels, PLAIN bytes, statistics, bloom
 * hashes), which the page assembly then reads; split, that state would be passed between classes on
 * every run. The parts with a state of their own are split out already ({@link ArrowRuns}, {@link
 * NestedLevels}, {@link RunStatistics}, {@link BulkDictionary}, {@link ColumnBloom}, {@link
 * DictionaryEntries}, {@link IndexPages}).
 */
final class BulkColumnWriter {
  /** parquet-java's {@code ColumnWriteStoreBase} tolerance: a page within 10% of full is cut. */
  private static final double TOLERANCE = 0.1;

  final LeafEncoder leaf;
  private final ColumnDescriptor column;
  private final PrimitiveType type;
  private final BulkKind kind;

  /**
   * Whether pages are BYTE_STREAM_SPLIT: the PLAIN values, their first bytes, then their second
   * bytes, and so on (sized as PLAIN for page cuts, as parquet-java sizes them).
   */
  private final boolean byteStreamSplit;

  /**
   * A DELTA encoding, or null: the values then go, from the run's gathered bytes, to parquet-java's
   * values writer of that encoding ({@link #delta}, one per row group) instead of PLAIN bytes.
   */
  private final WriteOptions.Encoding deltaEncoding;

  private org.apache.parquet.column.values.ValuesWriter delta;

  private final boolean required;

  /** The levels of a leaf below lists or structs, or null for a top-level flat leaf. */
  private final NestedLevels nested;

  /**
   * The leaf, when its values change unit or narrow on the way ({@link BulkKind#checksEachValue}):
   * each valid value is then its {@code scaled} value, refused as the per-value path refuses it
   * (overflow, not a whole unit, too wide for INT32), naming its row.
   */
  private final LeafEncoders.IntegerOut rescaled;

  /**
   * INT32 and INT64 min and max are kept as {@code (value & keyMask) ^ keyFlip}, whose signed order
   * is the column's order: the value itself, or for an unsigned column the INT32 value's 32 bits as
   * a non-negative long, the INT64 value with its top bit flipped.
   */
  private final long keyMask;

  private final long keyFlip;

  /** BINARY: whether the Arrow values are views (Utf8View, BinaryView), not offsets. */
  private final boolean views;

  /**
   * The length of every value (FIXED_BYTES: the type length; a decimal as BINARY: its Arrow width),
   * read by {@link ArrowRuns#readFixedBytes}; 0 when values vary in length.
   */
  private final int fixedLength;

  /**
   * FIXED_BYTES: whether the values are FLOAT16 (ordered by value, NaN counted and left out of min
   * and max, as parquet-java's statistics of them do).
   */
  private final boolean float16;

  /** FIXED_BYTES: the first 8 bytes' key has its top bit flipped (a signed, decimal order). */
  private final long prefixFlip;

  /**
   * What a byte string counts toward the page size beyond its bytes, as parquet-java counts it: 4
   * for a BYTE_ARRAY's length, and 4 for a FIXED_LEN_BYTE_ARRAY when dictionary encoding is on (its
   * fallback writer counts every byte string so, whatever its type), else 0.
   */
  private final int rawExtra;

  // Per file: the options.
  private int pageThreshold;
  private int pageRowLimit;
  private boolean v2;
  private boolean statistics;
  private boolean sizeStatistics;

  /** The first row of the run being written, or the row a failure names. */
  int failing;

  // Per row group.
  private PageWriter pages;
  private final ColumnBloom bloom;

  /** Whether the row group's column has a bloom filter ({@link #bloom} takes the hashes). */
  private boolean bloomOn;

  private boolean firstPage;

  /** The chunk's dictionary encoding, or null when the column is not dictionary-encoded. */
  private final BulkDictionary dict;

  /**
   * A dictionary-encoded Arrow field, or null: the bound vector holds indices into {@link
   * #entries}, the dictionary's values in Parquet form; when it {@link
   * DictionaryWriteNode#passesThrough()}, the pages are its ids ({@link #indexPages}).
   */
  private final DictionaryWriteNode indexed;

  private final DictionaryEntries entries;
  private final IndexPages indexPages;
  private int[] keys;

  // Per page.
  private int pageRows;
  private int pageNulls;
  private long pageRaw;
  private long[] pageBits = new long[64];

  private final ByteSink plain;
  private long[] boolBits = new long[64];
  private int boolCount;

  /** The page's min, max, NaN and byte counts. */
  private final RunStatistics stats;

  /** The run being written, read from the Arrow buffers. */
  private final ArrowRuns runs;

  private final ByteSink levels;
  private final ByteSink out;
  private final ByteSink repSink;

  private BulkColumnWriter(
      LeafEncoder leaf,
      BulkKind kind,
      boolean dictionary,
      boolean byteStreamSplit,
      WriteOptions.Encoding deltaEncoding,
      int stride,
      java.util.List<WriteNode> chain,
      DictionaryWriteNode indexed,
      boolean earlyDecision) {
    WriteKind.Source source = leaf.kind.source();
    this.indexed = indexed;
    this.entries = indexed == null ? null : new DictionaryEntries(leaf, kind);
    this.indexPages = indexed != null && indexed.passesThrough() ? new IndexPages() : null;
    this.keys = indexed == null ? null : new int[ArrowRuns.RUN];
    this.leaf = leaf;
    this.nested = chain == null ? null : new NestedLevels(chain, entries);
    this.rescaled =
        BulkKind.checksEachValue(leaf.kind, kind) ? (LeafEncoders.IntegerOut) leaf : null;
    this.byteStreamSplit = byteStreamSplit;
    this.deltaEncoding = deltaEncoding;
    this.column = leaf.column;
    this.type = column.getPrimitiveType();
    this.kind = kind;
    this.required = column.getMaxDefinitionLevel() == 0;
    PrimitiveComparator<?> order = type.comparator();
    this.keyMask = order == BulkKind.UNSIGNED_INT32 ? 0xFFFF_FFFFL : -1L;
    this.keyFlip = order == BulkKind.UNSIGNED_INT64 ? Long.MIN_VALUE : 0L;
    this.views = source == WriteKind.Source.VIEWS;
    this.fixedLength = BulkKind.fixedLength(leaf, kind);
    this.prefixFlip = source == WriteKind.Source.DECIMAL ? Long.MIN_VALUE : 0L;
    this.float16 = source == WriteKind.Source.HALF_FLOAT;
    this.rawExtra = kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES && dictionary ? 4 : 0;
    this.bloom = new ColumnBloom(column);
    this.dict =
        dictionary ? new BulkDictionary(kind, bloom, rawExtra, leaf.path, earlyDecision) : null;
    this.plain = ByteSink.pooled(ScratchArrays.key("plain", leaf.path), 1 << 16);
    // Used only while a page is assembled (writePage), and given back after it.
    this.levels = ByteSink.borrowed(ScratchArrays.key("levels", leaf.path));
    this.out = ByteSink.borrowed(ScratchArrays.key("out", leaf.path));
    this.repSink = ByteSink.borrowed(ScratchArrays.key("repetition", leaf.path));
    this.stats = new RunStatistics(kind, keyMask, keyFlip, prefixFlip, float16);
    this.runs = new ArrowRuns(leaf.path, leaf.kind, stride, kind.width, fixedLength);
    // The run's scratch is taken while a write runs (the next writer created takes this one).
    runs.release();
  }

  /**
   * The bulk writer of {@code leaf}, or {@code null} when it is not one (see {@link BulkKind#of}).
   */
  static BulkColumnWriter create(LeafEncoder leaf, WriteOptions.Encoding encoding) {
    return create(leaf, encoding, null, true);
  }

  /**
   * The bulk writer of the leaf at the end of {@code chain} (the nodes from its top-level field
   * down, see {@link NestedLevels#chains}), or {@code null} when it is not one; a {@code null}
   * chain is a top-level flat leaf. A dictionary-encoded column's first page decides early whether
   * it falls back ({@link BulkDictionary}) when {@code earlyDecision} (tests turn it off).
   */
  static BulkColumnWriter create(
      LeafEncoder leaf,
      WriteOptions.Encoding encoding,
      java.util.List<WriteNode> chain,
      boolean earlyDecision) {
    boolean deep = chain != null && chain.size() > 1;
    DictionaryWriteNode indexed = deep ? NestedLevels.dictionaryAbove(chain) : null;
    if (indexed != null) {
      return create(indexed, encoding, chain);
    }
    BulkKind kind = BulkKind.of(leaf, encoding, deep);
    if (kind == null) {
      return null;
    }
    return new BulkColumnWriter(
        leaf,
        kind,
        encoding == WriteOptions.Encoding.DICTIONARY
            && kind != BulkKind.BOOLEAN
            && kind != BulkKind.NULLS,
        encoding == WriteOptions.Encoding.BYTE_STREAM_SPLIT,
        encoding.name().startsWith("DELTA_") ? encoding : null,
        leaf.kind.stride(),
        deep ? chain : null,
        null,
        earlyDecision);
  }

  /**
   * The bulk writer of a top-level dictionary-encoded field over a leaf, or {@code null} when it is
   * not one (see {@link BulkKind#of}); intervals and integers that change unit or narrow are
   * converted, and checked, once per dictionary ({@link DictionaryEntries}). A view or offset that
   * points outside its buffers is refused when the dictionary is read, whether a row refers to its
   * entry or not (as the per-value engine refuses it when the column is dictionary-encoded). The
   * node then reads its dictionaries in bulk ({@link DictionaryWriteNode#readInBulk}).
   */
  static BulkColumnWriter create(DictionaryWriteNode node, WriteOptions.Encoding encoding) {
    return create(node, encoding, null);
  }

  /**
   * {@link #create(DictionaryWriteNode, WriteOptions.Encoding)} for a dictionary-encoded field at
   * the end of {@code chain} but for its leaf (below lists and structs; its levels from {@link
   * NestedLevels}), or at the top when {@code chain} is null.
   */
  private static BulkColumnWriter create(
      DictionaryWriteNode node, WriteOptions.Encoding encoding, java.util.List<WriteNode> chain) {
    LeafEncoder leaf = node.leafBelow();
    if (leaf == null || leaf.kind == null) {
      return null;
    }
    BulkKind kind = BulkKind.of(leaf, encoding, chain != null);
    if (kind == null || kind == BulkKind.NULLS) {
      return null;
    }
    BulkColumnWriter writer =
        new BulkColumnWriter(
            leaf,
            kind,
            false,
            encoding == WriteOptions.Encoding.BYTE_STREAM_SPLIT,
            encoding.name().startsWith("DELTA_") ? encoding : null,
            leaf.kind.stride(),
            chain,
            node,
            false);
    node.readInBulk(writer.entries);
    return writer;
  }

  /** Starts a row group: pages go to {@code pageStore}'s writer of the column. */
  void startRowGroup(
      ParquetProperties props,
      org.apache.parquet.column.page.PageWriteStore pageStore,
      BloomFilterWriteStore blooms) {
    pageThreshold = props.getPageSizeThreshold();
    pageRowLimit = props.getPageRowCountLimit();
    v2 = props.getWriterVersion() == ParquetProperties.WriterVersion.PARQUET_2_0;
    statistics = props.getStatisticsEnabled(column);
    sizeStatistics = props.getSizeStatisticsEnabled(column);
    pages = pageStore.getPageWriter(column);
    bloomOn = bloom.startRowGroup(props, blooms);
    if (deltaEncoding != null) {
      closeDelta();
      delta =
          ValuesWriters.delta(
              deltaEncoding,
              column,
              props.getInitialSlabSize(),
              pageThreshold,
              props.getAllocator());
    }
    firstPage = true;
    if (dict != null) {
      dict.startRowGroup(props.getDictionaryPageSizeThreshold());
    }
    if (indexPages != null) {
      indexPages.startRowGroup();
    }
    resetPage();
  }

  /** The bytes this row group holds: the page being built and the pages written. */
  long bufferedSize() {
    return pageRaw
        + (pageRows >> 3)
        + (nested == null ? 0 : nested.pageLevels)
        + (pages == null ? 0 : pages.getMemSize());
  }

  /**
   * Writes rows {@code from} to {@code to} of the bound vector; a null in a required column throws
   * {@link InvalidValueException} with {@link #failing} set to its row.
   */
  void write(int from, int to) {
    // The run's scratch is needed only during the call: between calls it goes back, so that the
    // column writers of many open files (a partitioned write's) share a few arrays grown once.
    runs.borrow();
    try {
      if (nested != null) {
        writeNested(from, to);
      } else {
        writeFlat(from, to);
      }
    } finally {
      runs.release();
    }
  }

  private void writeFlat(int from, int to) {
    // A leaf of nulls reads no buffer (a Null vector has none): every row is null.
    FieldVector v = kind == BulkKind.NULLS ? null : leaf.storage();
    int row = from;
    while (row < to) {
      failing = row;
      int n = Math.min(ArrowRuns.RUN, to - row);
      n = Math.min(n, pageRowLimit - pageRows);
      long room = (long) (pageThreshold - pageThreshold * TOLERANCE) - pageRaw;
      if (indexed != null) {
        n = readIndexed(row, n, room);
      } else if (kind == BulkKind.BINARY && fixedLength == 0 && v != null) {
        try {
          n = views ? runs.readViews(v, row, n, room) : runs.readOffsets(v, row, n, room);
        } catch (InvalidValueException e) {
          failing = runs.failing;
          throw e;
        }
      } else if (fixedLength > 0) {
        int per = fixedLength + rawExtra;
        n = (int) Math.max(1, Math.min(n, (room + per - 1) / per));
        if (v != null) {
          runs.readFixedBytes(v, row, n);
        }
      } else if (kind.width > 0) {
        n = (int) Math.max(1, Math.min(n, (room + kind.width - 1) / kind.width));
      }
      int valid = indexed != null ? entries.runValid : runs.readValidity(v, row, n);
      if (valid < n && required) {
        failing = row + runs.firstNull(n);
        throw new InvalidValueException(leaf.path, "null in a non-nullable field");
      }
      if (!required) {
        pageBits = ArrowRuns.appendBits(runs.runBits, n, pageBits, pageRows);
      }
      pageNulls += n - valid;
      if (valid > 0) {
        values(v, row, n, valid);
      }
      pageRows += n;
      row += n;
      if (pageRows >= pageRowLimit || pageRaw >= pageThreshold - pageThreshold * TOLERANCE) {
        writePage();
      }
    }
  }

  /**
   * {@link #write} of a leaf below lists or structs: runs of whole top-level rows (a page ends on a
   * row), their levels from {@link NestedLevels}, their values the span of leaf indices it names,
   * masked; a run's rows adapt so that it holds about {@link ArrowRuns#RUN} entries and fits the
   * page's room.
   */
  private void writeNested(int from, int to) {
    FieldVector v = leaf.storage();
    int row = from;
    while (row < to) {
      failing = row;
      int n = Math.min(Math.min(nested.nextRows, to - row), pageRowLimit - pageRows);
      try {
        nested.compute(row, n);
      } catch (InvalidValueException e) {
        failing = nested.failing;
        throw e;
      }
      int entries = nested.appendToPage();
      int valid = nested.valid;
      pageNulls += entries - valid;
      long before = pageRaw;
      // Below list views the values may be out of order: a segment at a time, in order.
      for (int s = 0; valid > 0 && s < nested.segments(); s++) {
        nested.segment(s);
        int at = nested.leafFrom;
        int len = nested.leafTo - at;
        if (nested.segmentValid == 0) {
          continue;
        }
        runs.ensureRun(len);
        if (indexed != null) {
          if (keys.length < len) {
            keys = new int[Math.max(len, 2 * keys.length)];
          }
          this.entries.readMasked(indexed, at, len, nested.mask, nested.segmentValid, runs, keys);
        } else if (kind == BulkKind.BINARY && fixedLength == 0) {
          try {
            if (views) {
              runs.readViews(v, at, len, Long.MAX_VALUE);
            } else {
              runs.readOffsets(v, at, len, Long.MAX_VALUE);
            }
          } catch (InvalidValueException e) {
            failing = row;
            throw e;
          }
        } else if (fixedLength > 0) {
          runs.readFixedBytes(v, at, len);
        }
        System.arraycopy(nested.mask, 0, runs.runBits, 0, (len >> 6) + 1);
        try {
          values(v, at, len, nested.segmentValid);
        } catch (InvalidValueException e) {
          failing = nested.rowOfLeaf(failing);
          throw e;
        }
      }
      pageRows += n;
      row += n;
      long room = (long) (pageThreshold - pageThreshold * TOLERANCE) - pageRaw;
      nested.plan(n, entries, pageRaw - before, room);
      if (pageRows >= pageRowLimit || room <= 0) {
        writePage();
      }
    }
  }

  /**
   * Reads the run of a dictionary-encoded field: its rows' dictionary entries, copied from {@link
   * #entries} (see {@link DictionaryEntries#readRun}); the rows read.
   */
  private int readIndexed(int row, int n, long room) {
    int per = fixedLength > 0 ? fixedLength + rawExtra : kind.width;
    if (indexPages == null && per > 0) {
      n = (int) Math.max(1, Math.min(n, (room + per - 1) / per));
    }
    try {
      return entries.readRun(
          indexed,
          row,
          n,
          runs,
          keys,
          indexPages == null ? room : Long.MAX_VALUE,
          rawExtra,
          required);
    } catch (InvalidValueException e) {
      failing = entries.failing;
      throw e;
    }
  }

  /**
   * Takes the values of a dictionary-encoded field's run: their ids make the page when the Arrow
   * dictionary is the page dictionary ({@link #indexPages}); else they are encoded as the leaf's
   * own values would be.
   */
  private void indexedValues(int n, int valid) {
    if (kind == BulkKind.BOOLEAN) {
      // The entries' bytes (0 or 1) as the run's value bits.
      long[] b = runs.valueBits;
      Arrays.fill(b, 0, (n >> 6) + 1, 0L);
      byte[] s = runs.scratch;
      for (int i = 0; i < n; i++) {
        if (s[i] != 0 && ArrowRuns.isSet(runs.runBits, i)) {
          b[i >> 6] |= 1L << i;
        }
      }
      booleanValues(n, valid);
      return;
    }
    boolean bytes = kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES;
    if (indexPages == null) {
      if (bytes) {
        binaries(null, 0, n, valid);
      } else {
        fixed(n, valid);
      }
      return;
    }
    if (bytes) {
      stats.bytes(runs.scratch, runs.offsets, runs.runBits, n, valid == n);
    } else {
      stats.fixed(runs.scratch, runs.runBits, n, valid == n);
    }
    DictionaryWriteNode.Encoded dictionary = indexed.chunkDictionary();
    indexPages.add(dictionary, keys, runs, n, valid == n, kind, bloomOn ? bloom : null);
    pageRaw = indexPages.bufferedSize(dictionary);
  }

  // ---- values ----

  /**
   * Encodes the {@code valid} values among leaf indices {@code row} to {@code row + n}, as {@link
   * ArrowRuns#runBits} marks them (byte strings read already).
   */
  private void values(FieldVector v, int row, int n, int valid) {
    if (indexed != null) {
      indexedValues(n, valid);
      return;
    }
    switch (kind) {
      case BOOLEAN -> booleans(v, row, n, valid);
      case BINARY, FIXED_BYTES -> {
        if (runs.isInterval()) {
          try {
            runs.intervals(row, n);
          } catch (InvalidValueException e) {
            failing = runs.failing;
            throw e;
          }
        }
        binaries(v, row, n, valid);
      }
      default -> {
        if (rescaled != null) {
          try {
            runs.rescale(rescaled, row, n, valid == n);
          } catch (InvalidValueException e) {
            failing = runs.failing;
            throw e;
          }
        } else {
          runs.gather(v, row, n);
        }
        fixed(n, valid);
      }
    }
  }

  private void booleans(FieldVector v, int row, int n, int valid) {
    runs.readBits(v.getDataBuffer(), row, n, runs.valueBits);
    booleanValues(n, valid);
  }

  /**
   * Encodes the {@code valid} values of the run's {@link ArrowRuns#valueBits}, as its bits mark.
   */
  private void booleanValues(int n, int valid) {
    int words = (n + 63) >> 6;
    if (valid < n) {
      for (int w = 0; w < words; w++) {
        runs.valueBits[w] &= runs.runBits[w];
      }
      // Compact the valid values' bits.
      long[] packed = new long[words];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (ArrowRuns.isSet(runs.runBits, i)) {
          if (ArrowRuns.isSet(runs.valueBits, i)) {
            packed[k >> 6] |= 1L << k;
          }
          k++;
        }
      }
      System.arraycopy(packed, 0, runs.valueBits, 0, words);
    }
    int trues = 0;
    for (int w = 0; w < ((valid + 63) >> 6); w++) {
      trues += Long.bitCount(runs.valueBits[w]);
    }
    stats.booleans(trues, valid);
    boolBits = ArrowRuns.appendBits(runs.valueBits, valid, boolBits, boolCount);
    boolCount += valid;
    pageRaw += valid; // parquet-java counts a byte per 8 values; a page is cut on rows first
    if (bloomOn) {
      throw new IllegalStateException("no bloom filter on BOOLEAN");
    }
  }

  /** Encodes the {@code n} values the run read into its scratch. */
  private void fixed(int n, int valid) {
    int w = kind.width;
    byte[] s = runs.scratch;
    boolean all = valid == n;
    stats.fixed(s, runs.runBits, n, all);
    int start = dictionaryFirst(n, all);
    if (start == n) {
      return;
    }
    if (delta != null) {
      for (int i = start; i < n; i++) {
        if (all || ArrowRuns.isSet(runs.runBits, i)) {
          if (w == 4) {
            delta.writeInteger((int) ByteSink.INTS.get(s, i * 4));
          } else {
            delta.writeLong((long) ByteSink.LONGS.get(s, i * 8));
          }
        }
      }
    } else if (all) {
      // PLAIN: the valid spans from start on.
      plain.put(s, start * w, (n - start) * w);
    } else {
      int i = start;
      while (i < n) {
        while (i < n && !ArrowRuns.isSet(runs.runBits, i)) {
          i++;
        }
        int j = i;
        while (j < n && ArrowRuns.isSet(runs.runBits, j)) {
          j++;
        }
        plain.put(s, i * w, (j - i) * w);
        i = j;
      }
    }
    for (int i = start; i < n; i++) {
      if (all || ArrowRuns.isSet(runs.runBits, i)) {
        pageRaw += w;
        if (bloomOn) {
          bloom.add(bloom.hash(kind, s, i));
        }
      }
    }
  }

  /**
   * Dictionary-encodes the valid values of the run while the dictionary is active; returns the row
   * from which the run is to be written PLAIN: 0 without a dictionary, {@code n} when every value
   * was encoded, else the row after the value that made the dictionary outgrow its limit (having
   * fallen back to PLAIN, see {@link BulkDictionary#fallBack}).
   */
  private int dictionaryFirst(int n, boolean all) {
    if (dict == null || !dict.active) {
      return 0;
    }
    double byteLimit = pageThreshold - pageThreshold * TOLERANCE;
    double fill = Math.max((double) pageRows / pageRowLimit, pageRaw / byteLimit);
    int start = dict.encode(runs, n, all, bloomOn, plain, firstPage, pageRaw, fill);
    pageRaw += dict.raw;
    return start;
  }

  private void binaries(FieldVector v, int row, int n, int valid) {
    byte[] s = runs.scratch;
    int[] o = runs.offsets;
    boolean all = valid == n;
    stats.bytes(s, o, runs.runBits, n, all);
    int start = dictionaryFirst(n, all);
    if (start == n) {
      return;
    }
    if (delta != null) {
      for (int i = start; i < n; i++) {
        if (all || ArrowRuns.isSet(runs.runBits, i)) {
          int at = o[i];
          int len = o[i + 1] - at;
          delta.writeBytes(Binary.fromConstantByteArray(s, at, len));
          pageRaw += len + rawExtra;
          if (bloomOn) {
            bloom.add(bloom.hash(s, at, len));
          }
        }
      }
      return;
    }
    // Room for every value left at once: lengths and bytes.
    plain.ensure(o[n] - o[start] + 4 * (n - start));
    byte[] p = plain.bytes;
    int size = plain.size;
    // Before each PLAIN value: a BYTE_ARRAY's length, nothing for FIXED_LEN_BYTE_ARRAY.
    int prefixBytes = kind == BulkKind.BINARY ? 4 : 0;
    for (int i = start; i < n; i++) {
      if (all || ArrowRuns.isSet(runs.runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        if (prefixBytes != 0) {
          ByteSink.INTS.set(p, size, len);
        }
        System.arraycopy(s, at, p, size + prefixBytes, len);
        size += prefixBytes + len;
        pageRaw += len + rawExtra;
        if (bloomOn) {
          bloom.add(bloom.hash(s, at, len));
        }
      }
    }
    plain.size = size;
  }

  // ---- pages ----

  private void writePage() {
    if (pageRows == 0) {
      return;
    }
    try {
      assemblePage();
    } finally {
      // The page writer has copied (compressed) the page: its buffers go back for any column
      // writer's next page (ScratchArrays), as each would otherwise keep its own.
      levels.release();
      out.release();
      repSink.release();
    }
  }

  /** Encodes the buffered page and hands it to the page writer. */
  private void assemblePage() {
    try {
      BytesInput data;
      Encoding encoding;
      if (kind == BulkKind.NULLS && delta == null) {
        // No values: the page's values are empty in PLAIN and BYTE_STREAM_SPLIT alike.
        data = BytesInput.empty();
        encoding = byteStreamSplit ? Encoding.BYTE_STREAM_SPLIT : Encoding.PLAIN;
      } else if (indexPages != null) {
        data = indexPages.page(indexed.chunkDictionary(), out);
        encoding = v2 ? Encoding.RLE_DICTIONARY : Encoding.PLAIN_DICTIONARY;
      } else if (dict != null && dict.active) {
        dict.settle(plain, pageRaw); // a paused first page: proven PLAIN, or rebuilt
        if (dict.active && dict.writeIds(out, firstPage, pageRaw, plain)) {
          data = out.view();
          encoding = v2 ? Encoding.RLE_DICTIONARY : Encoding.PLAIN_DICTIONARY;
        } else {
          data = plain.view();
          encoding = Encoding.PLAIN;
        }
      } else if (kind == BulkKind.BOOLEAN) {
        out.reset();
        int bytes = (boolCount + 7) >> 3;
        out.ensure(bytes);
        for (int b = 0; b < bytes; b++) {
          out.bytes[b] = (byte) (boolBits[b >> 3] >>> ((b & 7) * 8));
        }
        out.size = bytes;
        data = out.view();
        encoding = Encoding.PLAIN;
      } else if (byteStreamSplit) {
        out.reset();
        out.putSplit(plain, kind == BulkKind.FIXED_BYTES ? fixedLength : kind.width);
        data = out.view();
        encoding = Encoding.BYTE_STREAM_SPLIT;
      } else if (delta != null) {
        data = delta.getBytes();
        encoding = delta.getEncoding();
      } else {
        data = plain.view();
        encoding = Encoding.PLAIN;
      }
      firstPage = false;
      int valueCount = nested != null ? nested.pageLevels : pageRows;
      levels.reset();
      BytesInput repLevels = BytesInput.empty();
      if (nested != null) {
        nested.encodePage(v2, repSink, levels);
        repLevels = repSink.view();
      } else if (!required) {
        if (!v2) {
          levels.putInt(0); // the length, filled in below
        }
        HybridRle.encodeBits(pageBits, pageRows, levels);
        if (!v2) {
          ByteSink.INTS.set(levels.bytes, 0, levels.size - 4);
        }
      }
      Statistics<?> pageStats = stats.page(type, statistics, pageNulls);
      SizeStatistics sizes =
          sizeStatistics
              ? new SizeStatistics(
                  type,
                  kind == BulkKind.BINARY ? stats.unencodedBytes() : 0,
                  nested == null ? new ArrayList<>() : nested.histogram(true),
                  nested == null ? new ArrayList<>() : nested.histogram(false))
              : SizeStatistics.noopBuilder(type, 0, column.getMaxDefinitionLevel()).build();
      GeospatialStatistics geo = GeospatialStatistics.noopBuilder().build();
      if (v2) {
        pages.writePageV2(
            pageRows,
            pageNulls,
            valueCount,
            repLevels,
            levels.view(),
            encoding,
            data,
            pageStats,
            sizes,
            geo);
      } else {
        pages.writePage(
            BytesInput.concat(repLevels, levels.view(), data),
            valueCount,
            pageRows,
            pageStats,
            sizes,
            geo,
            column.getMaxRepetitionLevel() > 0 ? Encoding.RLE : Encoding.BIT_PACKED,
            column.getMaxDefinitionLevel() > 0 ? Encoding.RLE : Encoding.BIT_PACKED,
            encoding);
      }
    } catch (IOException e) {
      throw new ParquetEncodingException("could not write page for " + column, e);
    }
    if (delta != null) {
      // The page writer has compressed (copied) the page: the values writer can start again.
      delta.reset();
    }
    resetPage();
  }

  private void resetPage() {
    Arrays.fill(pageBits, 0, Math.min(pageBits.length, (pageRows >> 6) + 2), 0L);
    Arrays.fill(boolBits, 0, Math.min(boolBits.length, (boolCount >> 6) + 2), 0L);
    pageRows = 0;
    if (nested != null) {
      nested.resetPage();
    }
    pageNulls = 0;
    pageRaw = 0;
    plain.reset();
    if (dict != null) {
      dict.resetPage();
    }
    if (indexPages != null) {
      indexPages.resetPage();
    }
    boolCount = 0;
    stats.reset();
  }

  /** Adds this chunk's paused and rebuilt first pages to {@code sum} (for tests). */
  void dictionaryPauses(long[] sum) {
    if (dict != null) {
      sum[0] += dict.paused;
      sum[1] += dict.rebuilt;
    }
  }

  /** Writes the last page, the dictionary page and the bloom filter of the row group. */
  void flush() {
    writePage();
    if (dict != null) {
      dict.flush(pages, v2, column);
    }
    if (indexPages != null) {
      IndexPages.flush(indexed.chunkDictionary(), pages, v2, column);
    }
    bloom.flush();
  }

  private void closeDelta() {
    if (delta != null) {
      delta.close();
      delta = null;
    }
  }

  /**
   * Gives the working arrays back ({@link ScratchArrays}) once the file is complete: every page and
   * the dictionary page are written (copied), and nothing of this writer runs any more.
   */
  void release() {
    plain.release();
    levels.release();
    out.release();
    repSink.release();
    runs.release();
    if (dict != null) {
      dict.release();
    }
  }

  /** Drops this row group's buffers. */
  void close() {
    closeDelta();
    pages = null;
    if (dict != null) {
      dict.clear();
    }
  }
}
