package io.pqarrow.spark;

import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.scan.ScanUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A planned read: the splits and the reader factory executors use. Splits and partitions are sized
 * as Spark's own file sources size them: a split is a byte range of at most {@code min(
 * maxPartitionBytes, max(openCostInBytes, total / parallelism))} (total counting every file's bytes
 * plus the open cost; parallelism {@code spark.sql.files.minPartitionNum}, else the leaf node
 * default parallelism), a row group belonging to the range that holds its midpoint, ranges with no
 * row group dropped; splits, largest first, are packed into partitions of up to that many bytes,
 * each split costing its length plus {@code spark.sql.files.openCostInBytes}.
 */
final class PqarrowScan implements Scan, Batch, SupportsReportStatistics {
  private final List<SparkFiles.Entry> files;
  private final Schema arrowSchema;
  private final Map<String, SparkColumns.Column> columns;
  private final StructType readSchema;
  private final StructType partitions;
  private final SparkPartitionFilters partitionFilters;
  private final SparkProfile profile;
  private final byte[] hadoopConf;
  private final CaseInsensitiveStringMap options;
  private final List<Predicate> pushed;
  private final Expression filter;
  private final long limit;
  private final long tableWidth;
  private InputPartition[] planned;
  private long filesRead;

  PqarrowScan(
      List<SparkFiles.Entry> files,
      Schema arrowSchema,
      Map<String, SparkColumns.Column> columns,
      StructType readSchema,
      StructType partitions,
      SparkPartitionFilters partitionFilters,
      SparkProfile profile,
      byte[] hadoopConf,
      CaseInsensitiveStringMap options,
      List<Predicate> pushed,
      Expression filter,
      long limit) {
    this.files = files;
    this.arrowSchema = arrowSchema;
    this.columns = columns;
    this.readSchema = readSchema;
    this.partitions = partitions;
    this.partitionFilters = partitionFilters;
    this.profile = profile;
    this.hadoopConf = hadoopConf;
    this.options = options;
    this.pushed = List.copyOf(pushed);
    this.filter = filter;
    this.limit = limit;
    long width = 0;
    for (SparkColumns.Column c : columns.values()) {
      width += org.apache.spark.sql.util.ArrowUtils.fromArrowField(c.target()).defaultSize();
    }
    this.tableWidth = width;
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    String variants = SparkVariantExtraction.describe(readSchema);
    return "PqarrowScan [files="
        + files.size()
        + ", columns="
        + Arrays.toString(readSchema.fieldNames())
        + ", pushedFilters="
        + pushed.stream().map(Predicate::toString).collect(Collectors.joining(", ", "[", "]"))
        + (partitionFilters.isEmpty() ? "" : ", partitionFilters=" + partitionFilters)
        + (filter == null ? "" : ", filter=" + filter)
        + (limit >= 0 ? ", limit=" + limit : "")
        + (variants.isEmpty() ? "" : ", variantExtractions=" + variants)
        + "]";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return new CustomMetric[] {
      new Sum(SparkReads.BYTES_READ, "column chunk bytes read"),
      new Sum(SparkReads.ROW_GROUPS_READ, "row groups read"),
      new Sum(SparkReads.PAGES_SKIPPED, "pages skipped by the page index"),
      new Sum(SparkReads.FILES, "files listed"),
      new Sum(SparkReads.FILES_READ, "files left after partition pruning"),
    };
  }

