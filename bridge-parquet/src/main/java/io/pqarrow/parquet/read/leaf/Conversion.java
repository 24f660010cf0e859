package io.pqarrow.parquet.read.leaf;

import org.apache.arrow.memory.ArrowBuf;

/**
 * How a run of fixed-width Parquet values becomes Arrow slot values, plugged into a {@link
 * FixedWidthLeaf} (as Trino's transforming decoders wrap a delegate): widened, narrowed, rescaled,
 * byte-reversed or split into parts. The leaf decodes the run's present values in bulk into a
 * staging buffer, Parquet width each, calls {@link #convert} once for the run, then spreads the
 * converted values over the run's slots around its nulls ({@link
 * io.pqarrow.parquet.internal.encoding.FixedWidthDecoder#spread}): a conversion sees only values,
 * back to back, never a validity bit, and is called once per run, never per value.
 *
 * <pre>
 *   staged   v0 v1 v2              (Parquet width each)
 *   convert  f(v0) f(v1) f(v2)     (Arrow width each, into slots first .. first+2)
 *   spread   f(v0) 0 f(v1) f(v2)   (by the run's validity bits 1 0 1 1)
 * </pre>
 *
 * <p>The implementations ({@link IntConversions}, {@link DecimalConversions}, {@link
 * IntervalConversions}) are chosen once per column by {@link ChunkLeaves}.
 */
interface Conversion {
  /**
   * Converts the {@code count} values staged back to back in {@code staged} (from byte 0) into
   * slots {@code first .. first+count-1} of {@code data}, the vector's data buffer, which has room
   * for them.
   *
   * @throws BadValueException for a value with no Arrow value in the column's type, naming slot
   *     {@code first + k} for the {@code k}-th value of the run
   */
  void convert(ArrowBuf staged, ArrowBuf data, int first, int count);
}
