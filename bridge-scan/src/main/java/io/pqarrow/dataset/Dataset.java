package io.pqarrow.dataset;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.read.FooterSchemas;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.scan.ScanUnit;
import io.pqarrow.scan.SplitPlanner;
import io.pqarrow.schema.SchemaMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.io.InputFile;

/**
 * Many Parquet files read as one table: a directory (hive-partitioned or not), a glob pattern, or a
 * caller's own listing of files with their partition values.
 *
 * <pre>
 * Dataset events = Dataset.open("/data/events", DatasetOptions.defaults()); // year=2024/country=US/…
 * try (DatasetScan scan = events.newScan(allocator,
 *     ReadOptions.builder().filter(ExpressionParser.parse("year = 2024 and amount > 10")).build(),
 *     DatasetScanOptions.defaults())) {
 *   while (scan.loadNextBatch()) { ... scan.getVectorSchemaRoot() ... }
 *   scan.stats(); // files, files_read, row groups, pages, rows
 * }
 * </pre>
 *
 * <p><b>Files</b> are taken in byte-wise order of their paths (as UTF-8); "the first file" is the
 * first in that order. <b>Schema</b>: the files' columns ({@link DatasetOptions}: every footer
 * unified by {@link SchemaUnifier}, the first file's, or the caller's), then the partition columns
 * ({@link Partitioning}, {@link PartitionValues}).
 *
 * <p><b>A partition column that is also a file column</b> follows Spark's rule ({@code
 * PartitioningUtils.mergeDataAndPartitionSchema}, called from {@code HadoopFsRelation}): the column
 * keeps its place among the file columns, takes the partition column's type, and its values come
 * from the directory names; the file's own column is not read ({@code FileSourceStrategy} reads
 * {@code dataColumns.filterNot(partitionColumns)}).
 *
 * <p>The dataset is immutable and thread-safe. When the schema needs every file's, only the schema
 * part of each footer is decoded (its row groups skipped), in parallel on {@link
 * DatasetOptions#footerThreads()} threads; a file's whole footer is read when first needed (a scan
 * that opens the file, {@link #source}; every file's, in parallel, for {@link #rowCount()} and
 * {@link #plan}), once, and shared by every scan. A file that a scan's filter rules out by its
 * partition values is never opened, so its whole footer is never read. Footers' schema parts
 * (schema, key-value metadata, column orders) are decoded, converted and mapped once per distinct
 * part ({@link FooterSchemas}, bounded), not once per file and again when a scan opens the file:
 * the files of a table mostly share one.
 */
public final class Dataset {
  private final List<DatasetFile> files;
  private final AtomicReferenceArray<ParquetSource> sources;
  private final Schema schema;
  private final Schema fileSchema;
  private final PartitionValues partitions;
  private final Set<String> partitionNames;
  private final DatasetOptions options;
  private final boolean byFieldId;
  private final FooterSchemas schemas;

  private Dataset(
      List<DatasetFile> files,
      AtomicReferenceArray<ParquetSource> sources,
      FooterSchemas schemas,
      Schema fileSchema,
      PartitionValues partitions,
      DatasetOptions options,
      boolean byFieldId) {
    this.files = files;
    this.sources = sources;
    this.schemas = schemas;
    this.fileSchema = fileSchema;
    this.partitions = partitions;
    this.options = options;
    this.byFieldId = byFieldId;
    this.partitionNames = new LinkedHashSet<>();
    Map<String, Field> partitionFields = new HashMap<>();
    for (Field f : partitions.schema().getFields()) {
      partitionNames.add(f.getName());
      partitionFields.put(f.getName(), f);
    }
    List<Field> fields = new ArrayList<>();
    Set<String> overlapped = new LinkedHashSet<>();
    for (Field f : fileSchema.getFields()) {
      Field p = partitionFields.get(f.getName());
      if (p != null) {
        overlapped.add(f.getName());
        fields.add(p);
      } else {
        fields.add(f);
      }
    }
    for (Field p : partitions.schema().getFields()) {
      if (!overlapped.contains(p.getName())) {
        fields.add(p);
      }
    }
    this.schema = new Schema(fields);
  }

