/**
 * <b>Not API:</b> the inputs of the {@code bridge} commands, each a {@code BatchSource} of record
 * batches: a Parquet file through the library's reader ({@code ParquetInput}), a dataset directory
 * through its scan ({@code DatasetInput}), an Arrow IPC file or stream ({@code IpcInput}). Failures
 * are worded as the command line words them ({@code cannot read <file>: …}). Internal to the
 * command line: may change in any release.
 */
package io.pqarrow.cli.input;
