package io.pqarrow.variant;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.schema.SchemaException;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Zero-copy access to the Variant rows of one Arrow batch: a {@code metadata} and a {@code value}
 * binary vector ({@code Binary} or {@code LargeBinary}). Each data buffer is exposed once, at
 * construction, as one {@link ByteBuffer} over the whole Arrow buffer; rows are then addressed by
 * offset and length into it, so reading a row copies and allocates nothing.
 *
 * <pre>{@code
 * VariantBatchReader batch = VariantBatchReader.of(variantVector);
 * VariantReader r = new VariantReader();
 * for (int row = 0; row < batch.rowCount(); row++) {
 *   if (!batch.isNull(row)) {
 *     batch.read(row, r); // errors name the row
 *     ...
 *   }
 * }
 * }</pre>
 *
 * <p>Consecutive rows usually repeat the same metadata bytes: the parsed {@link VariantMetadata}
 * (and its key cache) is reused while they do. The vectors must stay open and unchanged while this
 * reader is used. Dictionary-encoded metadata and {@code BinaryView} storage are not handled here.
 */
public final class VariantBatchReader {
  private final Column metadata;
  private final Column value;
  private VariantMetadata lastMetadata;

  /** The offsets and data of one binary vector. */
  private static final class Column {
    final FieldVector vector;
    final ArrowBuf offsets;
    final boolean large;
    final ByteBuffer data;

    Column(FieldVector v, String name) {
      if (v == null) {
        throw SchemaException.unsupported("Variant storage", name, "a missing child");
      }
      if (!(v instanceof BaseVariableWidthVector) && !(v instanceof BaseLargeVariableWidthVector)) {
        throw SchemaException.unsupported(
            "Variant storage", name, v.getField().getType() + " (expected Binary or LargeBinary)");
      }
      this.vector = v;
      this.large = v instanceof BaseLargeVariableWidthVector;
      this.offsets = v.getOffsetBuffer();
      ArrowBuf d = v.getDataBuffer();
      long capacity = d.capacity();
      if (capacity > Integer.MAX_VALUE) {
        throw SchemaException.unsupported(
            "Variant storage", name, "a data buffer of " + capacity + " bytes");
      }
      this.data = capacity == 0 ? ByteBuffer.allocate(0) : d.nioBuffer(0, (int) capacity);
    }

    long start(int row) {
      return large ? offsets.getLong(8L * row) : offsets.getInt(4L * row);
    }

    long end(int row) {
      return large ? offsets.getLong(8L * row + 8) : offsets.getInt(4L * row + 4);
    }
  }

  /**
   * A reader over two binary vectors of the same length.
   *
   * @throws SchemaException if either is not {@code Binary} or {@code LargeBinary}
   */
  public VariantBatchReader(FieldVector metadata, FieldVector value) {
    this.metadata = new Column(metadata, "metadata");
    this.value = new Column(value, "value");
  }

  /**
   * A reader over the {@code metadata} and {@code value} children of an unshredded Variant vector.
   *
   * @throws SchemaException if the vector has no {@code metadata} or {@code value} child (a
   *     shredded vector without one needs the shredding reader)
   */
  public static VariantBatchReader of(VariantVector vector) {
    return new VariantBatchReader(vector.metadataVector(), vector.valueVector());
  }

  /** Number of rows (of the value vector). */
  public int rowCount() {
    return value.vector.getValueCount();
  }

  /** Whether the value of {@code row} is null in the value vector. */
  public boolean isNull(int row) {
    return value.vector.isNull(row);
  }

  /**
   * The metadata of {@code row}, reusing the previous row's instance when the bytes are the same.
   */
  public VariantMetadata metadata(int row) {
    int off = checked(metadata, row, "metadata");
    int len = (int) (metadata.end(row) - off);
    VariantMetadata last = lastMetadata;
    if (last != null && last.sameBytes(metadata.data, off, len)) {
      return last;
    }
    lastMetadata = VariantMetadata.of(metadata.data, off, len, row);
    return lastMetadata;
  }

  /** Points {@code out} at the value of {@code row}; returns {@code out}. */
  public VariantReader read(int row, VariantReader out) {
    VariantMetadata md = metadata(row);
    int off = checked(value, row, "value");
    int len = (int) (value.end(row) - off);
    return out.reset(md, value.data, off, len, row);
  }

  /** Offset of {@code row} in the column, checked against the offsets and the data buffer. */
  private static int checked(Column c, int row, String what) {
    int count = c.vector.getValueCount();
    if (row < 0 || row >= count) {
      throw new IndexOutOfBoundsException("row " + row + " of " + count);
    }
    long s = c.start(row);
    long e = c.end(row);
    if (s < 0 || e < s || e > c.data.capacity()) {
      throw VariantFormatException.at(
          "Invalid",
          what,
          row,
          0,
          "expected offsets within the "
              + c.data.capacity()
              + "-byte data buffer, found "
              + s
              + " to "
              + e);
    }
    return (int) s;
  }
}
