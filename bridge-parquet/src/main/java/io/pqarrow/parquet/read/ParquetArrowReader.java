package io.pqarrow.parquet.read;

import io.pqarrow.ArrowAccess;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.filter.FilterException;
import io.pqarrow.filter.ParquetPredicates;
import io.pqarrow.filter.RowGroupPruning;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.SchemaCompatibilityValidator;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexFilter;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.schema.MessageType;

/**
 * Reads a Parquet file as Arrow record batches.
 *
 * <pre>
 * try (ParquetArrowReader reader = ParquetArrowReader.open(path, allocator,
 *         ReadOptions.builder().batchRows(1024).columns(List.of("id", "s.x")).build())) {
 *   VectorSchemaRoot root = reader.getVectorSchemaRoot();
 *   while (reader.loadNextBatch()) {
 *     ... root.getRowCount() rows, valid until the next loadNextBatch() or close() ...
 *   }
 * }
 * </pre>
 *
 * <p>parquet-java reads the footer, page headers and codecs; each leaf column reads its chunk by
 * range, a page at a time ({@link ChunkLeafDecoder}), and decodes values with their repetition and
 * definition levels straight into the vectors of one {@link VectorSchemaRoot}, reused for every
 * batch. Memory is bounded by one batch plus the current page of each column (and the next one,
 * read ahead in the background with {@link ReadOptions#readAhead()}, the default for one thread).
 * With {@link ReadOptions#threads()} above 1 the leaves of each batch are read at once on several
 * threads ({@link ColumnTasks}); the batches, values and errors are those of one thread, with
 * read-ahead or without. Every failure, from a missing file to corrupt data, is a {@link
 * ParquetFileException} naming the file (and column and row when known): {@code Invalid Parquet
 * file at …} for bad bytes, {@code Cannot read Parquet file at …: out of Arrow memory (limit N
 * bytes): …} when the caller's allocator cannot hold a batch.
 *
 * <p>Columns read as dictionaries ({@link ReadOptions#readDictionary()}, or stored so in {@code
 * ARROW:schema}; the rule is {@link DictionaryFields}'s) hold indices of the type {@code
 * ARROW:schema} records (Int32 for a named column; see {@link ReadOptions#storedDictionaryTypes()})
 * in the root; their values are this reader's dictionaries ({@link DictionaryProvider}, as Arrow's
 * {@code ArrowReader} gives them), reloaded with each batch and valid as long as it.
 *
 * <p>A {@link ReadOptions#filter()} skips the row groups that cannot match and drops the rows that
 * do not; {@link ReadOptions#offset()}, {@link ReadOptions#limit()} and {@link
 * ReadOptions#rowNumberColumn()} apply after it ({@link FilterStage}); {@link #stats()} counts what
 * was read. Batches may then hold fewer than {@code batchRows} rows, never none but at the end.
 */
public final class ParquetArrowReader implements AutoCloseable, DictionaryProvider {
  /** Maps a file's schema; the default is {@link SchemaMapper#toArrow}. */
  interface Mapper {
    SchemaMapping map(MessageType schema, Map<String, String> keyValueMetadata);
  }

  private final String file;
  private final BufferAllocator allocator;
  private final ParquetFileReader parquet;
  private final SchemaMapping mapping;
  private final VectorSchemaRoot root;
  private final List<NodeAssembler> nodes = new ArrayList<>();
  private final List<LeafDecoder> leaves = new ArrayList<>();

  /** The Parquet path of each of {@link #leaves}. */
  private final List<ColumnPath> leafPaths = new ArrayList<>();

  /**
   * The position of each of {@link #leaves} among the file schema's leaves, where a row group
   * written to the format holds its chunk ({@link #chunk}); -1 when the schema has no such leaf.
   */
  private int[] leafOrdinals = new int[0];

  /** Every decoder built, closed with the reader (or when it fails to open). */
  private final List<LeafDecoder> built = new ArrayList<>();

  private final LeafFactory leafFactory;

  /** Reads each run of a batch on every leaf, on one thread or several. */
  private ColumnTasks tasks;

  /** The dictionaries of the dictionary-encoded columns, by id; the reader owns their vectors. */
  private final Map<Long, Dictionary> dictionaries = new HashMap<>();

  private final List<Integer> rowGroups;

  /**
   * The rows read, from the first, that hold every row the options' offset and limit can return
   * (without a filter, which would make that unknown); {@link Long#MAX_VALUE} for all.
   */
  private final long rowsWanted;

  private final int batchRows;
  private final long totalRows;

  private int nextRowGroup;
  private long rowGroupRemaining;
  private long nextRow;
  private long rowGroupFirstRow;

  /** {@link ReadOptions#pageFilter()}, or null. */
  private final FilterPredicate userPageFilter;

  /**
   * The predicate pages are pruned by: {@link ReadOptions#pageFilter()} and what parquet-java can
   * test of {@link ReadOptions#filter()}, or null for neither.
   */
  private FilterPredicate pageFilter;

  /** Every column path of the file, for {@link ColumnIndexFilter}. */
  private final Set<ColumnPath> filePaths = new HashSet<>();

  /**
   * The rows of the current row group to read, relative to its first row, when a page filter left
   * out some; null when every row is read.
   */
  private List<RowRanges.Range> ranges;

  private int nextRange;

  /** Rows left in the current range. */
  private long rangeLeft;

