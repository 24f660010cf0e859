/**
 * <b>Internal, not API:</b> value layouts the Parquet reader and writer share (decimals, intervals,
 * time units). Public only so that {@code parquet.read} and {@code parquet.write} can use them; may
 * change in any release.
 */
package io.pqarrow.parquet.internal;
