/**
 * <b>API.</b> {@link io.pqarrow.parquet.ParquetFileException}, what the reader and the writer throw
 * for a file that cannot be read or written. Reading is in {@link io.pqarrow.parquet.read}, writing
 * in {@link io.pqarrow.parquet.write}.
 */
package io.pqarrow.parquet;
