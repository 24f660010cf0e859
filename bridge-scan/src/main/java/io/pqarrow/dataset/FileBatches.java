package io.pqarrow.dataset;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.FieldPath;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of one file of a dataset scan in the scan's schema: each file batch's columns moved
 * (or cast, {@link NestedCast}) into a new root, a column the file lacks as nulls, partition and
 * file path columns filled with the file's constants. Each {@link #next()} hands over a root the
 * caller closes.
 */
final class FileBatches implements AutoCloseable {
  /** Where an output column comes from. */
  enum Source {
    FILE,
    PARTITION,
    ROW_NUMBER,
    FILE_PATH
  }

  private final ScanPlan plan;
  private final int fileIndex;
  private final String path;
  private final BufferAllocator allocator;
  private final ParquetArrowReader reader;
  private final OpenedFile bytes;
  private final String[] fileNames; // per output column: the file's column, or null
  private final boolean[] cast;
  private long rowsSeen;

  private FileBatches(
      ScanPlan plan,
      int fileIndex,
      BufferAllocator allocator,
      ParquetArrowReader reader,
      OpenedFile bytes,
      String[] fileNames,
      boolean[] cast) {
    this.plan = plan;
    this.fileIndex = fileIndex;
    this.path = plan.dataset().files().get(fileIndex).path();
    this.allocator = allocator;
    this.reader = reader;
    this.bytes = bytes;
    this.fileNames = fileNames;
    this.cast = cast;
  }

  /**
   * Opens file {@code split.file()} for the scan {@code plan}, or returns null when the filter
   * rules it out by its partition values.
   *
   * @param oneOfSeveral whether the file is read beside others, on a thread of its own: its reader
   *     then decodes on that thread alone
   */
  static FileBatches open(
      ScanPlan plan, DatasetSplit split, BufferAllocator allocator, boolean oneOfSeveral) {
    Dataset dataset = plan.dataset();
    int index = split.file();
    String path = dataset.files().get(index).path();
    try {
      if (plan.filters() != null && !plan.filters().mayMatch(index)) {
        return null;
      }
    } catch (BridgeException e) {
      throw Dataset.named(e, path);
    }
    // the file's one open, for its footer (unless read before) and every stream of its reader
    OpenedFile bytes = new OpenedFile(dataset.files().get(index).file(), path);
    FileBatches opened = null;
    try {
      opened = open(plan, split, allocator, oneOfSeveral, bytes);
      return opened;
    } finally {
      if (opened == null) {
        closeQuietly(bytes);
      }
    }
  }

  private static FileBatches open(
      ScanPlan plan,
      DatasetSplit split,
      BufferAllocator allocator,
      boolean oneOfSeveral,
      OpenedFile bytes) {
    Dataset dataset = plan.dataset();
    int index = split.file();
    String path = dataset.files().get(index).path();
    try {
      ParquetSource source =
          (split.unit() != null ? split.unit().source() : dataset.source(index, bytes)).over(bytes);
      ScanPlan.FileColumns layout = plan.fileColumns(source.mapping(dataset.options().mapping()));
      Schema fileSchema = layout.schema();
      ReadOptions.Builder options = plan.fileOptions();
      if (oneOfSeveral) {
        options.threads(1);
      }
      if (plan.filters() != null) {
        FileFilters.ForFile f = plan.filters().forFile(index, fileSchema);
        if (f.pruned()) {
          return null;
        }
        if (f.residual() != null) {
          options.filter(f.residual());
        }
      }
      List<Field> out = plan.schema().getFields();
      String[] names = layout.names();
      boolean[] cast = new boolean[out.size()];
      List<String> columns = layout.columns();
      options.columns(columns);
      if (split.unit() != null) {
        if (split.unit().isEmpty()) {
          return null;
        }
        options.rowGroups(split.unit().rowGroups());
      }
      ParquetArrowReader reader = source.newReader(allocator, options.build());
      try {
        Schema read = reader.schema();
        for (int j = 0; j < out.size(); j++) {
          if (names[j] == null) {
            continue;
          }
          Field want = out.get(j);
          Field have = read.findField(names[j]);
          if (NestedCast.sameShape(want, have)) {
            continue;
          }
          String bad = NestedCast.unsupported(have, want);
          if (bad != null) {
            throw DatasetException.of(
                ErrorKind.INVALID_SCHEMA,
                ErrorLocation.inFile(path).withColumn(bad),
                "column "
                    + bad
                    + " is "
                    + typeAt(have, bad)
                    + ", which cannot be read as the dataset's "
                    + typeAt(want, bad),
                null);
          }
          cast[j] = true;
        }
      } catch (RuntimeException e) {
        reader.close();
        throw e;
      }
      return new FileBatches(plan, index, allocator, reader, bytes, names, cast);
    } catch (BridgeException e) {
      throw Dataset.named(e, path);
    }
  }

