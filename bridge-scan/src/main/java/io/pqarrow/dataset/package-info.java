/**
 * <b>API:</b> datasets: many Parquet files read as one table. {@link io.pqarrow.dataset.Dataset}
 * opens files, directories (recursively, names starting with {@code _} or {@code .} skipped) and
 * glob patterns on the local file system, or a caller's listing of {@code InputFile}s with their
 * partition values; {@link io.pqarrow.dataset.Partitioning} reads hive {@code key=value} or
 * directory partitions; the schema is unified over every footer, taken from the first file, or
 * given ({@link io.pqarrow.dataset.DatasetOptions}). {@link io.pqarrow.dataset.DatasetScan} reads
 * it, pruning files whose partition values rule the filter out before the row groups, pages and
 * rows of the others are pruned as for one file; {@link io.pqarrow.dataset.PartitionedWriter}
 * writes a hive dataset under a temporary sibling directory renamed into place. docs/datasets.md
 * describes the rules. This package sits on top of {@link io.pqarrow.scan}.
 */
package io.pqarrow.dataset;
