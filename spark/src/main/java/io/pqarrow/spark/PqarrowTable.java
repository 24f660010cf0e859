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
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files a {@code pqarrow} read names, and their schema: the first file's Arrow schema and its
 * Spark form.
 */
final class PqarrowTable implements SupportsRead {
  private static final Logger LOG = LoggerFactory.getLogger(PqarrowTable.class);

  private final List<SparkFiles.Entry> files;
  private final List<String> paths;
  private final Schema arrowSchema;
  private final Map<String, SparkColumns.Column> columns;
  private final StructType schema;
  private final SparkProfile profile;
  private final byte[] hadoopConf;

  private PqarrowTable(
      List<String> paths,
      List<SparkFiles.Entry> files,
      Schema arrowSchema,
      Map<String, SparkColumns.Column> columns,
      StructType schema,
      SparkProfile profile,
      byte[] hadoopConf) {
    this.paths = paths;
    this.files = files;
    this.arrowSchema = arrowSchema;
    this.columns = columns;
    this.schema = schema;
    this.profile = profile;
    this.hadoopConf = hadoopConf;
  }

  /**
   * Lists the files of the {@code path} / {@code paths} options and maps the first one's schema.
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
    List<SparkFiles.Entry> files = SparkFiles.list(paths, conf);
    SparkProfile profile =
        SparkProfile.of(options, spark.sessionState().conf().isTimeTypeEnabled());
    byte[] confBytes = SparkFiles.serialize(conf);
    Schema arrow = new Schema(List.of());
    Set<String> int96 = Set.of();
    if (!files.isEmpty()) {
      ParquetSource first = SparkFiles.source(files.get(0).path(), confBytes);
      arrow = first.mapping(SparkReads.MAPPING).arrowSchema();
      int96 = SparkColumns.int96Paths(first.footer().getFileMetaData().getSchema());
    }
    boolean skipUnsupported = skipUnsupported(options);
    List<String> skipped = new ArrayList<>();
    Map<String, SparkColumns.Column> columns = new LinkedHashMap<>();
    List<StructField> fields = new ArrayList<>();
    for (Field f : arrow.getFields()) {
      if (userSchema != null && userSchema.getFieldIndex(f.getName()).isEmpty()) {
        continue; // not asked for: never read, so its type does not matter
      }
      SparkColumns.Column c;
      try {
        c = SparkColumns.of(f, profile, int96);
      } catch (SparkColumns.UnsupportedColumnException e) {
        if (!skipUnsupported) {
          throw new SparkColumns.UnsupportedColumnException(
              f.getName(),
              e.getMessage()
                  + " (in "
                  + files.get(0).path()
                  + "; leave it out with .schema(...), or read the other columns with the option"
                  + " unsupportedColumns=skip)");
        }
        LOG.warn("pqarrow leaves out {}", e.getMessage());
        skipped.add(f.getName());
        continue;
      }
      columns.put(f.getName(), c);
      fields.add(SparkColumns.sparkSchema(List.of(c)).fields()[0]);
    }
    StructType fileSchema = new StructType(fields.toArray(new StructField[0]));
    StructType schema = userSchema == null ? fileSchema : check(userSchema, fileSchema, paths);
    return new PqarrowTable(paths, files, arrow, columns, schema, profile, confBytes);
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
        files, arrowSchema, columns, schema, profile, hadoopConf, options);
  }
}