  /**
   * What of a file whose columns map to {@code fileSchema} the scan {@code plan} reads: per output
   * column the file's column (or null), and the paths to read ({@link ScanPlan#fileColumns}).
   */
  static ScanPlan.FileColumns columnsOf(ScanPlan plan, Schema fileSchema) {
    List<Field> out = plan.schema().getFields();
    String[] names = new String[out.size()];
    List<String> columns = new ArrayList<>();
    for (int j = 0; j < out.size(); j++) {
      if (plan.sources()[j] != Source.FILE) {
        continue;
      }
      Field want = plan.datasetField(j);
      Field have = find(fileSchema, want, plan.dataset().byFieldId());
      if (have == null || Dataset.isNull(have) && !Dataset.isNull(want)) {
        continue;
      }
      names[j] = have.getName();
      for (List<String> p : plan.selection(j).inFile(want, have)) {
        String quoted = FieldPath.quote(p, fileSchema.getFields());
        if (!columns.contains(quoted)) {
          columns.add(quoted);
        }
      }
    }
    if (columns.isEmpty() && !fileSchema.getFields().isEmpty()) {
      // only partition columns (or none) wanted: read the first column for the row count
      columns.add(
          FieldPath.quote(
              List.of(fileSchema.getFields().get(0).getName()), fileSchema.getFields()));
    }
    return new ScanPlan.FileColumns(fileSchema, names, List.copyOf(columns));
  }

  /**
   * The type at {@code path} ({@code f}'s name, then children names or, for a list or map, the
   * dataset's child names matched by position) in {@code f}, for messages.
   */
  private static String typeAt(Field f, String path) {
    String[] parts = path.substring(Math.min(path.length(), f.getName().length() + 1)).split("\\.");
    Field at = f;
    if (path.length() > f.getName().length()) {
      for (String p : parts) {
        Field next = null;
        for (Field c : at.getChildren()) {
          if (c.getName().equals(p)) {
            next = c;
          }
        }
        if (next == null
            && !at.getChildren().isEmpty()
            && !(at.getType() instanceof ArrowType.Struct)) {
          next = at.getChildren().get(0);
        }
        if (next == null) {
          break;
        }
        at = next;
      }
    }
    return at.getChildren().isEmpty() ? at.getType().toString() : at.getType() + "<…>";
  }

  private static Field find(Schema fileSchema, Field want, boolean byId) {
    if (byId) {
      String id = SchemaUnifier.fieldId(want);
      for (Field f : fileSchema.getFields()) {
        if (id != null && id.equals(SchemaUnifier.fieldId(f))) {
          return f;
        }
      }
      return null;
    }
    for (Field f : fileSchema.getFields()) {
      if (f.getName().equals(want.getName())) {
        return f;
      }
    }
    return null;
  }

  /** The file's index in the dataset. */
  int fileIndex() {
    return fileIndex;
  }

  /** The next batch in the scan's schema (the caller closes it), or null at the end. */
  VectorSchemaRoot next() {
    try {
      if (!reader.loadNextBatch()) {
        return null;
      }
      VectorSchemaRoot in = reader.getVectorSchemaRoot();
      int rows = in.getRowCount();
      VectorSchemaRoot out = VectorSchemaRoot.create(plan.schema(), allocator);
      try {
        List<FieldVector> vectors = out.getFieldVectors();
        for (int j = 0; j < vectors.size(); j++) {
          FieldVector to = vectors.get(j);
          switch (plan.sources()[j]) {
            case FILE -> {
              if (fileNames[j] == null) {
                to.setInitialCapacity(rows);
                to.allocateNew();
                to.setValueCount(rows);
              } else {
                FieldVector from = in.getVector(fileNames[j]);
                if (cast[j]) {
                  long first = rowsSeen;
                  NestedCast.cast(
                      from,
                      to,
                      plan.schema().getFields().get(j),
                      rows,
                      ErrorLocation.inFile(path),
                      i -> first + i);
                } else {
                  from.makeTransferPair(to).transfer();
                }
                // the file's vector may share buffers with the batch now: it reads on into new ones
                from.allocateNew();
              }
            }
            case PARTITION -> {
              to.setInitialCapacity(rows);
              to.allocateNew();
              PartitionValues.fill(
                  to,
                  plan.dataset().partitions().value(fileIndex, plan.partitionIndex()[j]),
                  0,
                  rows);
              to.setValueCount(rows);
            }
            case ROW_NUMBER -> {
              FieldVector from = in.getVector(plan.rowNumberColumn());
              from.makeTransferPair(to).transfer();
              from.allocateNew();
            }
            case FILE_PATH -> {
              to.setInitialCapacity(rows);
              to.allocateNew();
              byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
              BaseVariableWidthVector s = (BaseVariableWidthVector) to;
              for (int i = 0; i < rows; i++) {
                s.setSafe(i, bytes);
              }
              to.setValueCount(rows);
            }
          }
        }
        out.setRowCount(rows);
        rowsSeen += rows;
        return out;
      } catch (RuntimeException e) {
        out.close();
        throw e;
      }
    } catch (BridgeException e) {
      throw Dataset.named(e, path);
    }
  }

  /** What the file's reader did. */
  ScanStats stats() {
    return reader.stats();
  }

  @Override
  public void close() {
    try {
      reader.close();
    } finally {
      closeQuietly(bytes);
    }
  }

  private static void closeQuietly(OpenedFile bytes) {
    try {
      bytes.close();
    } catch (java.io.IOException e) {
      // only read from: nothing is lost, and the read's own outcome is what matters
    }
  }
}
