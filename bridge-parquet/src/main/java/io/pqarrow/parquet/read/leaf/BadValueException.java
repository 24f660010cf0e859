package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.ParquetFileException;

/**
 * A Parquet value that decodes but has no Arrow value in its column's type: an INT96 timestamp
 * outside the range of the unit, an INTERVAL part the Arrow interval cannot hold, a decimal wider
 * than its slot. A decoder, on either read path, throws it with the slot of the batch the value was
 * meant for; {@link io.pqarrow.parquet.read.ParquetArrowReader} turns it into a {@link
 * io.pqarrow.parquet.ParquetFileException} naming the column, row group and row ({@link
 * LeafDecoder#batchRowOf}), with this exception's message as the problem.
 */
public final class BadValueException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The slot of the batch (in the leaf's vector) the value was meant for. */
  public final int slot;

  /** The option that would read the value, or {@code null}. */
  public final ParquetFileException.Remedy remedy;

  BadValueException(int slot, String problem) {
    this(slot, problem, null);
  }

  BadValueException(int slot, String problem, ParquetFileException.Remedy remedy) {
    super(problem, null, false, false);
    this.slot = slot;
    this.remedy = remedy;
  }
}
