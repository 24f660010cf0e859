package io.pqarrow.dataset;

import io.pqarrow.scan.ScanUnit;

/**
 * A unit of a dataset scan: some row groups of one of its files.
 *
 * @param file the index of the file in {@link Dataset#files()}
 * @param unit the row groups to read, or {@code null} for the whole file
 */
public record DatasetSplit(int file, ScanUnit unit) {}
