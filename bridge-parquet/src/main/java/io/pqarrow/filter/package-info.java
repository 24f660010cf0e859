/**
 * <b>API:</b> row filters for Parquet reads, below the reader and above nothing of it: an {@link
 * io.pqarrow.filter.Expression} tree (built in code or read from text by {@link
 * io.pqarrow.filter.ExpressionParser}), its translation into parquet-java predicates for pruning
 * row groups ({@link io.pqarrow.filter.ParquetPredicates}, {@link
 * io.pqarrow.filter.RowGroupPruning}), and its evaluation on Arrow batches ({@link
 * io.pqarrow.filter.FilterEvaluator}). A reader applies them all through {@code
 * ReadOptions.filter}; {@code io.pqarrow.parquet.read} imports this package, never the reverse.
 * (Until issue 26 this package was {@code io.pqarrow.filter}.)
 */
package io.pqarrow.filter;
