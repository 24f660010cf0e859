/**
 * <b>Not API:</b> the Spark data source {@code pqarrow} (module spark, jar {@code bridge-spark}).
 * Its contract is what Spark sees: the format name, its options and the columns it returns ({@link
 * io.pqarrow.spark.PqarrowDataSource} lists them); the classes are public only because Spark's
 * DataSource V2 interfaces load them by name, and may change in any release.
 */
package io.pqarrow.spark;
