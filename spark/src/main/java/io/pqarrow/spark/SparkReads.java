package io.pqarrow.spark;

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
 * @param profile the Spark profile of the type mapping
 * @param columns the dotted paths the bridge reads ({@code ReadOptions.columns}); empty for all
 * @param filter the pushed filter in the bridge's filter syntax, or {@code null}
 * @param limit the most rows a split returns, or -1
 * @param batchRows rows per batch
 * @param hadoopConf the Hadoop configuration, serialized
 */
record SparkReads(
    StructType readSchema,
    SparkProfile profile,
    List<String> columns,
    String filter,
    long limit,
    int batchRows,
    byte[] hadoopConf)
    implements Serializable {

  /** Custom metric: column chunk bytes read. */
  static final String BYTES_READ = "pqarrowBytesRead";

  /** Custom metric: row groups read after pruning. */
  static final String ROW_GROUPS_READ = "pqarrowRowGroupsRead";

  /** Custom metric: pages skipped by page indexes. */
  static final String PAGES_SKIPPED = "pqarrowPagesSkipped";

  /**
   * The mapping options of the Spark profile: INT96 read as microseconds (Spark's unit, so no
   * conversion), everything else as the bridge maps it.
   */
  static final MappingOptions MAPPING =
      MappingOptions.builder().int96Unit(TimeUnit.MICROSECOND).build();

  SparkReads {
    columns = List.copyOf(columns);
  }

  /**
   * The bridge's column paths for {@code required}: a top-level column whole, or the paths of the
   * struct fields (through lists) Spark kept when it pruned inside it, or, for a Variant column
   * read as pushed extractions, the object keys their paths name ({@link
   * SparkVariantExtraction#paths}). Names with dots cannot be written as paths: their columns are
   * read whole.
   */
  static List<String> paths(StructType required, Schema arrow) {
    List<String> out = new ArrayList<>();
    for (StructField f : required.fields()) {
      Field a = child(arrow.getFields(), f.name());
      if (a == null || f.name().contains(".")) {
        out.add(f.name());
      } else {
        add(f.name(), f.dataType(), a, out);
      }
    }
    return out;
  }

  private static void add(String prefix, DataType wanted, Field arrow, List<String> out) {
    ArrowType t = arrow.getType();
    if (t instanceof VariantType && SparkVariantExtraction.isExtractions(wanted)) {
      out.addAll(SparkVariantExtraction.paths(prefix, (StructType) wanted));
      return;
    }
    if (wanted instanceof StructType s
        && t instanceof ArrowType.Struct
        && s.fields().length < arrow.getChildren().size()) {
      for (StructField f : s.fields()) {
        Field c = child(arrow.getChildren(), f.name());
        if (c == null || f.name().contains(".")) {
          out.add(prefix);
          return;
        }
      }
      for (StructField f : s.fields()) {
        add(prefix + "." + f.name(), f.dataType(), child(arrow.getChildren(), f.name()), out);
      }
      return;
    }
    if (wanted instanceof ArrayType a
        && (t instanceof ArrowType.List || t instanceof ArrowType.LargeList)
        && !arrow.getChildren().get(0).getName().contains(".")) {
      Field element = arrow.getChildren().get(0);
      List<String> inner = new ArrayList<>();
      add(prefix + "." + element.getName(), a.elementType(), element, inner);
      if (!inner.equals(List.of(prefix + "." + element.getName()))) {
        out.addAll(inner);
        return;
      }
    }
    out.add(prefix);
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
