package io.pqarrow.parquet;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Chooses, once per column, how a Parquet leaf's values become Arrow values, and holds one small
 * decoder class per choice. Each class's {@link LeafDecoder#readValue} does one thing with no
 * branching on types.
 *
 * <table>
 *   <caption>Decoders</caption>
 *   <tr><th>Parquet</th><th>Arrow</th><th>decoder</th></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td><td>{@link Bool}</td></tr>
 *   <tr><td>INT32</td><td>1-, 2-, 4-byte fixed width (ints, Date32, Time32)</td><td>{@link
 *       Int32Narrow}, {@link Int32}</td></tr>
 *   <tr><td>INT32</td><td>8-byte fixed width (Date64, widened ints)</td><td>{@link
 *       Int32Widened}</td></tr>
 *   <tr><td>INT64</td><td>8-byte fixed width (ints, Time64, Timestamp, Duration)</td><td>{@link
 *       Int64}, {@link Int64Scaled} when units differ</td></tr>
 *   <tr><td>INT96</td><td>Timestamp</td><td>{@link Int96Timestamp}</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>Float32, Float64</td><td>{@link Float32}, {@link
 *       Float64}</td></tr>
 *   <tr><td>INT32, INT64 DECIMAL</td><td>Decimal</td><td>{@link DecimalFromInt32}, {@link
 *       DecimalFromInt64}</td></tr>
 *   <tr><td>BYTE_ARRAY, FLBA DECIMAL</td><td>Decimal</td><td>{@link DecimalFromBytes}</td></tr>
 *   <tr><td>FLBA(2) FLOAT16</td><td>Float16</td><td>{@link Float16}</td></tr>
 *   <tr><td>FLBA(12) INTERVAL</td><td>Interval(MONTH_DAY_NANO)</td><td>{@link
 *       Interval}</td></tr>
 *   <tr><td>FLBA</td><td>FixedSizeBinary (and {@code arrow.uuid})</td><td>{@link
 *       FixedBinary}</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>any binary or string layout</td><td>{@link VarBinary}</td></tr>
 * </table>
 */
final class LeafDecoders {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private LeafDecoders() {}

