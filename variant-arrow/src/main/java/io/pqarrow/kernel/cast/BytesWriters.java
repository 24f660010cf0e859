package io.pqarrow.kernel.cast;

import io.pqarrow.extension.UuidExtension;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Writers of string, binary, fixed-size binary and {@code arrow.uuid} targets. Bytes are copied
 * straight from the row's buffer into the vector (no intermediate arrays).
 */
public final class BytesWriters {
  private BytesWriters() {}

  /** Copies the STRING or BINARY payload of {@code kind} values into a variable-width vector. */
  abstract static class VarWidth extends ValueWriter.Of<FieldVector> {
    private final VariantKind kind;

    VarWidth(CastContext ctx, String target, FieldVector vector, VariantKind kind) {
      super(ctx, target, vector);
      this.kind = kind;
    }

    @Override
    public final boolean copiesColumn(FieldVector typed) {
      return holdsSameType(typed);
    }

    @Override
    public final boolean writeValue(VariantReader v, int index) {
      if (v.kind() != kind) {
        return refuse(v, index);
      }
      set(index, v.buffer(), v.bytesOffset(), v.bytesLength());
      return true;
    }

    abstract void set(int index, ByteBuffer buf, int offset, int length);
  }

  public static ValueWriter varWidth(
      CastContext ctx, String target, FieldVector vector, VariantKind kind) {
    if (vector instanceof BaseVariableWidthVector w) {
      DirectScalar direct =
          kind == VariantKind.STRING && vector instanceof VarCharVector ? DirectScalar.UTF8 : null;
      return new VarWidth(ctx, target, w, kind) {
        @Override
        public DirectScalar direct() {
          return direct;
        }

        @Override
        public void writeNull(int index) {
          w.setNull(index);
        }

        @Override
        void set(int index, ByteBuffer buf, int offset, int length) {
          w.setSafe(index, buf, offset, length);
        }
      };
    } else if (vector instanceof BaseLargeVariableWidthVector w) {
      return new VarWidth(ctx, target, w, kind) {
        @Override
        public void writeNull(int index) {
          w.setNull(index);
        }

        @Override
        void set(int index, ByteBuffer buf, int offset, int length) {
          w.setSafe(index, buf, offset, length);
        }
      };
    }
    BaseVariableWidthViewVector w = (BaseVariableWidthViewVector) vector;
    return new VarWidth(ctx, target, w, kind) {
      // View vectors copy only from heap buffers: stage the bytes in one reused array.
      private byte[] staging = new byte[64];

      @Override
      public void writeNull(int index) {
        w.setNull(index);
      }

      @Override
      void set(int index, ByteBuffer buf, int offset, int length) {
        if (staging.length < length) {
          staging = new byte[Math.max(length, staging.length * 2)];
        }
        buf.get(offset, staging, 0, length);
        // Arrow 19's handleSafe sizes the view buffer to index * 16 + length, one view short for
        // an empty value at the capacity boundary: grow it first.
        while (index >= w.getValueCapacity()) {
          w.reAlloc();
        }
        w.setSafe(index, staging, 0, length);
      }
    };
  }

  /**
   * FixedSizeBinary(n): BINARY of exactly n bytes; with n = 16 also UUID (its 16 big-endian bytes).
   * The {@code arrow.uuid} extension accepts UUID only.
   */
  public static final class FixedWriter extends ValueWriter {
    private final FieldVector outer;
    private final FixedSizeBinaryVector vector;
    private final int width;
    private final boolean acceptBinary;

    public FixedWriter(CastContext ctx, String target, FieldVector outer) {
      super(ctx, target);
      this.outer = outer;
      this.acceptBinary = !UuidExtension.isUuid(outer.getField());
      this.vector =
          outer instanceof UuidVector u ? u.getUnderlyingVector() : (FixedSizeBinaryVector) outer;
      this.width = vector.getByteWidth();
    }

    @Override
    public FieldVector vector() {
      return outer;
    }

    @Override
    public boolean copiesColumn(FieldVector typed) {
      return holdsSameType(typed);
    }

    @Override
    public void writeNull(int index) {
      vector.setNull(index);
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      VariantKind k = v.kind();
      int from;
      if (k == VariantKind.UUID && width == 16) {
        from = v.offset() + 1;
      } else if (k == VariantKind.BINARY && acceptBinary && v.bytesLength() == width) {
        from = v.bytesOffset();
      } else {
        return refuse(v, index);
      }
      while (index >= vector.getValueCapacity()) {
        vector.reAlloc();
      }
      vector.getDataBuffer().setBytes((long) index * width, v.buffer(), from, width);
      BitVectorHelper.setBit(vector.getValidityBuffer(), index);
      return true;
    }
  }
}
