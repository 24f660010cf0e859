package io.pqarrow.parquet.read.leaf;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.HelperThreads;
import io.pqarrow.parquet.internal.Intervals;
import io.pqarrow.parquet.internal.TimeUnits;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Chooses, once per column, the page leaf ({@link ChunkLeafDecoder}) that reads a Parquet leaf into
 * its Arrow vector, from the Parquet type and the vector alone; each leaf reads its chunks by range
 * through its own {@link ColumnChunkPages}. The hot loops then run with no branching on types.
 *
 * <table>
 *   <caption>Leaves, and the conversion a fixed-width leaf plugs in</caption>
 *   <tr><th>Parquet</th><th>Arrow</th><th>leaf</th></tr>
 *   <tr><td>any (UNKNOWN)</td><td>Null</td><td>{@link NullLeaf}</td></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td><td>{@link BoolLeaf}</td></tr>
 *   <tr><td>INT32, INT64, FLOAT, DOUBLE</td><td>a fixed width of the same size, same unit (ints,
 *       dates, times, timestamps, durations, floats)</td><td>{@link FixedWidthLeaf}, values copied
 *       as they are</td></tr>
 *   <tr><td>INT32</td><td>1-, 2-byte ints</td><td>{@link FixedWidthLeaf} + {@link
 *       IntConversions#narrow}</td></tr>
 *   <tr><td>INT32</td><td>8-byte (Date64 from DATE, widened and unsigned ints)</td><td>{@link
 *       FixedWidthLeaf} + {@link IntConversions#widen}</td></tr>
 *   <tr><td>INT32, INT64</td><td>4- or 8-byte in another unit (TIME(MILLIS) into seconds, …)</td>
 *       <td>{@link FixedWidthLeaf} + {@link IntConversions#rescale32}, {@link
 *       IntConversions#rescale64}</td></tr>
 *   <tr><td>INT96</td><td>Timestamp</td><td>{@link FixedWidthLeaf} + {@link IntConversions#int96}
 *       ({@link Int96Timestamps})</td></tr>
 *   <tr><td>INT32, INT64, FIXED_LEN_BYTE_ARRAY DECIMAL</td><td>Decimal</td><td>{@link
 *       FixedWidthLeaf} + {@link DecimalConversions}</td></tr>
 *   <tr><td>BYTE_ARRAY DECIMAL</td><td>Decimal</td><td>{@link StagedLeaves.BytesDecimal}</td></tr>
 *   <tr><td>FLBA(2) FLOAT16</td><td>Float16</td><td>{@link FixedWidthLeaf} (2 bytes)</td></tr>
 *   <tr><td>FLBA(12) INTERVAL</td><td>Interval (any unit)</td><td>{@link FixedWidthLeaf} + {@link
 *       IntervalConversions}</td></tr>
 *   <tr><td>FLBA</td><td>FixedSizeBinary of its length (and {@code arrow.uuid})</td><td>{@link
 *       FixedWidthLeaf}</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>Binary, Utf8 and their large forms</td><td>{@link
 *       BinaryLeaf}</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>Int32 indices of a dictionary ({@link io.pqarrow.parquet.read.DictionaryFields})</td>
 *       <td>{@link DictionaryLeaf}</td></tr>
 *   <tr><td>BYTE_ARRAY, FLBA</td><td>BinaryView, Utf8View</td><td>{@link
 *       StagedLeaves.View}</td></tr>
 *   <tr><td>FLBA</td><td>Binary, Utf8 and their large forms</td><td>{@link
 *       StagedLeaves.VarWidth}</td></tr>
 * </table>
 *
 * An extension vector is read as its storage. A {@link LeafColumn#nullFill} is written only by the
 * binary leaves (the Variant children that need it are binary).
 */
public final class ChunkLeaves implements LeafFactory {
  /** Decimal values, in the refusal of an encoding they cannot have. */
  private static final String DECIMALS = "decimal values";

  private final InputFile input;
  private final String file;
  private final boolean verifyPageChecksums;
  private final boolean codecsPerLeaf;

  /**
   * Whether the leaves read pages ahead ({@link io.pqarrow.parquet.read.ReadOptions#readAhead()});
   * null when {@link #leavesBuilt} chooses, once the leaves are known.
   */
  private final Boolean readAhead;

  /**
   * Where the leaves read ahead when {@link #readAhead} is null: chosen by {@link #leavesBuilt}.
   */
  private final Gate gate = new Gate();

  /** The caller's executor for read-ahead, or null for the shared pool. */
  private final ExecutorService executor;

  /** The most pages each leaf reads ahead. */
  private final int aheadPages;

  /** The codecs the leaves use: one factory, or one per leaf; released by {@link #close}. */
  private final List<CompressionCodecFactory> codecs = new ArrayList<>();

  /** Leaves of {@code file} that check page CRCs and share one set of codecs (one thread). */
  public ChunkLeaves(Path file) {
    this(new LocalInputFile(file), String.valueOf(file), true, false, Boolean.FALSE, null, 1);
  }

  /**
   * @param input the file's bytes: each leaf reads them through a stream of its own
   * @param file the file's display name, for messages
   * @param verifyPageChecksums whether pages are checked against the CRC in their header
   * @param codecsPerLeaf whether each leaf gets codecs of its own, for leaves read on several
   *     threads: parquet-java's decompressors keep state and are not thread-safe
   * @param readAhead whether each leaf reads the page after its current one in the background
   *     ({@link ColumnChunkPages}); its leaves then get codecs of their own. Null: {@link
   *     #leavesBuilt} chooses, by how many leaves there are for the threads
   * @param executor where pages are read ahead, or null for the process's shared read-ahead pool
   *     ({@link HelperThreads#sharedReadAhead()}); the leaves' {@code close} waits for their reads
   * @param aheadPages the most pages each leaf reads ahead ({@link
   *     io.pqarrow.parquet.read.ReadOptions#readAheadPages()})
   */
  public ChunkLeaves(
      InputFile input,
      String file,
      boolean verifyPageChecksums,
      boolean codecsPerLeaf,
      Boolean readAhead,
      ExecutorService executor,
      int aheadPages) {
    this.input = input;
    this.file = file;
    this.verifyPageChecksums = verifyPageChecksums;
    this.codecsPerLeaf = codecsPerLeaf || !Boolean.FALSE.equals(readAhead);
    this.readAhead = readAhead;
    this.executor = executor;
    this.aheadPages = aheadPages;
  }

  @Override
  public LeafDecoder create(
      LeafColumn c, ColumnDescriptor column, ArrowType arrowType, FieldVector vector) {
    if (codecs.isEmpty() || codecsPerLeaf) {
      codecs.add(HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0));
    }
    ColumnChunkPages pages;
    try {
      pages =
          new ColumnChunkPages(
              file,
              c.column(),
              input.newStream(),
              codecs.get(codecs.size() - 1),
              verifyPageChecksums,
              readAheadExecutor(),
              aheadPages);
    } catch (IOException e) {
      throw ParquetFileException.read(
          ErrorKind.IO,
          ErrorLocation.inFile(file).withColumn(c.column()),
          "cannot open: " + ErrorText.describe(e),
          e);
    }
    ChunkLeafDecoder leaf;
    try {
      leaf =
          choose(
              c,
              column.getPrimitiveType(),
              arrowType,
              vector,
              pages,
              column.getMaxRepetitionLevel());
    } catch (RuntimeException e) {
      closeQuietly(pages);
      throw e;
    }
    if (leaf == null) {
      closeQuietly(pages);
    }
    return leaf;
  }

  /** Where the leaves read ahead: null without read-ahead. */
  private Executor readAheadExecutor() {
    if (readAhead == null) {
      return gate;
    }
    if (!readAhead) {
      return null;
    }
    return target();
  }

  private Executor target() {
    return executor != null ? executor : HelperThreads.sharedReadAhead();
  }

  /**
   * Chooses read-ahead when it was left to the reader: on when the column tasks leave threads idle
   * (fewer page leaves than threads), off otherwise.
   */
  @Override
  public void leavesBuilt(int pageLeaves, int threads) {
    if (readAhead == null && pageLeaves < threads) {
      gate.target = target();
    }
  }

  /** Whether the leaves read ahead, as chosen ({@link #leavesBuilt}); for tests. */
  boolean readsAhead() {
    return readAhead == null ? gate.target != null : readAhead;
  }

  /**
   * The executor of leaves whose read-ahead is chosen once they are all built: it refuses every
   * task until {@link #leavesBuilt} opens it (a refused read is done by the leaf itself, when its
   * page is wanted, as without read-ahead).
   */
  private static final class Gate implements Executor {
    /** One refusal for every task: refusing is the normal case here, and must cost nothing. */
    private static final RejectedExecutionException OFF =
        new RejectedExecutionException("read-ahead is off for this read");

    volatile Executor target;

    @Override
    public void execute(Runnable task) {
      Executor t = target;
      if (t == null) {
        throw OFF;
      }
      t.execute(task);
    }
  }

  /**
   * The page leaf for one column, or {@code null} when this pair of types is not supported.
   *
   * @param maxRep the column's maximum repetition level
   */
  static ChunkLeafDecoder choose(
      LeafColumn c,
      PrimitiveType type,
      ArrowType arrowType,
      FieldVector vector,
      ColumnChunkPages pages,
      int maxRep) {
    FieldVector v = vector;
    if (v instanceof ExtensionTypeVector<?> ext) {
      v = (FieldVector) ext.getUnderlyingVector();
    }
    if (arrowType instanceof ArrowType.ExtensionType ext) {
      arrowType = ext.storageType();
    }
    PrimitiveTypeName physical = type.getPrimitiveTypeName();
    boolean fills = c.nullFill() != null;
    // A leaf reads its levels a page at a time, for the nodes above or for its slots, unless it is
    // a plain top-level column whose definition levels are its validity bits.
    boolean nested =
        maxRep > 0
            || c.parquetPath().size() > 1
            || c.maxDef() > 1
            || fills
            || c.padding() != LeafColumn.Padding.NONE
            || v instanceof NullVector;
    ChunkLeafDecoder.Shape shape = new ChunkLeafDecoder.Shape(maxRep, nested);
    if (v.getField().getDictionary() != null) {
      // Indices of a dictionary read (DictionaryFields chose the column).
      return physical == PrimitiveTypeName.BINARY && v instanceof IntVector indices
          ? new DictionaryLeaf(c, pages, shape, indices)
          : null;
    }
    if (v instanceof NullVector) {
      return new NullLeaf(c, pages, shape, type, v);
    }
    int flba = physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? type.getTypeLength() : 0;
    boolean varWidth =
        v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector;
    boolean decimal = v instanceof DecimalVector || v instanceof Decimal256Vector;
    if (physical == PrimitiveTypeName.BINARY || flba >= 1) {
      if (physical == PrimitiveTypeName.BINARY && varWidth) {
        return new BinaryLeaf(c, pages, shape, v);
      }
      if (v instanceof BaseVariableWidthViewVector view && !decimal) {
        return new StagedLeaves.View(c, pages, shape, flba, view);
      }
      if (flba >= 1 && varWidth) {
        return new StagedLeaves.VarWidth(c, pages, shape, flba, v);
      }
    }
    if (fills) {
      // Only the binary leaves above write a null fill, as the Variant children that need it are.
      return null;
    }
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    return switch (physical) {
      case BOOLEAN -> v instanceof BitVector b ? new BoolLeaf(c, pages, shape, b) : null;
      case INT32, INT64 -> {
        if (decimal) {
          yield decimal(c, pages, shape, (BaseFixedWidthVector) v, physical, 0);
        }
        yield physical == PrimitiveTypeName.INT32
            ? int32(c, pages, shape, v, logical, arrowType)
            : int64(c, pages, shape, v, logical, arrowType);
      }
      case INT96 -> int96(c, pages, shape, v, arrowType);
      case FLOAT ->
          v instanceof Float4Vector f ? new FixedWidthLeaf(c, pages, shape, f, physical) : null;
      case DOUBLE ->
          v instanceof Float8Vector f ? new FixedWidthLeaf(c, pages, shape, f, physical) : null;
      case BINARY ->
          decimal ? new StagedLeaves.BytesDecimal(c, pages, shape, (BaseFixedWidthVector) v) : null;
      case FIXED_LEN_BYTE_ARRAY -> {
        if (decimal) {
          yield decimal(c, pages, shape, (BaseFixedWidthVector) v, physical, flba);
        }
        if (v instanceof Float2Vector f && flba == 2) {
          yield new FixedWidthLeaf(c, pages, shape, f, physical);
        }
        ChunkLeafDecoder interval = flba == 12 ? interval(c, pages, shape, v) : null;
        if (interval != null) {
          yield interval;
        }
        if (v instanceof FixedSizeBinaryVector f && f.getByteWidth() == flba) {
          yield new FixedWidthLeaf(c, pages, shape, f, physical);
        }
        yield null;
      }
    };
  }

  /** INT32 into an integer-valued fixed-width vector: as it is, narrowed, widened or rescaled. */
  static ChunkLeafDecoder int32(
      LeafColumn c,
      ColumnChunkPages pages,
      ChunkLeafDecoder.Shape shape,
      FieldVector vector,
      LogicalTypeAnnotation logical,
      ArrowType arrowType) {
    if (!(vector instanceof BaseFixedWidthVector v) || !TimeUnits.isIntegerValued(arrowType)) {
      return null;
    }
    int width = v.getTypeWidth();
    long[] scale = TimeUnits.scale(logical, arrowType);
    Conversion conversion;
    String what;
    if (width == 4 && scale[0] == 1 && scale[1] == 1) {
      return new FixedWidthLeaf(c, pages, shape, v, PrimitiveTypeName.INT32);
    } else if (width == 4) {
      conversion = IntConversions.rescale32(scale[0], scale[1]);
      what = "rescaled INT32 values";
    } else if (width == 8) {
      long mask = isUnsigned(logical) ? 0xFFFF_FFFFL : -1L;
      conversion = IntConversions.widen(int32Multiplier(arrowType), mask);
      what = "widened INT32 values";
    } else if (width == 1 || width == 2) {
      conversion = IntConversions.narrow(width);
      what = "narrowed INT32 values";
    } else {
      return null;
    }
    return new FixedWidthLeaf(c, pages, shape, v, PrimitiveTypeName.INT32, 4, what, conversion);
  }

  /** INT64 into an 8-byte integer-valued vector: as it is or rescaled. */
  static ChunkLeafDecoder int64(
      LeafColumn c,
      ColumnChunkPages pages,
      ChunkLeafDecoder.Shape shape,
      FieldVector vector,
      LogicalTypeAnnotation logical,
      ArrowType arrowType) {
    if (!(vector instanceof BaseFixedWidthVector v)
        || v.getTypeWidth() != 8
        || !TimeUnits.isIntegerValued(arrowType)) {
      return null;
    }
    long[] scale = TimeUnits.scale(logical, arrowType);
    if (scale[0] == 1 && scale[1] == 1) {
      return new FixedWidthLeaf(c, pages, shape, v, PrimitiveTypeName.INT64);
    }
    Conversion conversion = IntConversions.rescale64(scale[0], scale[1]);
    return new FixedWidthLeaf(
        c, pages, shape, v, PrimitiveTypeName.INT64, 8, "rescaled INT64 values", conversion);
  }

  /** INT96 into a timestamp vector. */
  static ChunkLeafDecoder int96(
      LeafColumn c,
      ColumnChunkPages pages,
      ChunkLeafDecoder.Shape shape,
      FieldVector vector,
      ArrowType arrowType) {
    if (arrowType instanceof ArrowType.Timestamp ts && vector instanceof BaseFixedWidthVector v) {
      Conversion conversion = IntConversions.int96(new Int96Timestamps(ts.getUnit()));
      return new FixedWidthLeaf(
          c, pages, shape, v, PrimitiveTypeName.INT96, 12, "INT96 values", conversion);
    }
    return null;
  }

  /** Unscaled decimals of INT32, INT64 or FIXED_LEN_BYTE_ARRAY ({@code length} bytes). */
  static ChunkLeafDecoder decimal(
      LeafColumn c,
      ColumnChunkPages pages,
      ChunkLeafDecoder.Shape shape,
      BaseFixedWidthVector v,
      PrimitiveTypeName physical,
      int length) {
    int width = v.getTypeWidth();
    return switch (physical) {
      case INT32 ->
          new FixedWidthLeaf(
              c, pages, shape, v, physical, 4, DECIMALS, DecimalConversions.fromInt32(width));
      case INT64 ->
          new FixedWidthLeaf(
              c, pages, shape, v, physical, 8, DECIMALS, DecimalConversions.fromInt64(width));
      default ->
          new FixedWidthLeaf(
              c,
              pages,
              shape,
              v,
              physical,
              length,
              DECIMALS,
              new DecimalConversions.FromBytes(length, width));
    };
  }

  /** FLBA(12) INTERVAL into an Arrow interval vector, or {@code null} when it is not one. */
  static ChunkLeafDecoder interval(
      LeafColumn c, ColumnChunkPages pages, ChunkLeafDecoder.Shape shape, FieldVector v) {
    Conversion conversion;
    if (v instanceof IntervalMonthDayNanoVector) {
      conversion = IntervalConversions.monthDayNano();
    } else if (v instanceof IntervalDayVector) {
      conversion = IntervalConversions.dayTime();
    } else if (v instanceof IntervalYearVector) {
      conversion = IntervalConversions.yearMonth();
    } else {
      return null;
    }
    return new FixedWidthLeaf(
        c,
        pages,
        shape,
        (BaseFixedWidthVector) v,
        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
        Intervals.BYTES,
        "INTERVAL values",
        conversion);
  }

  /** Whether INT32 {@code logical} is unsigned, so that widening zero-extends it. */
  static boolean isUnsigned(LogicalTypeAnnotation logical) {
    return logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && !i.isSigned();
  }

  /** What an INT32 is multiplied by when widened: DATE is days; Arrow's Date64 is milliseconds. */
  static long int32Multiplier(ArrowType arrowType) {
    if (arrowType instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND) {
      return 86_400_000L;
    }
    return 1;
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // The original outcome is the one worth reporting.
    }
  }

  @Override
  public void close() {
    for (CompressionCodecFactory c : codecs) {
      c.release();
    }
    codecs.clear();
  }
}
