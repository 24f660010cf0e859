package io.pqarrow.dataset;

/**
 * How a {@link DatasetScan} runs, beside the per-file {@link io.pqarrow.parquet.read.ReadOptions}.
 * Immutable.
 *
 * @param ordered whether batches come in file order (default); unordered, each batch comes as soon
 *     as some file has one, which keeps every file reader busy
 * @param filePathColumn the name of a Utf8 column added after every other, holding each row's file
 *     path, or {@code null} for none
 * @param filesAtOnce how many files are read at once, each on a thread of the scan's, a few batches
 *     ahead; {@link #AUTO} (the default) reads as many files at once as the scan's {@code
 *     ReadOptions.threads()} (so one at a time, on the caller's thread, unless the caller gives the
 *     scan threads), and no more than it has files
 */
public record DatasetScanOptions(boolean ordered, String filePathColumn, int filesAtOnce) {
  /** {@link #filesAtOnce()}: as many files at once as the scan has threads. */
  public static final int AUTO = 0;

  private static final DatasetScanOptions DEFAULTS = new DatasetScanOptions(true, null, AUTO);

  /**
   * Checks the values.
   *
   * @param ordered whether batches come in file order
   * @param filePathColumn the name of the file path column, or {@code null} for none
   * @param filesAtOnce how many files are read at once, or {@link #AUTO}
   * @throws IllegalArgumentException when {@code filesAtOnce} is negative
   */
  public DatasetScanOptions {
    if (filesAtOnce < 0) {
      throw new IllegalArgumentException(
          "filesAtOnce must be >= 1 (or AUTO, 0), not " + filesAtOnce);
    }
  }

  /**
   * {@return the defaults: in file order, no file path column, as many files at once as the scan
   * has threads}
   */
  public static DatasetScanOptions defaults() {
    return DEFAULTS;
  }

  /**
   * {@return these options with batches in file order or not}
   *
   * @param ordered whether batches come in file order
   */
  public DatasetScanOptions withOrdered(boolean ordered) {
    return new DatasetScanOptions(ordered, filePathColumn, filesAtOnce);
  }

  /**
   * {@return these options with a file path column named {@code name} ({@code null}: none)}
   *
   * @param name the column's name, or {@code null} for none
   */
  public DatasetScanOptions withFilePathColumn(String name) {
    return new DatasetScanOptions(ordered, name, filesAtOnce);
  }

  /**
   * {@return these options reading {@code files} files at once ({@link #AUTO}: one per scan
   * thread)}
   *
   * @param files the number of files read at once (1 or more), or {@link #AUTO}
   */
  public DatasetScanOptions withFilesAtOnce(int files) {
    return new DatasetScanOptions(ordered, filePathColumn, files);
  }
}