  /**
   * Opens the dataset at {@code location}: a Parquet file, a directory or a glob pattern on the
   * local file system.
   *
   * @param location a file, a directory or a glob pattern, on the local file system
   * @param options how partitions, schema and footers are read
   * @return the dataset
   * @throws DatasetException when nothing is found, a partition value does not parse, or the files'
   *     schemas do not unify
   * @throws io.pqarrow.parquet.ParquetFileException when a file is not Parquet (naming it)
   */
  public static Dataset open(String location, DatasetOptions options) {
    return of(
        LocalDiscovery.find(location, options.partitioning(), options.footerThreads()), options);
  }

  /**
   * The dataset of {@code files}, listed by the caller (any storage: each file's {@link
   * DatasetFile#file()}); their partition values are typed by {@code options.partitioning()} (whose
   * directory scheme is not used: the values are the caller's).
   *
   * @param files the files, at least one, in any order (they are ordered by path)
   * @param options how partition values are typed and each file's schema is mapped
   * @return the dataset
   * @throws DatasetException when there is no file, a partition value does not parse, or the files'
   *     schemas do not unify
   */
  public static Dataset of(List<DatasetFile> files, DatasetOptions options) {
    if (files.isEmpty()) {
      throw DatasetException.of(ErrorKind.IO, ErrorLocation.NONE, "no data files", null);
    }
    List<DatasetFile> sorted = PathOrder.sorted(files);
    PartitionValues partitions = PartitionValues.of(sorted, options.partitioning());
    AtomicReferenceArray<ParquetSource> sources = new AtomicReferenceArray<>(sorted.size());
    FooterSchemas schemas = FooterSchemas.bounded();
    Schema fileSchema;
    boolean byId = false;
    if (options.schema().isPresent()) {
      fileSchema = options.schema().get();
    } else if (options.schemaFrom() == DatasetOptions.SchemaFrom.FIRST) {
      sources.set(0, openSource(sorted.get(0), options, schemas));
      fileSchema = fileSchemaOf(sources.get(0), options);
    } else {
      // only each footer's schema part, decoded once per distinct part (FooterSchemas): a scan
      // reads the rest of the footer of each file it opens, and reuses the part
      List<Schema> fileSchemas =
          inParallel(
              sorted,
              options,
              f ->
                  fileSchemaOf(
                      ParquetSource.readMapping(
                          f.file(), f.path(), options.limits(), options.mapping(), schemas)));
      List<String> names = new ArrayList<>();
      for (DatasetFile f : sorted) {
        names.add(f.path());
      }
      fileSchema = SchemaUnifier.unify(names, fileSchemas);
      byId = !fileSchema.getFields().isEmpty();
      for (Schema s : fileSchemas) {
        for (Field f : s.getFields()) {
          byId &= SchemaUnifier.fieldId(f) != null;
        }
      }
    }
    return new Dataset(
        List.copyOf(sorted), sources, schemas, fileSchema, partitions, options, byId);
  }

  /**
   * {@code read} of every file, on {@link DatasetOptions#footerThreads()} threads; the failure of
   * the first file in order that fails, as one thread reading them in order would give it.
   */
  private static <T> List<T> inParallel(
      List<DatasetFile> files, DatasetOptions options, Function<DatasetFile, T> read) {
    List<T> out = new ArrayList<>(files.size());
    int threads = Math.min(options.footerThreads(), files.size());
    if (threads <= 1) {
      for (DatasetFile f : files) {
        out.add(read.apply(f));
      }
      return out;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "pqarrow-footers");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (DatasetFile f : files) {
        futures.add(pool.submit(() -> read.apply(f)));
      }
      for (Future<T> future : futures) {
        try {
          out.add(future.get());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof RuntimeException r) {
            throw r;
          }
          throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw DatasetException.of(ErrorKind.IO, ErrorLocation.NONE, "interrupted", e);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return out;
  }

  /**
   * Reads the footers not read yet, in parallel ({@link #inParallel}). A footer that fails is left
   * unread: {@link #source} reads it again and throws, so that callers that go through the files in
   * order report the first one in order that fails.
   */
  private void readFooters() {
    List<DatasetFile> missing = new ArrayList<>();
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (sources.get(i) == null) {
        missing.add(files.get(i));
        at.add(i);
      }
    }
    List<ParquetSource> read =
        inParallel(
            missing,
            options,
            f -> {
              try {
                return openSource(f, options, schemas);
              } catch (BridgeException e) {
                return null;
              }
            });
    for (int k = 0; k < read.size(); k++) {
      if (read.get(k) != null) {
        sources.compareAndSet(at.get(k), null, read.get(k));
      }
    }
  }

