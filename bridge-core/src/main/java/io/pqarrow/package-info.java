/**
 * <b>API.</b> What every module of the bridge shares: {@link io.pqarrow.BridgeException}, the one
 * exception family the library throws for bad input, with its {@link io.pqarrow.ErrorKind} (what
 * went wrong) and {@link io.pqarrow.ErrorLocation} (file, column, row group, row, byte offset).
 * This package and {@link io.pqarrow.extension} make up the {@code bridge-core} module, which
 * depends on Arrow only.
 */
package io.pqarrow;
