package io.pqarrow.parquet.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
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
import org.apache.parquet.column.values.bloomfilter.AdaptiveBlockSplitBloomFilter;
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

  /** The orders of INT32 and INT64, signed and unsigned (the logical type decides). */
  private static final PrimitiveComparator<?> SIGNED_INT32 =
      order(PrimitiveType.PrimitiveTypeName.INT32, null);

  private static final PrimitiveComparator<?> SIGNED_INT64 =
      order(PrimitiveType.PrimitiveTypeName.INT64, null);

  private static final PrimitiveComparator<?> UNSIGNED_INT32 =
      order(
          PrimitiveType.PrimitiveTypeName.INT32,
          org.apache.parquet.schema.LogicalTypeAnnotation.intType(32, false));

  private static final PrimitiveComparator<?> UNSIGNED_INT64 =
      order(
          PrimitiveType.PrimitiveTypeName.INT64,
          org.apache.parquet.schema.LogicalTypeAnnotation.intType(64, false));

  /** The order of a decimal stored as FIXED_LEN_BYTE_ARRAY: big-endian two's complement. */
  private static final PrimitiveComparator<?> SIGNED_BINARY =
      order(
          PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
          org.apache.parquet.schema.LogicalTypeAnnotation.decimalType(0, 38));

  /** The order of FLOAT16 values (FIXED_LEN_BYTE_ARRAY of 2 bytes, little-endian half floats). */
  private static final PrimitiveComparator<?> FLOAT16_ORDER =
      org.apache.parquet.schema.Types.required(PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
          .length(2)
          .as(org.apache.parquet.schema.LogicalTypeAnnotation.float16Type())
          .named("x")
          .comparator();

  private static PrimitiveComparator<?> order(
      PrimitiveType.PrimitiveTypeName physical,
      org.apache.parquet.schema.LogicalTypeAnnotation logical) {
    return org.apache.parquet.schema.Types.required(physical)
        .length(16)
        .as(logical)
        .named("x")
        .comparator();
  }

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
    BINARY(0),
    FIXED_BYTES(0);

    /**
     * Bytes per value (BOOLEAN: a bit, counted as a byte for page sizes; BINARY: varies;
     * FIXED_BYTES: the column's type length).
     */
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

  /**
   * Bytes per value in the Arrow data buffer: the value width; an integer narrower than it (1 or 2
   * bytes, or 4 for an INT64 column), widened; or a decimal's 16 or 32, of which the low
   * (little-endian first) width bytes are the value.
   */
  private final int stride;

  /**
   * The leaf, when its values change unit on the way (seconds to milliseconds, a Date64's
   * milliseconds to days): each valid value is then its {@code scaled} value, refused as the
   * per-value path refuses it (overflow, not a whole unit), naming its row.
   */
  private final LeafEncoders.IntegerOut rescaled;

  /** Whether a narrower integer is widened with zeros (an unsigned Arrow type), not its sign. */
  private final boolean zeroExtend;

  /**
   * INT32 and INT64 min and max are kept as {@code (value & keyMask) ^ keyFlip}, whose signed order
   * is the column's order: the value itself, or for an unsigned column the INT32 value's 32 bits as
   * a non-negative long, the INT64 value with its top bit flipped.
   */
  private final long keyMask;

  private final long keyFlip;

  /** BINARY: whether the Arrow offsets are 64-bit (LargeUtf8, LargeBinary). */
  private final boolean largeOffsets;

  /** BINARY: whether the Arrow values are views (Utf8View, BinaryView), not offsets. */
  private final boolean views;

  /** FIXED_BYTES: the type length; {@code decimalBytes} whether they are a decimal's, reversed. */
  private final int fixedLength;

  private final boolean decimalBytes;

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

  /**
   * The row group's value hashes while its bloom filter waits to be sized from the distinct values
   * written (no NDV given): sized up front for a row group's row limit, every filter of a small
   * file took the 1 MiB cap. Null when the filter was sized up front from the column's NDV.
   */
  private long[] bloomHashes;

  private int bloomHashCount;
  private double bloomFpp;
  private int bloomMaxBytes;
  private int bloomCandidates;
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
  private final byte[] reversed = new byte[32];
  private byte[] viewBytes = new byte[0];
  private final ByteSink levels = new ByteSink(1024);
  private final ByteSink out = new ByteSink(1024);

  private BulkColumnWriter(
      LeafEncoder leaf,
      Kind kind,
      boolean dictionary,
      boolean byteStreamSplit,
      WriteOptions.Encoding deltaEncoding,
      int stride,
      ArrowType arrow) {
    this.leaf = leaf;
    this.rescaled = leaf instanceof LeafEncoders.IntegerOut i && !i.unscaled() ? i : null;
    this.byteStreamSplit = byteStreamSplit;
    this.deltaEncoding = deltaEncoding;
    this.stride = stride;
    this.column = leaf.column;
    this.type = column.getPrimitiveType();
    this.kind = kind;
    this.dictionary = dictionary;
    this.required = column.getMaxDefinitionLevel() == 0;
    this.zeroExtend = arrow instanceof ArrowType.Int i && !i.getIsSigned();
    PrimitiveComparator<?> order = type.comparator();
    this.keyMask = order == UNSIGNED_INT32 ? 0xFFFF_FFFFL : -1L;
    this.keyFlip = order == UNSIGNED_INT64 ? Long.MIN_VALUE : 0L;
    this.largeOffsets =
        arrow instanceof ArrowType.LargeUtf8 || arrow instanceof ArrowType.LargeBinary;
    this.views = arrow instanceof ArrowType.Utf8View || arrow instanceof ArrowType.BinaryView;
    this.fixedLength = kind == Kind.FIXED_BYTES ? type.getTypeLength() : 0;
    this.decimalBytes = kind == Kind.FIXED_BYTES && arrow instanceof ArrowType.Decimal;
    this.prefixFlip = decimalBytes ? Long.MIN_VALUE : 0L;
    this.float16 = leaf instanceof LeafEncoders.Float16;
    this.rawExtra = kind == Kind.BINARY || kind == Kind.FIXED_BYTES && dictionary ? 4 : 0;
    this.values = dictionary ? new ValueDictionary(kind) : null;
  }

  /**
   * The bulk writer of {@code leaf}, or {@code null} when it is not one: a top-level leaf of a
   * plain Arrow type whose Parquet value is its bits, widened or reversed at most (no rescaling;
   * min and max by the column's order: signed or unsigned integers, IEEE floats, bytes unsigned, a
   * decimal's bytes signed), written PLAIN or dictionary-encoded.
   */
  static BulkColumnWriter create(
      LeafEncoder leaf, ArrowType arrow, WriteOptions.Encoding encoding) {
    if (leaf.column.getMaxRepetitionLevel() != 0 || leaf.column.getMaxDefinitionLevel() > 1) {
      return null;
    }
    boolean split = encoding == WriteOptions.Encoding.BYTE_STREAM_SPLIT;
    boolean delta =
        encoding == WriteOptions.Encoding.DELTA_BINARY_PACKED
            || encoding == WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY
            || encoding == WriteOptions.Encoding.DELTA_BYTE_ARRAY;
    if (encoding != WriteOptions.Encoding.PLAIN
        && encoding != WriteOptions.Encoding.DICTIONARY
        && !split
        && !delta) {
      return null;
    }
    if (arrow instanceof ArrowType.ExtensionType ext) {
      arrow = ext.storageType();
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
          case FIXED_LEN_BYTE_ARRAY -> Kind.FIXED_BYTES;
          default -> null;
        };
    int stride = kind == null ? 0 : kind.width;
    boolean fits =
        kind != null
            && switch (kind) {
              case BOOLEAN -> leaf instanceof LeafEncoders.Bool;
              case INT32, INT64 -> {
                if (leaf instanceof LeafEncoders.DecimalInt
                    && arrow instanceof ArrowType.Decimal d) {
                  stride = d.getBitWidth() / 8;
                } else if (leaf instanceof LeafEncoders.IntegerOut i) {
                  stride = integerBytes(arrow);
                  if (i.unscaled() && stride > kind.width) {
                    yield false; // narrowing checks every value: the per-value path does
                  }
                } else {
                  yield false;
                }
                yield stride > 0
                    && (kind == Kind.INT32
                        ? order == SIGNED_INT32 || order == UNSIGNED_INT32
                        : order == SIGNED_INT64 || order == UNSIGNED_INT64);
              }
              case FLOAT, DOUBLE ->
                  (leaf instanceof LeafEncoders.Float32 || leaf instanceof LeafEncoders.Float64)
                      && arrow instanceof ArrowType.FloatingPoint f
                      && f.getPrecision()
                          == (kind == Kind.FLOAT
                              ? FloatingPointPrecision.SINGLE
                              : FloatingPointPrecision.DOUBLE);
              case BINARY ->
                  leaf instanceof LeafEncoders.VarBinary
                      && (arrow instanceof ArrowType.Utf8
                          || arrow instanceof ArrowType.Binary
                          || arrow instanceof ArrowType.LargeUtf8
                          || arrow instanceof ArrowType.LargeBinary
                          || arrow instanceof ArrowType.Utf8View
                          || arrow instanceof ArrowType.BinaryView)
                      && order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
              case FIXED_BYTES -> {
                int length = type.getTypeLength();
                if (leaf instanceof LeafEncoders.DecimalBytes
                    && arrow instanceof ArrowType.Decimal d) {
                  stride = d.getBitWidth() / 8;
                  yield length <= stride && order == SIGNED_BINARY;
                }
                stride = length;
                if (leaf instanceof LeafEncoders.Float16) {
                  yield length == 2 && order == FLOAT16_ORDER;
                }
                yield leaf instanceof LeafEncoders.FixedBinary
                    && arrow instanceof ArrowType.FixedSizeBinary f
                    && f.getByteWidth() == length
                    && order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
              }
            };
    if (!fits
        || split && (kind == Kind.BOOLEAN || kind == Kind.BINARY)
        || delta && !fitsDelta(encoding, kind)) {
      return null;
    }
    return new BulkColumnWriter(
        leaf,
        kind,
        encoding == WriteOptions.Encoding.DICTIONARY && kind != Kind.BOOLEAN,
        split,
        delta ? encoding : null,
        stride,
        arrow);
  }

  /** Whether the DELTA {@code encoding} applies to {@code kind}, as parquet-java writes them. */
  private static boolean fitsDelta(WriteOptions.Encoding encoding, Kind kind) {
    return switch (encoding) {
      case DELTA_BINARY_PACKED -> kind == Kind.INT32 || kind == Kind.INT64;
      case DELTA_LENGTH_BYTE_ARRAY -> kind == Kind.BINARY;
      default -> kind == Kind.BINARY || kind == Kind.FIXED_BYTES;
    };
  }

  /**
   * Bytes per value of {@code arrow} when it is stored as integers: any Arrow integer, dates,
   * times, timestamps and durations; 0 otherwise.
   */
  private static int integerBytes(ArrowType arrow) {
    if (arrow instanceof ArrowType.Int i) {
      return i.getBitWidth() / 8;
    }
    if (arrow instanceof ArrowType.Date d) {
      return d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? 4 : 8;
    }
    if (arrow instanceof ArrowType.Time t) {
      return t.getBitWidth() / 8;
    }
    return arrow instanceof ArrowType.Timestamp || arrow instanceof ArrowType.Duration ? 8 : 0;
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
      bloomFpp = fpp.isPresent() ? fpp.getAsDouble() : DEFAULT_BLOOM_FPP;
      bloomMaxBytes = max;
      bloomCandidates = props.getBloomFilterCandidatesCount(column);
      bloomHashCount = 0;
      if (ndv.isPresent()) {
        bloomHashes = null;
        bloom =
            new BlockSplitBloomFilter(
                BlockSplitBloomFilter.optimalNumOfBits(ndv.getAsLong(), bloomFpp) / 8, max);
      } else {
        // The smallest filter: here only for its hash function until the row group ends.
        bloom = new BlockSplitBloomFilter(0, max);
        if (bloomHashes == null) {
          bloomHashes = new long[1024];
        }
      }
    }
    if (deltaEncoding != null) {
      closeDelta();
      int slab = props.getInitialSlabSize();
      org.apache.parquet.bytes.ByteBufferAllocator allocator = props.getAllocator();
      delta =
          switch (deltaEncoding) {
            case DELTA_BINARY_PACKED ->
                kind == Kind.INT32
                    ? new org.apache.parquet.column.values.delta
                        .DeltaBinaryPackingValuesWriterForInteger(slab, pageThreshold, allocator)
                    : new org.apache.parquet.column.values.delta
                        .DeltaBinaryPackingValuesWriterForLong(slab, pageThreshold, allocator);
            case DELTA_LENGTH_BYTE_ARRAY ->
                new org.apache.parquet.column.values.deltalengthbytearray
                    .DeltaLengthByteArrayValuesWriter(slab, pageThreshold, allocator);
            default ->
                new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(
                    slab, pageThreshold, allocator);
          };
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
        n = views ? readViews(v, row, n, room) : readOffsets(v, row, n, room);
      } else if (kind == Kind.FIXED_BYTES) {
        int per = fixedLength + rawExtra;
        n = (int) Math.max(1, Math.min(n, (room + per - 1) / per));
        if (v != null) {
          readFixedBytes(v, row, n);
        }
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
          case BINARY, FIXED_BYTES -> binaries(v, row, n, valid);
          default -> {
            if (rescaled != null) {
              rescale(row, n, valid == n);
            } else {
              gather(v, row, n);
            }
            fixed(n, valid);
          }
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
    int width = largeOffsets ? 8 : 4;
    if (scratch.length < (n + 1) * width) {
      scratch = new byte[(n + 1) * width];
    }
    off.getBytes((long) row * width, scratch, 0, (n + 1) * width);
    long base =
        largeOffsets ? (long) ByteSink.LONGS.get(scratch, 0) : (int) ByteSink.INTS.get(scratch, 0);
    offsets[0] = 0;
    for (int i = 0; i < n; i++) {
      long end =
          largeOffsets
              ? (long) ByteSink.LONGS.get(scratch, (i + 1) * 8)
              : (int) ByteSink.INTS.get(scratch, (i + 1) * 4);
      offsets[i + 1] = Math.toIntExact(end - base);
      if (offsets[i + 1] + 4L * (i + 1) >= room) {
        n = i + 1;
        break;
      }
    }
    ensureScratch(offsets[n]);
    v.getDataBuffer().getBytes(base, scratch, 0, offsets[n]);
    return n;
  }

  /**
   * Makes {@link #scratch} hold {@code bytes} and 8 more: hashing reads whole words past a value.
   */
  private void ensureScratch(int bytes) {
    if (scratch.length < bytes + 8) {
      scratch = new byte[Math.max(bytes + 8, scratch.length * 2)];
    }
  }

  /**
   * {@link #readOffsets} of a view vector: each view is 16 bytes, a length, then the bytes inline
   * when they are at most 12, else a prefix, the index of a data buffer and the offset in it. A
   * null's view is undefined (it may be uninitialised memory): it counts as empty.
   */
  private int readViews(FieldVector v, int row, int n, long room) {
    int size = BaseVariableWidthViewVector.ELEMENT_SIZE;
    if (viewBytes.length < n * size) {
      viewBytes = new byte[n * size];
    }
    byte[] b = viewBytes;
    v.getDataBuffer().getBytes((long) row * size, b, 0, n * size);
    readBits(v.getValidityBuffer(), row, n, runBits);
    offsets[0] = 0;
    int fit = n;
    for (int i = 0; i < n; i++) {
      int len = isSet(runBits, i) ? (int) ByteSink.INTS.get(b, i * size) : 0;
      if (len < 0) {
        throw badView(row + i, "has a negative length, " + len);
      }
      offsets[i + 1] = offsets[i] + len;
      if (offsets[i + 1] + 4L * (i + 1) >= room) {
        fit = i + 1;
        break;
      }
    }
    ensureScratch(offsets[fit]);
    java.util.List<ArrowBuf> data = ((BaseVariableWidthViewVector) v).getDataBuffers();
    for (int i = 0; i < fit; i++) {
      int at = i * size;
      int len = offsets[i + 1] - offsets[i];
      if (len <= BaseVariableWidthViewVector.INLINE_SIZE) {
        System.arraycopy(b, at + 4, scratch, offsets[i], len);
      } else {
        int buffer = (int) ByteSink.INTS.get(b, at + 8);
        int offset = (int) ByteSink.INTS.get(b, at + 12);
        if (buffer < 0 || buffer >= data.size()) {
          throw badView(
              row + i, "points at data buffer " + buffer + ", and the vector has " + data.size());
        }
        if (offset < 0 || (long) offset + len > data.get(buffer).capacity()) {
          throw badView(
              row + i,
              "points at bytes "
                  + offset
                  + " to "
                  + ((long) offset + len)
                  + " of data buffer "
                  + buffer
                  + ", which holds "
                  + data.get(buffer).capacity());
        }
        data.get(buffer).getBytes(offset, scratch, offsets[i], len);
      }
    }
    return fit;
  }

  /** A view at {@code row} that {@code problem}: named with column and row, not an index error. */
  private InvalidValueException badView(int row, String problem) {
    failing = row;
    return new InvalidValueException(leaf.path, "the string view of this row " + problem);
  }

  /**
   * Reads the values of rows {@code row} to {@code row + n} of a fixed-width binary or decimal
   * vector into {@link #scratch} as their Parquet bytes ({@link #fixedLength} each; a decimal's low
   * bytes, big-endian), and their offsets into {@link #offsets}.
   */
  private void readFixedBytes(FieldVector v, int row, int n) {
    int len = fixedLength;
    ensureScratch(n * Math.max(stride, len));
    byte[] s = scratch;
    v.getDataBuffer().getBytes((long) row * stride, s, 0, n * stride);
    if (decimalBytes) {
      // The low len bytes of each little-endian value, reversed, packed front to back: value i's
      // bytes land at or before where they were read from, after those bytes were read.
      byte[] value = reversed;
      for (int i = 0; i < n; i++) {
        int from = i * stride;
        for (int j = 0; j < len; j++) {
          value[len - 1 - j] = s[from + j];
        }
        System.arraycopy(value, 0, s, i * len, len);
      }
    }
    for (int i = 0; i <= n; i++) {
      offsets[i] = i * len;
    }
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

  /**
   * Reads rows {@code row} to {@code row + n} into {@link #scratch} as values of the column's
   * width: copied, widened, or a decimal's low bytes.
   */
  private void gather(FieldVector v, int row, int n) {
    int w = kind.width;
    if (scratch.length < n * Math.max(stride, w)) {
      scratch = new byte[n * Math.max(stride, w)];
    }
    v.getDataBuffer().getBytes((long) row * stride, scratch, 0, n * stride);
    byte[] s = scratch;
    if (stride < w) {
      // A narrower integer widened in place, back to front: value i's new slot starts at or after
      // its old bytes and overlaps only the old bytes of later values, already moved.
      for (int i = n - 1; i >= 0; i--) {
        long x = narrow(s, i * stride);
        if (w == 8) {
          ByteSink.LONGS.set(s, i * 8, x);
        } else {
          ByteSink.INTS.set(s, i * 4, (int) x);
        }
      }
    } else if (stride != w) {
      // A decimal's low bytes: packed in place, front to back.
      for (int i = 0; i < n; i++) {
        if (w == 8) {
          ByteSink.LONGS.set(s, i * 8, (long) ByteSink.LONGS.get(s, i * stride));
        } else {
          ByteSink.INTS.set(s, i * 4, (int) ByteSink.INTS.get(s, i * stride));
        }
      }
    }
  }

  /** {@link #gather} for values that change unit: each valid one scaled by the leaf. */
  private void rescale(int row, int n, boolean all) {
    int w = kind.width;
    if (scratch.length < n * w) {
      scratch = new byte[n * w];
    }
    for (int i = 0; i < n; i++) {
      if (all || isSet(runBits, i)) {
        failing = row + i;
        if (w == 8) {
          ByteSink.LONGS.set(scratch, i * 8, rescaled.scaled(row + i));
        } else {
          ByteSink.INTS.set(scratch, i * 4, rescaled.scaledInt(row + i));
        }
      }
    }
    failing = row;
  }

  /** Encodes the {@code n} values {@link #gather} or {@link #rescale} put in {@link #scratch}. */
  private void fixed(int n, int valid) {
    int w = kind.width;
    byte[] s = scratch;
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
            long key = (x & keyMask) ^ keyFlip;
            lo = Math.min(lo, key);
            hi = Math.max(hi, key);
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
    if (delta != null) {
      for (int i = start; i < n; i++) {
        if (all || isSet(runBits, i)) {
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
          addBloomHash(fixedHash(s, i));
        }
      }
    }
  }

  /** The integer of {@link #stride} bytes at {@code at}, sign- or zero-extended. */
  private long narrow(byte[] s, int at) {
    long x =
        switch (stride) {
          case 1 -> s[at];
          case 2 -> (short) ByteSink.SHORTS.get(s, at);
          default -> (int) ByteSink.INTS.get(s, at);
        };
    return zeroExtend ? x & (-1L >>> (64 - 8 * stride)) : x;
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
    int start =
        kind == Kind.BINARY || kind == Kind.FIXED_BYTES
            ? dictionaryBinary(n, all)
            : dictionaryFixed(n, all);
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
            addBloomHash(fixedHash(s, i));
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
    boolean any = float16 ? numbers : hasValue;
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
        long key;
        if (float16) {
          int bits = (s[at] & 0xFF) | (s[at + 1] & 0xFF) << 8;
          if ((bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0) {
            nans++;
            continue;
          }
          key = halfFloatKey(bits);
        } else {
          key = prefix(s, at, len) ^ prefixFlip;
        }
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
    if (float16) {
      numbers = any;
    }
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
    if (delta != null) {
      for (int i = start; i < n; i++) {
        if (all || isSet(runBits, i)) {
          int at = o[i];
          int len = o[i + 1] - at;
          delta.writeBytes(Binary.fromConstantByteArray(s, at, len));
          pageRaw += len + rawExtra;
          if (bloom != null) {
            addBloomHash(bytesHash(s, at, len));
          }
        }
      }
      return;
    }
    // Room for every value left at once: lengths and bytes.
    plain.ensure(o[n] - o[start] + 4 * (n - start));
    byte[] p = plain.bytes;
    int size = plain.size;
    int prefixBytes = lengthPrefix();
    for (int i = start; i < n; i++) {
      if (all || isSet(runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        if (prefixBytes != 0) {
          ByteSink.INTS.set(p, size, len);
        }
        System.arraycopy(s, at, p, size + prefixBytes, len);
        size += prefixBytes + len;
        pageRaw += len + rawExtra;
        if (bloom != null) {
          addBloomHash(bytesHash(s, at, len));
        }
      }
    }
    plain.size = size;
  }

  /**
   * The bloom filter hash of {@code s[at..at+len)}: the filter's own (XXH64, {@code
   * BlockSplitBloomFilter}'s default, which {@link #startRowGroup} builds) over a reused view,
   * where {@code bloom.hash(Binary)} would copy the bytes out of a new {@code Binary} per value.
   */
  private long bytesHash(byte[] s, int at, int len) {
    if (hashView.array() != s) {
      hashView = java.nio.ByteBuffer.wrap(s);
    }
    hashView.limit(at + len).position(at);
    return XXH64.hashByteBuffer(hashView);
  }

  private static final org.apache.parquet.column.values.bloomfilter.XxHash XXH64 =
      new org.apache.parquet.column.values.bloomfilter.XxHash();

  private java.nio.ByteBuffer hashView = java.nio.ByteBuffer.wrap(new byte[0]);

  /** The bytes before each PLAIN value: a BYTE_ARRAY's length, nothing for FIXED_LEN_BYTE_ARRAY. */
  private int lengthPrefix() {
    return kind == Kind.BINARY ? 4 : 0;
  }

  /**
   * A key of half float {@code bits} (not NaN) whose unsigned order is the order parquet-java's
   * statistics give them: negative values below 0x8000 (the larger their magnitude the lower, -0.0
   * at 0x7FFF), positive ones from 0x8000 (0.0) up; -0.0 below 0.0, as for floats and doubles.
   */
  private static long halfFloatKey(int bits) {
    return (bits & 0x8000) != 0 ? 0x7FFF - (bits & 0x7FFF) : 0x8000 + bits;
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
        pageRaw += len + rawExtra;
        if (values.size != before) {
          if (bloom != null) {
            addBloomHash(bytesHash(s, at, len));
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
      } else if (byteStreamSplit) {
        splitStreams();
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
    if (delta != null) {
      // The page writer has compressed (copied) the page: the values writer can start again.
      delta.reset();
    }
    resetPage();
  }

  /** Writes the page's PLAIN values to {@link #out} as BYTE_STREAM_SPLIT streams. */
  private void splitStreams() {
    int width = kind == Kind.FIXED_BYTES ? fixedLength : kind.width;
    int count = plain.size / width;
    out.reset();
    out.ensure(plain.size);
    byte[] from = plain.bytes;
    byte[] to = out.bytes;
    for (int b = 0; b < width; b++) {
      int at = b * count;
      for (int i = 0, j = b; i < count; i++, j += width) {
        to[at + i] = from[j];
      }
    }
    out.size = plain.size;
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
        stats.updateStats(minL ^ keyFlip);
        stats.updateStats(maxL ^ keyFlip);
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
      case BINARY, FIXED_BYTES -> {
        if (float16 && nans > 0) {
          stats.incrementNanCount(nans);
        }
        if (float16 && !numbers) {
          break;
        }
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

  /** parquet-java's default false-positive probability, for a column given none. */
  private static final double DEFAULT_BLOOM_FPP = 0.01;

  /** Adds a value's hash to the row group's bloom filter, or keeps it until the filter is sized. */
  private void addBloomHash(long hash) {
    if (bloomHashes == null) {
      bloom.insertHash(hash);
      return;
    }
    if (bloomHashCount == bloomHashes.length) {
      bloomHashes = Arrays.copyOf(bloomHashes, bloomHashes.length * 2);
    }
    bloomHashes[bloomHashCount++] = hash;
  }

  /**
   * The row group's bloom filter sized for the distinct hashes it was given, holding them: sized by
   * parquet-java's adaptive filter (the smallest of its candidate sizes whose capacity at the
   * column's false-positive probability holds the distinct values), as the per-value path sizes it,
   * so that both write the same bits. The distinct hashes alone are given to it: each value costs
   * one slot in the buffer, not one insert per candidate size.
   */
  private BloomFilter sizedBloomFilter() {
    Arrays.sort(bloomHashes, 0, bloomHashCount);
    int distinct = 0;
    for (int i = 0; i < bloomHashCount; i++) {
      if (i == 0 || bloomHashes[i] != bloomHashes[i - 1]) {
        bloomHashes[distinct++] = bloomHashes[i];
      }
    }
    AdaptiveBlockSplitBloomFilter sized =
        new AdaptiveBlockSplitBloomFilter(bloomMaxBytes, bloomCandidates, bloomFpp, column);
    for (int i = 0; i < distinct; i++) {
      sized.insertHash(bloomHashes[i]);
    }
    bloomHashCount = 0;
    return sized;
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
      if (bloomHashes != null) {
        bloom = sizedBloomFilter();
      }
      bloomWriter.writeBloomFilter(bloom);
    }
  }

  private void closeDelta() {
    if (delta != null) {
      delta.close();
      delta = null;
    }
  }

  /** Drops this row group's buffers. */
  void close() {
    closeDelta();
    pages = null;
    if (values != null) {
      values.clear();
    }
  }
}
