package io.pqarrow.parquet.internal.encoding;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * The one exception the page decoders throw for malformed bytes: a bit width out of range, a length
 * that is negative or runs past the data, a dictionary index out of range, truncated data. Its kind
 * is {@link ErrorKind#INVALID_DATA}; its location holds the byte offset, counted from the first
 * byte of the page's data (after the page header), and the message reads {@code Invalid page data
 * at byte <offset>: <problem>}. The reader that calls a decoder knows the file, column, row group
 * and page and wraps this exception with them, reading {@link #byteOffset()} and {@link #problem()}
 * rather than parsing the message.
 */
public final class CorruptPageException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private final String problem;

  /**
   * @param byteOffset where in the page the bad data starts
   * @param problem what is wrong, in words, with the offending values
   */
  public CorruptPageException(long byteOffset, String problem) {
    this(ErrorLocation.NONE.withByteOffset(byteOffset), problem);
  }

  private CorruptPageException(ErrorLocation location, String problem) {
    super(
        ErrorKind.INVALID_DATA,
        location,
        BridgeException.compose("Invalid page data", location, problem),
        null);
    this.problem = problem;
  }

  /** The offset in the page of the first bad byte (or of the structure that is bad). */
  public long byteOffset() {
    return location().byteOffset();
  }

  /** What is wrong, without the location. */
  public String problem() {
    return problem;
  }
}
