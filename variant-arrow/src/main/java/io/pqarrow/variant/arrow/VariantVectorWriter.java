package io.pqarrow.variant.arrow;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * Appends rows — Variant values, Variant nulls and SQL NULLs — and produces an unshredded {@link
 * VariantVector} whose rows share one metadata dictionary.
 *
 * <pre>{@code
 * VariantVectorWriter w = new VariantVectorWriter();
 * w.row().startObject().appendKey("a").appendInt(1).endObject();
 * w.finishRow();
 * w.appendSqlNull();                          // null struct slot
 * w.appendVariantNull();                      // value byte 0x00
 * try (VariantVector v = w.finish("v", allocator)) { ... }
 * }</pre>
 *
 * <p>Rows are encoded with a {@link VariantColumnBuilder} (so keys are shared and the metadata is
 * sorted) and copied into Arrow memory once, by {@link #finish}. A SQL NULL row stores a Variant
 * null under its null slot, so the children stay valid for readers that ignore the struct's
 * validity. A writer is not thread-safe and is used once.
 */
public final class VariantVectorWriter implements AutoCloseable {
  private final Limits limits;
  private final VariantColumnBuilder column;
  private final BitSet sqlNulls = new BitSet();

  /** The rows' value bytes, in Arrow memory, for a writer made with an allocator; else null. */
  private VarBinaryVector values;

  private int written;

  /** An empty writer with the default limits. */
  public VariantVectorWriter() {
    this(Limits.defaults());
  }

  /**
   * An empty writer whose copied rows may nest at most {@link Limits#maxVariantDepth()} deep.
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of rows copied by
   *     {@code appendRow}
   */
  public VariantVectorWriter(Limits limits) {
    this.limits = limits;
    this.column = new VariantColumnBuilder(limits);
  }

  /**
   * An empty writer that puts each row's value bytes straight into Arrow memory from {@code
   * allocator} as it is finished, rather than into a heap array copied by {@link #finish}: no heap
   * per row. Close it if it is not finished.
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of rows copied by
   *     {@code appendRow}
   * @param allocator the allocator of the value bytes and, later, of the finished vector's other
   *     buffers
   */
  public VariantVectorWriter(Limits limits, BufferAllocator allocator) {
    this.limits = limits;
    this.values = new VarBinaryVector("value", allocator);
    values.allocateNew();
    this.column =
        new VariantColumnBuilder(
            limits,
            (bytes, length) -> {
              values.setSafe(written, bytes, 0, length);
              written++;
            });
  }

  /**
   * Declares keys before the first row (see {@link VariantColumnBuilder#declareKeys}).
   *
   * @param keys object keys the rows will use, added to the dictionary in sorted order
   * @return this writer
   */
  public VariantVectorWriter declareKeys(Iterable<String> keys) {
    column.declareKeys(keys);
    return this;
  }

  /**
   * {@return the builder of the current row: write exactly one value into it, then call {@link
   * #finishRow()}; the same builder is returned for every row}
   */
  public VariantBuilder row() {
    return column.row();
  }

  /**
   * Ends the row written through {@link #row()}; returns its index.
   *
   * @return the index of the row just ended (0-based)
   * @throws IllegalStateException if no value was written or an object or array is still open
   */
  public int finishRow() {
    return column.finishRow();
  }

  /**
   * Copies the value {@code value} points at (keys re-mapped) as the next row.
   *
   * @param value a reader positioned on the value; its metadata supplies the keys
   * @return the index of the new row (0-based)
   * @throws io.pqarrow.variant.VariantFormatException if the value is malformed or nests deeper
   *     than the writer's limits allow
   */
  public int appendRow(VariantReader value) {
    return column.appendRow(value);
  }

  /**
   * Copies {@code value} (keys re-mapped) as the next row.
   *
   * @param value the value with its metadata
   * @return the index of the new row (0-based)
   * @throws io.pqarrow.variant.VariantFormatException if the value is malformed or nests deeper
   *     than the writer's limits allow
   */
  public int appendRow(Variant value) {
    column.row().appendVariant(value);
    return column.finishRow();
  }

  /**
   * Copies an encoded value with its own metadata (keys re-mapped) as the next row.
   *
   * @param value the value bytes and their metadata
   * @return the index of the new row (0-based)
   * @throws io.pqarrow.variant.VariantFormatException if the value is malformed or nests deeper
   *     than the writer's limits allow
   */
  public int appendRow(EncodedVariant value) {
    return appendRow(value.toVariant());
  }

  /**
   * Appends a Variant null (value byte {@code 0x00}, a non-null slot).
   *
   * @return the index of the new row (0-based)
   */
  public int appendVariantNull() {
    column.row().appendNull();
    return column.finishRow();
  }

  /**
   * Appends a SQL NULL row (a null struct slot).
   *
   * @return the index of the new row (0-based)
   */
  public int appendSqlNull() {
    int row = appendVariantNull();
    sqlNulls.set(row);
    return row;
  }

  /** {@return the number of rows appended so far, SQL NULL rows included} */
  public int rowCount() {
    return column.rowCount();
  }

  /** {@return the number of value bytes of the rows appended so far} */
  public long valueBytes() {
    return column.valueBytes();
  }

  /**
   * A capacity hint: see {@link VariantColumnBuilder#reserve}.
   *
   * @param moreRows how many more rows are expected (0 or more)
   * @param moreBytes how many more value bytes they are expected to hold (0 or more)
   * @return this writer
   */
  public VariantVectorWriter reserve(int moreRows, long moreBytes) {
    if (values != null) {
      // Arrow memory: sized once before the first row, grown by the vector afterwards.
      if (written == 0 && moreRows > 0 && moreBytes > 0 && moreBytes <= Integer.MAX_VALUE) {
        values.clear();
        values.allocateNew(moreBytes, moreRows);
      }
      return this;
    }
    column.reserve(moreRows, moreBytes);
    return this;
  }

  /**
   * Copies the rows into a new vector allocated from {@code allocator}; its field is nullable
   * whether or not a row is SQL NULL, so that every batch a writer produces has the same schema.
   * The writer must not be used afterwards; the caller closes the vector.
   *
   * @param name the name of the new vector
   * @param allocator the allocator of the new vector
   * @return a new nullable, unshredded Variant vector holding every row appended; the caller closes
   *     it
   * @throws IllegalStateException if a row was started and not finished
   */
  public VariantVector finish(String name, BufferAllocator allocator) {
    if (values == null) {
      return VariantVectors.fromColumn(name, column.finish(), sqlNulls, allocator);
    }
    try {
      values.setValueCount(written);
      byte[] metadata = column.metadata();
      if (column.keysSorted()) {
        return VariantVectors.fromValues(name, metadata, values, sqlNulls, allocator);
      }
      // Keys arrived out of order: the rows hold provisional ids, re-encoded once here.
      VariantMetadata provisional = VariantMetadata.of(metadata);
      VariantColumnBuilder sorted = new VariantColumnBuilder(limits);
      List<String> keys = new ArrayList<>(provisional.size());
      for (int id = 0; id < provisional.size(); id++) {
        keys.add(provisional.key(id));
      }
      sorted.declareKeys(keys);
      ByteBuffer bytes =
          values.getDataBuffer().nioBuffer(0, (int) values.getDataBuffer().capacity());
      VariantReader r = new VariantReader();
      for (int i = 0; i < written; i++) {
        int start = values.getStartOffset(i);
        sorted.appendRow(r.reset(provisional, bytes, start, values.getEndOffset(i) - start, i));
      }
      return VariantVectors.fromColumn(name, sorted.finish(), sqlNulls, allocator);
    } finally {
      close();
    }
  }

  /** Frees the Arrow memory of a writer made with an allocator that was not finished. */
  @Override
  public void close() {
    if (values != null) {
      values.close();
    }
  }
}
