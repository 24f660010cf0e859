package io.pqarrow.parquet.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriter;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Writes one top-level flat column (repetition level 0) straight from the Arrow buffers, runs of
 * rows at a time, in place of parquet-java's per-value {@code ColumnWriter}: definition levels from
 * the validity bitmap, PLAIN values as byte copies of the non-null spans, dictionary indices from
 * an own open-addressing hash over the raw value bits or bytes, min/max/null counts and bloom
 * filter hashes in loops over the run. Pages go to parquet-java's {@link PageWriter}, which
 * compresses them, builds the column and offset indexes and checksums; the dictionary page and
 * bloom filter when the row group ends.
 *
 * <p>It keeps parquet-java's rules, so the file is the one its column writer would make, up to
 * where pages are cut: a page ends when its values, counted as PLAIN bytes, come within 10% of the
 * page size, or at the page row limit (parquet-java checks at record ends it estimates, so its cuts
 * fall elsewhere). Dictionary encoding falls back to PLAIN, for the rest of the column chunk, as
 * soon as the dictionary outgrows its page size limit (the page being written then is PLAIN too),
 * or when the first page's indices and dictionary are not smaller than its PLAIN values; pages
 * written before a fallback stay dictionary-encoded, with the dictionary entries they use.
 */
final class BulkColumnWriter {
  /** parquet-java's {@code ColumnWriteStoreBase} tolerance: a page within 10% of full is cut. */
  private static final double TOLERANCE = 0.1;

  /** The orders of plain INT32 and INT64 (an unsigned logical type has another). */
  private static final PrimitiveComparator<?> SIGNED_INT32 =
      org.apache.parquet.schema.Types.required(PrimitiveType.PrimitiveTypeName.INT32)
          .named("x")
          .comparator();

  private static final PrimitiveComparator<?> SIGNED_INT64 =
      org.apache.parquet.schema.Types.required(PrimitiveType.PrimitiveTypeName.INT64)
          .named("x")
          .comparator();

