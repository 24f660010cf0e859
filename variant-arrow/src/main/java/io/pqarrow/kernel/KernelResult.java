package io.pqarrow.kernel;

import java.util.BitSet;
import org.apache.arrow.vector.FieldVector;

/**
 * The output of a kernel call: the vector (owned by the caller: close it, or close this result),
 * how many rows held a value that did not fit the target (safe mode; their slot, or the part that
 * did not fit, is null), the first few of those rows, and which rows were Variant null.
 *
 * <p>SQL NULL and Variant null: a null input row and a missing path give a null slot; a Variant
 * null gives a null slot too where the target type cannot hold it, and is listed in {@link
 * #variantNullRows()} so that the two stay apart; a Variant target keeps it as the byte {@code 00}
 * and a dense union target puts it in its Null child when it has one.
 */
public final class KernelResult implements AutoCloseable {
  private final FieldVector vector;
  private final int failedRowCount;
  private final int[] firstFailedRows;
  private final BitSet variantNullRows;

  KernelResult(
      FieldVector vector, int failedRowCount, int[] firstFailedRows, BitSet variantNullRows) {
    this.vector = vector;
    this.failedRowCount = failedRowCount;
    this.firstFailedRows = firstFailedRows;
    this.variantNullRows = variantNullRows;
  }

  /** The output vector, of exactly the target field's type. */
  public FieldVector vector() {
    return vector;
  }

  /** Number of rows whose value (or a part of it) did not fit the target. */
  public int failedRowCount() {
    return failedRowCount;
  }

  /** The first failing row indices, ascending (at most the options' {@code maxReportedRows}). */
  public int[] firstFailedRows() {
    return firstFailedRows.clone();
  }

  /** Rows whose value at the path was Variant null (a copy). */
  public BitSet variantNullRows() {
    return (BitSet) variantNullRows.clone();
  }

  /** Closes the vector. */
  @Override
  public void close() {
    vector.close();
  }
}
