package io.pqarrow.parquet.read;

/**
 * What a scan did, counted from its start: the row groups in its scope and those read after
 * pruning, the pages read and skipped, the rows decoded and those returned.
 *
 * @param rowGroups the row groups the scan covers (the selected ones, or all)
 * @param rowGroupsRead those left after pruning by the filter (each read, unless a limit stopped
 *     the scan early)
 * @param pagesRead dictionary and data pages read, over every column
 * @param pagesSkipped data pages passed over unread because the page index ruled them out ({@link
 *     io.pqarrow.parquet.read.ReadOptions#pageFilter()} or a filter) or because late
 *     materialization found none of their rows kept, over every column
 * @param rowsRead rows decoded from the file: in the filter's columns at least (in every column
 *     without late materialization)
 * @param rowsWritten rows returned in batches (after the filter, offset and limit)
 * @param rowsMaterialized rows decoded in every column read ({@link
 *     ReadOptions#lateMaterialization()} decodes the columns the filter does not read only for the
 *     rows it keeps and the short gaps between them); equal to {@code rowsRead} without it
 */
public record ScanStats(
    long rowGroups,
    long rowGroupsRead,
    long pagesRead,
    long pagesSkipped,
    long rowsRead,
    long rowsWritten,
    long rowsMaterialized) {

  /**
   * Counters of a scan that decoded every column of every row it read ({@code rowsMaterialized}
   * equal to {@code rowsRead}).
   *
   * @param rowGroups the row groups the scan covers
   * @param rowGroupsRead those left after pruning
   * @param pagesRead dictionary and data pages read, over every column
   * @param pagesSkipped data pages passed over unread, over every column
   * @param rowsRead rows decoded from the file
   * @param rowsWritten rows returned in batches
   */
  public ScanStats(
      long rowGroups,
      long rowGroupsRead,
      long pagesRead,
      long pagesSkipped,
      long rowsRead,
      long rowsWritten) {
    this(rowGroups, rowGroupsRead, pagesRead, pagesSkipped, rowsRead, rowsWritten, rowsRead);
  }

  /**
   * The counters as one JSON object on one line: {@code {"row_groups": N, "row_groups_read": N,
   * "pages_read": N, "pages_skipped": N, "rows_read": N, "rows_written": N, "rows_materialized":
   * N}}.
   *
   * @return the JSON text, without a line break
   */
  public String toJson() {
    return "{\"row_groups\": "
        + rowGroups
        + ", \"row_groups_read\": "
        + rowGroupsRead
        + ", \"pages_read\": "
        + pagesRead
        + ", \"pages_skipped\": "
        + pagesSkipped
        + ", \"rows_read\": "
        + rowsRead
        + ", \"rows_written\": "
        + rowsWritten
        + ", \"rows_materialized\": "
        + rowsMaterialized
        + "}";
  }
}