  private static final java.lang.invoke.VarHandle BIG_LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.BIG_ENDIAN);

  /** The most rows read from the vector at once. */
  private static final int RUN = 4096;

  enum Kind {
    BOOLEAN(1),
    INT32(4),
    INT64(8),
    FLOAT(4),
    DOUBLE(8),
    BINARY(0);

    /** Bytes per value (BOOLEAN: a bit, counted as a byte for page sizes; BINARY: varies). */
    final int width;

    Kind(int width) {
      this.width = width;
    }
  }

  final LeafEncoder leaf;
  private final ColumnDescriptor column;
  private final PrimitiveType type;
  private final Kind kind;
  private final boolean dictionary;
  private final boolean required;

  /**
   * Bytes per value in the Arrow data buffer: the value width, or a decimal's 16 or 32, of which
   * the low (little-endian first) width bytes are the value.
   */
  private final int stride;

  // Per file: the options.
  private int pageThreshold;
  private int pageRowLimit;
  private int dictionaryLimit;
  private boolean v2;
  private boolean statistics;
  private boolean sizeStatistics;

  /** The first row of the run being written, or the row a failure names. */
  int failing;

  // Per row group.
  private PageWriter pages;
  private BloomFilter bloom;
  private BloomFilterWriter bloomWriter;
  private boolean dictionaryActive;
  private boolean usedDictionary;
  private boolean firstPage;
  private int lastUsedDictionarySize;
  private final ValueDictionary values;

  // Per page.
  private int pageRows;
  private int pageNulls;
  private long pageRaw;
  private long[] pageBits = new long[64];
  private final ByteSink plain = new ByteSink(1 << 16);
  private int[] ids = new int[1024];
  private int idCount;
  private long[] boolBits = new long[64];
  private int boolCount;
  private boolean hasValue;
  private long minL;
  private long maxL;
  private double minD;
  private double maxD;
  private long nans;
  private long minKey;
  private long maxKey;
  private byte[] minB = new byte[16];
  private int minLen;
  private byte[] maxB = new byte[16];
  private int maxLen;
  private boolean seenTrue;
  private boolean seenFalse;
  private long unencodedBytes;

  // Scratch of one run.
  private long[] runBits = new long[RUN / 64 + 1];
  private long[] valueBits = new long[RUN / 64 + 1];
  private byte[] validityBytes = new byte[RUN / 8 + 16];
  private byte[] scratch = new byte[RUN * 8];
  private int[] offsets = new int[RUN + 1];
  private final ByteSink levels = new ByteSink(1024);
  private final ByteSink out = new ByteSink(1024);

  private BulkColumnWriter(LeafEncoder leaf, Kind kind, boolean dictionary, int stride) {
    this.leaf = leaf;
    this.stride = stride;
    this.column = leaf.column;
    this.type = column.getPrimitiveType();
    this.kind = kind;
    this.dictionary = dictionary;
    this.required = column.getMaxDefinitionLevel() == 0;
    this.values = dictionary ? new ValueDictionary(kind) : null;
  }

  /**
   * The bulk writer of {@code leaf}, or {@code null} when it is not one: a top-level leaf of a
   * plain Arrow type whose Parquet value is its bits (no rescaling, no signedness change, min and
   * max by the physical type's own order), written PLAIN or dictionary-encoded.
   */
  static BulkColumnWriter create(
      LeafEncoder leaf, ArrowType arrow, WriteOptions.Encoding encoding) {
    if (leaf.column.getMaxRepetitionLevel() != 0 || leaf.column.getMaxDefinitionLevel() > 1) {
      return null;
    }
    if (encoding != WriteOptions.Encoding.PLAIN && encoding != WriteOptions.Encoding.DICTIONARY) {
      return null;
    }
    PrimitiveType type = leaf.column.getPrimitiveType();
    PrimitiveComparator<?> order = type.comparator();
    Kind kind =
        switch (type.getPrimitiveTypeName()) {
          case BOOLEAN -> Kind.BOOLEAN;
          case INT32 -> Kind.INT32;
          case INT64 -> Kind.INT64;
          case FLOAT -> Kind.FLOAT;
          case DOUBLE -> Kind.DOUBLE;
          case BINARY -> Kind.BINARY;
          default -> null;
        };
    boolean fits =
        kind != null
            && switch (kind) {
              case BOOLEAN -> leaf instanceof LeafEncoders.Bool;
              case INT32, INT64 ->
                  (leaf instanceof LeafEncoders.IntegerOut i
                          ? i.unscaled() && fixedSigned(arrow, kind.width * 8)
                          : leaf instanceof LeafEncoders.DecimalInt)
                      && order == (kind == Kind.INT32 ? SIGNED_INT32 : SIGNED_INT64);
              case FLOAT, DOUBLE ->
                  (leaf instanceof LeafEncoders.Float32 || leaf instanceof LeafEncoders.Float64)
                      && arrow instanceof ArrowType.FloatingPoint f
                      && f.getPrecision()
                          == (kind == Kind.FLOAT
                              ? FloatingPointPrecision.SINGLE
                              : FloatingPointPrecision.DOUBLE);
              case BINARY ->
                  leaf instanceof LeafEncoders.VarBinary
                      && (arrow instanceof ArrowType.Utf8 || arrow instanceof ArrowType.Binary)
                      && order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
            };
    if (!fits) {
      return null;
    }
    int stride =
        arrow instanceof ArrowType.Decimal d && leaf instanceof LeafEncoders.DecimalInt
            ? d.getBitWidth() / 8
            : kind.width;
    return new BulkColumnWriter(
        leaf, kind, encoding == WriteOptions.Encoding.DICTIONARY && kind != Kind.BOOLEAN, stride);
  }

  /** Whether {@code arrow} is stored as signed integers of {@code bits} bits. */
  private static boolean fixedSigned(ArrowType arrow, int bits) {
    if (arrow instanceof ArrowType.ExtensionType ext) {
      arrow = ext.storageType();
    }
    if (arrow instanceof ArrowType.Int i) {
      return i.getBitWidth() == bits && i.getIsSigned();
    }
    if (arrow instanceof ArrowType.Date d) {
      return bits == 32 && d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY;
    }
    if (arrow instanceof ArrowType.Time t) {
      return t.getBitWidth() == bits;
    }
    return bits == 64
        && (arrow instanceof ArrowType.Timestamp || arrow instanceof ArrowType.Duration);
  }

  /** Starts a row group: pages go to {@code pageStore}'s writer of the column. */
  void startRowGroup(
      ParquetProperties props,
      org.apache.parquet.column.page.PageWriteStore pageStore,
      BloomFilterWriteStore blooms) {
    pageThreshold = props.getPageSizeThreshold();
    pageRowLimit = props.getPageRowCountLimit();
    dictionaryLimit = props.getDictionaryPageSizeThreshold();
    v2 = props.getWriterVersion() == ParquetProperties.WriterVersion.PARQUET_2_0;
    statistics = props.getStatisticsEnabled(column);
    sizeStatistics = props.getSizeStatisticsEnabled(column);
    pages = pageStore.getPageWriter(column);
    bloom = null;
    bloomWriter = null;
    if (props.isBloomFilterEnabled(column)) {
      bloomWriter = blooms.getBloomFilterWriter(column);
      int max = props.getMaxBloomFilterBytes();
      OptionalLong ndv = props.getBloomFilterNDV(column);
      OptionalDouble fpp = props.getBloomFilterFPP(column);
      bloom =
          ndv.isPresent()
              ? new BlockSplitBloomFilter(
                  BlockSplitBloomFilter.optimalNumOfBits(ndv.getAsLong(), fpp.getAsDouble()) / 8,
                  max)
              : new BlockSplitBloomFilter(max, max);
    }
    dictionaryActive = dictionary;
    usedDictionary = false;
    firstPage = true;
    lastUsedDictionarySize = 0;
    if (values != null) {
      values.clear();
    }
    resetPage();
  }

  /** The bytes this row group holds: the page being built and the pages written. */
  long bufferedSize() {
    return pageRaw + (pageRows >> 3) + (pages == null ? 0 : pages.getMemSize());
  }

  /**
   * Writes rows {@code from} to {@code to} of the bound vector; a null in a required column throws
   * {@link InvalidValueException} with {@link #failing} set to its row.
   */
  void write(int from, int to) {
    FieldVector v = leaf.storage();
    int row = from;
    while (row < to) {
      failing = row;
      int n = Math.min(RUN, to - row);
      n = Math.min(n, pageRowLimit - pageRows);
      long room = (long) (pageThreshold - pageThreshold * TOLERANCE) - pageRaw;
      if (kind == Kind.BINARY && v != null) {
        n = readOffsets(v, row, n, room);
      } else if (kind.width > 0) {
        n = (int) Math.max(1, Math.min(n, (room + kind.width - 1) / kind.width));
      }
      int valid = readValidity(v, row, n);
      if (valid < n && required) {
        failing = row + firstNull(n);
        throw new InvalidValueException(leaf.path, "null in a non-nullable field");
      }
      if (!required) {
        pageBits = appendBits(runBits, n, pageBits, pageRows);
      }
      pageNulls += n - valid;
      if (valid > 0) {
        switch (kind) {
          case BOOLEAN -> booleans(v, row, n, valid);
          case BINARY -> binaries(v, row, n, valid);
          default -> fixed(v, row, n, valid);
        }
      }
      pageRows += n;
      row += n;
      if (pageRows >= pageRowLimit || pageRaw >= pageThreshold - pageThreshold * TOLERANCE) {
        writePage();
      }
    }
  }

  /**
   * Reads the offsets of rows {@code row} to {@code row + n} into {@link #offsets} (relative to the
   * first) and the values' bytes into {@link #scratch}; returns how many rows fit {@code room}
   * PLAIN bytes (at least one).
   */
  private int readOffsets(FieldVector v, int row, int n, long room) {
    ArrowBuf off = v.getOffsetBuffer();
    if (scratch.length < (n + 1) * 4) {
      scratch = new byte[(n + 1) * 4];
    }
    off.getBytes((long) row * 4, scratch, 0, (n + 1) * 4);
    int base = (int) ByteSink.INTS.get(scratch, 0);
    long raw = 0;
    int fit = n;
    offsets[0] = 0;
    for (int i = 0; i < n; i++) {
      int end = (int) ByteSink.INTS.get(scratch, (i + 1) * 4);
      offsets[i + 1] = end - base;
      raw += offsets[i + 1] - offsets[i] + 4;
      if (raw >= room) {
        fit = i + 1;
        break;
      }
    }
    int bytes = offsets[fit];
    // 8 bytes of slack: hashing reads whole words past a value's end.
    if (scratch.length < bytes + 8) {
      scratch = new byte[Math.max(bytes + 8, scratch.length * 2)];
    }
    v.getDataBuffer().getBytes(base, scratch, 0, bytes);
    return fit;
  }

  /** Fills {@link #runBits} with the validity of rows {@code row} to {@code row + n}; the valid. */
  private int readValidity(FieldVector v, int row, int n) {
    int words = (n + 63) >> 6;
    if (v == null) {
      Arrays.fill(runBits, 0, words, 0L);
      return 0;
    }
    readBits(v.getValidityBuffer(), row, n, runBits);
    int valid = 0;
    for (int w = 0; w < words; w++) {
      valid += Long.bitCount(runBits[w]);
    }
    return valid;
  }

  /** Bits {@code row} to {@code row + n} of {@code buf} into {@code dst} from bit 0, zero after. */
  private void readBits(ArrowBuf buf, int row, int n, long[] dst) {
    int shift = row & 7;
    int bytes = (shift + n + 7) >> 3;
    int words = (n + 63) >> 6;
    byte[] b = validityBytes;
    buf.getBytes(row >> 3, b, 0, bytes);
    Arrays.fill(b, bytes, words * 8 + 9, (byte) 0);
    for (int w = 0; w < words; w++) {
      long word = (long) ByteSink.LONGS.get(b, w * 8) >>> shift;
      if (shift != 0) {
        word |= (b[w * 8 + 8] & 0xFFL) << (64 - shift);
      }
      dst[w] = word;
    }
    int tail = n & 63;
    if (tail != 0) {
      dst[words - 1] &= (1L << tail) - 1;
    }
  }

  private int firstNull(int n) {
    for (int w = 0; ; w++) {
      long nulls = ~runBits[w];
      if (nulls != 0) {
        return Math.min(n, w * 64 + Long.numberOfTrailingZeros(nulls));
      }
    }
  }

  private static boolean isSet(long[] bits, int i) {
    return (bits[i >> 6] & (1L << i)) != 0;
  }

  /** Appends {@code n} bits of {@code src} (from bit 0) to {@code dst} at bit {@code at}. */
  private static long[] appendBits(long[] src, int n, long[] dst, int at) {
    int need = ((at + n) >> 6) + 2;
    if (dst.length < need) {
      dst = Arrays.copyOf(dst, Math.max(need, dst.length * 2));
    }
    int words = (n + 63) >> 6;
    int base = at >> 6;
    int shift = at & 63;
    for (int w = 0; w < words; w++) {
      long word = src[w];
      dst[base + w] |= word << shift;
      if (shift != 0) {
        dst[base + w + 1] |= word >>> (64 - shift);
      }
    }
    return dst;
  }

  // ---- values ----

  private void booleans(FieldVector v, int row, int n, int valid) {
    readBits(v.getDataBuffer(), row, n, valueBits);
    int words = (n + 63) >> 6;
    if (valid < n) {
      for (int w = 0; w < words; w++) {
        valueBits[w] &= runBits[w];
      }
      // Compact the valid values' bits.
      long[] packed = new long[words];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (isSet(runBits, i)) {
          if (isSet(valueBits, i)) {
            packed[k >> 6] |= 1L << k;
          }
          k++;
        }
      }
      System.arraycopy(packed, 0, valueBits, 0, words);
    }
    int trues = 0;
    for (int w = 0; w < ((valid + 63) >> 6); w++) {
      trues += Long.bitCount(valueBits[w]);
    }
    seenTrue |= trues > 0;
    seenFalse |= trues < valid;
    hasValue = true;
    boolBits = appendBits(valueBits, valid, boolBits, boolCount);
    boolCount += valid;
    pageRaw += valid; // parquet-java counts a byte per 8 values; a page is cut on rows first
    if (bloom != null) {
      throw new IllegalStateException("no bloom filter on BOOLEAN");
    }
  }

  private void fixed(FieldVector v, int row, int n, int valid) {
    int w = kind.width;
    if (scratch.length < n * stride) {
      scratch = new byte[n * stride];
    }
    v.getDataBuffer().getBytes((long) row * stride, scratch, 0, n * stride);
    byte[] s = scratch;
    if (stride != w) {
      // A decimal's low bytes: packed in place, front to back.
      for (int i = 0; i < n; i++) {
        if (w == 8) {
          ByteSink.LONGS.set(s, i * 8, (long) ByteSink.LONGS.get(s, i * stride));
        } else {
          ByteSink.INTS.set(s, i * 4, (int) ByteSink.INTS.get(s, i * stride));
        }
      }
    }
    boolean all = valid == n;
    // Statistics over the valid values.
    switch (kind) {
      case INT32, INT64 -> {
        long lo = hasValue ? minL : Long.MAX_VALUE;
        long hi = hasValue ? maxL : Long.MIN_VALUE;
        boolean ints = w == 4;
        for (int i = 0; i < n; i++) {
          if (all || isSet(runBits, i)) {
            long x = ints ? (int) ByteSink.INTS.get(s, i * 4) : (long) ByteSink.LONGS.get(s, i * 8);
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
          }
        }
        minL = lo;
        maxL = hi;
      }
      case FLOAT, DOUBLE -> {
        double lo = minD;
        double hi = maxD;
        boolean any = hasNumber();
        long nan = 0;
        for (int i = 0; i < n; i++) {
          if (all || isSet(runBits, i)) {
            double x =
                kind == Kind.FLOAT
                    ? Float.intBitsToFloat((int) ByteSink.INTS.get(s, i * 4))
                    : Double.longBitsToDouble((long) ByteSink.LONGS.get(s, i * 8));
            if (x != x) {
              nan++;
            } else if (!any) {
              lo = x;
              hi = x;
              any = true;
            } else {
              // Ordered as parquet-java's statistics order them (Double.compare / Float.compare,
              // the same on widened floats): -0.0 below 0.0.
              if (Double.compare(x, lo) < 0) {
                lo = x;
              }
              if (Double.compare(x, hi) > 0) {
                hi = x;
              }
            }
          }
        }
        minD = lo;
        maxD = hi;
        nans += nan;
        numbers = any;
      }
      default -> throw new IllegalStateException(kind.name());
    }
    hasValue = true;
    int start = dictionaryFirst(n, all);
    if (start == n) {
      return;
    }
    // PLAIN: the valid spans from start on.
    if (all) {
      plain.put(s, start * w, (n - start) * w);
    } else {
      int i = start;
      while (i < n) {
        while (i < n && !isSet(runBits, i)) {
          i++;
        }
        int j = i;
        while (j < n && isSet(runBits, j)) {
          j++;
        }
        plain.put(s, i * w, (j - i) * w);
        i = j;
      }
    }
    for (int i = start; i < n; i++) {
      if (all || isSet(runBits, i)) {
        pageRaw += w;
        if (bloom != null) {
          bloom.insertHash(fixedHash(s, i));
        }
      }
    }
  }

  /**
   * Dictionary-encodes the valid values of the run while the dictionary is active; returns the row
   * from which the run is to be written PLAIN: 0 without a dictionary, {@code n} when every value
   * was encoded, else the row after the value that made the dictionary outgrow its limit (having
   * fallen back to PLAIN, see {@link #fallBack}).
   */
  private int dictionaryFirst(int n, boolean all) {
    if (!dictionaryActive) {
      return 0;
    }
    int start = kind == Kind.BINARY ? dictionaryBinary(n, all) : dictionaryFixed(n, all);
    if (start < n) {
      fallBack();
    }
    return start;
  }

  /** Whether the float page has a non-NaN value. */
  private boolean numbers;

  private boolean hasNumber() {
    return numbers;
  }

  private long fixedHash(byte[] s, int i) {
    return switch (kind) {
      case INT32 -> bloom.hash((int) ByteSink.INTS.get(s, i * 4));
      case INT64 -> bloom.hash((long) ByteSink.LONGS.get(s, i * 8));
      case FLOAT -> bloom.hash(Float.intBitsToFloat((int) ByteSink.INTS.get(s, i * 4)));
      default -> bloom.hash(Double.longBitsToDouble((long) ByteSink.LONGS.get(s, i * 8)));
    };
  }

  /**
   * Dictionary-encodes the valid values of the run; returns {@code n}, or the row after the value
   * whose entry made the dictionary outgrow its limit (the rest is then PLAIN).
   */
  private int dictionaryFixed(int n, boolean all) {
    byte[] s = scratch;
    int w = kind.width;
    ensureIds(idCount + n);
    for (int i = 0; i < n; i++) {
      if (all || isSet(runBits, i)) {
        long bits =
            w == 4 ? (int) ByteSink.INTS.get(s, i * 4) : (long) ByteSink.LONGS.get(s, i * 8);
        int before = values.size;
        int id = values.idOf(bits);
        ids[idCount++] = id;
        pageRaw += w;
        if (values.size != before) {
          if (bloom != null) {
            bloom.insertHash(fixedHash(s, i));
          }
          if (values.byteSize > dictionaryLimit) {
            return i + 1;
          }
        }
      }
    }
    return n;
  }

  private void binaries(FieldVector v, int row, int n, int valid) {
    byte[] s = scratch;
    int[] o = offsets;
    boolean all = valid == n;
    byte[] lo = minB;
    int loLen = minLen;
    byte[] hi = maxB;
    int hiLen = maxLen;
    boolean any = hasValue;
    int loAt = -1;
    int hiAt = -1;
    // The first 8 bytes, big-endian and zero-padded, decide most comparisons.
    long loKey = minKey;
    long hiKey = maxKey;
    for (int i = 0; i < n; i++) {
      if (all || isSet(runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        unencodedBytes += len;
        long key = prefix(s, at, len);
        if (!any) {
          loAt = i;
          hiAt = i;
          any = true;
          lo = s;
          loLen = len;
          hi = s;
          hiLen = len;
          loKey = key;
          hiKey = key;
          continue;
        }
        int c = Long.compareUnsigned(key, loKey);
        if (c < 0 || c == 0 && less(s, at, len, lo, loAt >= 0 ? o[loAt] : 0, loLen)) {
          lo = s;
          loAt = i;
          loLen = len;
          loKey = key;
        }
        c = Long.compareUnsigned(key, hiKey);
        if (c > 0 || c == 0 && less(hi, hiAt >= 0 ? o[hiAt] : 0, hiLen, s, at, len)) {
          hi = s;
          hiAt = i;
          hiLen = len;
          hiKey = key;
        }
      }
    }
    minKey = loKey;
    maxKey = hiKey;
    if (loAt >= 0) {
      minB = copyInto(minB, s, o[loAt], loLen);
      minLen = loLen;
    }
    if (hiAt >= 0) {
      maxB = copyInto(maxB, s, o[hiAt], hiLen);
      maxLen = hiLen;
    }
    hasValue = true;
    int start = dictionaryFirst(n, all);
    if (start == n) {
      return;
    }
    // Room for every value left at once: lengths and bytes.
    plain.ensure(o[n] - o[start] + 4 * (n - start));
    byte[] p = plain.bytes;
    int size = plain.size;
    for (int i = start; i < n; i++) {
      if (all || isSet(runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        ByteSink.INTS.set(p, size, len);
        System.arraycopy(s, at, p, size + 4, len);
        size += 4 + len;
        pageRaw += len + 4;
        if (bloom != null) {
          bloom.insertHash(bloom.hash(Binary.fromConstantByteArray(s, at, len)));
        }
      }
    }
    plain.size = size;
  }

  /** Whether {@code a[ai..ai+al)} sorts before {@code b[bi..bi+bl)}, bytes unsigned. */
  private static boolean less(byte[] a, int ai, int al, byte[] b, int bi, int bl) {
    return Arrays.compareUnsigned(a, ai, ai + al, b, bi, bi + bl) < 0;
  }

  /** The first 8 bytes of {@code s[at..at+len)} as an unsigned big-endian number, zero-padded. */
  private static long prefix(byte[] s, int at, int len) {
    if (len >= 8) {
      return (long) BIG_LONGS.get(s, at);
    }
    long key = 0;
    for (int j = 0; j < len; j++) {
      key |= (s[at + j] & 0xFFL) << (56 - 8 * j);
    }
    return key;
  }

  private static byte[] copyInto(byte[] dst, byte[] src, int from, int len) {
    if (dst.length < len) {
      dst = new byte[Math.max(len, dst.length * 2)];
    }
    System.arraycopy(src, from, dst, 0, len);
    return dst;
  }

  private int dictionaryBinary(int n, boolean all) {
    byte[] s = scratch;
    int[] o = offsets;
    ensureIds(idCount + n);
    for (int i = 0; i < n; i++) {
      if (all || isSet(runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        int before = values.size;
        int id = values.idOf(s, at, len);
        ids[idCount++] = id;
        pageRaw += len + 4;
        if (values.size != before) {
          if (bloom != null) {
            bloom.insertHash(bloom.hash(Binary.fromConstantByteArray(s, at, len)));
          }
          if (values.byteSize > dictionaryLimit) {
            return i + 1;
          }
        }
      }
    }
    return n;
  }

  private void ensureIds(int n) {
    if (ids.length < n) {
      ids = Arrays.copyOf(ids, Math.max(n, ids.length * 2));
    }
  }

  /**
   * Switches to PLAIN for the rest of the column chunk: the page being built becomes PLAIN (its
   * indices are replaced by their values); the dictionary stays for the pages already written.
   */
  private void fallBack() {
    dictionaryActive = false;
    plain.reset();
    values.writePlain(ids, idCount, plain);
    idCount = 0;
  }

  // ---- pages ----

  private void writePage() {
    if (pageRows == 0) {
      return;
    }
    try {
      BytesInput data;
      Encoding encoding;
      if (dictionaryActive) {
        out.reset();
        int width = HybridRle.bitWidth(Math.max(0, values.size - 1));
        out.put(width);
        HybridRle.encodeInts(ids, idCount, width, out);
        if (firstPage && !(out.size + values.byteSize < pageRaw)) {
          fallBack();
          data = plain.view();
          encoding = Encoding.PLAIN;
        } else {
          data = out.view();
          encoding = v2 ? Encoding.RLE_DICTIONARY : Encoding.PLAIN_DICTIONARY;
          usedDictionary = true;
          lastUsedDictionarySize = values.size;
        }
      } else if (kind == Kind.BOOLEAN) {
        out.reset();
        int bytes = (boolCount + 7) >> 3;
        out.ensure(bytes);
        for (int b = 0; b < bytes; b++) {
          out.bytes[b] = (byte) (boolBits[b >> 3] >>> ((b & 7) * 8));
        }
        out.size = bytes;
        data = out.view();
        encoding = Encoding.PLAIN;
      } else {
        data = plain.view();
        encoding = Encoding.PLAIN;
      }
      firstPage = false;
      int valueCount = pageRows;
      levels.reset();
      if (!required) {
        if (!v2) {
          levels.putInt(0); // the length, filled in below
        }
        HybridRle.encodeBits(pageBits, pageRows, levels);
        if (!v2) {
          ByteSink.INTS.set(levels.bytes, 0, levels.size - 4);
        }
      }
      Statistics<?> stats = pageStatistics();
      SizeStatistics sizes =
          sizeStatistics
              ? new SizeStatistics(
                  type,
                  kind == Kind.BINARY ? unencodedBytes : 0,
                  new ArrayList<>(),
                  new ArrayList<>())
              : SizeStatistics.noopBuilder(type, 0, column.getMaxDefinitionLevel()).build();
      GeospatialStatistics geo = GeospatialStatistics.noopBuilder().build();
      if (v2) {
        pages.writePageV2(
            pageRows,
            pageNulls,
            valueCount,
            BytesInput.empty(),
            levels.view(),
            encoding,
            data,
            stats,
            sizes,
            geo);
      } else {
        pages.writePage(
            BytesInput.concat(levels.view(), data),
            valueCount,
            pageRows,
            stats,
            sizes,
            geo,
            Encoding.BIT_PACKED,
            required ? Encoding.BIT_PACKED : Encoding.RLE,
            encoding);
      }
    } catch (IOException e) {
      throw new ParquetEncodingException("could not write page for " + column, e);
    }
    resetPage();
  }

  private Statistics<?> pageStatistics() {
    Statistics<?> stats = statistics ? Statistics.createStats(type) : Statistics.noopStats(type);
    stats.incrementNumNulls(pageNulls);
    if (!hasValue) {
      return stats;
    }
    switch (kind) {
      case BOOLEAN -> {
        stats.updateStats(!seenFalse);
        stats.updateStats(seenTrue);
      }
      case INT32 -> {
        stats.updateStats((int) minL);
        stats.updateStats((int) maxL);
      }
      case INT64 -> {
        stats.updateStats(minL);
        stats.updateStats(maxL);
      }
      case FLOAT -> {
        if (numbers) {
          stats.updateStats((float) minD);
          stats.updateStats((float) maxD);
        }
        if (nans > 0) {
          stats.incrementNanCount(nans);
        }
      }
      case DOUBLE -> {
        if (numbers) {
          stats.updateStats(minD);
          stats.updateStats(maxD);
        }
        if (nans > 0) {
          stats.incrementNanCount(nans);
        }
      }
      case BINARY -> {
        stats.updateStats(Binary.fromReusedByteArray(minB, 0, minLen));
        stats.updateStats(Binary.fromReusedByteArray(maxB, 0, maxLen));
      }
    }
    return stats;
  }

  private void resetPage() {
    Arrays.fill(pageBits, 0, Math.min(pageBits.length, (pageRows >> 6) + 2), 0L);
    Arrays.fill(boolBits, 0, Math.min(boolBits.length, (boolCount >> 6) + 2), 0L);
    pageRows = 0;
    pageNulls = 0;
    pageRaw = 0;
    plain.reset();
    idCount = 0;
    boolCount = 0;
    hasValue = false;
    numbers = false;
    nans = 0;
    minLen = 0;
    maxLen = 0;
    seenTrue = false;
    seenFalse = false;
    unencodedBytes = 0;
  }

  /** Writes the last page, the dictionary page and the bloom filter of the row group. */
  void flush() {
    writePage();
    if (usedDictionary) {
      ByteSink dict = new ByteSink(16);
      values.writeEntries(lastUsedDictionarySize, dict);
      try {
        pages.writeDictionaryPage(
            new DictionaryPage(
                BytesInput.from(Arrays.copyOf(dict.bytes, dict.size)),
                lastUsedDictionarySize,
                v2 ? Encoding.PLAIN : Encoding.PLAIN_DICTIONARY));
      } catch (IOException e) {
        throw new ParquetEncodingException("could not write dictionary page for " + column, e);
      }
    }
    if (bloomWriter != null) {
      bloomWriter.writeBloomFilter(bloom);
    }
  }

  /** Drops this row group's buffers. */
  void close() {
    pages = null;
    if (values != null) {
      values.clear();
    }
  }
}
