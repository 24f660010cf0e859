/**
 * Row filters for Parquet scans: an {@link io.pqarrow.scan.filter.Expression} tree (built in code
 * or read from text by {@link io.pqarrow.scan.filter.ExpressionParser}), its translation into
 * parquet-java predicates for pruning row groups ({@link io.pqarrow.scan.filter.ParquetPredicates},
 * {@link io.pqarrow.scan.filter.RowGroupPruning}), and its evaluation on Arrow batches ({@link
 * io.pqarrow.scan.filter.FilterEvaluator}). A reader applies them all through {@code
 * ReadOptions.filter}.
 */
package io.pqarrow.scan.filter;
