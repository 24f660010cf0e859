package io.pqarrow.kernel;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantReader;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Temporary row access over an unshredded Variant vector with Binary or LargeBinary children (to be
 * replaced by the shared Arrow access layer): positions a reader on row i's value, with the row's
 * metadata taken through {@link CastContext#metadata} so that it is parsed once per distinct
 * dictionary.
 */
final class BinaryRows {
  private final VariantVector vector;
  private final CastContext ctx;
  private final Column metadata;
  private final Column value;

  BinaryRows(VariantVector vector, CastContext ctx) {
    this.vector = vector;
    this.ctx = ctx;
    this.metadata = Column.of(vector.metadataVector(), "metadata");
    this.value = Column.of(vector.valueVector(), "value");
  }

  int rowCount() {
    return vector.getValueCount();
  }

  boolean isNull(int row) {
    return vector.isNull(row);
  }

  /** True when the row's {@code value} slot is null (possible only for shredded storage). */
  boolean valueIsNull(int row) {
    return value.vector.isNull(row);
  }

  VariantReader position(int row, VariantReader out) {
    ctx.metadata(metadata.buf, metadata.start(row), metadata.length(row), row);
    return out.reset(ctx.metadata(), value.buf, value.start(row), value.length(row), row);
  }

  /** One binary child and a ByteBuffer view of its data, made once per call. */
  static final class Column {
    final FieldVector vector;
    final ByteBuffer buf;
    private final VarBinaryVector small;
    private final LargeVarBinaryVector large;

    private Column(FieldVector vector, VarBinaryVector small, LargeVarBinaryVector large) {
      this.vector = vector;
      this.small = small;
      this.large = large;
      ArrowBuf data = vector.getDataBuffer();
      long cap = data.capacity();
      if (cap > Integer.MAX_VALUE) {
        throw new KernelException("Unsupported Variant storage: a data buffer over 2 GiB");
      }
      this.buf = cap == 0 ? ByteBuffer.allocate(0) : data.nioBuffer(0, (int) cap);
    }

    static Column of(FieldVector v, String name) {
      if (v instanceof VarBinaryVector b) {
        return new Column(v, b, null);
      } else if (v instanceof LargeVarBinaryVector b) {
        return new Column(v, null, b);
      }
      throw new KernelException(
          "Unsupported Variant storage at "
              + name
              + ": "
              + (v == null ? "missing" : v.getField().getType().toString()));
    }

    int start(int row) {
      return small != null
          ? small.getStartOffset(row)
          : (int) large.getOffsetBuffer().getLong((long) row * 8);
    }

    int length(int row) {
      return small != null
          ? small.getStartOffset(row + 1) - small.getStartOffset(row)
          : (int)
              (large.getOffsetBuffer().getLong((long) (row + 1) * 8)
                  - large.getOffsetBuffer().getLong((long) row * 8));
    }
  }
}
