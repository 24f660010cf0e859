package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.TimeUnits;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
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
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The reference decoder's choice, once per column, of how a Parquet leaf's values become Arrow
 * values, with the decoder classes in {@link NumericDecoders} and {@link BinaryDecoders}: the
 * per-value path the reader once had, kept in the test tree so that differential tests compare the
 * page path ({@link ChunkLeaves}) with it on every file. Each class's {@link
 * ValueLeafDecoder#readValue} does one thing with no branching on types.
 *
 * <table>
 *   <caption>Decoders</caption>
 *   <tr><th>Parquet</th><th>Arrow</th><th>decoder</th></tr>
 *   <tr><td>any (UNKNOWN)</td><td>Null</td><td>{@link NumericDecoders.AllNull}</td></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td><td>{@link NumericDecoders.Bool}</td></tr>
 *   <tr><td>INT32</td><td>1-, 2-, 4-byte fixed width (ints, Date32, Time32)</td><td>{@link
 *       Int32Narrow}, {@link NumericDecoders.Int32}</td></tr>
 *   <tr><td>INT32</td><td>8-byte fixed width (Date64, widened ints)</td><td>{@link
 *       Int32Widened}</td></tr>
 *   <tr><td>INT64</td><td>8-byte fixed width (ints, Time64, Timestamp, Duration)</td><td>{@link
 *       Int64}, {@link NumericDecoders.Int64Scaled} when units differ</td></tr>
 *   <tr><td>INT96</td><td>Timestamp</td><td>{@link NumericDecoders.Int96Timestamp}</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>Float32, Float64</td><td>{@link NumericDecoders.Float32}, {@link
 *       Float64}</td></tr>
 *   <tr><td>INT32, INT64 DECIMAL</td><td>Decimal</td><td>{@link BinaryDecoders.DecimalFromInt32}, {@link
 *       DecimalFromInt64}</td></tr>
 *   <tr><td>BYTE_ARRAY, FLBA DECIMAL</td><td>Decimal</td><td>{@link BinaryDecoders.DecimalFromBytes}</td></tr>
 *   <tr><td>FLBA(2) FLOAT16</td><td>Float16</td><td>{@link BinaryDecoders.Float16}</td></tr>
 *   <tr><td>FLBA(12) INTERVAL</td><td>Interval (any unit)</td><td>{@link
 *       Intervals}</td></tr>
 *   <tr><td>FLBA</td><td>FixedSizeBinary (and {@code arrow.uuid})</td><td>{@link
 *       FixedBinary}</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>BinaryView, Utf8View</td><td>{@link BinaryDecoders.ViewBinary}</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>any other binary or string layout</td><td>{@link BinaryDecoders.VarBinary}</td></tr>
 * </table>
 */
final class LeafDecoders {

  private LeafDecoders() {}

  /**
   * Builds the decoder for one leaf.
   *
   * @param c the column's path and levels
   * @param type the Parquet column type
   * @param arrowType the Arrow type the mapping chose (the extension's storage type is used)
   * @param vector the vector to fill (an extension vector is unwrapped to its storage)
   * @return the decoder, or {@code null} when this pair of types is not supported
   */
  static ValueLeafDecoder create(
      LeafColumn c, PrimitiveType type, ArrowType arrowType, FieldVector vector) {
    FieldVector storage = vector;
    if (storage instanceof ExtensionTypeVector<?> ext) {
      storage = (FieldVector) ext.getUnderlyingVector();
    }
    if (arrowType instanceof ArrowType.ExtensionType ext) {
      arrowType = ext.storageType();
    }
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (storage instanceof NullVector) {
      return new NumericDecoders.AllNull(c, storage);
    }
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN:
        return storage instanceof BitVector v ? new NumericDecoders.Bool(c, v) : null;
      case INT32:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new BinaryDecoders.DecimalFromInt32(c, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof BaseFixedWidthVector v && TimeUnits.isIntegerValued(arrowType)) {
          int width = v.getTypeWidth();
          long[] scale = TimeUnits.scale(logical, arrowType);
          if (width == 4 && scale[0] == 1 && scale[1] == 1) {
            return new NumericDecoders.Int32(c, v);
          } else if (width == 4) {
            return new NumericDecoders.Int32Scaled(c, v, scale[0], scale[1]);
          } else if (width == 8) {
            return new NumericDecoders.Int32Widened(
                c, v, int32Multiplier(arrowType), isUnsigned(logical));
          } else if (width == 1 || width == 2) {
            return new NumericDecoders.Int32Narrow(c, v);
          }
        }
        return null;
      case INT64:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new BinaryDecoders.DecimalFromInt64(c, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof BaseFixedWidthVector v
            && v.getTypeWidth() == 8
            && TimeUnits.isIntegerValued(arrowType)) {
          long[] scale = TimeUnits.scale(logical, arrowType);
          if (scale[0] == 1 && scale[1] == 1) {
            return new NumericDecoders.Int64(c, v);
          }
          return new NumericDecoders.Int64Scaled(c, v, scale[0], scale[1]);
        }
        return null;
      case INT96:
        if (arrowType instanceof ArrowType.Timestamp ts
            && storage instanceof BaseFixedWidthVector v) {
          return new NumericDecoders.Int96Timestamp(c, v, ts.getUnit());
        }
        return null;
      case FLOAT:
        return storage instanceof Float4Vector v ? new NumericDecoders.Float32(c, v) : null;
      case DOUBLE:
        return storage instanceof Float8Vector v ? new NumericDecoders.Float64(c, v) : null;
      case BINARY:
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new BinaryDecoders.DecimalFromBytes(c, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof BaseVariableWidthViewVector v) {
          return new BinaryDecoders.ViewBinary(c, v);
        }
        return storage instanceof VariableWidthFieldVector v
            ? new BinaryDecoders.VarBinary(c, v)
            : null;
      case FIXED_LEN_BYTE_ARRAY:
        int length = type.getTypeLength();
        if (storage instanceof DecimalVector || storage instanceof Decimal256Vector) {
          return new BinaryDecoders.DecimalFromBytes(c, (BaseFixedWidthVector) storage);
        }
        if (storage instanceof Float2Vector v && length == 2) {
          return new BinaryDecoders.Float16(c, v);
        }
        ValueLeafDecoder interval = length == 12 ? IntervalDecoders.decoder(c, storage) : null;
        if (interval != null) {
          return interval;
        }
        if (storage instanceof FixedSizeBinaryVector v && v.getByteWidth() == length) {
          return new BinaryDecoders.FixedBinary(c, v);
        }
        if (storage instanceof BaseVariableWidthViewVector v) {
          return new BinaryDecoders.ViewBinary(c, v);
        }
        if (storage instanceof VariableWidthFieldVector v) {
          return new BinaryDecoders.VarBinary(c, v);
        }
        return null;
      default:
        return null;
    }
  }

  private static boolean isUnsigned(LogicalTypeAnnotation logical) {
    return ChunkLeaves.isUnsigned(logical);
  }

  private static long int32Multiplier(ArrowType arrowType) {
    return ChunkLeaves.int32Multiplier(arrowType);
  }

  /** Makes room for {@code slot} and marks it valid; callers then write the data buffer. */
  static ArrowBuf prepare(BaseFixedWidthVector v, int slot) {
    while (slot >= v.getValueCapacity()) {
      v.reAlloc();
    }
    BitVectorHelper.setBit(v.getValidityBuffer(), slot);
    return v.getDataBuffer();
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
