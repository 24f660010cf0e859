package io.pqarrow.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.parquet.read.ParquetSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.execution.datasources.PartitioningUtils;
import org.apache.spark.sql.execution.datasources.parquet.ParquetOptions;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files a {@code pqarrow} read names, their partition columns, and their schema: the Arrow
 * schema of the first file (or what every file holds alike, under {@code mergeSchema}) and the
 * table's Spark form.
 */
final class PqarrowTable implements SupportsRead {
  private static final Logger LOG = LoggerFactory.getLogger(PqarrowTable.class);

  private final List<SparkFiles.Entry> files;
  private final List<String> paths;
  private final Schema arrowSchema;
  private final Map<String, SparkColumns.Column> columns;
  private final StructType schema;
  private final StructType partitions;
  private final SparkProfile profile;
  private final byte[] hadoopConf;

  private PqarrowTable(
      List<String> paths,
      List<SparkFiles.Entry> files,
      Schema arrowSchema,
      Map<String, SparkColumns.Column> columns,
      StructType schema,
      StructType partitions,
      SparkProfile profile,
      byte[] hadoopConf) {
    this.partitions = partitions;
    this.paths = paths;
    this.files = files;
    this.arrowSchema = arrowSchema;
    this.columns = columns;
    this.schema = schema;
    this.profile = profile;
    this.hadoopConf = hadoopConf;
  }

