/**
 * <b>Not API:</b> the outputs of the {@code bridge} commands: the {@code BatchSink}s that write
 * Arrow IPC ({@code IpcOutput}, with dictionaries unified into one per column for the file format),
 * Parquet files ({@code ParquetOutput}, with {@code import}'s per-column flags resolved by {@code
 * WriterColumns} and the rows' order checked by {@code SortOrderCheck}) and hive-partitioned
 * datasets ({@code PartitionedOutput}), written under a temporary name ({@code OutputFile}); the
 * JSON Lines writers of {@code cat} and {@code meta} ({@code ValueWriters}, {@code VariantJson},
 * {@code StatisticsJson}); the progress line. Internal to the command line: may change in any
 * release.
 */
package io.pqarrow.cli.output;
