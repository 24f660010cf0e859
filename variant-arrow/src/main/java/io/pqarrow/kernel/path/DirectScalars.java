package io.pqarrow.kernel.path;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The common case of a scalar target, written straight into the output's buffers: an int64 target
 * and an integer value, int32 and an INT8 to INT32, float64 and a DOUBLE, bool and a BOOLEAN, utf8
 * and a STRING. The output is allocated for every row once, before the row loop. The target is
 * decided once per call and the row loop branches on it (a branch that never changes within a
 * call); any other value or target is left to the call's writer ({@link #put} returns false), which
 * applies the casting rules and records failures. What is written here is exactly what that writer
 * writes for these values.
 */
final class DirectScalars {
  private static final int NONE = 0;
  private static final int INT64 = 1;
  private static final int INT32 = 2;
  private static final int FLOAT64 = 3;
  private static final int BOOL = 4;
  private static final int UTF8 = 5;

  private final int target;
  private final FieldVector vector;
  private final ArrowBuf data;
  private final ArrowBuf validity;

  private DirectScalars(int target, FieldVector vector) {
    this.target = target;
    this.vector = vector;
    boolean fixed = target != NONE && target != UTF8;
    this.data = fixed ? vector.getDataBuffer() : null;
    this.validity = fixed ? vector.getValidityBuffer() : null;
  }

  /**
   * The direct writes into {@code out} (an empty vector just created for the call's target), which
   * is allocated for {@code rows} rows when its type has a direct path.
   */
  static DirectScalars of(FieldVector out, int rows) {
    int target =
        out instanceof BigIntVector
            ? INT64
            : out instanceof IntVector
                ? INT32
                : out instanceof Float8Vector
                    ? FLOAT64
                    : out instanceof BitVector ? BOOL : out instanceof VarCharVector ? UTF8 : NONE;
    if (target == NONE || rows == 0) {
      return new DirectScalars(NONE, out);
    }
    if (out instanceof BaseFixedWidthVector f) {
      f.allocateNew(rows);
    } else {
      VarCharVector v = (VarCharVector) out;
      v.allocateNew(rows);
    }
    return new DirectScalars(target, out);
  }

  /** Writes non-null {@code at} into slot {@code i} when it takes the direct path. */
  boolean put(VariantReader at, int i) {
    switch (target) {
      case INT64:
        switch (at.kind()) {
          case INT8, INT16, INT32, INT64 -> {
            data.setLong((long) i * 8, at.getLong());
            BitVectorHelper.setBit(validity, i);
            return true;
          }
          default -> {
            return false;
          }
        }
      case INT32:
        switch (at.kind()) {
          case INT8, INT16, INT32 -> {
            data.setInt((long) i * 4, at.getInt());
            BitVectorHelper.setBit(validity, i);
            return true;
          }
          default -> {
            return false;
          }
        }
      case FLOAT64:
        if (at.kind() != VariantKind.DOUBLE) {
          return false;
        }
        data.setDouble((long) i * 8, at.getDouble());
        BitVectorHelper.setBit(validity, i);
        return true;
      case BOOL:
        if (at.kind() != VariantKind.BOOLEAN) {
          return false;
        }
        BitVectorHelper.setValidityBit(data, i, at.getBoolean() ? 1 : 0);
        BitVectorHelper.setBit(validity, i);
        return true;
      case UTF8:
        if (at.kind() != VariantKind.STRING) {
          return false;
        }
        ((VarCharVector) vector).setSafe(i, at.buffer(), at.bytesOffset(), at.bytesLength());
        return true;
      default:
        return false;
    }
  }
}