  /**
   * Lists the files of the {@code path} / {@code paths} options with Spark's file index ({@link
   * SparkDataset}) and maps their schema: the first file's (in path order) or, with Spark's {@code
   * mergeSchema} option (default {@code spark.sql.parquet.mergeSchema}), every file's merged as
   * Spark merges Parquet schemas ({@code StructType.merge}); nullable throughout, as Spark's file
   * sources make a file's schema; the partition columns placed as {@code spark.read.parquet} places
   * them ({@code PartitioningUtils.mergeDataAndPartitionSchema}: after the file columns, or, for a
   * partition key that is also a file column, at that column's place with the partition's type and
   * the directory's values).
   *
   * @param userSchema the schema given with {@code .schema(...)}, or {@code null}
   */
  static PqarrowTable open(CaseInsensitiveStringMap options, StructType userSchema) {
    List<String> paths = paths(options);
    SparkSession spark = SparkSession.active();
    Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
    for (Map.Entry<String, String> e : options.entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    Map<String, String> given = options.asCaseSensitiveMap();
    SparkDataset dataset = SparkDataset.discover(spark, paths, given, userSchema, conf);
    boolean caseSensitive = spark.sessionState().conf().caseSensitiveAnalysis();
    StructType partitions = dataset.partitionSchema();
    SparkProfile profile =
        SparkProfile.of(options, spark.sessionState().conf().isTimeTypeEnabled());
    byte[] confBytes = SparkFiles.serialize(conf);
    StructType userData = null;
    if (userSchema != null) {
      userData = new StructType();
      for (StructField f : userSchema.fields()) {
        if (!isPartition(f.name(), partitions, caseSensitive)) {
          userData = userData.add(f);
        }
      }
    }
    if (dataset.files().isEmpty() && userSchema == null) {
      // Spark's own reader says it cannot infer the schema; this says where and how to go on
      throw new IllegalArgumentException(
          "pqarrow cannot read "
              + String.join(", ", paths)
              + ": empty directory: no data files (give a schema with .schema(...) to read it as"
              + " an empty table)");
    }
    List<SparkFiles.Entry> byPath = new ArrayList<>(dataset.files());
    byPath.sort(java.util.Comparator.comparing(SparkFiles.Entry::path));
    boolean merge =
        !byPath.isEmpty()
            && new ParquetOptions(scalaMap(given), SQLConf.get()).mergeSchema()
            && byPath.size() > 1;
    List<SparkFiles.Entry> footers = merge ? byPath : byPath.stream().limit(1).toList();
    boolean skipUnsupported = skipUnsupported(options);
    StructType finalUserData = userData;
    List<FileColumns> mapped =
        footers.parallelStream()
            .map(f -> FileColumns.of(f, confBytes, profile, finalUserData, skipUnsupported))
            .toList();
    Schema arrow = new Schema(List.of());
    Map<String, SparkColumns.Column> columns = new LinkedHashMap<>();
    StructType fileSchema = new StructType();
    if (!mapped.isEmpty()) {
      arrow = mapped.get(0).arrow;
      fileSchema = mapped.get(0).schema;
      for (int i = 0; i < mapped.size(); i++) {
        FileColumns m = mapped.get(i);
        if (i > 0) {
          fileSchema = fileSchema.merge(m.schema, caseSensitive);
          arrow = common(arrow, m.arrow);
        }
        m.columns.forEach(columns::putIfAbsent);
      }
    }
    StructType data =
        userData == null
            ? fileSchema
            : mapped.isEmpty() ? userData : check(userData, fileSchema, paths);
    StructType schema =
        PartitioningUtils.mergeDataAndPartitionSchema(
                data.asNullable(), partitions.asNullable(), caseSensitive)
            ._1();
    return new PqarrowTable(
        paths, dataset.files(), arrow, columns, schema, partitions, profile, confBytes);
  }

  /** The mapped columns of one file's footer. */
  private record FileColumns(
      Schema arrow, Map<String, SparkColumns.Column> columns, StructType schema) {
    static FileColumns of(
        SparkFiles.Entry file,
        byte[] conf,
        SparkProfile profile,
        StructType userData,
        boolean skipUnsupported) {
      ParquetSource source = SparkFiles.source(file.path(), conf);
      Schema arrow = source.mapping(SparkReads.MAPPING).arrowSchema();
      Set<String> int96 = SparkColumns.int96Paths(source.schema());
      Map<String, DataType> spatial = SparkColumns.spatialTypes(source.schema());
      Map<String, SparkColumns.Column> columns = new LinkedHashMap<>();
      List<StructField> fields = new ArrayList<>();
      for (Field f : arrow.getFields()) {
        if (userData != null && userData.getFieldIndex(f.getName()).isEmpty()) {
          continue; // not asked for: never read, so its type does not matter
        }
        SparkColumns.Column c;
        try {
          c = SparkColumns.of(f, profile, int96, spatial);
        } catch (SparkColumns.UnsupportedColumnException e) {
          if (!skipUnsupported) {
            throw new SparkColumns.UnsupportedColumnException(
                f.getName(),
                e.getMessage()
                    + " (in "
                    + file.path()
                    + "; leave it out with .schema(...), or read the other columns with the"
                    + " option unsupportedColumns=skip)");
          }
          LOG.warn("pqarrow leaves out {}", e.getMessage());
          continue;
        }
        columns.put(f.getName(), c);
        fields.add(SparkColumns.sparkSchema(List.of(c)).fields()[0]);
      }
      return new FileColumns(arrow, columns, new StructType(fields.toArray(new StructField[0])));
    }
  }

  /**
   * The fields of {@code a} that {@code b} holds alike: what filters may be pushed on, and pruned
   * paths drawn from, when every file is read under a merged schema.
   */
  private static Schema common(Schema a, Schema b) {
    List<Field> out = new ArrayList<>();
    for (Field f : a.getFields()) {
      if (b.getFields().contains(f)) {
        out.add(f);
      }
    }
    return new Schema(out, a.getCustomMetadata());
  }

  static boolean isPartition(String name, StructType partitions, boolean caseSensitive) {
    for (StructField p : partitions.fields()) {
      if (caseSensitive ? p.name().equals(name) : p.name().equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static scala.collection.immutable.Map<String, String> scalaMap(Map<String, String> m) {
    return (scala.collection.immutable.Map)
        scala.collection.immutable.Map$.MODULE$.from(
            scala.jdk.javaapi.CollectionConverters.asScala(m));
  }

  private static StructType check(StructType user, StructType file, List<String> paths) {
    for (StructField f : user.fields()) {
      if (file.getFieldIndex(f.name()).isEmpty()) {
        throw new IllegalArgumentException(
            "The given schema has column '"
                + f.name()
                + "', which "
                + paths
                + " does not have; its columns: "
                + List.of(file.fieldNames()));
      }
      StructField actual = file.apply(f.name());
      if (!actual.dataType().catalogString().equals(f.dataType().catalogString())) {
        throw new IllegalArgumentException(
            "The given schema has column '"
                + f.name()
                + "' as "
                + f.dataType().catalogString()
                + " but the files hold "
                + actual.dataType().catalogString());
      }
    }
    return user;
  }

  private static boolean skipUnsupported(CaseInsensitiveStringMap options) {
    String v = options.getOrDefault("unsupportedColumns", "error");
    if (!v.equalsIgnoreCase("error") && !v.equalsIgnoreCase("skip")) {
      throw new IllegalArgumentException(
          "Option unsupportedColumns must be error or skip, found '" + v + "'");
    }
    return v.equalsIgnoreCase("skip");
  }

  private static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> paths = new ArrayList<>();
    if (options.containsKey("paths")) {
      try {
        for (String p : new ObjectMapper().readValue(options.get("paths"), String[].class)) {
          paths.add(p);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Option paths is not a JSON array of strings", e);
      }
    }
    if (options.containsKey("path")) {
      paths.add(options.get("path"));
    }
    if (paths.isEmpty()) {
      throw new IllegalArgumentException(
          "pqarrow needs a path: spark.read.format(\"pqarrow\").load(path)");
    }
    return paths;
  }

  @Override
  public String name() {
    return "pqarrow " + paths;
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new PqarrowScanBuilder(
        files, arrowSchema, columns, schema, partitions, profile, hadoopConf, options);
  }
}
