/**
 * <b>Internal, not API:</b> what the Parquet reader and writer share: value layouts ({@link
 * io.pqarrow.parquet.internal.Decimals}, {@link io.pqarrow.parquet.internal.Intervals}, {@link
 * io.pqarrow.parquet.internal.TimeUnits}) and level arithmetic ({@link
 * io.pqarrow.parquet.internal.ParquetLevels}). The sub-packages {@link
 * io.pqarrow.parquet.internal.encoding} (the decoders of Parquet page encodings) and {@link
 * io.pqarrow.parquet.internal.page} (a column chunk read page by page) serve the reader's one read
 * path, page at a time (the per-value decoder it replaced lives in the test tree as the reference).
 * Public only so that {@code parquet.read} and {@code parquet.write} can use them (the architecture
 * test holds every other module off them); may change in any release.
 */
package io.pqarrow.parquet.internal;
