package io.pqarrow.spark;

import io.pqarrow.filter.Expression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.connector.read.SupportsPushDownVariantExtractions;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Takes what Spark pushes down: the columns (nested ones too), the predicates the bridge evaluates
 * exactly ({@link SparkFilters}; the others stay with Spark), predicates on partition columns
 * (which prune files at planning, {@link SparkPartitionFilters}, and stay with Spark), and a limit
 * (applied per split; Spark still applies it overall), and, with the option {@code
 * variantPushdown=true}, {@code variant_get} extractions of top-level Variant columns ({@link
 * SparkVariantExtraction}).
 */
final class PqarrowScanBuilder
    implements SupportsPushDownRequiredColumns,
        SupportsPushDownV2Filters,
        SupportsPushDownLimit,
        SupportsPushDownVariantExtractions {
  private final List<SparkFiles.Entry> files;
  private final Schema arrowSchema;
  private final Map<String, SparkColumns.Column> columns;
  private final StructType partitions;
  private final SparkPartitionFilters partitionFilters;
  private final boolean caseSensitive;
  private final SparkProfile profile;
  private final byte[] hadoopConf;
  private final CaseInsensitiveStringMap options;
  private StructType required;
  private final List<Predicate> pushed = new ArrayList<>();
  private final List<Expression> filters = new ArrayList<>();
  private long limit = -1;
  private final Map<String, List<VariantExtraction>> variants = new LinkedHashMap<>();
  private boolean variantsOffered;

  /** The option that lets Spark push {@code variant_get} into the scan (default false). */
  static final String VARIANT_PUSHDOWN = "variantPushdown";

  PqarrowScanBuilder(
      List<SparkFiles.Entry> files,
      Schema arrowSchema,
      Map<String, SparkColumns.Column> columns,
      StructType schema,
      StructType partitions,
      SparkProfile profile,
      byte[] hadoopConf,
      CaseInsensitiveStringMap options) {
    this.files = files;
    this.partitions = partitions;
    this.partitionFilters = new SparkPartitionFilters(partitions);
    this.caseSensitive = SQLConf.get().caseSensitiveAnalysis();
    this.arrowSchema = arrowSchema;
    this.columns = columns;
    this.required = schema;
    this.profile = profile;
    this.hadoopConf = hadoopConf;
    this.options = options;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    this.required = requiredSchema;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> rest = new ArrayList<>();
    for (Predicate p : predicates) {
      if (SparkPartitionFilters.touchesPartitions(p, partitions, caseSensitive)) {
        // Partition values are the directories', not the files': never the bridge's to filter.
        // On partition columns alone, the predicate prunes files at planning; Spark evaluates it
        // again on the rows either way.
        if (SparkPartitionFilters.onPartitionsOnly(p, partitions, caseSensitive)) {
          partitionFilters.add(p);
        }
        rest.add(p);
        continue;
      }
      Optional<Expression> e = SparkFilters.translate(p, arrowSchema);
      if (e.isPresent()) {
        pushed.add(p);
        filters.add(e.get());
      } else {
        rest.add(p);
      }
    }
    return rest.toArray(new Predicate[0]);
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  @Override
  public boolean pushLimit(int limit) {
    this.limit = limit;
    return true;
  }

  @Override
  public boolean isPartiallyPushed() {
    return true;
  }

  @Override
  public boolean[] pushVariantExtractions(VariantExtraction[] extractions) {
    // Opt-in: Spark builds a scan with pushed extractions without pruning its columns (every
    // column of the relation is read), and the bridge reads a Variant column whole either way.
    // Spark calls again for the operations below the first (down to the relation alone), and an
    // accepted later call would replace the rewriting of the first: only the first one counts.
    if (variantsOffered || !options.getBoolean(VARIANT_PUSHDOWN, false)) {
      return new boolean[extractions.length];
    }
    variantsOffered = true;
    return SparkVariantExtraction.push(extractions, required, variants);
  }

  @Override
  public Scan build() {
    Expression filter =
        filters.isEmpty()
            ? null
            : filters.size() == 1 ? filters.get(0) : new Expression.And(filters);
    return new PqarrowScan(
        files,
        arrowSchema,
        columns,
        SparkVariantExtraction.readSchema(required, variants),
        partitions,
        partitionFilters,
        profile,
        hadoopConf,
        options,
        pushed,
        filter,
        limit);
  }
}