  /** The offset index of each leaf's chunk in the current row group, when pages are skipped. */
  private OffsetIndex[] offsetIndexes;

  /** The data pages of the row groups whose every page the page filter ruled out. */
  private long pagesPassedOver;

  /** The row group being read (a batch may span several; an error in one names it). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  private boolean allocated;
  private final BatchRows batch = new BatchRows();

  /** Filters, offsets, limits and numbers the rows; null when the options ask for none of that. */
  private FilterStage stage;

  /**
   * Gives dictionary columns the index types and nesting {@code ARROW:schema} records; null when
   * the decoded batch already has them.
   */
  private DictionaryStage dictionaryStage;

  /** Late materialization's plan; null when the read does not use it. */
  private LateColumns late;

  private final long rowGroupsInScope;
  private long rowsRead;
  private long rowsMaterialized;
  private long rowsWritten;

  private ParquetArrowReader(
      String file,
      ParquetFileReader parquet,
      SchemaMapping mapping,
      DictionaryFields dictionaryFields,
      BufferAllocator allocator,
      ReadOptions options,
      LeafFactory leafFactory,
      FilterEvaluator filter) {
    List<FieldMapping> projected = dictionaryFields.fields();
    this.file = file;
    this.allocator = allocator;
    this.parquet = parquet;
    this.mapping = mapping;
    this.batchRows = options.batchRows();
    this.leafFactory = leafFactory;
    this.userPageFilter = options.pageFilter().orElse(null);
    List<Field> fields = new ArrayList<>();
    for (FieldMapping f : projected) {
      fields.add(f.arrowField());
    }
    this.root =
        VectorSchemaRoot.create(
            new Schema(fields, mapping.arrowSchema().getCustomMetadata()), allocator);
    try {
      MessageType schema = parquet.getFileMetaData().getSchema();
      AssemblerBuilder builder = new AssemblerBuilder(schema, file, new Recording());
      for (int i = 0; i < projected.size(); i++) {
        NodeAssembler node = builder.build(projected.get(i), root.getFieldVectors().get(i));
        nodes.add(node);
        node.collectLeaves(leaves);
      }
      useDictionaries(dictionaryFields);
      if (dictionaryFields.reshapes()) {
        dictionaryStage =
            new DictionaryStage(
                file,
                root,
                dictionaries,
                dictionaryFields.outputFields(),
                dictionaryFields.steps(),
                allocator);
      }
      VectorSchemaRoot decoded = dictionaryStage == null ? root : dictionaryStage.root();
      for (LeafDecoder leaf : leaves) {
        leafPaths.add(ColumnPath.get(leaf.parquetPath));
      }
      for (ColumnDescriptor c : schema.getColumns()) {
        filePaths.add(ColumnPath.get(c.getPath()));
      }
      leafOrdinals = new int[leafPaths.size()];
      List<ColumnDescriptor> fileLeaves = schema.getColumns();
      Map<ColumnPath, Integer> ordinals = new HashMap<>();
      for (int k = 0; k < fileLeaves.size(); k++) {
        ordinals.put(ColumnPath.get(fileLeaves.get(k).getPath()), k);
      }
      for (int i = 0; i < leafOrdinals.length; i++) {
        leafOrdinals[i] = ordinals.getOrDefault(leafPaths.get(i), -1);
      }
      if (userPageFilter != null) {
        try {
          SchemaCompatibilityValidator.validate(userPageFilter, schema);
        } catch (RuntimeException e) {
          throw ParquetFileException.invalid(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(file),
              "the page filter does not fit the file's schema: " + describe(e),
              e);
        }
      }
      this.pageFilter = pagePredicate(userPageFilter, options, mapping, schema);
      int blockCount = parquet.getRowGroups().size();
      List<Integer> selected = new ArrayList<>(options.rowGroups());
      if (selected.isEmpty()) {
        for (int i = 0; i < blockCount; i++) {
          selected.add(i);
        }
      }
      long total = 0;
      for (int index : selected) {
        if (index < 0 || index >= blockCount) {
          throw ParquetFileException.invalid(
              ErrorKind.NOT_FOUND,
              ErrorLocation.inFile(file).withRowGroup(index),
              "no row group " + index + " (the file has " + blockCount + ")",
              null);
        }
        long rows = parquet.getRowGroups().get(index).getRowCount();
        if (rows < 0) {
          throw ParquetFileException.invalid(
              ErrorKind.INVALID_DATA,
              ErrorLocation.inFile(file).withRowGroup(index),
              "row group " + index + " has a negative row count (" + rows + ") in the footer",
              null);
        }
      }
      this.rowGroupsInScope = selected.size();
      if (options.filter().isPresent()) {
        selected = prune(parquet, mapping, options, selected);
      }
      for (int index : selected) {
        total += parquet.getRowGroups().get(index).getRowCount();
      }
      this.rowGroups = List.copyOf(selected);
      this.rowsWanted =
          options.filter().isPresent() || options.limit() == Long.MAX_VALUE
              ? Long.MAX_VALUE
              : Math.min(Long.MAX_VALUE - options.limit(), options.offset()) + options.limit();
      this.totalRows = total;
      if (options.reshapesBatches()) {
        checkRowNumberName(file, decoded, options);
        this.stage =
            new FilterStage(
                decoded,
                this,
                options.columns(),
                options.pruneOnly() ? null : filter,
                options,
                allocator);
        if (filter != null
            && !options.pruneOnly()
            && options.lateMaterialization()
            && dictionaryStage == null) {
          this.late =
              LateColumns.plan(
                  filter, nodes, root, leaves, options.threads(), options.executor().orElse(null));
          if (late != null) {
            stage.lateColumns(late.lateNames);
          }
        }
      }
      if (late == null) {
        this.tasks = new ColumnTasks(leaves, options.threads(), options.executor().orElse(null));
      }
      // read-ahead is chosen by the page leaves of the whole read (with late materialization its
      // two phases read subsets of them, one after the other)
      leafFactory.leavesBuilt(ColumnTasks.pageLeaves(leaves), options.threads());
    } catch (RuntimeException e) {
      if (tasks != null) {
        tasks.close();
      }
      if (late != null) {
        late.close();
      }
      if (stage != null) {
        stage.close();
      }
      closeLeaves();
      if (dictionaryStage != null) {
        dictionaryStage.close();
      }
      closeDictionaries();
      root.close();
      throw e;
    }
  }

