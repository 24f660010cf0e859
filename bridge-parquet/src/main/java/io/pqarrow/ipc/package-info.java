/**
 * <b>API.</b> Arrow IPC helpers: body compression that pyarrow, DuckDB and polars read (pass {@link
 * io.pqarrow.ipc.IpcCompression#FACTORY} to Arrow Java's IPC readers and writers), and readers that
 * honour a big-endian schema ({@link io.pqarrow.ipc.IpcReaders}), which Arrow Java alone loads as
 * wrong values.
 */
package io.pqarrow.ipc;
