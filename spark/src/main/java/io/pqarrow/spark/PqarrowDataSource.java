package io.pqarrow.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code pqarrow}: Parquet files read through the bridge, as columnar batches
 * of Spark's {@code ArrowColumnVector}.
 *
 * <pre>{@code
 * Dataset<Row> df = spark.read().format("pqarrow").load("/data/events/");
 * }</pre>
 *
 * <p>Paths are files, directories (their Parquet files, not descending into hidden or {@code _}
 * entries) and globs, on any Hadoop file system. The schema is the first file's, mapped by the
 * Spark profile of the type mapping ({@link SparkColumns}); a schema given with {@code
 * .schema(...)} is accepted when each of its fields is a column of that schema with the same type.
 *
 * <p>Options (case-insensitive): {@code allowPrecisionLoss} and {@code timeAsMicros} ({@link
 * SparkProfile}); {@code unsupportedColumns}: {@code error} (default: a column Spark cannot hold
 * fails the read, naming it) or {@code skip} (such columns are left out of the schema, each
 * logged); {@code maxPartitionBytes} (default Spark's {@code spark.sql.files.maxPartitionBytes};
 * splits are sized and packed as Spark's file sources do them, see {@code PqarrowScan}); {@code
 * batchRows} (default Spark's {@code spark.sql.parquet.columnarReaderBatchSize}).
 */
public final class PqarrowDataSource implements TableProvider, DataSourceRegister {
  /** The short name, for {@code format("pqarrow")}. */
  public static final String NAME = "pqarrow";

  /**
   * The table {@link #inferSchema} opened: Spark hands its schema back to {@link #getTable} (a
   * provider instance serves one read), which then takes it instead of listing the files again and
   * reading the given schema as a user's (which would move a partition column that is also a file
   * column to the end, where a user's schema puts it).
   */
  private PqarrowTable inferred;

  /** For Spark's service loader. */
  public PqarrowDataSource() {}

  @Override
  public String shortName() {
    return NAME;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    inferred = PqarrowTable.open(options, null);
    return inferred.schema();
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    if (inferred != null && inferred.schema() == schema) {
      return inferred;
    }
    return PqarrowTable.open(new CaseInsensitiveStringMap(properties), schema);
  }

  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }
}