  /**
   * Refuses a row number column named as a column the read returns: the batch would hold two
   * columns of that name.
   */
  private static void checkRowNumberName(Object file, VectorSchemaRoot root, ReadOptions options) {
    String rowNumber = options.rowNumberColumn().orElse(null);
    if (rowNumber == null) {
      return;
    }
    for (Field f : FilterStage.project(root.getSchema().getFields(), options.columns())) {
      if (f.getName().equals(rowNumber)) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(file),
            "the row number column '"
                + rowNumber
                + "' has the name of a column the read returns; choose another name",
            null);
      }
    }
  }

  /**
   * {@code user} and the part of the options' filter that parquet-java can test against column
   * indexes, joined by {@code and}; null for neither. A translated filter that parquet-java refuses
   * for this schema prunes no page.
   */
  private static FilterPredicate pagePredicate(
      FilterPredicate user, ReadOptions options, SchemaMapping mapping, MessageType schema) {
    FilterPredicate translated =
        options
            .filter()
            .flatMap(f -> ParquetPredicates.translate(f, mapping.fields()))
            .orElse(null);
    if (translated != null) {
      try {
        SchemaCompatibilityValidator.validate(translated, schema);
      } catch (RuntimeException e) {
        translated = null;
      }
    }
    if (user == null || translated == null) {
      return user == null ? translated : user;
    }
    return FilterApi.and(user, translated);
  }

  /**
   * The row groups of {@code selected} that the filter's statistics, dictionaries and bloom filters
   * do not rule out; all of them when the filter has no part parquet-java can test.
   */
  private static List<Integer> prune(
      ParquetFileReader parquet,
      SchemaMapping mapping,
      ReadOptions options,
      List<Integer> selected) {
    FilterPredicate predicate =
        ParquetPredicates.translate(options.filter().get(), mapping.fields()).orElse(null);
    if (predicate == null) {
      return selected;
    }
    try {
      return RowGroupPruning.prune(predicate, parquet, selected);
    } catch (IllegalArgumentException e) {
      // a predicate parquet-java refuses for this schema prunes nothing
      return selected;
    }
  }

  /** Creates each dictionary's vector and hands it to the decoder of its column. */
  private void useDictionaries(DictionaryFields fields) {
    for (DictionaryFields.Values values : fields.values()) {
      DictionaryLeaf decoder = null;
      for (LeafDecoder leaf : leaves) {
        if (leaf instanceof DictionaryLeaf d
            && d.vector().getField().getDictionary() != null
            && d.vector().getField().getDictionary().getId() == values.encoding().getId()) {
          decoder = d;
        }
      }
      if (decoder == null) {
        throw ParquetFileException.unsupported(
            file, values.column(), "reading this column as a dictionary");
      }
      FieldVector vector = values.valueField().createVector(allocator);
      dictionaries.put(values.encoding().getId(), new Dictionary(vector, values.encoding()));
      decoder.useDictionary(vector);
    }
  }

  /** The reader's leaf factory, keeping every decoder it builds for {@link #closeLeaves}. */
  private final class Recording implements LeafFactory {
    @Override
    public LeafDecoder create(
        LeafColumn c, ColumnDescriptor column, ArrowType arrowType, FieldVector vector) {
      LeafDecoder leaf = leafFactory.create(c, column, arrowType, vector);
      if (leaf != null) {
        built.add(leaf);
      }
      return leaf;
    }

    @Override
    public void close() {}
  }

  /**
   * Opens {@code file} for reading, mapping its schema with {@link SchemaMapper#toArrow}.
   *
   * @param file a local Parquet file
   * @param allocator where every batch's buffers come from
   * @param options batch size, projection, row groups and schema mapping options
   * @return the open reader; the caller closes it
   * @throws ParquetFileException when the file is missing, is not Parquet, is truncated, has a
   *     schema that cannot be mapped, or lacks a selected column
   */
  public static ParquetArrowReader open(Path file, BufferAllocator allocator, ReadOptions options) {
    ArrowAccess.check(); // before the file is touched: a missing JVM flag is not the file's fault
    return open(ParquetSource.open(file, options.limits()), allocator, options);
  }

  /**
   * Opens a reader of {@code source}, whose footer (read once) and schema mapping (once per {@link
   * ReadOptions#mapping()}) it shares with every other reader of the source; it opens streams of
   * its own. Its errors name the file by {@link ParquetSource#name()}.
   *
   * @param source the file
   * @param allocator where every batch's buffers come from
   * @param options batch size, projection, row groups and schema mapping options ({@link
   *     io.pqarrow.Limits#maxFooterBytes()} was applied when the source was opened)
   * @return the open reader; the caller closes it
   * @throws ParquetFileException when the schema cannot be mapped or lacks a selected column, or
   *     the source cannot be opened again
   */
  public static ParquetArrowReader open(
      ParquetSource source, BufferAllocator allocator, ReadOptions options) {
    return open(source, allocator, options, null, pageLeaves(source, options));
  }

  private static ChunkLeaves pageLeaves(ParquetSource source, ReadOptions options) {
    return new ChunkLeaves(
        source.inputFile(),
        source.name(),
        options.verifyPageChecksums(),
        options.threads() > 1,
        options.readAheadChoice(),
        options.executor().orElse(null));
  }

  /**
   * The reader's one test seam: opens {@code file} as {@link #open(Path, BufferAllocator,
   * ReadOptions)} does, but mapping its schema with {@code mapper} (null: the source's shared
   * mapping) and building its leaf decoders with {@code leaves} (null: the page decoders; a
   * reference decoder in differential tests). {@code leaves} is closed with the reader, or here if
   * opening fails.
   */
  static ParquetArrowReader open(
      Path file,
      BufferAllocator allocator,
      ReadOptions options,
      Mapper mapper,
      LeafFactory leaves) {
    ParquetSource source;
    try {
      source = ParquetSource.open(file, options.limits());
    } catch (RuntimeException e) {
      if (leaves != null) {
        closeQuietly(leaves);
      }
      throw e;
    }
    return open(
        source, allocator, options, mapper, leaves != null ? leaves : pageLeaves(source, options));
  }

  /**
   * Opens {@code source}, mapping its schema with {@code mapper} (null: the source's shared
   * mapping); {@code leaves} is closed with the reader, or here if opening fails.
   */
  private static ParquetArrowReader open(
      ParquetSource source,
      BufferAllocator allocator,
      ReadOptions options,
      Mapper mapper,
      LeafFactory leaves) {
    ArrowAccess.check();
    String file = source.name();
    ParquetFileReader parquet;
    try {
      parquet = source.newFileReader();
    } catch (RuntimeException e) {
      closeQuietly(leaves);
      throw e;
    }
    try {
      MessageType schema = parquet.getFileMetaData().getSchema();
      SchemaMapping mapping;
      if (mapper == null) {
        mapping = source.mapping(options.mapping());
      } else {
        try {
          mapping = mapper.map(schema, parquet.getFileMetaData().getKeyValueMetaData());
        } catch (BridgeException e) {
          throw ParquetFileException.invalid(file, null, -1, e.getMessage(), e);
        }
      }
      FilterEvaluator filter = null;
      List<List<String>> filterColumns = List.of();
      if (options.filter().isPresent()) {
        // bound even when it only prunes, so that an unknown column is an error, not a no-op
        filter = FilterEvaluator.bind(options.filter().get(), mapping.arrowSchema());
        if (!options.pruneOnly()) {
          filterColumns = filter.columnNames();
        }
      }
      DictionaryFields projected =
          DictionaryFields.of(
              VariantValues.supplement(
                  Projection.apply(mapping.fields(), options.columns(), filterColumns, file)),
              options.readDictionary(),
              options.storedDictionaries(),
              options.storedDictionaryTypes(),
              leaves instanceof ChunkLeaves,
              file);
      return new ParquetArrowReader(
          file, parquet, mapping, projected, allocator, options, leaves, filter);
    } catch (ParquetFileException | FilterException e) {
      closeQuietly(leaves);
      closeQuietly(parquet);
      throw e;
    } catch (RuntimeException e) {
      closeQuietly(leaves);
      closeQuietly(parquet);
      throw ParquetFileException.invalid(file, null, -1, describe(e), e);
    }
  }

  /** {@return the Arrow schema of the batches (after projection)} */
  public Schema schema() {
    return getVectorSchemaRoot().getSchema();
  }

  /** {@return the complete schema mapping of the file (before projection)} */
  public SchemaMapping mapping() {
    return mapping;
  }

  /** {@return the file's key-value metadata} */
  public Map<String, String> keyValueMetadata() {
    return parquet.getFileMetaData().getKeyValueMetaData();
  }

  /**
   * The dictionary with {@code id}, or {@code null}: the values of a dictionary-encoded column of
   * the current batch, valid until the next {@link #loadNextBatch} or {@link #close}.
   */
  @Override
  public Dictionary lookup(long id) {
    Dictionary staged = dictionaryStage == null ? null : dictionaryStage.lookup(id);
    return staged != null ? staged : dictionaries.get(id);
  }

  /** The ids of the dictionaries of the batch's dictionary-encoded columns. */
  @Override
  public Set<Long> getDictionaryIds() {
    return dictionaryStage == null
        ? dictionaries.keySet()
        : dictionaryStage.dictionaries(dictionaries).keySet();
  }

  /** {@return the dictionaries by id, as {@code ArrowReader#getDictionaryVectors} gives them} */
  public Map<Long, Dictionary> getDictionaryVectors() {
    return Map.copyOf(
        dictionaryStage == null ? dictionaries : dictionaryStage.dictionaries(dictionaries));
  }

  /** The number of columns read page by page (for tests). */
  int pageLeafCount() {
    int n = 0;
    for (LeafDecoder leaf : leaves) {
      n += leaf instanceof ChunkLeafDecoder ? 1 : 0;
    }
    return n;
  }

  /** The number of leaf columns read (for tests). */
  int leafCount() {
    return leaves.size();
  }

  /** {@return the number of row groups in the file} */
  public int rowGroupCount() {
    return parquet.getRowGroups().size();
  }

  /**
   * What the reader has done so far: row groups in scope and left after pruning, pages read, rows
   * decoded and returned.
   *
   * @return the counters so far
   */
  public ScanStats stats() {
    long pages = 0;
    for (LeafDecoder leaf : leaves) {
      pages += leaf.pagesRead();
    }
    return new ScanStats(
        rowGroupsInScope,
        rowGroups.size(),
        pages,
        pagesSkipped(),
        rowsRead,
        rowsWritten,
        late != null ? rowsMaterialized : rowsRead);
  }

  /** {@return the number of rows in the selected row groups (after pruning by the filter)} */
  public long rowCount() {
    return totalRows;
  }

  /**
   * {@return the root every batch is loaded into; its contents change with each {@link
   * #loadNextBatch}}
   */
  public VectorSchemaRoot getVectorSchemaRoot() {
    if (stage != null) {
      return stage.root();
    }
    return dictionaryStage == null ? root : dictionaryStage.root();
  }

  /**
   * Loads the next batch into {@link #getVectorSchemaRoot()}.
   *
   * @return {@code false}, with a row count of 0, when every selected row group has been read
   * @throws ParquetFileException when the data is corrupt or breaks the schema's rules, or when the
   *     allocator's limit is too low for the batch (then the message starts {@code Cannot read
   *     Parquet file at}, and the reader must be closed)
   */
  public boolean loadNextBatch() {
    boolean more;
    if (stage == null) {
      more = readStaged();
    } else {
      try {
        more = stage.next(source);
      } catch (ParquetFileException e) {
        throw e;
      } catch (OutOfMemoryException e) {
        throw outOfMemory(null, e);
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(null),
            "cannot filter the batch from row " + batch.first() + ": " + describe(e),
            e);
      }
    }
    rowsWritten += getVectorSchemaRoot().getRowCount();
    return more;
  }

  /** The decoded batches, as the stage reads them. */
  private final FilterStage.Source source =
      new FilterStage.Source() {
        @Override
        public boolean next() {
          return readStaged();
        }

        @Override
        public long fileRow(int i) {
          return batch.fileRow(i);
        }

        @Override
        public void handedOn() {
          allocated = false; // prepareVectors allocates new buffers instead of reusing these
        }

        @Override
        public int rows() {
          return late != null ? late.rows : root.getRowCount();
        }

        @Override
        public boolean selected() {
          return late != null;
        }

        @Override
        public boolean compacted() {
          return late != null && late.compacted;
        }
      };

  /** Decodes the next batch and gives it the caller's dictionary encodings. */
  private boolean readStaged() {
    boolean more = late != null ? readLateBatch() : readBatch();
    if (dictionaryStage != null) {
      dictionaryStage.apply();
      if (dictionaryStage.shares()) {
        allocated = false; // prepareVectors allocates new buffers instead of reusing these
      }
    }
    return more;
  }

  /** Decodes the next batch of the selected row groups into {@link #root}. */
  private boolean readBatch() {
    batch.clear();
    int rows = 0;
    String column = null;
    try {
      prepareVectors();
      while (rows < batchRows) {
        if (rowGroupRemaining == 0) {
          if (!advanceRowGroup()) {
            break;
          }
          continue;
        }
        if (ranges != null && rangeLeft == 0) {
          column = skipTo(ranges.get(nextRange++));
          continue;
        }
        int n = (int) Math.min(batchRows - rows, ranges != null ? rangeLeft : rowGroupRemaining);
        batch.add(rows, nextRow);
        tasks.readRecords(n);
        for (int i = 0; i < leaves.size(); i++) {
          LeafDecoder leaf = leaves.get(i);
          column = leaf.column;
          Throwable failure = tasks.failure(i);
          if (failure instanceof BadValueException e) {
            throw badValue(leaf, e);
          }
          rethrow(failure);
          int read = tasks.read(i);
          if (read != n) {
            throw ParquetFileException.invalid(
                ErrorKind.INVALID_DATA,
                where(leaf.column).withRowGroup(rowGroup).withRow(nextRow + read),
                "column chunk ends after "
                    + (nextRow + read - rowGroupFirstRow)
                    + " of the row group's rows",
                null);
          }
        }
        column = null;
        rows += n;
        rowGroupRemaining -= n;
        rangeLeft -= n;
        nextRow += n;
      }
      finishNodes(leaves, nodes, batch, true);
    } catch (ParquetFileException e) {
      throw e;
    } catch (OutOfMemoryException e) {
      // The file is sound: the caller's allocator is too small for one batch.
      throw outOfMemory(column, e);
    } catch (RuntimeException e) {
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          where(column),
          "cannot decode the batch from row " + batch.first() + ": " + describe(e),
          e);
    }
    for (FieldVector v : root.getFieldVectors()) {
      v.setValueCount(rows);
    }
    root.setRowCount(rows);
    rowsRead += rows;
    return rows > 0;
  }

  /**
   * Decodes the next run of rows of the current row group (and page range) with late
   * materialization: the filter's columns for every row, then, once the stage has selected the
   * rows, the other columns for those it keeps ({@link LateColumns}). A batch never spans two row
   * groups or ranges.
   */
  private boolean readLateBatch() {
    batch.clear();
    late.rows = 0;
    late.compacted = false;
    int rows = 0;
    int materialized = 0;
    String column = null;
    try {
      prepareVectors();
      while (true) {
        if (rowGroupRemaining == 0) {
          if (!advanceRowGroup()) {
            break;
          }
          continue;
        }
        if (ranges != null && rangeLeft == 0) {
          column = skipTo(ranges.get(nextRange++));
          continue;
        }
        int n = (int) Math.min(batchRows, ranges != null ? rangeLeft : rowGroupRemaining);
        batch.add(0, nextRow);
        column = null;
        late.filterTasks.readRecords(n);
        checkRead(late.filterTasks, late.filterLeaves, n, batch);
        finishNodes(late.filterLeaves, late.filterNodes, batch, false);
        late.filterRoot.setRowCount(n);
        stage.select(late.filterRoot, n);
        late.choose(stage.keep(), n, nextRow - rowGroupFirstRow, nextRow);
        late.lateTasks.readSelected(late.selection, late.latePages);
        checkRead(late.lateTasks, late.lateLeaves, n, late.lateRows);
        finishNodes(late.lateLeaves, late.lateNodes, late.lateRows, false);
        materialized = late.selection.selected();
        for (FieldVector v : late.lateVectors) {
          v.setValueCount(materialized);
        }
        late.rows = n;
        rows = n;
        rowGroupRemaining -= n;
        rangeLeft -= n;
        nextRow += n;
        break;
      }
    } catch (ParquetFileException e) {
      throw e;
    } catch (OutOfMemoryException e) {
      throw outOfMemory(column, e);
    } catch (RuntimeException e) {
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          where(column),
          "cannot decode the batch from row " + batch.first() + ": " + describe(e),
          e);
    }
    rowsRead += rows;
    rowsMaterialized += materialized;
    return rows > 0;
  }

  /**
   * Reports the first problem, in column order, of the leaves {@code tasks} read for a batch of
   * {@code n} rows ({@code rows}: where the rows they read are in the file).
   */
  private void checkRead(ColumnTasks tasks, List<LeafDecoder> read, int n, BatchRows rows) {
    for (int i = 0; i < read.size(); i++) {
      LeafDecoder leaf = read.get(i);
      Throwable failure = tasks.failure(i);
      if (failure instanceof BadValueException e) {
        throw badValue(leaf, e, rows);
      }
      try {
        rethrow(failure);
      } catch (ParquetFileException e) {
        throw e;
      } catch (OutOfMemoryException e) {
        throw e;
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(leaf.column),
            "cannot decode the batch from row " + batch.first() + ": " + describe(e),
            e);
      }
      int got = tasks.read(i);
      if (got != n) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(leaf.column).withRowGroup(rowGroup).withRow(nextRow + got),
            "column chunk ends after "
                + (nextRow + got - rowGroupFirstRow)
                + " of the row group's rows",
            null);
      }
    }
  }

  /**
   * Checks refused nulls, ends the batch on {@code read} and assembles {@code nodes}. An {@link
   * OutOfMemoryException} on the way becomes the out-of-memory error naming the column that ran out
   * when {@code namesColumnOutOfMemory} (the plain read), and goes on unchanged otherwise (late
   * materialization reports it for the whole batch).
   */
  private void finishNodes(
      List<LeafDecoder> read,
      List<NodeAssembler> nodes,
      BatchRows rows,
      boolean namesColumnOutOfMemory) {
    String column = null;
    try {
      for (LeafDecoder leaf : read) {
        int nullRow = leaf.firstRefusedNullRow();
        if (nullRow >= 0) {
          throw ParquetFileException.invalid(
              ErrorKind.INVALID_DATA,
              where(leaf.column).withRow(rows.fileRow(nullRow)),
              "null map key (the file's MAP key is OPTIONAL; an Arrow map key is never null)",
              null);
        }
      }
      for (LeafDecoder leaf : read) {
        column = leaf.column;
        leaf.endBatch();
      }
      for (NodeAssembler node : nodes) {
        column = node.path;
        node.assemble(rows);
      }
    } catch (ParquetFileException e) {
      throw e;
    } catch (OutOfMemoryException e) {
      throw namesColumnOutOfMemory ? outOfMemory(column, e) : e;
    } catch (RuntimeException e) {
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          where(column),
          "cannot decode the batch from row " + batch.first() + ": " + describe(e),
          e);
    }
  }

  /**
   * The error for the caller's allocator running out while {@code column} (null: the batch) was
   * read: the file is sound, the allocator too small for one batch.
   */
  private ParquetFileException outOfMemory(String column, OutOfMemoryException e) {
    return ParquetFileException.read(
        ErrorKind.OUT_OF_MEMORY,
        where(column),
        "out of Arrow memory (limit " + allocatorLimit() + " bytes): " + describe(e),
        e);
  }

  /** The error for a value of {@code leaf} that has no Arrow value: its column, row group, row. */
  private ParquetFileException badValue(LeafDecoder leaf, BadValueException e) {
    return badValue(leaf, e, batch);
  }

  private ParquetFileException badValue(LeafDecoder leaf, BadValueException e, BatchRows rows) {
    long row = rows.fileRow(leaf.batchRowOf(e.slot));
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        where(leaf.column).withRowGroup(rowGroup).withRow(row),
        e.getMessage(),
        e.remedy,
        e);
  }

  /** Throws {@code t}, a leaf's failure on whichever thread read it, on this thread; null: none. */
  private static void rethrow(Throwable t) {
    if (t == null) {
      return;
    }
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException(t);
  }

  /** The tightest limit on the caller's allocator: its own or one of its parents'. */
  private long allocatorLimit() {
    long limit = Long.MAX_VALUE;
    for (BufferAllocator a = allocator; a != null; a = a.getParentAllocator()) {
      limit = Math.min(limit, a.getLimit());
    }
    return limit;
  }

  private void prepareVectors() {
    if (!allocated) {
      root.allocateNew();
      allocated = true;
    } else {
      for (FieldVector v : root.getFieldVectors()) {
        if (BatchReset.emptied(v)) {
          // The caller moved the last batch out (a transfer): new buffers, as on the first batch.
          v.allocateNew();
        } else {
          BatchReset.reuse(v);
        }
      }
    }
    for (LeafDecoder leaf : leaves) {
      leaf.startBatch();
    }
  }

  private boolean advanceRowGroup() {
    while (nextRowGroup < rowGroups.size()) {
      int index = rowGroups.get(nextRowGroup++);
      long count = parquet.getRowGroups().get(index).getRowCount();
      if (count == 0) {
        continue;
      }
      rowGroup = index;
      String column = null;
      long selected = count;
      try {
        BlockMetaData block = parquet.getRowGroups().get(index);
        selectRows(index, count);
        if (late != null && ranges == null) {
          offsetIndexes = offsetIndexes(index);
        }
        if (ranges != null) {
          selected = 0;
          for (RowRanges.Range r : ranges) {
            selected += r.to - r.from + 1;
          }
          if (selected == 0) {
            for (OffsetIndex pages : offsetIndexes) {
              pagesPassedOver += pages == null ? 0 : pages.getPageCount();
            }
            continue;
          }
        }
        for (int i = 0; i < leaves.size(); i++) {
          column = leaves.get(i).column;
          leaves.get(i).startChunk(chunk(block, i), index);
          if (ranges != null || late != null) {
            leaves.get(i).offsetIndex(offsetIndexes[i]);
          }
        }
        if (late != null) {
          late.pages(offsetIndexes);
        }
        for (int i = 0; i < leaves.size(); i++) {
          column = leaves.get(i).column;
          leaves.get(i).readAhead(ranges);
        }
        followWithNextRowGroup();
      } catch (ParquetFileException | OutOfMemoryException e) {
        throw e;
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(column).withRowGroup(index),
            "cannot read row group " + index + ": " + describe(e),
            e);
      }
      rowGroupRemaining = selected;
      rowGroupFirstRow = firstRowOf(index);
      nextRow = rowGroupFirstRow;
      return true;
    }
    return false;
  }

  /**
   * Names to every leaf its chunk in the next row group to be read, so that read-ahead goes on into
   * it: not when a page filter may pass over that chunk's first pages (its rows are not known until
   * the row group is reached).
   */
  private void followWithNextRowGroup() {
    if (pageFilter != null) {
      return;
    }
    if (rowsWanted != Long.MAX_VALUE) {
      long before = 0;
      for (int k = 0; k < nextRowGroup; k++) {
        before += parquet.getRowGroups().get(rowGroups.get(k)).getRowCount();
      }
      if (before >= rowsWanted) {
        return; // the limit is reached before the next row group
      }
    }
    for (int k = nextRowGroup; k < rowGroups.size(); k++) {
      int index = rowGroups.get(k);
      BlockMetaData block = parquet.getRowGroups().get(index);
      if (block.getRowCount() == 0) {
        continue;
      }
      ColumnChunkMetaData[] chunks = new ColumnChunkMetaData[leaves.size()];
      try {
        for (int i = 0; i < chunks.length; i++) {
          chunks[i] = chunk(block, i);
        }
      } catch (IllegalStateException e) {
        return; // told when that row group is reached
      }
      for (int i = 0; i < chunks.length; i++) {
        leaves.get(i).follow(chunks[i], index);
      }
      return;
    }
  }

  /**
   * Sets {@link #ranges} to the rows of row group {@code index} ({@code count} rows) that the page
   * filter's column indexes do not rule out, or to null when every row is read (no filter, a chunk
   * of a filter column without a column index, or nothing ruled out); and {@link #offsetIndexes} to
   * the read leaves' offset indexes, for passing over pages.
   */
  private void selectRows(int index, long count) {
    ranges = null;
    nextRange = 0;
    rangeLeft = 0;
    if (pageFilter == null) {
      return;
    }
    ColumnIndexStore store = parquet.getColumnIndexStore(index);
    RowRanges selected;
    try {
      selected =
          ColumnIndexFilter.calculateRowRanges(
              FilterCompat.get(pageFilter), store, filePaths, count);
    } catch (RuntimeException e) {
      if (userPageFilter != null) {
        throw e;
      }
      return; // pruning is an optimisation: a filter parquet-java cannot test reads every row
    }
    if (selected.rowCount() == count) {
      return;
    }
    ranges = selected.getRanges();
    offsetIndexes = offsetIndexes(store);
  }

  /** The offset indexes of the read leaves' chunks in {@code store} (null entries: none). */
  private OffsetIndex[] offsetIndexes(ColumnIndexStore store) {
    OffsetIndex[] out = new OffsetIndex[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      try {
        out[i] = store.getOffsetIndex(leafPaths.get(i));
      } catch (ColumnIndexStore.MissingOffsetIndexException e) {
        out[i] = null; // this leaf decodes the rows it passes over
      }
    }
    return out;
  }

  /**
   * The offset indexes of the read leaves' chunks in row group {@code index}, for late
   * materialization to pass over pages; null entries (or none) when the file has none.
   */
  private OffsetIndex[] offsetIndexes(int index) {
    try {
      return offsetIndexes(parquet.getColumnIndexStore(index));
    } catch (RuntimeException e) {
      return new OffsetIndex[leaves.size()]; // an unreadable index: rows are decoded, not jumped
    }
  }

  /**
   * Moves every leaf to the first row of {@code range} (relative to the row group), passing over
   * the rows before it, and starts the range; returns the column that failed, for messages.
   */
  private String skipTo(RowRanges.Range range) {
    long at = nextRow - rowGroupFirstRow;
    if (range.from > at) {
      for (int i = 0; i < leaves.size(); i++) {
        LeafDecoder leaf = leaves.get(i);
        long passed = leaf.skipRecords(at, range.from, offsetIndexes[i]);
        if (passed != range.from - at) {
          throw ParquetFileException.invalid(
              ErrorKind.INVALID_DATA,
              where(leaf.column).withRowGroup(rowGroup).withRow(nextRow + passed),
              "column chunk ends after " + (at + passed) + " of the row group's rows",
              null);
        }
      }
      nextRow += range.from - at;
    }
    rangeLeft = range.to - range.from + 1;
    return null;
  }

  /**
   * The bytes of column chunks read from the file so far (page headers and bodies, over every
   * column read; the footer and page indexes not counted).
   *
   * @return the bytes read, compressed as stored
   */
  public long bytesRead() {
    long n = 0;
    for (LeafDecoder leaf : leaves) {
      n += leaf.bytesRead();
    }
    return n;
  }

  /** Data pages read so far, over every column read (dictionary pages not counted). */
  long dataPagesRead() {
    long n = 0;
    for (LeafDecoder leaf : leaves) {
      n += leaf.dataPagesRead();
    }
    return n;
  }

  /**
   * Data pages passed over unread so far ({@link ReadOptions#pageFilter()}), over every column
   * read; final once every batch is read.
   */
  long pagesSkipped() {
    long n = pagesPassedOver;
    for (LeafDecoder leaf : leaves) {
      n += leaf.pagesSkipped();
    }
    return n;
  }

  /**
   * The chunk of leaf {@code i} in {@code block}: the chunk at the leaf's position in the file
   * schema, where the format puts it (one lookup), or, for a row group whose chunks are in another
   * order, the chunk found by its path.
   */
  private ColumnChunkMetaData chunk(BlockMetaData block, int i) {
    ColumnPath path = leafPaths.get(i);
    List<ColumnChunkMetaData> columns = block.getColumns();
    int ordinal = leafOrdinals[i];
    if (ordinal >= 0 && ordinal < columns.size()) {
      ColumnChunkMetaData c = columns.get(ordinal);
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    for (ColumnChunkMetaData c : columns) {
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    throw new IllegalStateException("the row group has no chunk of column " + path.toDotString());
  }

  /** The file and {@code column}, for an error's location. */
  private ErrorLocation where(String column) {
    return ErrorLocation.inFile(file).withColumn(column);
  }

  private long firstRowOf(int index) {
    long row = 0;
    for (int i = 0; i < index; i++) {
      row += parquet.getRowGroups().get(i).getRowCount();
    }
    return row;
  }

  /**
   * The Arrow schema mapping of {@code file}, from its footer alone (no data is read and no Arrow
   * memory is used): what {@link #open} would map, for callers that only need the schema.
   *
   * @param file a local Parquet file
   * @param options the schema mapping options
   * @return the mapping
   * @throws ParquetFileException when the file is missing, is not Parquet, is damaged, or has a
   *     schema that cannot be mapped
   */
  public static SchemaMapping mapping(Path file, MappingOptions options) {
    return ParquetSource.open(file, options.limits()).mapping(options);
  }

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }

  private static void closeQuietly(AutoCloseable r) {
    try {
      r.close();
    } catch (Exception ignored) {
      // The original failure is the one worth reporting.
    }
  }

  private void closeLeaves() {
    for (LeafDecoder leaf : built) {
      closeQuietly(leaf);
    }
    built.clear();
    closeQuietly(leafFactory);
  }

  private void closeDictionaries() {
    for (Dictionary d : dictionaries.values()) {
      d.getVector().close();
    }
    dictionaries.clear();
  }

  @Override
  public void close() {
    if (tasks != null) {
      tasks.close();
    }
    if (late != null) {
      late.close();
    }
    if (stage != null) {
      stage.close();
    }
    if (dictionaryStage != null) {
      dictionaryStage.close();
    }
    root.close();
    closeDictionaries();
    closeLeaves();
    try {
      parquet.close();
    } catch (IOException e) {
      throw ParquetFileException.invalid(file, null, -1, "cannot close: " + describe(e), e);
    }
  }
}
