package io.pqarrow.dataset;

import io.pqarrow.parquet.read.ScanStats;

/**
 * What a dataset scan did: the files in its scope, those opened after pruning by partition values,
 * and the counters of {@link ScanStats} summed over the files read.
 *
 * @param files the files the scan covers
 * @param filesRead the files opened (not ruled out by their partition values; each read unless a
 *     limit stopped the scan first)
 * @param scan row groups, pages and rows, summed over the files read
 */
public record DatasetStats(long files, long filesRead, ScanStats scan) {
  /**
   * One JSON line: {@code {"files": N, "files_read": N, "row_groups": N, "row_groups_read": N,
   * "pages_read": N, "pages_skipped": N, "rows_read": N, "rows_written": N, "rows_materialized":
   * N}}.
   *
   * @return the JSON text, without a line break
   */
  public String toJson() {
    String inner = scan.toJson();
    return "{\"files\": " + files + ", \"files_read\": " + filesRead + ", " + inner.substring(1);
  }
}
