/**
 * <b>Internal, not API:</b> reading a column chunk page by page, straight from the file, into
 * reused buffers. Public only so that the Parquet reader can use it; may change in any release.
 *
 * <p>{@link io.pqarrow.parquet.internal.page.ColumnChunkPages} walks a column's chunks, reading
 * pages ahead on a helper thread when asked; its {@code PageParser} reads each page header with
 * parquet-java's Thrift, checks the page CRC and decompresses; the page's bytes are handed out for
 * the decoders of {@code io.pqarrow.parquet.internal.encoding}. It sits beside {@code encoding}
 * rather than in {@code parquet.read} because it knows nothing of Arrow: it is the file-format half
 * of the page-at-a-time read path, testable against parquet-java's own page reader on its own.
 */
package io.pqarrow.parquet.internal.page;
