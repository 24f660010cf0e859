package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The page leaves of fixed-width Parquet values that change on their way into a slot: integers
 * narrowed, widened or rescaled, and INT96 timestamps ({@link PageDecimalDecoders} and {@link
 * PageIntervalDecoders} hold the decimals and intervals). {@link PageLeaves} chooses them and takes
 * their parameters (unit factors, mask, timestamp unit) from the Parquet and Arrow types, by the
 * rules the reference decoder in the test tree shares ({@link PageLeaves#int32Multiplier}, {@link
 * PageLeaves#isUnsigned}, {@link io.pqarrow.parquet.internal.TimeUnits#scale}, {@link
 * Int96Timestamps}).
 *
 * <table>
 *   <caption>Converted columns read a page at a time</caption>
 *   <tr><th>page leaf</th><th>slot</th></tr>
 *   <tr><td>{@link Int32Narrow}</td><td>the low 1 or 2 bytes</td></tr>
 *   <tr><td>{@link Int32Widened}</td><td>8 bytes, {@code (value & mask) × multiplier}</td></tr>
 *   <tr><td>{@link Int32Scaled}, {@link Int64Scaled}</td><td>{@code floorDiv(value × multiplier,
 *       divisor)}</td></tr>
 *   <tr><td>{@link Int96}</td><td>8 bytes, by {@link Int96Timestamps}</td></tr>
 * </table>
 */
final class PageConvertedDecoders {
  private PageConvertedDecoders() {}

  /** INT32 into 1- or 2-byte slots (INT8, INT16, UINT8, UINT16): the low bytes are the value. */
  static final class Int32Narrow extends StagedValues {
    Int32Narrow(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.INT32, 4, "narrowed INT32 values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      if (width == 1) {
        for (int s = slot; s < slot + n; s++) {
          if (present(validity, s)) {
            data.setByte(s, staged.getInt((long) k++ * 4));
          }
        }
      } else {
        for (int s = slot; s < slot + n; s++) {
          if (present(validity, s)) {
            data.setShort((long) s * 2, (short) staged.getInt((long) k++ * 4));
          }
        }
      }
    }
  }

  /** INT32 into 8-byte slots (Date64, widened and unsigned ints). */
  static final class Int32Widened extends StagedValues {
    private final long multiplier;
    private final long mask;

    Int32Widened(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        long multiplier,
        long mask) {
      super(c, pages, shape, v, PrimitiveTypeName.INT32, 4, "widened INT32 values");
      this.multiplier = multiplier;
      this.mask = mask;
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long value = staged.getInt((long) k++ * 4);
          data.setLong((long) s * 8, (value & mask) * multiplier);
        }
      }
    }
  }

  /** INT32 times whose Parquet unit differs from the Arrow unit (TIME(MILLIS) into seconds). */
  static final class Int32Scaled extends StagedValues {
    private final long multiplier;
    private final long divisor;

    Int32Scaled(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        long multiplier,
        long divisor) {
      super(c, pages, shape, v, PrimitiveTypeName.INT32, 4, "rescaled INT32 values");
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long value = Math.floorDiv(staged.getInt((long) k++ * 4) * multiplier, divisor);
          data.setInt((long) s * 4, (int) value);
        }
      }
    }
  }

  /** INT64 times whose Parquet unit differs from the Arrow unit (e.g. MILLIS into seconds). */
  static final class Int64Scaled extends StagedValues {
    private final long multiplier;
    private final long divisor;

    Int64Scaled(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        long multiplier,
        long divisor) {
      super(c, pages, shape, v, PrimitiveTypeName.INT64, 8, "rescaled INT64 values");
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long value = Math.floorDiv(staged.getLong((long) k++ * 8) * multiplier, divisor);
          data.setLong((long) s * 8, value);
        }
      }
    }
  }

  /** INT96 timestamps into 8-byte timestamps of the mapping's unit. */
  static final class Int96 extends StagedValues {
    private final Int96Timestamps rule;

    Int96(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        Int96Timestamps rule) {
      super(c, pages, shape, v, PrimitiveTypeName.INT96, 12, "INT96 values");
      this.rule = rule;
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      long at = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long value = rule.toUnit(staged.getLong(at), staged.getInt(at + 8), s);
          data.setLong((long) s * 8, value);
          at += 12;
        }
      }
    }
  }
}
