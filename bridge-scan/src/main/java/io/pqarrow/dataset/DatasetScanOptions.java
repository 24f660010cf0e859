package io.pqarrow.dataset;

/**
 * How a {@link DatasetScan} runs, beside the per-file {@link io.pqarrow.parquet.read.ReadOptions}.
 * Immutable.
 *
 * @param ordered whether batches come in file order (default); unordered, each batch comes as soon
 *     as some file has one, which keeps every file reader busy
 * @param filePathColumn the name of a Utf8 column added after every other, holding each row's file
 *     path, or {@code null} for none
 * @param filesAtOnce how many files are read at once (at least 1; default 1): each on a thread of
 *     the scan's own, a few batches ahead
 */
public record DatasetScanOptions(boolean ordered, String filePathColumn, int filesAtOnce) {
  private static final DatasetScanOptions DEFAULTS = new DatasetScanOptions(true, null, 1);

  /** Checks the values. */
  public DatasetScanOptions {
    if (filesAtOnce < 1) {
      throw new IllegalArgumentException("filesAtOnce must be >= 1, not " + filesAtOnce);
    }
  }

  /** In file order, no file path column, one file at a time. */
  public static DatasetScanOptions defaults() {
    return DEFAULTS;
  }

  /** These options with batches in file order or not. */
  public DatasetScanOptions withOrdered(boolean ordered) {
    return new DatasetScanOptions(ordered, filePathColumn, filesAtOnce);
  }

  /** These options with a file path column named {@code name} ({@code null}: none). */
  public DatasetScanOptions withFilePathColumn(String name) {
    return new DatasetScanOptions(ordered, name, filesAtOnce);
  }

  /** These options reading {@code files} files at once. */
  public DatasetScanOptions withFilesAtOnce(int files) {
    return new DatasetScanOptions(ordered, filePathColumn, files);
  }
}