  /**
   * Builds the decoder for one leaf.
   *
   * @param column the dotted column path, for messages
   * @param type the Parquet column type
   * @param arrowType the Arrow type the mapping chose (the extension's storage type is used)
   * @param vector the vector to fill (an extension vector is unwrapped to its storage)
   * @return the decoder, or {@code null} when this pair of types is not supported
   */
  static LeafDecoder create(
      String column,
      int maxDef,
      int slotDef,
      PrimitiveType type,
      ArrowType arrowType,
      FieldVector vector) {
    FieldVector storage = vector;
    if (storage instanceof ExtensionTypeVector<?> ext) {
      storage = (FieldVector) ext.getUnderlyingVector();
    }
    if (arrowType instanceof ArrowType.ExtensionType ext) {
      arrowType = ext.storageType();
    }
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN:
        return storage instanceof BitVector v ? new Bool(column, maxDef, slotDef, v) : null;
      case INT32:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new DecimalFromInt32(column, maxDef, slotDef, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof BaseFixedWidthVector v && isIntegral(arrowType)) {
          int width = v.getTypeWidth();
          long[] scale = TimeUnits.scale(logical, arrowType);
          if (width == 4 && scale[0] == 1 && scale[1] == 1) {
            return new Int32(column, maxDef, slotDef, v);
          } else if (width == 4) {
            return new Int32Scaled(column, maxDef, slotDef, v, scale[0], scale[1]);
          } else if (width == 8) {
            return new Int32Widened(
                column, maxDef, slotDef, v, int32Multiplier(arrowType), isUnsigned(logical));
          } else if (width == 1 || width == 2) {
            return new Int32Narrow(column, maxDef, slotDef, v);
          }
        }
        return null;
      case INT64:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new DecimalFromInt64(column, maxDef, slotDef, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof BaseFixedWidthVector v
            && v.getTypeWidth() == 8
            && isIntegral(arrowType)) {
          long[] scale = TimeUnits.scale(logical, arrowType);
          if (scale[0] == 1 && scale[1] == 1) {
            return new Int64(column, maxDef, slotDef, v);
          }
          return new Int64Scaled(column, maxDef, slotDef, v, scale[0], scale[1]);
        }
        return null;
      case INT96:
        if (arrowType instanceof ArrowType.Timestamp ts
            && storage instanceof BaseFixedWidthVector v) {
          return new Int96Timestamp(
              column, maxDef, slotDef, v, TimeUnits.nanosDivisor(ts.getUnit()));
        }
        return null;
      case FLOAT:
        return storage instanceof Float4Vector v ? new Float32(column, maxDef, slotDef, v) : null;
      case DOUBLE:
        return storage instanceof Float8Vector v ? new Float64(column, maxDef, slotDef, v) : null;
      case BINARY:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new DecimalFromBytes(column, maxDef, slotDef, (BaseFixedWidthVector) storage);
        }
        return storage instanceof VariableWidthFieldVector v
            ? new VarBinary(column, maxDef, slotDef, v)
            : null;
      case FIXED_LEN_BYTE_ARRAY:
        int length = type.getTypeLength();
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new DecimalFromBytes(column, maxDef, slotDef, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof Float2Vector v && length == 2) {
          return new Float16(column, maxDef, slotDef, v);
        }
        if (storage instanceof IntervalMonthDayNanoVector v && length == 12) {
          return new Interval(column, maxDef, slotDef, v);
        }
        if (storage instanceof FixedSizeBinaryVector v && v.getByteWidth() == length) {
          return new FixedBinary(column, maxDef, slotDef, v);
        }
        if (storage instanceof VariableWidthFieldVector v) {
          return new VarBinary(column, maxDef, slotDef, v);
        }
        return null;
      default:
        return null;
    }
  }

  private static boolean isIntegral(ArrowType t) {
    return t instanceof ArrowType.Int
        || t instanceof ArrowType.Date
        || t instanceof ArrowType.Time
        || t instanceof ArrowType.Timestamp
        || t instanceof ArrowType.Duration;
  }

  private static boolean isUnsigned(LogicalTypeAnnotation logical) {
    return logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i && !i.isSigned();
  }

  private static long int32Multiplier(ArrowType arrowType) {
    // DATE is days; Arrow's Date64 is milliseconds.
    if (arrowType instanceof ArrowType.Date d
        && d.getUnit() == org.apache.arrow.vector.types.DateUnit.MILLISECOND) {
      return 86_400_000L;
    }
    return 1;
  }

  /** Makes room for {@code slot} and marks it valid; callers then write the data buffer. */
  static ArrowBuf prepare(BaseFixedWidthVector v, int slot) {
    while (slot >= v.getValueCapacity()) {
      v.reAlloc();
    }
    BitVectorHelper.setBit(v.getValidityBuffer(), slot);
    return v.getDataBuffer();
  }

  static final class Bool extends LeafDecoder {
    private final BitVector v;

    Bool(String c, int maxDef, int slotDef, BitVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getBoolean() ? 1 : 0);
    }
  }

  static final class Int32 extends LeafDecoder {
    private final BaseFixedWidthVector v;

    Int32(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      prepare(v, slot).setInt((long) slot * 4, reader.getInteger());
    }
  }

  /** INT32 times whose Parquet unit differs from the Arrow unit (TIME(MILLIS) into seconds). */
  static final class Int32Scaled extends LeafDecoder {
    private final BaseFixedWidthVector v;
    private final long multiplier;
    private final long divisor;

    Int32Scaled(
        String c, int maxDef, int slotDef, BaseFixedWidthVector v, long multiplier, long divisor) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      long value = Math.floorDiv(reader.getInteger() * multiplier, divisor);
      prepare(v, slot).setInt((long) slot * 4, (int) value);
    }
  }

  /** INT8/INT16/UINT8/UINT16 stored as INT32; Arrow keeps the low bytes, which are the value. */
  static final class Int32Narrow extends LeafDecoder {
    private final BaseFixedWidthVector v;
    private final int width;

    Int32Narrow(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.width = v.getTypeWidth();
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      int value = reader.getInteger();
      ArrowBuf data = prepare(v, slot);
      if (width == 1) {
        data.setByte(slot, value);
      } else {
        data.setShort((long) slot * 2, (short) value);
      }
    }
  }

  static final class Int32Widened extends LeafDecoder {
    private final BaseFixedWidthVector v;
    private final long multiplier;
    private final long mask;

    Int32Widened(
        String c,
        int maxDef,
        int slotDef,
        BaseFixedWidthVector v,
        long multiplier,
        boolean unsigned) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.multiplier = multiplier;
      this.mask = unsigned ? 0xFFFF_FFFFL : -1L;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      long value = reader.getInteger();
      prepare(v, slot).setLong((long) slot * 8, (value & mask) * multiplier);
    }
  }

  static final class Int64 extends LeafDecoder {
    private final BaseFixedWidthVector v;

    Int64(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      prepare(v, slot).setLong((long) slot * 8, reader.getLong());
    }
  }

  /** INT64 times whose Parquet unit differs from the Arrow unit (e.g. MILLIS into seconds). */
  static final class Int64Scaled extends LeafDecoder {
    private final BaseFixedWidthVector v;
    private final long multiplier;
    private final long divisor;

    Int64Scaled(
        String c, int maxDef, int slotDef, BaseFixedWidthVector v, long multiplier, long divisor) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      long value = Math.floorDiv(reader.getLong() * multiplier, divisor);
      prepare(v, slot).setLong((long) slot * 8, value);
    }
  }

  /**
   * INT96 timestamps: 12 bytes, little-endian nanoseconds of the day (8 bytes) then the Julian day
   * number (4 bytes); Julian day 2440588 is 1970-01-01.
   */
  static final class Int96Timestamp extends LeafDecoder {
    private final BaseFixedWidthVector v;
    private final long divisor;

    Int96Timestamp(String c, int maxDef, int slotDef, BaseFixedWidthVector v, long divisor) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.divisor = divisor;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      Binary b = reader.getBinary();
      if (b.length() != 12) {
        throw new IllegalStateException("INT96 value of " + b.length() + " bytes");
      }
      ByteBuffer bb = b.toByteBuffer();
      int p = bb.position();
      long nanosOfDay = littleEndianLong(bb, p);
      long julianDay = littleEndianInt(bb, p + 8);
      long nanos = (julianDay - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + nanosOfDay;
      prepare(v, slot).setLong((long) slot * 8, Math.floorDiv(nanos, divisor));
    }
  }

  static final class Float32 extends LeafDecoder {
    private final Float4Vector v;

    Float32(String c, int maxDef, int slotDef, Float4Vector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getFloat());
    }
  }

  static final class Float64 extends LeafDecoder {
    private final Float8Vector v;

    Float64(String c, int maxDef, int slotDef, Float8Vector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      v.setSafe(slot, reader.getDouble());
    }
  }

  static final class DecimalFromInt32 extends LeafDecoder {
    private final BaseFixedWidthVector v;

    DecimalFromInt32(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      Decimals.writeLong(prepare(v, slot), slot, v.getTypeWidth(), reader.getInteger());
    }
  }

  static final class DecimalFromInt64 extends LeafDecoder {
    private final BaseFixedWidthVector v;

    DecimalFromInt64(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      Decimals.writeLong(prepare(v, slot), slot, v.getTypeWidth(), reader.getLong());
    }
  }

  /** Big-endian two's complement unscaled values (BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY). */
  static final class DecimalFromBytes extends LeafDecoder {
    private final BaseFixedWidthVector v;

    DecimalFromBytes(String c, int maxDef, int slotDef, BaseFixedWidthVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      Decimals.writeBigEndian(prepare(v, slot), slot, v.getTypeWidth(), bb, column);
    }
  }

  /** IEEE half floats, 2 bytes little-endian, kept as their bits. */
  static final class Float16 extends LeafDecoder {
    private final Float2Vector v;

    Float16(String c, int maxDef, int slotDef, Float2Vector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      int p = bb.position();
      short bits = (short) ((bb.get(p) & 0xFF) | (bb.get(p + 1) & 0xFF) << 8);
      prepare(v, slot).setShort((long) slot * 2, bits);
    }
  }

  /**
   * INTERVAL: three little-endian unsigned 32-bit ints, months, days and milliseconds. Arrow's
   * MonthDayNano holds signed months and days and nanoseconds.
   */
  static final class Interval extends LeafDecoder {
    private final IntervalMonthDayNanoVector v;

    Interval(String c, int maxDef, int slotDef, IntervalMonthDayNanoVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      int p = bb.position();
      int months = littleEndianInt(bb, p);
      int days = littleEndianInt(bb, p + 4);
      long millis = littleEndianInt(bb, p + 8) & 0xFFFF_FFFFL;
      v.setSafe(slot, months, days, millis * 1_000_000L);
    }
  }

  static final class FixedBinary extends LeafDecoder {
    private final FixedSizeBinaryVector v;
    private final int width;

    FixedBinary(String c, int maxDef, int slotDef, FixedSizeBinaryVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
      this.width = v.getByteWidth();
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      if (bb.remaining() != width) {
        throw new IllegalStateException(
            "fixed-length value of " + bb.remaining() + " bytes, expected " + width);
      }
      prepare(v, slot).setBytes((long) slot * width, bb);
    }
  }

  /** Any BYTE_ARRAY into any variable-width layout: the page bytes are copied once. */
  static final class VarBinary extends LeafDecoder {
    private final VariableWidthFieldVector v;

    VarBinary(String c, int maxDef, int slotDef, VariableWidthFieldVector v) {
      super(c, maxDef, slotDef);
      this.v = v;
    }

    @Override
    FieldVector vector() {
      return (FieldVector) v;
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      v.setSafe(slot, bb, bb.position(), bb.remaining());
    }
  }

  static long littleEndianLong(ByteBuffer bb, int p) {
    long r = 0;
    for (int i = 7; i >= 0; i--) {
      r = (r << 8) | (bb.get(p + i) & 0xFF);
    }
    return r;
  }

  static int littleEndianInt(ByteBuffer bb, int p) {
    return (bb.get(p) & 0xFF)
        | (bb.get(p + 1) & 0xFF) << 8
        | (bb.get(p + 2) & 0xFF) << 16
        | (bb.get(p + 3) & 0xFF) << 24;
  }
}
