package io.pqarrow.variant;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.schema.SchemaException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Zero-copy access to the Variant rows of one Arrow batch: a {@code metadata} and a {@code value}
 * binary vector ({@code Binary}, {@code LargeBinary} or {@code BinaryView}). Each data buffer is
 * exposed once, at construction, as one {@link ByteBuffer} over the whole Arrow buffer; rows are
 * then addressed by offset and length into it (a short view's bytes are read inside the view
 * buffer), so reading a row copies and allocates nothing.
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
 * reader is used. Dictionary-encoded metadata is read through {@link #dictionaryEncoded}.
 */
public final class VariantBatchReader {
  private final BaseIntVector metadataIndices;
  private final Column metadata;
  private final Column value;
  private VariantMetadata lastMetadata;

  /**
   * Where one binary vector keeps its rows: offsets into one data buffer ({@code Binary}, {@code
   * LargeBinary}), or 16-byte views ({@code BinaryView}: length, then the bytes inline when at most
   * 12, else a prefix, a data buffer index and an offset). {@link #locate} sets the row's buffer,
   * start and length without allocating.
   */
  private static final class Column {
    private static final int OFFSETS_32 = 0;
    private static final int OFFSETS_64 = 1;
    private static final int VIEWS = 2;

    final FieldVector vector;
    final String name;
    final ArrowBuf offsets;
    final int layout;
    final ByteBuffer data;
    final ByteBuffer[] viewData;

    ByteBuffer rowBuffer;
    int rowStart;
    int rowLength;

    Column(FieldVector v, String name) {
      if (v == null) {
        throw SchemaException.unsupported("Variant storage", name, "a missing child");
      }
      this.vector = v;
      this.name = name;
      if (v instanceof BaseVariableWidthViewVector views) {
        this.layout = VIEWS;
        this.offsets = views.getDataBuffer();
        List<ArrowBuf> buffers = views.getDataBuffers();
        this.viewData = new ByteBuffer[buffers.size()];
        for (int i = 0; i < viewData.length; i++) {
          viewData[i] = nio(buffers.get(i), name);
        }
      } else if (v instanceof BaseVariableWidthVector
          || v instanceof BaseLargeVariableWidthVector) {
        this.layout = v instanceof BaseLargeVariableWidthVector ? OFFSETS_64 : OFFSETS_32;
        this.offsets = v.getOffsetBuffer();
        this.viewData = null;
      } else {
        throw SchemaException.unsupported(
            "Variant storage",
            name,
            v.getField().getType() + " (expected Binary, LargeBinary or BinaryView)");
      }
      this.data = nio(v.getDataBuffer(), name);
    }

    private static ByteBuffer nio(ArrowBuf d, String name) {
      long capacity = d.capacity();
      if (capacity > Integer.MAX_VALUE) {
        throw SchemaException.unsupported(
            "Variant storage", name, "a data buffer of " + capacity + " bytes");
      }
      return capacity == 0 ? ByteBuffer.allocate(0) : d.nioBuffer(0, (int) capacity);
    }

    /** Points {@link #rowBuffer}, {@link #rowStart} and {@link #rowLength} at {@code row}. */
    void locate(int row) {
      int count = vector.getValueCount();
      if (row < 0 || row >= count) {
        throw new IndexOutOfBoundsException("row " + row + " of " + count);
      }
      if (layout == VIEWS) {
        locateView(row);
        return;
      }
      long s = layout == OFFSETS_64 ? offsets.getLong(8L * row) : offsets.getInt(4L * row);
      long e = layout == OFFSETS_64 ? offsets.getLong(8L * row + 8) : offsets.getInt(4L * row + 4);
      if (s < 0 || e < s || e > data.capacity()) {
        throw outside(row, data.capacity(), s, e);
      }
      rowBuffer = data;
      rowStart = (int) s;
      rowLength = (int) (e - s);
    }

    private void locateView(int row) {
      long view = (long) BaseVariableWidthViewVector.ELEMENT_SIZE * row;
      int length = offsets.getInt(view);
      if (length < 0) {
        throw outside(row, 0, 0, length);
      }
      if (length <= BaseVariableWidthViewVector.INLINE_SIZE) {
        rowBuffer = data;
        rowStart = (int) view + BaseVariableWidthViewVector.LENGTH_WIDTH;
      } else {
        int index = offsets.getInt(view + 8);
        long start = offsets.getInt(view + 12) & 0xFFFFFFFFL;
        if (index < 0 || index >= viewData.length) {
          throw VariantFormatException.at(
              "Invalid",
              name,
              row,
              0,
              "expected a view data buffer index below " + viewData.length + ", found " + index);
        }
        ByteBuffer b = viewData[index];
        if (start + length > b.capacity()) {
          throw outside(row, b.capacity(), start, start + length);
        }
        rowBuffer = b;
        rowStart = (int) start;
      }
      rowLength = length;
    }

    private VariantFormatException outside(int row, long capacity, long s, long e) {
      return VariantFormatException.at(
          "Invalid",
          name,
          row,
          0,
          "expected offsets within the " + capacity + "-byte data buffer, found " + s + " to " + e);
    }
  }

  /**
   * A reader over two binary vectors of the same length.
   *
   * @throws SchemaException if either is not {@code Binary}, {@code LargeBinary} or {@code
   *     BinaryView}
   */
  public VariantBatchReader(FieldVector metadata, FieldVector value) {
    this(null, metadata, value);
  }

  private VariantBatchReader(
      BaseIntVector metadataIndices, FieldVector metadata, FieldVector value) {
    this.metadataIndices = metadataIndices;
    this.metadata = new Column(metadata, "metadata");
    this.value = new Column(value, "value");
  }

  /**
   * A reader whose metadata is dictionary-encoded, as writers that share one dictionary across a
   * column produce: row {@code i}'s metadata is entry {@code metadataIndices[i]} of {@code
   * metadataDictionary}. Rows that share an index share one parsed {@link VariantMetadata}.
   *
   * @param metadataIndices the dictionary indices (any integer vector), one per row
   * @param metadataDictionary the dictionary's values ({@code Binary}, {@code LargeBinary} or
   *     {@code BinaryView})
   * @param value the value bytes, one per row
   * @throws SchemaException if a vector has the wrong layout
   */
  public static VariantBatchReader dictionaryEncoded(
      FieldVector metadataIndices, FieldVector metadataDictionary, FieldVector value) {
    if (!(metadataIndices instanceof BaseIntVector indices)) {
      throw SchemaException.unsupported(
          "Variant storage",
          "metadata",
          metadataIndices.getField().getType() + " dictionary indices (expected an integer type)");
    }
    return new VariantBatchReader(indices, metadataDictionary, value);
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
    Column c = metadata;
    c.locate(metadataIndices == null ? row : dictionaryIndex(row));
    VariantMetadata last = lastMetadata;
    if (last != null && last.sameBytes(c.rowBuffer, c.rowStart, c.rowLength)) {
      return last;
    }
    lastMetadata = VariantMetadata.of(c.rowBuffer, c.rowStart, c.rowLength, row);
    return lastMetadata;
  }

  /** The dictionary entry of {@code row}'s metadata, checked against the dictionary. */
  private int dictionaryIndex(int row) {
    int count = metadataIndices.getValueCount();
    if (row < 0 || row >= count) {
      throw new IndexOutOfBoundsException("row " + row + " of " + count);
    }
    boolean missing = metadataIndices.isNull(row);
    long index = missing ? -1 : metadataIndices.getValueAsLong(row);
    int entries = metadata.vector.getValueCount();
    if (index < 0 || index >= entries) {
      throw VariantFormatException.at(
          "Invalid",
          "metadata",
          row,
          0,
          "expected a dictionary index below " + entries + ", found " + (missing ? "null" : index));
    }
    return (int) index;
  }

  /** Points {@code out} at the value of {@code row}; returns {@code out}. */
  public VariantReader read(int row, VariantReader out) {
    VariantMetadata md = metadata(row);
    value.locate(row);
    return out.reset(md, value.rowBuffer, value.rowStart, value.rowLength, row);
  }
}
