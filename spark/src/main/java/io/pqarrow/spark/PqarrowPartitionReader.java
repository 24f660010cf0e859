package io.pqarrow.spark;

import io.pqarrow.FieldPath;
import io.pqarrow.filter.Expression;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.scan.ParquetScan;
import io.pqarrow.scan.ScanUnit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one split on an executor: the bridge's {@link ParquetScan} into a per-task allocator, each
 * batch's vectors converted to Spark's forms ({@link SparkColumns}) and wrapped, without copying
 * where no conversion is needed, in {@link ArrowColumnVector}s. A batch lives until the next call
 * of {@link #next()}; closing the reader (or the task ending) frees everything.
 */
final class PqarrowPartitionReader implements PartitionReader<ColumnarBatch> {
  private final SparkReads read;
  private final PqarrowPartition.Split split;
  private final BufferAllocator allocator;
  private final ParquetScan scan;
  private final int[] positions;

  /** For each field of the read schema, its ordinal among the partition columns, else -1. */
  private final int[] partitionAt;

  private final List<SparkColumns.Column> converters = new ArrayList<>();
  private long countOnly = -1;
  private ColumnarBatch current;
  private boolean closed;

  PqarrowPartitionReader(SparkReads read, PqarrowPartition.Split split) {
    this.read = read;
    this.split = split;
    this.allocator =
        ArrowUtils.rootAllocator()
            .newChildAllocator("pqarrow " + split.path() + " @" + split.start(), 0, Long.MAX_VALUE);
    StructField[] wantedFields = read.readSchema().fields();
    partitionAt = new int[wantedFields.length];
    for (int i = 0; i < wantedFields.length; i++) {
      scala.Option<Object> at = read.partitions().getFieldIndex(wantedFields[i].name());
      partitionAt[i] = at.isDefined() ? (Integer) at.get() : -1;
    }
    TaskContext task = TaskContext.get();
    if (task != null) {
      task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> close());
    }
    try {
      ParquetSource source = SparkFiles.source(split.path(), read.hadoopConf());
      ScanUnit unit = ScanUnit.ofRange(source, split.start(), split.length());
      Expression filter = read.filter() == null ? null : ExpressionParser.parse(read.filter());
      StructType schema = read.readSchema();
      Schema fileSchema = source.mapping(SparkReads.MAPPING).arrowSchema();
      // Columns of the table this file lacks (files written before a column was added) read as
      // nulls, as Spark's own reader has them.
      Set<String> present = new HashSet<>();
      fileSchema.getFields().forEach(f -> present.add(f.getName()));
      List<String> columns = new ArrayList<>();
      for (String path : read.columns()) {
        // the paths are SparkReads.paths: a top-level name with a dot is in backticks
        if (present.contains(FieldPath.parse(path).parts().get(0))) {
          columns.add(path);
        }
      }
      if (columns.isEmpty() && filter == null) {
        countOnly = read.limit() >= 0 ? Math.min(read.limit(), unit.rows()) : unit.rows();
        scan = null;
        positions = new int[schema.fields().length];
        Arrays.fill(positions, -1);
        return;
      }
      if (columns.isEmpty()) {
        columns = FilterEvaluator.bind(filter, fileSchema).columns();
      }
      ReadOptions.Builder options =
          ReadOptions.builder()
              // With a limit, no bigger batch than it: a batch is decoded whole before the
              // limit cuts it.
              .batchRows(
                  read.limit() >= 0
                      ? (int) Math.max(1, Math.min(read.batchRows(), read.limit()))
                      : read.batchRows())
              .columns(columns)
              .storedDictionaries(false)
              // Spark runs a task per core: a read-ahead thread per partition reader would only
              // compete with the other tasks for the same cores.
              .readAhead(false)
              .verifyPageChecksums(read.verifyChecksums())
              .mapping(SparkReads.MAPPING);
      if (filter != null) {
        options.filter(filter);
      }
      if (read.limit() >= 0) {
        options.limit(read.limit());
      }
      scan = unit.open(allocator, options.build());
      Map<String, Integer> byName = new HashMap<>();
      List<Field> fields = root(scan).getSchema().getFields();
      for (int i = 0; i < fields.size(); i++) {
        byName.put(fields.get(i).getName(), i);
      }
      Set<String> int96 = SparkColumns.int96Paths(source.schema());
      Map<String, DataType> spatial = SparkColumns.spatialTypes(source.schema());
      positions = new int[schema.fields().length];
      for (int i = 0; i < positions.length; i++) {
        StructField wanted = schema.fields()[i];
        Integer at = partitionAt[i] >= 0 ? null : byName.get(wanted.name());
        if (at == null) {
          positions[i] = -1;
          converters.add(null);
          continue;
        }
        positions[i] = at;
        SparkColumns.Column converter;
        try {
          if (SparkVariantExtraction.isExtractions(wanted.dataType())) {
            converter =
                SparkVariantExtraction.column(fields.get(at), (StructType) wanted.dataType());
          } else {
            converter = SparkColumns.of(fields.get(at), read.profile(), int96, spatial);
            DataType actual =
                ArrowUtils.fromArrowField(fitField(converter.target(), wanted.dataType()));
            if (!actual.sameType(wanted.dataType())) {
              throw new IllegalStateException(
                  "is "
                      + actual.catalogString()
                      + " where the table has "
                      + wanted.dataType().catalogString());
            }
          }
        } catch (RuntimeException e) {
          throw new IllegalStateException(
              "File " + split.path() + ", column '" + wanted.name() + "': " + e.getMessage(), e);
        }
        converters.add(converter);
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * The column at {@code i} of the read schema for {@code rows} rows where the file has none: the
   * split's partition value in every row for a partition column, else nulls (a column this file
   * lacks).
   */
  private ColumnVector absent(int i, int rows) {
    StructField f = read.readSchema().fields()[i];
    if (partitionAt[i] >= 0) {
      ConstantColumnVector v = new ConstantColumnVector(rows, f.dataType());
      ColumnVectorUtils.populate(v, split.partition(), partitionAt[i]);
      return v;
    }
    return new ArrowColumnVector(nulls(f, rows));
  }

  /** An all-null vector of {@code field}'s Spark type. */
  private FieldVector nulls(StructField field, int rows) {
    FieldVector v =
        ArrowUtils.toArrowField(
                field.name(), field.dataType(), true, "UTC", false, Metadata.empty())
            .createVector(allocator);
    v.allocateNew();
    v.setValueCount(rows);
    return v;
  }

  private static VectorSchemaRoot root(ParquetScan scan) {
    try {
      return scan.getVectorSchemaRoot();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public boolean next() throws IOException {
    closeCurrent();
    if (countOnly >= 0) {
      if (countOnly == 0) {
        return false;
      }
      int rows = (int) Math.min(countOnly, read.batchRows());
      countOnly -= rows;
      StructField[] fields = read.readSchema().fields();
      ColumnVector[] columns = new ColumnVector[fields.length];
      for (int i = 0; i < fields.length; i++) {
        columns[i] = absent(i, rows);
      }
      current = new ColumnarBatch(columns, rows);
      return true;
    }
    if (!scan.loadNextBatch()) {
      return false;
    }
    VectorSchemaRoot root = scan.getVectorSchemaRoot();
    ColumnVector[] columns = new ColumnVector[positions.length];
    try {
      for (int i = 0; i < positions.length; i++) {
        if (positions[i] < 0) {
          columns[i] = absent(i, root.getRowCount());
          continue;
        }
        FieldVector src = root.getVector(positions[i]);
        FieldVector converted;
        try {
          converted = converters.get(i).convert(src, allocator);
        } catch (ArithmeticException | IllegalArgumentException e) {
          throw new IllegalStateException(
              "Reading "
                  + split.path()
                  + " (split at byte "
                  + split.start()
                  + "): "
                  + e.getMessage(),
              e);
        }
        FieldVector fitted = fit(converted, read.readSchema().fields()[i].dataType());
        columns[i] = DirectColumnVector.of(fitted);
      }
    } catch (RuntimeException e) {
      for (ColumnVector c : columns) {
        if (c != null) {
          c.close();
        }
      }
      throw e;
    } finally {
      for (FieldVector v : root.getFieldVectors()) {
        v.clear();
      }
    }
    current = new ColumnarBatch(columns, root.getRowCount());
    return true;
  }

  /**
   * {@code v} with only the struct fields {@code wanted} names, in its order (Spark pruned inside a
   * column the bridge read whole, as a map's values); {@code v} itself when nothing is dropped.
   */
  private FieldVector fit(FieldVector v, DataType wanted) {
    if (ArrowUtils.fromArrowField(v.getField()).sameType(wanted)) {
      return v;
    }
    try {
      Field target = fitField(v.getField(), wanted);
      FieldVector dst = target.createVector(allocator);
      try {
        moveInto(v, dst, wanted);
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
      return dst;
    } finally {
      v.close();
    }
  }

  private static Field fitField(Field f, DataType wanted) {
    List<Field> children = new ArrayList<>();
    if (wanted instanceof StructType s && f.getChildren().size() > 0) {
      for (StructField sf : s.fields()) {
        Field c = named(f, sf.name());
        // a field this file's struct lacks (mergeSchema over files that differ inside): nulls
        children.add(
            c == null
                ? ArrowUtils.toArrowField(
                    sf.name(), sf.dataType(), true, "UTC", false, Metadata.empty())
                : fitField(c, sf.dataType()));
      }
    } else if (wanted instanceof ArrayType a) {
      children.add(fitField(f.getChildren().get(0), a.elementType()));
    } else if (wanted instanceof MapType m) {
      Field entries = f.getChildren().get(0);
      children.add(
          new Field(
              entries.getName(),
              entries.getFieldType(),
              List.of(
                  fitField(entries.getChildren().get(0), m.keyType()),
                  fitField(entries.getChildren().get(1), m.valueType()))));
    } else {
      return f;
    }
    return new Field(
        f.getName(), new FieldType(f.isNullable(), f.getType(), null, f.getMetadata()), children);
  }

  /** The child {@code name} of {@code f}, or null. */
  private static Field named(Field f, String name) {
    for (Field c : f.getChildren()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static void moveInto(FieldVector from, FieldVector to, DataType wanted) {
    if (!(wanted instanceof StructType || wanted instanceof ArrayType || wanted instanceof MapType)
        || from.getChildrenFromFields().isEmpty()) {
      from.makeTransferPair(to).transfer();
      return;
    }
    int own = wanted instanceof StructType ? 1 : 2;
    to.loadFieldBuffers(
        new ArrowFieldNode(from.getValueCount(), from.getNullCount()),
        from.getFieldBuffers().subList(0, own));
    List<FieldVector> targets = to.getChildrenFromFields();
    if (wanted instanceof StructType s) {
      for (int i = 0; i < s.fields().length; i++) {
        FieldVector child = null;
        for (FieldVector c : from.getChildrenFromFields()) {
          if (c.getName().equals(s.fields()[i].name())) {
            child = c;
          }
        }
        if (child == null) {
          FieldVector nulls = targets.get(i);
          nulls.setInitialCapacity(from.getValueCount());
          nulls.allocateNew();
          nulls.setValueCount(from.getValueCount());
        } else {
          moveInto(child, targets.get(i), s.fields()[i].dataType());
        }
      }
    } else if (wanted instanceof ArrayType a) {
      moveInto(from.getChildrenFromFields().get(0), targets.get(0), a.elementType());
    } else {
      MapType m = (MapType) wanted;
      FieldVector entries = from.getChildrenFromFields().get(0);
      FieldVector toEntries = targets.get(0);
      toEntries.loadFieldBuffers(
          new ArrowFieldNode(entries.getValueCount(), entries.getNullCount()),
          entries.getFieldBuffers().subList(0, 1));
      moveInto(
          entries.getChildrenFromFields().get(0),
          toEntries.getChildrenFromFields().get(0),
          m.keyType());
      moveInto(
          entries.getChildrenFromFields().get(1),
          toEntries.getChildrenFromFields().get(1),
          m.valueType());
    }
  }

  @Override
  public ColumnarBatch get() {
    return current;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    if (scan == null) {
      return new CustomTaskMetric[0];
    }
    ScanStats stats = scan.parquetReader().stats();
    return new CustomTaskMetric[] {
      metric(SparkReads.BYTES_READ, scan.bytesRead()),
      metric(SparkReads.ROW_GROUPS_READ, stats.rowGroupsRead()),
      metric(SparkReads.PAGES_SKIPPED, stats.pagesSkipped()),
    };
  }

  static CustomTaskMetric metric(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  private void closeCurrent() {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    closeCurrent();
    try {
      if (scan != null) {
        scan.close();
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      allocator.close();
    }
  }
}
