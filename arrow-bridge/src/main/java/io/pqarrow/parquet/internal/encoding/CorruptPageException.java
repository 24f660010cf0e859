package io.pqarrow.parquet.internal.encoding;

import io.pqarrow.BridgeException;

/**
 * The one exception the page decoders throw for malformed bytes: a bit width out of range, a length
 * that is negative or runs past the data, a dictionary index out of range, truncated data. The
 * message reads {@code Invalid page data at byte <offset>: <problem>}; the offset counts from the
 * first byte of the page's data (after the page header). The reader that calls a decoder knows the
 * column, row group and page and wraps this exception with them, reading {@link #byteOffset()} and
 * {@link #problem()} rather than parsing the message.
 */
public final class CorruptPageException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private final long byteOffset;
  private final String problem;

  /**
   * @param byteOffset where in the page the bad data starts
   * @param problem what is wrong, in words, with the offending values
   */
  public CorruptPageException(long byteOffset, String problem) {
    super("Invalid page data at byte " + byteOffset + ": " + problem);
    this.byteOffset = byteOffset;
    this.problem = problem;
  }

  /** The offset in the page of the first bad byte (or of the structure that is bad). */
  public long byteOffset() {
    return byteOffset;
  }

  /** What is wrong, without the location. */
  public String problem() {
    return problem;
  }
}
