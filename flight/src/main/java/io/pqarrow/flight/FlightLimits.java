package io.pqarrow.flight;

/**
 * Every cap the Flight service applies to what a client sends or asks for. One immutable value in
 * {@link ServerConfig}; each check reads its cap from here, so a default is written here only.
 *
 * <table>
 *   <caption>Caps, defaults and what exceeding them does</caption>
 *   <tr><th>cap</th><th>default</th><th>applies to</th><th>exceeding it</th></tr>
 *   <tr><td>{@link #maxRequestBytes()}</td><td>64 KiB</td><td>a descriptor's command, a ticket, an
 *       action's body</td><td>INVALID_ARGUMENT {@code request of N bytes is over the limit of
 *       M}</td></tr>
 *   <tr><td>{@link #maxWhereChars()}</td><td>4,096</td><td>{@code "where"}</td><td>INVALID_ARGUMENT
 *       </td></tr>
 *   <tr><td>{@link #maxColumns()}</td><td>4,096</td><td>{@code "columns"}, {@code "partition_by"}
 *       </td><td>INVALID_ARGUMENT</td></tr>
 *   <tr><td>{@link #maxStreams()}</td><td>16</td><td>{@code DoGet} and {@code DoPut} streams open
 *       at once</td><td>RESOURCE_EXHAUSTED</td></tr>
 *   <tr><td>{@link #maxBatchRows()}</td><td>1,048,576</td><td>{@code "batch_rows"}</td><td>
 *       INVALID_ARGUMENT</td></tr>
 *   <tr><td>{@link #minSplitBytes()}</td><td>1 MiB</td><td>{@code "split_bytes"} (fewer bytes
 *       would make one endpoint per row group of a large file)</td><td>INVALID_ARGUMENT</td></tr>
 *   <tr><td>{@link #maxInboundMessageBytes()}</td><td>64 MiB</td><td>one gRPC message (a batch
 *       uploaded by {@code DoPut})</td><td>RESOURCE_EXHAUSTED from gRPC</td></tr>
 * </table>
 */
public final class FlightLimits {
  private final int maxRequestBytes;
  private final int maxWhereChars;
  private final int maxColumns;
  private final int maxStreams;
  private final int maxBatchRows;
  private final long minSplitBytes;
  private final int maxInboundMessageBytes;

  private FlightLimits(
      int maxRequestBytes,
      int maxWhereChars,
      int maxColumns,
      int maxStreams,
      int maxBatchRows,
      long minSplitBytes,
      int maxInboundMessageBytes) {
    this.maxRequestBytes = positive(maxRequestBytes, "maxRequestBytes");
    this.maxWhereChars = positive(maxWhereChars, "maxWhereChars");
    this.maxColumns = positive(maxColumns, "maxColumns");
    this.maxStreams = positive(maxStreams, "maxStreams");
    this.maxBatchRows = positive(maxBatchRows, "maxBatchRows");
    this.minSplitBytes = positive(minSplitBytes, "minSplitBytes");
    this.maxInboundMessageBytes = positive(maxInboundMessageBytes, "maxInboundMessageBytes");
  }

  /** {@return every cap at its default} */
  public static FlightLimits defaults() {
    return new FlightLimits(64 << 10, 4096, 4096, 16, 1 << 20, 1L << 20, 64 << 20);
  }

  /**
   * These caps with at most {@code streams} streams open at once.
   *
   * @param streams the most streams open at once (1 or more)
   * @return new caps; these are unchanged
   * @throws IllegalArgumentException when {@code streams < 1}
   */
  public FlightLimits withMaxStreams(int streams) {
    return new FlightLimits(
        maxRequestBytes,
        maxWhereChars,
        maxColumns,
        streams,
        maxBatchRows,
        minSplitBytes,
        maxInboundMessageBytes);
  }

  /**
   * These caps with requests of at most {@code bytes} bytes.
   *
   * @param bytes the largest request accepted, in bytes (1 or more)
   * @return new caps; these are unchanged
   * @throws IllegalArgumentException when {@code bytes < 1}
   */
  public FlightLimits withMaxRequestBytes(int bytes) {
    return new FlightLimits(
        bytes,
        maxWhereChars,
        maxColumns,
        maxStreams,
        maxBatchRows,
        minSplitBytes,
        maxInboundMessageBytes);
  }

  /** {@return the most bytes of a command, ticket or action body} */
  public int maxRequestBytes() {
    return maxRequestBytes;
  }

  /** {@return the most characters of a {@code "where"} expression} */
  public int maxWhereChars() {
    return maxWhereChars;
  }

  /** {@return the most names in {@code "columns"} or {@code "partition_by"}} */
  public int maxColumns() {
    return maxColumns;
  }

  /** {@return the most {@code DoGet} and {@code DoPut} streams open at once} */
  public int maxStreams() {
    return maxStreams;
  }

  /** {@return the largest {@code "batch_rows"}} */
  public int maxBatchRows() {
    return maxBatchRows;
  }

  /** {@return the smallest {@code "split_bytes"}} */
  public long minSplitBytes() {
    return minSplitBytes;
  }

  /** {@return the largest gRPC message the server accepts} */
  public int maxInboundMessageBytes() {
    return maxInboundMessageBytes;
  }

  private static int positive(int value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, not " + value);
    }
    return value;
  }

  private static long positive(long value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, not " + value);
    }
    return value;
  }

  @Override
  public String toString() {
    return "FlightLimits{requestBytes="
        + maxRequestBytes
        + ", whereChars="
        + maxWhereChars
        + ", columns="
        + maxColumns
        + ", streams="
        + maxStreams
        + ", batchRows="
        + maxBatchRows
        + ", minSplitBytes="
        + minSplitBytes
        + ", inboundMessageBytes="
        + maxInboundMessageBytes
        + "}";
  }
}
