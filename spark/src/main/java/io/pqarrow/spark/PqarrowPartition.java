package io.pqarrow.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One split: the row groups of {@code path} whose midpoints lie in {@code [start, start + length)}.
 *
 * @param rows the rows of those row groups, before filtering
 */
record PqarrowPartition(String path, long start, long length, long rows)
    implements InputPartition {}
