/**
 * <b>API.</b> Arrow IPC body compression that pyarrow, DuckDB and polars read: pass {@link
 * io.pqarrow.ipc.IpcCompression#FACTORY} to Arrow Java's IPC readers and writers.
 */
package io.pqarrow.ipc;
