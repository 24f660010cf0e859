package io.pqarrow.parquet.read.leaf;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.parquet.io.api.Binary;

/**
 * Decoders of BOOLEAN, INT32, INT64, INT96, FLOAT and DOUBLE columns; chosen by {@link
 * LeafDecoders}. The integer decoders write the data buffer of any fixed-width vector of their
 * width, so one class serves every int-like Arrow type (ints, dates, times, timestamps, durations).
 */
final class NumericDecoders {
  private NumericDecoders() {}

  static final class Bool extends ValueLeafDecoder.Of<BitVector> {
    Bool(LeafColumn c, BitVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getBoolean() ? 1 : 0);
    }
  }

  static final class Int32 extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    Int32(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      LeafDecoders.prepare(v, slot).setInt((long) slot * 4, reader.getInteger());
    }
  }

  /** INT32 times whose Parquet unit differs from the Arrow unit (TIME(MILLIS) into seconds). */
  static final class Int32Scaled extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    final long multiplier;
    final long divisor;

    Int32Scaled(LeafColumn c, BaseFixedWidthVector v, long multiplier, long divisor) {
      super(c, v);
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    void readValue(int slot) {
      long value = Math.floorDiv(reader.getInteger() * multiplier, divisor);
      LeafDecoders.prepare(v, slot).setInt((long) slot * 4, (int) value);
    }
  }

  /** INT8/INT16/UINT8/UINT16 stored as INT32; Arrow keeps the low bytes, which are the value. */
  static final class Int32Narrow extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    private final int width;

    Int32Narrow(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
      this.width = v.getTypeWidth();
    }

    @Override
    void readValue(int slot) {
      int value = reader.getInteger();
      ArrowBuf data = LeafDecoders.prepare(v, slot);
      if (width == 1) {
        data.setByte(slot, value);
      } else {
        data.setShort((long) slot * 2, (short) value);
      }
    }
  }

  /** INT32 into 8 bytes (Date64, widened ints); unsigned values are zero-extended. */
  static final class Int32Widened extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    final long multiplier;
    final long mask;

    Int32Widened(LeafColumn c, BaseFixedWidthVector v, long multiplier, boolean unsigned) {
      super(c, v);
      this.multiplier = multiplier;
      this.mask = unsigned ? 0xFFFF_FFFFL : -1L;
    }

    @Override
    void readValue(int slot) {
      long value = reader.getInteger();
      LeafDecoders.prepare(v, slot).setLong((long) slot * 8, (value & mask) * multiplier);
    }
  }

  static final class Int64 extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    Int64(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      LeafDecoders.prepare(v, slot).setLong((long) slot * 8, reader.getLong());
    }
  }

  /** INT64 times whose Parquet unit differs from the Arrow unit (e.g. MILLIS into seconds). */
  static final class Int64Scaled extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    final long multiplier;
    final long divisor;

    Int64Scaled(LeafColumn c, BaseFixedWidthVector v, long multiplier, long divisor) {
      super(c, v);
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    void readValue(int slot) {
      long value = Math.floorDiv(reader.getLong() * multiplier, divisor);
      LeafDecoders.prepare(v, slot).setLong((long) slot * 8, value);
    }
  }

  /** INT96 timestamps, by the rule of {@link Int96Timestamps}. */
  static final class Int96Timestamp extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    final TimeUnit unit;
    private final Int96Timestamps rule;

    Int96Timestamp(LeafColumn c, BaseFixedWidthVector v, TimeUnit unit) {
      super(c, v);
      this.unit = unit;
      this.rule = new Int96Timestamps(unit);
    }

    @Override
    void readValue(int slot) {
      Binary b = reader.getBinary();
      if (b.length() != 12) {
        throw new IllegalStateException("INT96 value of " + b.length() + " bytes");
      }
      ByteBuffer bb = b.toByteBuffer();
      int p = bb.position();
      long nanosOfDay = LeafDecoders.littleEndianLong(bb, p);
      int julianDay = LeafDecoders.littleEndianInt(bb, p + 8);
      long value = rule.toUnit(nanosOfDay, julianDay, slot);
      LeafDecoders.prepare(v, slot).setLong((long) slot * 8, value);
    }
  }

  static final class Float32 extends ValueLeafDecoder.Of<Float4Vector> {
    Float32(LeafColumn c, Float4Vector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getFloat());
    }
  }

  static final class Float64 extends ValueLeafDecoder.Of<Float8Vector> {
    Float64(LeafColumn c, Float8Vector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getDouble());
    }
  }

  /** Arrow Null (Parquet UNKNOWN): every slot is null, so a defined value is corrupt data. */
  static final class AllNull extends ValueLeafDecoder.Of<FieldVector> {
    AllNull(LeafColumn c, FieldVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      throw new IllegalStateException("a non-null value in a column read as Arrow Null");
    }
  }
}
