package io.pqarrow.kernel.path;

import io.pqarrow.kernel.cast.DirectScalar;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The fast path the call's writer declares ({@link ValueWriter#direct()}), taken straight into the
 * output's buffers: an int64 target and an integer value, int32 and an INT8 to INT32, float64 and a
 * DOUBLE, bool and a BOOLEAN, utf8 and a STRING ({@link DirectScalar}). The output is allocated for
 * every row once, before the row loop. The path is fixed once per call and the row loop branches on
 * it (a branch that never changes within a call); any other value is left to the writer ({@link
 * #put} returns false), which applies the casting rules and records failures. What is written here
 * is exactly what that writer writes for these values.
 */
final class DirectScalars {
  private final DirectScalar target;
  private final FieldVector vector;
  private final ArrowBuf data;
  private final ArrowBuf validity;

  private DirectScalars(DirectScalar target, FieldVector vector) {
    this.target = target;
    this.vector = vector;
    boolean fixed = target != null && target != DirectScalar.UTF8;
    this.data = fixed ? vector.getDataBuffer() : null;
    this.validity = fixed ? vector.getValidityBuffer() : null;
  }

  /**
   * The direct writes of {@code writer} (the call's writer, over an empty vector just created for
   * the call's target), whose vector is allocated for {@code rows} rows when it declares a direct
   * path.
   */
  static DirectScalars of(ValueWriter writer, int rows) {
    DirectScalar target = writer.direct();
    FieldVector out = writer.vector();
    if (target == null || rows == 0) {
      return new DirectScalars(null, out);
    }
    if (target == DirectScalar.UTF8) {
      ((BaseVariableWidthVector) out).allocateNew(rows);
    } else {
      ((BaseFixedWidthVector) out).allocateNew(rows);
    }
    return new DirectScalars(target, out);
  }

  /** Writes non-null {@code at} into slot {@code i} when it takes the direct path. */
  boolean put(VariantReader at, int i) {
    DirectScalar t = target;
    if (t == null || !t.takes(at.kind())) {
      return false;
    }
    switch (t) {
      case INT64 -> data.setLong((long) i * 8, at.getLong());
      case INT32 -> data.setInt((long) i * 4, at.getInt());
      case FLOAT64 -> data.setDouble((long) i * 8, at.getDouble());
      case BOOL -> BitVectorHelper.setValidityBit(data, i, at.getBoolean() ? 1 : 0);
      case UTF8 -> {
        ((VarCharVector) vector).setSafe(i, at.buffer(), at.bytesOffset(), at.bytesLength());
        return true;
      }
    }
    BitVectorHelper.setBit(validity, i);
    return true;
  }
}
