package io.pqarrow.kernel.path;

import io.pqarrow.kernel.cast.DirectScalar;
import io.pqarrow.variant.VariantKind;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * A primitive Variant value read in place from Arrow memory and stored straight into a fixed-width
 * output through the writer's direct path ({@link DirectScalar}: int64, int32, float64, bool). The
 * value headers it reads (docs/variant.md §2) are the primitive headers whose kinds the direct path
 * takes ({@link DirectScalar#takes}); the output's validity is the caller's to set. The batch loops
 * over Binary columns ({@link KeyPathLoop}, {@link ResidualScalars}) store through it.
 */
final class ScalarStore {
  // Value headers (docs/variant.md §2): primitive type id << 2, basic type 0.
  private static final int H_TRUE = 1 << 2;
  private static final int H_FALSE = 2 << 2;
  private static final int H_INT8 = 3 << 2;
  private static final int H_INT16 = 4 << 2;
  private static final int H_INT32 = 5 << 2;
  private static final int H_INT64 = 6 << 2;
  private static final int H_DOUBLE = 7 << 2;
  // The buffers are read with native-order loads; Variant integers are little-endian.
  static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  private final DirectScalar target;
  private final boolean[] takes = new boolean[256];
  private final ArrowBuf outBuffer;
  private final long outData;

  private ScalarStore(DirectScalar target, FieldVector out) {
    this.target = target;
    for (int h : new int[] {H_TRUE, H_FALSE, H_INT8, H_INT16, H_INT32, H_INT64, H_DOUBLE}) {
      takes[h] = target.takes(kindOf(h));
    }
    this.outBuffer = out.getDataBuffer();
    this.outData = outBuffer.memoryAddress();
  }

  /**
   * The store into {@code out} (allocated for {@code rows} rows) for the writer's direct path
   * {@code target}, or null when that path is not a fixed-width one, the platform is not
   * little-endian or the output's buffers are too small for the rows.
   */
  static ScalarStore of(DirectScalar target, FieldVector out, int rows) {
    if (target == null || target.width < 0 || !LITTLE_ENDIAN) {
      return null;
    }
    int width = target.width;
    if (out.getValidityBuffer().capacity() < (rows + 7) / 8
        || out.getDataBuffer().capacity() < (width == 0 ? (rows + 7) / 8 : (long) width * rows)) {
      return null;
    }
    return new ScalarStore(target, out);
  }

  /** The kind of a value whose header is one of the primitive headers above. */
  private static VariantKind kindOf(int header) {
    return switch (header) {
      case H_TRUE, H_FALSE -> VariantKind.BOOLEAN;
      case H_INT8 -> VariantKind.INT8;
      case H_INT16 -> VariantKind.INT16;
      case H_INT32 -> VariantKind.INT32;
      case H_INT64 -> VariantKind.INT64;
      default -> VariantKind.DOUBLE;
    };
  }

  /**
   * Stores the value whose header byte is at address {@code at}, with {@code room} bytes after the
   * header inside its bounds, into slot {@code i} when it is one the target takes and its payload
   * fits in {@code room}; false, nothing stored, otherwise. The validity bit is not set.
   */
  boolean put(long at, long room, int i) {
    int h = MemoryUtil.getByte(at) & 0xFF;
    if (!takes[h]) {
      return false;
    }
    switch (h) {
      case H_TRUE, H_FALSE -> {
        BitVectorHelper.setValidityBit(outBuffer, i, h == H_TRUE ? 1 : 0);
        return true;
      }
      case H_DOUBLE -> {
        if (room < 8) {
          return false;
        }
        MemoryUtil.putLong(outData + 8L * i, MemoryUtil.getLong(at + 1));
        return true;
      }
      default -> {
        long v;
        if (h == H_INT8 && room >= 1) {
          v = MemoryUtil.getByte(at + 1);
        } else if (h == H_INT16 && room >= 2) {
          v = MemoryUtil.getShort(at + 1);
        } else if (h == H_INT32 && room >= 4) {
          v = MemoryUtil.getInt(at + 1);
        } else if (h == H_INT64 && room >= 8) {
          v = MemoryUtil.getLong(at + 1);
        } else {
          return false;
        }
        if (target == DirectScalar.INT64) {
          MemoryUtil.putLong(outData + 8L * i, v);
        } else {
          MemoryUtil.putInt(outData + 4L * i, (int) v);
        }
        return true;
      }
    }
  }
}
