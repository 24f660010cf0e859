/**
 * <b>API.</b> What every module of the bridge shares: {@link io.pqarrow.BridgeException}, the one
 * exception family the library throws for bad input, with its {@link io.pqarrow.ErrorKind} (what
 * went wrong) and {@link io.pqarrow.ErrorLocation} (file, column, row group, row, byte offset);
 * {@link io.pqarrow.Limits}, every cap the library applies to untrusted input, with its default;
 * {@link io.pqarrow.TemporalText}, the one ISO-8601 rendering of dates, times and timestamps. This
 * package and {@link io.pqarrow.extension} make up the {@code bridge-core} module, which depends on
 * Arrow only.
 */
package io.pqarrow;
