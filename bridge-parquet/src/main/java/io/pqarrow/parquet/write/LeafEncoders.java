package io.pqarrow.parquet.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The per-value encoders: one small class per {@link WriteKind} of a leaf (the kind table decides;
 * this only picks the class of the kind), each writing a value at a time through parquet-java's
 * column writers. The bulk writer ({@link BulkColumnWriter}) takes the leaves whose kind it encodes
 * from the buffers.
 *
 * <table>
 *   <caption>Encoders</caption>
 *   <tr><th>Arrow</th><th>Parquet</th><th>encoder</th></tr>
 *   <tr><td>Null</td><td>INT32 UNKNOWN, all null</td><td>{@link #absent}</td></tr>
 *   <tr><td>Bool</td><td>BOOLEAN</td><td>{@link Bool}</td></tr>
 *   <tr><td>ints, Date, Time, Timestamp, Duration</td><td>INT32 / INT64</td><td>{@link
 *       Int32Out}, {@link Int64Out} (with a unit scale when units differ)</td></tr>
 *   <tr><td>Float32, Float64</td><td>FLOAT, DOUBLE</td><td>{@link Float32}, {@link
 *       Float64}</td></tr>
 *   <tr><td>Float16</td><td>FLBA(2)</td><td>{@link Float16}</td></tr>
 *   <tr><td>Decimal</td><td>INT32, INT64, FLBA, BYTE_ARRAY</td><td>{@link DecimalInt}, {@link
 *       DecimalBytes}</td></tr>
 *   <tr><td>Interval (any unit)</td><td>FLBA(12) INTERVAL</td><td>{@link Intervals}</td></tr>
 *   <tr><td>FixedSizeBinary, {@code arrow.uuid}</td><td>FLBA</td><td>{@link
 *       FixedBinary}</td></tr>
 *   <tr><td>any binary or string layout</td><td>BYTE_ARRAY</td><td>{@link VarBinary}</td></tr>
 * </table>
 */
final class LeafEncoders {
  private LeafEncoders() {}

  /**
   * The encoder of one leaf, or {@code null} when the pair of types is not supported: chosen by the
   * leaf's {@link WriteKind}, which the encoder keeps for the bulk writer.
   *
   * @param arrowType the Arrow type (an extension's storage type is used)
   * @param nullDef definition level of a null here, or -1 when the column cannot hold nulls
   */
  static LeafEncoder create(
      String path, int nullDef, ColumnDescriptor column, ArrowType arrowType) {
    WriteKind kind = WriteKind.of(arrowType, column);
    if (kind == null) {
      return null;
    }
    boolean int64 = kind.physical() == PrimitiveType.PrimitiveTypeName.INT64;
    LeafEncoder encoder =
        switch (kind.source()) {
            // Every value of a Null vector is null; UNKNOWN columns hold only nulls.
          case NULL -> nullDef >= 0 ? absent(path, nullDef, column) : null;
          case BITS -> new Bool(path, nullDef, column);
          case INTEGER ->
              int64
                  ? new Int64Out(path, nullDef, column, kind.multiplier(), kind.divisor())
                  : new Int32Out(path, nullDef, column, kind.multiplier(), kind.divisor());
          case DECIMAL ->
              switch (kind.physical()) {
                case INT32, INT64 -> new DecimalInt(path, nullDef, column, int64);
                case BINARY -> new DecimalBytes(path, nullDef, column, Integer.MAX_VALUE);
                default ->
                    new DecimalBytes(
                        path, nullDef, column, column.getPrimitiveType().getTypeLength());
              };
          case FLOATING ->
              kind.physical() == PrimitiveType.PrimitiveTypeName.FLOAT
                  ? new Float32(path, nullDef, column)
                  : new Float64(path, nullDef, column);
          case HALF_FLOAT -> new Float16(path, nullDef, column);
          case INTERVAL -> IntervalEncoders.encoder(path, nullDef, column, kind.arrow());
          case FIXED_BINARY -> new FixedBinary(path, nullDef, column);
          case OFFSETS, LARGE_OFFSETS, VIEWS -> new VarBinary(path, nullDef, column);
        };
    if (encoder != null) {
      encoder.kind = kind;
    }
    return encoder;
  }

  /**
   * An encoder for a Parquet field the batch has no vector for, or of an Arrow Null column: every
   * value is null. Its kind is {@code NULL} ({@link BulkKind#NULLS} in bulk).
   */
  static LeafEncoder absent(String path, int nullDef, ColumnDescriptor column) {
    LeafEncoder encoder =
        new LeafEncoder(path, nullDef, column) {
          @Override
          void bindTyped(FieldVector storage) {}

          @Override
          void writeValue(int index, int rep) {
            throw new IllegalStateException("no vector for " + path);
          }
        };
    encoder.kind = WriteKind.of(ArrowType.Null.INSTANCE, column);
    return encoder;
  }

  /** Reads fixed-width integers of any width and signedness as a long. */
  static long readLong(BaseFixedWidthVector v, int index, int width, boolean unsigned) {
    ArrowBuf data = v.getDataBuffer();
    long at = (long) index * width;
    return switch (width) {
      case 1 -> unsigned ? data.getByte(at) & 0xFFL : data.getByte(at);
      case 2 -> unsigned ? data.getShort(at) & 0xFFFFL : data.getShort(at);
      case 4 -> unsigned ? data.getInt(at) & 0xFFFF_FFFFL : data.getInt(at);
      default -> data.getLong(at);
    };
  }

  static boolean isUnsigned(FieldVector v) {
    return v instanceof UInt1Vector
        || v instanceof UInt2Vector
        || v instanceof UInt4Vector
        || v instanceof UInt8Vector;
  }

  static final class Bool extends LeafEncoder.Of<BitVector> {
    Bool(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, BitVector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      writer.write(v.get(index) != 0, rep, maxDef);
    }
  }

  /**
   * An integer column written as INT32 or INT64, its values widened from any Arrow integer width
   * (signed or not) and rescaled ({@code value * multiplier / divisor}, floored) for time units
   * Parquet does not have. The two subclasses differ only in the writer overload they call.
   */
  abstract static class IntegerOut extends LeafEncoder.Of<BaseFixedWidthVector> {
    private final long multiplier;
    private final long divisor;
    private int width;
    private boolean unsigned;

    IntegerOut(String p, int nullDef, ColumnDescriptor c, long multiplier, long divisor) {
      super(p, nullDef, c, BaseFixedWidthVector.class);
      this.multiplier = multiplier;
      this.divisor = divisor;
    }

    /** Whether values are written as they are (no unit change). */
    final boolean unscaled() {
      return multiplier == 1 && divisor == 1;
    }

    @Override
    final void bound() {
      width = v.getTypeWidth();
      unsigned = isUnsigned(v);
    }

    /**
     * Value {@code index} in the Parquet column's unit. No value changes on the way: one that is
     * not a whole number of the Parquet unit (a Date64 that is not midnight, for a DATE column), or
     * that overflows when scaled, is refused.
     */
    final long scaled(int index) {
      long value = readLong(v, index, width, unsigned);
      long product;
      try {
        product = Math.multiplyExact(value, multiplier);
      } catch (ArithmeticException e) {
        throw new InvalidValueException(
            path,
            "value "
                + value
                + " overflows a 64-bit Parquet value when multiplied by "
                + multiplier
                + " into the column's unit");
      }
      if (product % divisor != 0) {
        throw new InvalidValueException(
            path,
            divisor == 86_400_000L && multiplier == 1
                ? "Date64 value "
                    + value
                    + " ms is not a whole day (midnight UTC), and Parquet DATE holds whole days"
                : "value "
                    + value
                    + " is not a whole number of the Parquet column's unit ("
                    + divisor
                    + " of the Arrow type's), so it cannot be written exactly");
      }
      return product / divisor;
    }

    /** {@link #scaled}, refused when it does not fit the INT32 column (unsigned values wrap). */
    final int scaledInt(int index) {
      long s = scaled(index);
      if (!unsigned && (int) s != s) {
        throw new InvalidValueException(
            path, "value " + s + " (in the column's unit) does not fit the Parquet INT32 column");
      }
      return (int) s;
    }
  }

  static final class Int32Out extends IntegerOut {
    Int32Out(String p, int nullDef, ColumnDescriptor c, long multiplier, long divisor) {
      super(p, nullDef, c, multiplier, divisor);
    }

    @Override
    void writeValue(int index, int rep) {
      writer.write(scaledInt(index), rep, maxDef);
    }
  }

  static final class Int64Out extends IntegerOut {
    Int64Out(String p, int nullDef, ColumnDescriptor c, long multiplier, long divisor) {
      super(p, nullDef, c, multiplier, divisor);
    }

    @Override
    void writeValue(int index, int rep) {
      writer.write(scaled(index), rep, maxDef);
    }
  }

  static final class Float32 extends LeafEncoder.Of<Float4Vector> {
    Float32(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, Float4Vector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      writer.write(v.get(index), rep, maxDef);
    }
  }

  static final class Float64 extends LeafEncoder.Of<Float8Vector> {
    Float64(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, Float8Vector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      writer.write(v.get(index), rep, maxDef);
    }
  }

  /** Half floats: the 2 bytes of the value, little-endian. */
  static final class Float16 extends LeafEncoder.Of<Float2Vector> {
    private final byte[] scratch = new byte[2];

    Float16(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, Float2Vector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      short bits = v.get(index);
      scratch[0] = (byte) bits;
      scratch[1] = (byte) (bits >> 8);
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }
  }

  /** Decimals whose precision fits INT32 or INT64: the low 8 bytes of the unscaled value. */
  static final class DecimalInt extends LeafEncoder.Of<BaseFixedWidthVector> {
    private final boolean int64;
    private int width;

    DecimalInt(String p, int nullDef, ColumnDescriptor c, boolean int64) {
      super(p, nullDef, c, BaseFixedWidthVector.class);
      this.int64 = int64;
    }

    @Override
    void bound() {
      width = v.getTypeWidth();
    }

    @Override
    void writeValue(int index, int rep) {
      long unscaled = v.getDataBuffer().getLong((long) index * width);
      if (int64) {
        writer.write(unscaled, rep, maxDef);
      } else {
        writer.write((int) unscaled, rep, maxDef);
      }
    }
  }

  /**
   * Decimals as big-endian two's complement of {@code length} bytes: the low {@code length} bytes
   * of Arrow's little-endian value, reversed.
   */
  static final class DecimalBytes extends LeafEncoder.Of<BaseFixedWidthVector> {
    private final int length;
    private byte[] scratch;
    private int width;

    DecimalBytes(String p, int nullDef, ColumnDescriptor c, int length) {
      super(p, nullDef, c, BaseFixedWidthVector.class);
      this.length = length;
    }

    @Override
    void bound() {
      if (!(v instanceof DecimalVector) && !(v instanceof Decimal256Vector)) {
        throw new IllegalStateException("not a decimal vector: " + v.getField());
      }
      width = v.getTypeWidth();
      scratch = new byte[Math.min(length, width)];
    }

    @Override
    void writeValue(int index, int rep) {
      ArrowBuf data = v.getDataBuffer();
      long base = (long) index * width;
      int n = scratch.length;
      for (int i = 0; i < n; i++) {
        scratch[n - 1 - i] = data.getByte(base + i);
      }
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }
  }

  static final class FixedBinary extends LeafEncoder.Of<FixedSizeBinaryVector> {
    private byte[] scratch;

    FixedBinary(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, FixedSizeBinaryVector.class);
    }

    @Override
    void bound() {
      scratch = new byte[v.getByteWidth()];
    }

    @Override
    void writeValue(int index, int rep) {
      v.getDataBuffer().getBytes((long) index * scratch.length, scratch, 0, scratch.length);
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }
  }

  /** Any variable-width layout: the bytes are copied into a reused array, then encoded. */
  static final class VarBinary extends LeafEncoder.Of<FieldVector> {
    private byte[] scratch = new byte[64];

    VarBinary(String p, int nullDef, ColumnDescriptor c) {
      super(p, nullDef, c, FieldVector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      long start;
      long end;
      if (v instanceof BaseVariableWidthVector b) {
        start = b.getStartOffset(index);
        end = b.getStartOffset(index + 1);
      } else if (v instanceof BaseLargeVariableWidthVector b) {
        start = b.getOffsetBuffer().getLong((long) index * 8);
        end = b.getOffsetBuffer().getLong((long) (index + 1) * 8);
      } else {
        byte[] bytes = ((VariableWidthFieldVector) v).get(index);
        writer.write(Binary.fromReusedByteArray(bytes), rep, maxDef);
        return;
      }
      int length = Math.toIntExact(end - start);
      if (length > scratch.length) {
        scratch = new byte[Math.max(length, scratch.length * 2)];
      }
      v.getDataBuffer().getBytes(start, scratch, 0, length);
      writer.write(Binary.fromReusedByteArray(scratch, 0, length), rep, maxDef);
    }
  }
}
