/**
 * <b>Internal, not API:</b> what the Parquet reader and writer share: value layouts ({@link
 * io.pqarrow.parquet.internal.Decimals}, {@link io.pqarrow.parquet.internal.Intervals}, {@link
 * io.pqarrow.parquet.internal.TimeUnits}) and level arithmetic ({@link
 * io.pqarrow.parquet.internal.ParquetLevels}). The sub-package {@link
 * io.pqarrow.parquet.internal.encoding} holds the decoders of Parquet page encodings, for a
 * page-level reader (not yet used by the reader). Public only so that {@code parquet.read} and
 * {@code parquet.write} can use them; may change in any release.
 */
package io.pqarrow.parquet.internal;