  /** The files listed and those left after partition pruning, known at planning. */
  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    planInputPartitions();
    return new CustomTaskMetric[] {
      PqarrowPartitionReader.metric(SparkReads.FILES, files.size()),
      PqarrowPartitionReader.metric(SparkReads.FILES_READ, filesRead),
    };
  }

  /** A metric summed over tasks. */
  public static final class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    /** Spark instantiates metrics by reflection on the driver: a no-argument form. */
    public Sum() {
      this("", "");
    }

    Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }

  /**
   * What the optimizer sees (for join strategies): the rows of the row groups in the splits (from
   * the footers, read once for planning; unknown under a filter) and the file bytes, scaled by the
   * share of the table's width the read columns take.
   */
  @Override
  public Statistics estimateStatistics() {
    long bytes = 0;
    long rows = 0;
    for (InputPartition p : planInputPartitions()) {
      bytes += ((PqarrowPartition) p).length();
      rows += ((PqarrowPartition) p).rows();
    }
    double share =
        tableWidth <= 0 ? 1.0 : Math.min(1.0, (double) readSchema.defaultSize() / tableWidth);
    long size = Math.max(1, (long) (bytes * share));
    OptionalLong count =
        filter == null
            ? OptionalLong.of(limit >= 0 ? Math.min(rows, limit * (long) planned.length) : rows)
            : OptionalLong.empty();
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(size);
      }

      @Override
      public OptionalLong numRows() {
        return count;
      }
    };
  }

  @Override
  public InputPartition[] planInputPartitions() {
    if (planned == null) {
      planned = plan();
    }
    return planned.clone();
  }

  private InputPartition[] plan() {
    SQLConf conf = SQLConf.get();
    long openCost = conf.filesOpenCostInBytes();
    java.util.function.Predicate<org.apache.spark.sql.catalyst.InternalRow> keep =
        partitionFilters.predicate();
    List<SparkFiles.Entry> files =
        this.files.stream().filter(f -> keep.test(f.partition())).toList();
    filesRead = files.size();
    long total = 0;
    for (SparkFiles.Entry f : files) {
      total += f.length() + openCost;
    }
    long maxBytes =
        splitBytes(
            options.getLong("maxPartitionBytes", conf.filesMaxPartitionBytes()),
            openCost,
            total,
            parallelism(conf));
    List<List<PqarrowPartition.Split>> perFile =
        files.parallelStream()
            .map(
                f -> {
                  List<PqarrowPartition.Split> out = new ArrayList<>();
                  ParquetSource source = SparkFiles.source(f.path(), hadoopConf);
                  for (long start = 0; start < f.length(); start += maxBytes) {
                    long length = Math.min(maxBytes, f.length() - start);
                    ScanUnit unit = ScanUnit.ofRange(source, start, length);
                    if (!unit.isEmpty()) {
                      out.add(
                          new PqarrowPartition.Split(
                              f.path(), start, length, unit.rows(), f.partition()));
                    }
                  }
                  return out;
                })
            .toList();
    List<PqarrowPartition.Split> all = new ArrayList<>();
    perFile.forEach(all::addAll);
    return pack(all, maxBytes, openCost).toArray(new InputPartition[0]);
  }

  /** Spark's split size: {@code min(maxPartitionBytes, max(openCost, total / parallelism))}. */
  static long splitBytes(long maxPartitionBytes, long openCost, long total, int parallelism) {
    return Math.min(maxPartitionBytes, Math.max(openCost, total / Math.max(1, parallelism)));
  }

  /** {@code spark.sql.files.minPartitionNum}, else the leaf node default parallelism. */
  private static int parallelism(SQLConf conf) {
    scala.Option<Object> min = conf.filesMinPartitionNum();
    if (min.isDefined()) {
      return (Integer) min.get();
    }
    String leaf = conf.getConfString("spark.sql.leafNodeDefaultParallelism", null);
    if (leaf != null) {
      return Integer.parseInt(leaf.trim());
    }
    return org.apache.spark.sql.SparkSession.active().sparkContext().defaultParallelism();
  }

  /**
   * Packs {@code splits} into partitions as Spark does ("next fit decreasing"): largest first, a
   * partition closed when the next split would take it past {@code maxBytes}, each split counting
   * its length plus {@code openCost}.
   */
  static List<PqarrowPartition> pack(
      List<PqarrowPartition.Split> splits, long maxBytes, long openCost) {
    List<PqarrowPartition.Split> sorted = new ArrayList<>(splits);
    sorted.sort(java.util.Comparator.comparingLong(PqarrowPartition.Split::length).reversed());
    List<PqarrowPartition> partitions = new ArrayList<>();
    List<PqarrowPartition.Split> current = new ArrayList<>();
    long size = 0;
    for (PqarrowPartition.Split s : sorted) {
      if (!current.isEmpty() && size + s.length() > maxBytes) {
        partitions.add(new PqarrowPartition(current));
        current.clear();
        size = 0;
      }
      current.add(s);
      size += s.length() + openCost;
    }
    if (!current.isEmpty()) {
      partitions.add(new PqarrowPartition(current));
    }
    return partitions;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    int batchRows = options.getInt("batchRows", SQLConf.get().parquetVectorizedReaderBatchSize());
    return new PqarrowReaderFactory(
        new SparkReads(
            readSchema,
            partitions,
            profile,
            SparkReads.paths(SparkReads.dataColumns(readSchema, partitions), arrowSchema),
            filter == null ? null : filter.toString(),
            limit,
            batchRows,
            hadoopConf,
            SparkFiles.deserialize(hadoopConf).getBoolean(SparkReads.VERIFY_CHECKSUMS, false)));
  }
}
