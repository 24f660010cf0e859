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

  /**
   * {@return the output vector, of exactly the target field's type and as many rows as the input;
   * owned by this result until closed (closing the result closes it)}
   */
  public FieldVector vector() {
    return vector;
  }

  /**
   * {@return the number of rows whose value, or a part of it, did not fit the target and became
   * null (always 0 in strict mode, which throws instead)}
   */
  public int failedRowCount() {
    return failedRowCount;
  }

  /**
   * {@return a copy of the first failing row indices (0-based), ascending, at most the options'
   * {@code maxReportedRows} of them; empty when no row failed}
   */
  public int[] firstFailedRows() {
    return firstFailedRows.clone();
  }

  /**
   * {@return a copy of the set of rows (0-based) whose value at the path was Variant null, as
   * opposed to a SQL NULL row or a missing path}
   */
  public BitSet variantNullRows() {
    return (BitSet) variantNullRows.clone();
  }

  /** Closes the vector. */
  @Override
  public void close() {
    vector.close();
  }
}
