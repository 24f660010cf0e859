package io.pqarrow.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.DataSource$;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.InMemoryFileIndex;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The files of a read and their partition values, discovered by Spark's own file index ({@link
 * InMemoryFileIndex}), as {@code spark.read.parquet(paths)} discovers them: globs expanded by
 * Spark's {@code DataSource.checkAndGlobPathIfNecessary} (a path that matches nothing is Spark's
 * error), directories listed recursively without names that start with {@code _} or {@code .},
 * zero-length files left out, hive {@code key=value} directories parsed into partition columns with
 * Spark's rules (its escapes, {@code __HIVE_DEFAULT_PARTITION__} as null, the {@code basePath}
 * option, {@code spark.sql.sources.partitionColumnTypeInference.enabled}, a given schema's types
 * for partition columns it names), and the options {@code recursiveFileLookup}, {@code
 * pathGlobFilter}, {@code modifiedBefore}/{@code modifiedAfter} as Spark's file sources take them.
 *
 * @param partitionSchema the partition columns, in Spark's order (empty when none)
 * @param files every data file with its partition values, in the index's order
 */
record SparkDataset(StructType partitionSchema, List<SparkFiles.Entry> files) {

  /**
   * Lists {@code paths}.
   *
   * @param options the read's options, as given (Spark's index reads them case-insensitively)
   * @param userSchema the schema given with {@code .schema(...)}, or {@code null}
   * @param conf the Hadoop configuration with the read's options
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static SparkDataset discover(
      SparkSession spark,
      List<String> paths,
      Map<String, String> options,
      StructType userSchema,
      Configuration conf) {
    boolean glob =
        !"false"
            .equalsIgnoreCase(options.getOrDefault(DataSource$.MODULE$.GLOB_PATHS_KEY(), "true"));
    scala.collection.immutable.Seq<Path> roots =
        DataSource$.MODULE$.checkAndGlobPathIfNecessary(
            CollectionConverters.asScala(paths).toSeq(),
            conf,
            true,
            true,
            DataSource$.MODULE$.checkAndGlobPathIfNecessary$default$5(),
            glob);
    scala.collection.immutable.Map<String, String> parameters =
        (scala.collection.immutable.Map)
            scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(options));
    InMemoryFileIndex index =
        new InMemoryFileIndex(
            spark,
            roots,
            parameters,
            scala.Option.apply(userSchema),
            InMemoryFileIndex.$lessinit$greater$default$5(),
            InMemoryFileIndex.$lessinit$greater$default$6(),
            InMemoryFileIndex.$lessinit$greater$default$7());
    List<SparkFiles.Entry> files = new ArrayList<>();
    scala.collection.immutable.Seq<org.apache.spark.sql.catalyst.expressions.Expression> none =
        (scala.collection.immutable.Seq) scala.collection.immutable.Nil$.MODULE$;
    for (PartitionDirectory dir : CollectionConverters.asJava(index.listFiles(none, none))) {
      InternalRow values = dir.values().copy();
      for (FileStatusWithMetadata f : CollectionConverters.asJava(dir.files())) {
        FileStatus s = f.fileStatus();
        files.add(new SparkFiles.Entry(s.getPath().toUri().toString(), s.getLen(), values));
      }
    }
    return new SparkDataset(index.partitionSchema(), List.copyOf(files));
  }
}
