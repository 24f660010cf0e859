package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.FieldPath;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.schema.SchemaMapping;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What one dataset scan reads, decided once when it opens: the output schema (the projected dataset
 * columns in the dataset's order, a path into a column keeping only the selected parts of it
 * ({@link ColumnSelection}), then the row number and file path columns), where each output column
 * comes from, the per-file read options, and the filter split per file.
 */
final class ScanPlan {
  /**
   * What the scan reads of a file whose columns map to {@code schema} (its top-level columns as a
   * dataset reads them, {@link Dataset#fileSchemaOf(SchemaMapping)}): per output column the file's
   * column name or null ({@code names}, read only), and the column paths to read.
   */
  record FileColumns(Schema schema, String[] names, List<String> columns) {}

  /** How many files' mappings one scan keeps their {@link FileColumns} for. */
  private static final int MAX_KEPT_LAYOUTS = 64;

  private final Dataset dataset;
  private final Schema schema;
  private final FileBatches.Source[] sources;
  private final int[] partitionIndex;
  private final ReadOptions base;
  private final String rowNumberColumn;
  private final FileFilters filters;
  // per projected dataset column: its whole field, and what of it is selected
  private final List<Field> datasetFields;
  private final List<ColumnSelection> selections;
  // per mapping (files whose footers share a schema part share one, FooterSchemas): what is read
  private final Map<SchemaMapping, FileColumns> layouts = new IdentityHashMap<>();
  private int layoutsMade;

  ScanPlan(
      Dataset dataset,
      ReadOptions options,
      DatasetScanOptions scanOptions,
      BufferAllocator allocator) {
    this.dataset = dataset;
    Schema full = dataset.schema();
    Map<String, ColumnSelection> wanted = new LinkedHashMap<>();
    for (String path : options.columns()) {
      List<String> names;
      try {
        names = FieldPath.parse(path).resolve(full.getFields());
      } catch (IllegalArgumentException e) {
        throw DatasetException.of(
            ErrorKind.INVALID_ARGUMENT, ErrorLocation.inColumn(path), e.getMessage(), e);
      }
      if (full.getFields().stream().noneMatch(f -> f.getName().equals(names.get(0)))) {
        throw DatasetException.of(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inColumn(path),
            "no column "
                + path
                + " (columns: "
                + String.join(", ", full.getFields().stream().map(Field::getName).toList())
                + ")",
            null);
      }
      wanted
          .computeIfAbsent(names.get(0), k -> new ColumnSelection())
          .select(names.subList(1, names.size()));
    }
    List<Field> fields = new ArrayList<>();
    List<FileBatches.Source> src = new ArrayList<>();
    List<Integer> pidx = new ArrayList<>();
    List<Field> datasetFields = new ArrayList<>();
    List<ColumnSelection> selected = new ArrayList<>();
    List<String> partitionNames = new ArrayList<>(dataset.partitionNames());
    for (Field f : full.getFields()) {
      ColumnSelection sel = wanted.isEmpty() ? new ColumnSelection() : wanted.get(f.getName());
      if (sel == null) {
        continue;
      }
      fields.add(sel.prune(f, f.getName()));
      datasetFields.add(f);
      selected.add(sel);
      int p = partitionNames.indexOf(f.getName());
      src.add(p >= 0 ? FileBatches.Source.PARTITION : FileBatches.Source.FILE);
      pidx.add(p);
    }
    this.rowNumberColumn = options.rowNumberColumn().orElse(null);
    if (rowNumberColumn != null) {
      checkFree(fields, rowNumberColumn);
      fields.add(
          new Field(rowNumberColumn, FieldType.notNullable(new ArrowType.Int(64, true)), null));
      src.add(FileBatches.Source.ROW_NUMBER);
      pidx.add(-1);
    }
    if (scanOptions.filePathColumn() != null) {
      checkFree(fields, scanOptions.filePathColumn());
      fields.add(
          new Field(
              scanOptions.filePathColumn(), FieldType.notNullable(ArrowType.Utf8.INSTANCE), null));
      src.add(FileBatches.Source.FILE_PATH);
      pidx.add(-1);
    }
    this.schema = new Schema(fields);
    this.datasetFields = datasetFields;
    this.selections = selected;
    this.sources = src.toArray(new FileBatches.Source[0]);
    this.partitionIndex = pidx.stream().mapToInt(Integer::intValue).toArray();
    this.base = options;
    this.filters =
        options.filter().isEmpty()
            ? null
            : new FileFilters(
                options.filter().get(),
                full,
                dataset.partitionNames(),
                dataset.partitions(),
                dataset.files().size(),
                allocator);
  }

  /**
   * What this scan reads of a file whose schema maps to {@code mapping}: worked out once per
   * mapping (for the first {@value #MAX_KEPT_LAYOUTS} distinct ones), not once per file.
   */
  FileColumns fileColumns(SchemaMapping mapping) {
    synchronized (layouts) {
      FileColumns known = layouts.get(mapping);
      if (known != null) {
        return known;
      }
    }
    FileColumns made = FileBatches.columnsOf(this, Dataset.fileSchemaOf(mapping));
    synchronized (layouts) {
      layoutsMade++;
      if (layouts.size() < MAX_KEPT_LAYOUTS) {
        layouts.putIfAbsent(mapping, made);
      }
    }
    return made;
  }

  /** How many times this scan has worked out what to read of a file's mapping. */
  int layoutsMade() {
    synchronized (layouts) {
      return layoutsMade;
    }
  }

  private static void checkFree(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        throw DatasetException.of(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inColumn(name),
            "the scan already has a column " + name,
            null);
      }
    }
  }

  Dataset dataset() {
    return dataset;
  }

  Schema schema() {
    return schema;
  }

  /** The whole dataset field of output column {@code j} (a file or partition column). */
  Field datasetField(int j) {
    return datasetFields.get(j);
  }

  /** What output column {@code j} selects of its dataset field. */
  ColumnSelection selection(int j) {
    return selections.get(j);
  }

  FileBatches.Source[] sources() {
    return sources;
  }

  int[] partitionIndex() {
    return partitionIndex;
  }

  String rowNumberColumn() {
    return rowNumberColumn;
  }

  FileFilters filters() {
    return filters;
  }

  long offset() {
    return base.offset();
  }

  long limit() {
    return base.limit();
  }

  /**
   * The caller's options for one file, without the dataset-level parts (columns, filter, offset,
   * limit, row groups, dictionaries), which the scan sets per file or applies itself.
   */
  ReadOptions.Builder fileOptions() {
    ReadOptions.Builder b =
        ReadOptions.builder()
            .batchRows(base.batchRows())
            .mapping(dataset.options().mapping())
            .threads(base.threads())
            .verifyPageChecksums(base.verifyPageChecksums())
            .pruneOnly(base.pruneOnly())
            .lateMaterialization(base.lateMaterialization())
            .storedDictionaries(false);
    // unset stays unset: each file's reader then decides by what the file holds
    base.readAheadSetting().ifPresent(b::readAhead);
    base.executor().ifPresent(b::executor);
    base.pageFilter().ifPresent(b::pageFilter);
    base.rowNumberColumn().ifPresent(b::rowNumberColumn);
    return b;
  }
}
