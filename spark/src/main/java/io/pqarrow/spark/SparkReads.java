package io.pqarrow.spark;

import io.pqarrow.FieldPath;
import io.pqarrow.extension.VariantType;
import io.pqarrow.schema.MappingOptions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What every split of one scan reads, sent to executors: the Spark schema wanted, the bridge's
 * column paths, filter (as text, parsed again there), limit and batch size.
 *
 * @param readSchema the columns Spark asked for, in its order (possibly pruned inside structs)
 * @param partitions the partition columns (their values are each split's, not read from files)
 * @param profile the Spark profile of the type mapping
 * @param columns the dotted paths the bridge reads ({@code ReadOptions.columns}); empty for all
 * @param filter the pushed filter in the bridge's filter syntax, or {@code null}
 * @param limit the most rows a split returns, or -1
 * @param batchRows rows per batch
 * @param hadoopConf the Hadoop configuration, serialized
 * @param verifyChecksums whether page CRCs are checked ({@link #VERIFY_CHECKSUMS})
 */
record SparkReads(
    StructType readSchema,
    StructType partitions,
    SparkProfile profile,
    List<String> columns,
    String filter,
    long limit,
    int batchRows,
    byte[] hadoopConf,
    boolean verifyChecksums)
    implements Serializable {

  /**
   * The setting that decides, as for Spark's own Parquet reader (parquet-java's), whether pages are
   * checked against the CRC in their header: off by default, on with the Hadoop configuration key
   * or the read option of that name.
   */
  static final String VERIFY_CHECKSUMS = "parquet.page.verify-checksum.enabled";

  /** Custom metric: column chunk bytes read. */
  static final String BYTES_READ = "pqarrowBytesRead";

  /** Custom metric: row groups read after pruning. */
  static final String ROW_GROUPS_READ = "pqarrowRowGroupsRead";

  /** Driver metric: files listed. */
  static final String FILES = "pqarrowFiles";

  /** Driver metric: files left to read after partition pruning. */
  static final String FILES_READ = "pqarrowFilesRead";

  /** Custom metric: pages skipped by page indexes. */
  static final String PAGES_SKIPPED = "pqarrowPagesSkipped";

  /**
   * The mapping options of the Spark profile: INT96 read as microseconds (Spark's unit, so no
   * conversion), a column annotated UNKNOWN as its physical type (Spark's reader gives {@code
   * array<int>} for a list of UNKNOWN INT32, where pyarrow gives a list of nulls), everything else
   * as the bridge maps it.
   */
  static final MappingOptions MAPPING =
      MappingOptions.builder().int96Unit(TimeUnit.MICROSECOND).unknownAsNull(false).build();

  SparkReads {
    columns = List.copyOf(columns);
  }

  /** The fields of {@code readSchema} that are not partition columns: what files are read for. */
  static StructType dataColumns(StructType readSchema, StructType partitions) {
    StructType out = new StructType();
    for (StructField f : readSchema.fields()) {
      if (partitions.getFieldIndex(f.name()).isEmpty()) {
        out = out.add(f);
      }
    }
    return out;
  }

  /**
   * The bridge's column paths for {@code required}: a top-level column whole, or the paths of the
   * struct fields (through lists) Spark kept when it pruned inside it, or, for a Variant column
   * read as pushed extractions, the object keys their paths name ({@link
   * SparkVariantExtraction#paths}). A name that holds a dot is written in backticks ({@link
   * FieldPath#quote}), so that the path names exactly Spark's field.
   */
  static List<String> paths(StructType required, Schema arrow) {
    List<String> out = new ArrayList<>();
    for (StructField f : required.fields()) {
      Field a = child(arrow.getFields(), f.name());
      if (a == null) {
        out.add(name(f.name()));
      } else {
        add(List.of(f.name()), f.dataType(), a, arrow.getFields(), out);
      }
    }
    return out;
  }

  /** {@code name} as one part of a path (a Variant key, a top-level name). */
  static String name(String name) {
    return FieldPath.quote(List.of(name));
  }

  /** Adds the paths for the field at {@code names}, as text that names it in {@code top}. */
  private static void add(
      List<String> names, DataType wanted, Field arrow, List<Field> top, List<String> out) {
    ArrowType t = arrow.getType();
    String path = FieldPath.quote(names, top);
    if (t instanceof VariantType && SparkVariantExtraction.isExtractions(wanted)) {
      out.addAll(SparkVariantExtraction.paths(path, (StructType) wanted));
      return;
    }
    if (wanted instanceof StructType s
        && t instanceof ArrowType.Struct
        && s.fields().length < arrow.getChildren().size()) {
      for (StructField f : s.fields()) {
        Field c = child(arrow.getChildren(), f.name());
        if (c == null) {
          out.add(path);
          return;
        }
      }
      for (StructField f : s.fields()) {
        add(with(names, f.name()), f.dataType(), child(arrow.getChildren(), f.name()), top, out);
      }
      return;
    }
    if (wanted instanceof ArrayType a
        && (t instanceof ArrowType.List || t instanceof ArrowType.LargeList)) {
      Field element = arrow.getChildren().get(0);
      List<String> elementNames = with(names, element.getName());
      List<String> inner = new ArrayList<>();
      add(elementNames, a.elementType(), element, top, inner);
      if (!inner.equals(List.of(FieldPath.quote(elementNames, top)))) {
        out.addAll(inner);
        return;
      }
    }
    out.add(path);
  }

  private static List<String> with(List<String> names, String name) {
    List<String> out = new ArrayList<>(names);
    out.add(name);
    return out;
  }

  private static Field child(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