  private static ParquetSource openSource(
      DatasetFile f, DatasetOptions options, FooterSchemas schemas) {
    return ParquetSource.open(f.file(), f.path(), options.limits(), schemas);
  }

  /**
   * The Arrow schema of a file's top-level columns as a dataset reads them: dictionaries read as
   * their values (a dataset's batches hold no dictionary-encoded column).
   */
  static Schema fileSchemaOf(ParquetSource source, DatasetOptions options) {
    return fileSchemaOf(source.mapping(options.mapping()));
  }

  static Schema fileSchemaOf(SchemaMapping mapping) {
    Schema mapped = mapping.arrowSchema();
    List<Field> fields = new ArrayList<>();
    for (Field f : mapped.getFields()) {
      fields.add(plain(f));
    }
    return new Schema(fields);
  }

  private static Field plain(Field f) {
    List<Field> kids = new ArrayList<>();
    for (Field c : f.getChildren()) {
      kids.add(plain(c));
    }
    return new Field(
        f.getName(), new FieldType(f.isNullable(), f.getType(), null, f.getMetadata()), kids);
  }

  /** {@return the files, in byte-wise order of their paths} */
  public List<DatasetFile> files() {
    return files;
  }

  /**
   * The footer of file {@code index}, read on first use.
   *
   * @param index the file's 0-based index in {@link #files()}
   * @return the file's source; the same one on every call, from any thread
   * @throws io.pqarrow.parquet.ParquetFileException when the file is not Parquet
   * @throws IndexOutOfBoundsException when {@code index} is not a file's index
   */
  public ParquetSource source(int index) {
    return source(index, files.get(index).file());
  }

  /**
   * As {@link #source(int)}, reading a footer not read yet through {@code bytes} (the file as a
   * scan opened it, {@link OpenedFile}); the source kept reads through the file's own {@link
   * DatasetFile#file()}.
   */
  ParquetSource source(int index, InputFile bytes) {
    ParquetSource s = sources.get(index);
    if (s == null) {
      DatasetFile f = files.get(index);
      s = ParquetSource.open(bytes, f.path(), options.limits(), schemas);
      if (bytes != f.file()) {
        s = s.over(f.file());
      }
      if (!sources.compareAndSet(index, null, s)) {
        s = sources.get(index);
      }
    }
    return s;
  }

  /**
   * How many footers' schema parts the dataset has decoded so far: once per distinct schema part (a
   * test seam: each file's footer is decoded once, its schema part once per dataset).
   */
  long schemaPartsDecoded() {
    return schemas.decoded();
  }

  /** Whether the whole footer of file {@code index} has been read (a test seam). */
  boolean footerRead(int index) {
    return sources.get(index) != null;
  }

  /** {@return the dataset's schema: the files' columns, then the partition columns} */
  public Schema schema() {
    return schema;
  }

  /** {@return the partition columns (nullable), in partition order} */
  public Schema partitionSchema() {
    return partitions.schema();
  }

  /** The files' columns (before partition columns replace the ones they overlap). */
  Schema fileSchema() {
    return fileSchema;
  }

  /** The names of the partition columns. */
  Set<String> partitionNames() {
    return partitionNames;
  }

  PartitionValues partitions() {
    return partitions;
  }

  boolean byFieldId() {
    return byFieldId;
  }

