package io.pqarrow.variant.arrow;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantReader;
import java.util.BitSet;
import org.apache.arrow.memory.BufferAllocator;

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
public final class VariantVectorWriter {
  private final VariantColumnBuilder column;
  private final BitSet sqlNulls = new BitSet();

  /** An empty writer with the default limits. */
  public VariantVectorWriter() {
    this(Limits.defaults());
  }

  /** An empty writer whose copied rows may nest at most {@link Limits#maxVariantDepth()} deep. */
  public VariantVectorWriter(Limits limits) {
    this.column = new VariantColumnBuilder(limits);
  }

  /** Declares keys before the first row (see {@link VariantColumnBuilder#declareKeys}). */
  public VariantVectorWriter declareKeys(Iterable<String> keys) {
    column.declareKeys(keys);
    return this;
  }

  /** The builder of the current row: write one value, then call {@link #finishRow()}. */
  public VariantBuilder row() {
    return column.row();
  }

  /** Ends the row written through {@link #row()}; returns its index. */
  public int finishRow() {
    return column.finishRow();
  }

  /** Copies the value {@code value} points at (keys re-mapped) as the next row. */
  public int appendRow(VariantReader value) {
    return column.appendRow(value);
  }

  /** Copies {@code value} (keys re-mapped) as the next row. */
  public int appendRow(Variant value) {
    column.row().appendVariant(value);
    return column.finishRow();
  }

  /** Copies an encoded value with its own metadata (keys re-mapped) as the next row. */
  public int appendRow(EncodedVariant value) {
    return appendRow(value.toVariant());
  }

  /** Appends a Variant null (value byte {@code 0x00}, a non-null slot). */
  public int appendVariantNull() {
    column.row().appendNull();
    return column.finishRow();
  }

  /** Appends a SQL NULL row (a null struct slot). */
  public int appendSqlNull() {
    int row = appendVariantNull();
    sqlNulls.set(row);
    return row;
  }

  /** Number of rows appended so far. */
  public int rowCount() {
    return column.rowCount();
  }

  /** Bytes of the values of the rows appended so far. */
  public long valueBytes() {
    return column.valueBytes();
  }

  /** A capacity hint: see {@link VariantColumnBuilder#reserve}. */
  public VariantVectorWriter reserve(int moreRows, long moreBytes) {
    column.reserve(moreRows, moreBytes);
    return this;
  }

  /**
   * Copies the rows into a new vector allocated from {@code allocator}; its field is nullable
   * whether or not a row is SQL NULL, so that every batch a writer produces has the same schema.
   * The writer must not be used afterwards; the caller closes the vector.
   *
   * @throws IllegalStateException if a row was started and not finished
   */
  public VariantVector finish(String name, BufferAllocator allocator) {
    return VariantVectors.fromColumn(name, column.finish(), sqlNulls, allocator);
  }
}
