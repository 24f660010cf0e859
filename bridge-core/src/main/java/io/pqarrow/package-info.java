/**
 * <b>API.</b> What every module of the bridge shares: {@link io.pqarrow.BridgeException}, the one
 * exception family the library throws for bad input, with its {@link io.pqarrow.ErrorKind} (what
 * went wrong) and {@link io.pqarrow.ErrorLocation} (file, column, row group, row, byte offset);
 * {@link io.pqarrow.Limits}, every cap the library applies to untrusted input, with its default;
 * {@link io.pqarrow.TemporalText}, the one ISO-8601 rendering of dates, times and timestamps;
 * {@link io.pqarrow.FieldPath}, the one resolver of dotted column paths, which goes on as object
 * keys below a field whose type is a {@link io.pqarrow.KeyedValueType}. This package is the bottom
 * of the project: it uses no other package of it, and {@link io.pqarrow.extension} sits on it. This
 * package and {@link io.pqarrow.extension} make up the {@code bridge-core} module, which depends on
 * Arrow only.
 */
package io.pqarrow;