  DatasetOptions options() {
    return options;
  }

  /**
   * {@return the partition values of file {@code index}: column name to value (Long, String, …,
   * null)}
   *
   * @param index the file's 0-based index in {@link #files()}
   */
  public Map<String, Object> partitionValues(int index) {
    return partitions.valuesOf(index);
  }

  /** {@return the number of rows of every file (reads every footer, in parallel)} */
  public long rowCount() {
    readFooters();
    long rows = 0;
    for (int i = 0; i < files.size(); i++) {
      rows += source(i).rowCount();
    }
    return rows;
  }

  /**
   * The indexes of the files that {@code filter} does not rule out by their partition values alone,
   * in file order: the files a scan with this filter opens (file pruning; the scan then prunes
   * their row groups and rows). Every file when the filter has no predicate on a partition column.
   *
   * @param filter a filter on {@link #schema()}
   * @param allocator for a batch of one row per file, closed before this returns
   * @return the kept files' indexes into {@link #files()}, ascending
   * @throws io.pqarrow.filter.FilterException for a filter that does not bind to {@link #schema()}
   */
  public List<Integer> filesMatching(Expression filter, BufferAllocator allocator) {
    FileFilters filters =
        new FileFilters(filter, schema, partitionNames, partitions, files.size(), allocator);
    List<Integer> kept = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (filters.mayMatch(i)) {
        kept.add(i);
      }
    }
    return kept;
  }

  /**
   * Units of about {@code targetBytes} over the dataset's files ({@link SplitPlanner}), in file
   * order, for an engine that hands each to a task ({@link #newScan(BufferAllocator, ReadOptions,
   * DatasetScanOptions, List)}).
   *
   * @param targetBytes the size, in compressed bytes, a split aims at
   * @return the splits, in file order
   */
  public List<DatasetSplit> plan(long targetBytes) {
    readFooters();
    List<DatasetSplit> out = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      for (ScanUnit unit : SplitPlanner.plan(source(i), targetBytes)) {
        out.add(new DatasetSplit(i, unit));
      }
    }
    return out;
  }

  /**
   * Opens a scan of every file.
   *
   * @param options projection (top-level columns of {@link #schema()}), filter (on file and
   *     partition columns), offset, limit, row numbers (per file), batch size, threads; its row
   *     groups are ignored
   * @param allocator where every batch's buffers come from; the caller closes it after the scan
   * @param scanOptions file order, file path column and files read at once
   * @return the scan; the caller closes it
   * @throws io.pqarrow.filter.FilterException for a filter that does not bind to {@link #schema()}
   */
  public DatasetScan newScan(
      BufferAllocator allocator, ReadOptions options, DatasetScanOptions scanOptions) {
    List<DatasetSplit> all = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      all.add(new DatasetSplit(i, null));
    }
    return new DatasetScan(this, allocator, options, scanOptions, all);
  }

  /**
   * Opens a scan of {@code splits} only, in the order given ({@link #plan}). An empty list scans
   * nothing (an engine's task that was given no splits), not the whole dataset.
   *
   * @param allocator where every batch's buffers come from; the caller closes it after the scan
   * @param options as for {@link #newScan(BufferAllocator, ReadOptions, DatasetScanOptions)}
   * @param scanOptions file order, file path column and files read at once
   * @param splits splits of this dataset, from {@link #plan}
   * @return the scan; the caller closes it
   */
  public DatasetScan newScan(
      BufferAllocator allocator,
      ReadOptions options,
      DatasetScanOptions scanOptions,
      List<DatasetSplit> splits) {
    return new DatasetScan(this, allocator, options, scanOptions, splits);
  }

  /** A failure of {@code file} as a dataset error naming it, unless it names a file already. */
  static BridgeException named(BridgeException e, String file) {
    if (e.location().hasFile()) {
      return e;
    }
    return DatasetException.of(e.kind(), e.location().withFile(file), e.getMessage(), e);
  }

  static boolean isNull(Field f) {
    return f.getType() instanceof ArrowType.Null;
  }
}
