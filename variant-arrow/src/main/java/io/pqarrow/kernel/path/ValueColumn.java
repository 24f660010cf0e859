package io.pqarrow.kernel.path;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * A nested {@code value} column of shredded storage (Binary or LargeBinary), with a {@link
 * ByteBuffer} view of its data made once, so that pointing a reader at a slot allocates nothing.
 */
final class ValueColumn {
  private final FieldVector vector;
  private final ByteBuffer buf;
  private final VarBinaryVector small;
  private final LargeVarBinaryVector large;

  private ValueColumn(FieldVector vector, VarBinaryVector small, LargeVarBinaryVector large) {
    this.vector = vector;
    this.small = small;
    this.large = large;
    ArrowBuf data = vector.getDataBuffer();
    long cap = data.capacity();
    if (cap > Integer.MAX_VALUE) {
      throw new KernelException(
          ErrorKind.UNSUPPORTED, "Unsupported Variant storage: a value buffer over 2 GiB");
    }
    this.buf = cap == 0 ? ByteBuffer.allocate(0) : data.nioBuffer(0, (int) cap);
  }

  /** The accessor of {@code v}, or null when {@code v} is null (the field is absent). */
  static ValueColumn of(FieldVector v, String path) {
    if (v == null) {
      return null;
    } else if (v instanceof VarBinaryVector b) {
      return new ValueColumn(v, b, null);
    } else if (v instanceof LargeVarBinaryVector b) {
      return new ValueColumn(v, null, b);
    }
    throw new KernelException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(path),
        "Unsupported Variant storage at " + path + ": value of type " + v.getField().getType(),
        null);
  }

  boolean isNull(int slot) {
    return vector.isNull(slot);
  }

  /** Points {@code out} at slot {@code slot}, read with {@code metadata}. */
  VariantReader read(int slot, VariantMetadata metadata, VariantReader out, long row) {
    int start;
    int end;
    if (small != null) {
      start = small.getStartOffset(slot);
      end = small.getStartOffset(slot + 1);
    } else {
      start = (int) large.getOffsetBuffer().getLong((long) slot * 8);
      end = (int) large.getOffsetBuffer().getLong((long) (slot + 1) * 8);
    }
    return out.reset(metadata, buf, start, end - start, row);
  }
}
