package io.pqarrow.parquet.read;

import io.pqarrow.ArrowAccess;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.filter.FilterException;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.ChunkLeafDecoder;
import io.pqarrow.parquet.read.leaf.ChunkLeaves;
import io.pqarrow.parquet.read.leaf.DictionaryLeaf;
import io.pqarrow.parquet.read.leaf.LeafColumn;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.parquet.read.leaf.LeafFactory;
import io.pqarrow.parquet.read.node.AssemblerBuilder;
import io.pqarrow.parquet.read.node.NodeAssembler;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 *
 * <p>Why one file of about 720 lines: it is the public reader, and most of it is public surface
 * that must stay on this class (the {@code open} overloads, {@code loadNextBatch}, the stats and
 * dictionary accessors, {@code close}) with their Javadoc; the work itself is already elsewhere
 * (the mapping in {@link ParquetSource}, batches in {@code BatchDecoder}, filters in {@link
 * FilterStage}, leaves in {@link ChunkLeafDecoder}).
 */
public final class ParquetArrowReader implements AutoCloseable, DictionaryProvider {
  /** Maps a file's schema; the default is {@link SchemaMapper#toArrow}. */
  interface Mapper {
    SchemaMapping map(MessageType schema, Map<String, String> keyValueMetadata);
  }

  private final String file;
  private final BufferAllocator allocator;
  private final OnDemandFileReader parquet;
  private final Map<String, String> keyValueMetadata;

  /** The mapping the read was opened with: of the projected fields only, or of the whole file. */
  private final SchemaMapping mapping;

  /** Where {@link #mapping()} maps the whole file when {@link #mapping} is not; else null. */
  private final ParquetSource whole;

  private final MappingOptions mappingOptions;
  private final VectorSchemaRoot root;
  private final List<NodeAssembler> nodes = new ArrayList<>();
  private final List<LeafDecoder> leaves = new ArrayList<>();

  /** Every decoder built, closed with the reader (or when it fails to open). */
  private final List<LeafDecoder> built = new ArrayList<>();

  private final LeafFactory leafFactory;

  /** Reads each run of a batch on every leaf, on one thread or several. */
  private ColumnTasks tasks;

  /** The dictionaries of the dictionary-encoded columns, by id; the reader owns their vectors. */
  private final Map<Long, Dictionary> dictionaries = new HashMap<>();

  /** The row groups read, and where the reader is in them. */
  private final RowGroupWalk walk;

  /** Decodes the batches; null until the reader is open. */
  private BatchDecoder batches;

  /** Filters, offsets, limits and numbers the rows; null when the options ask for none of that. */
  private FilterStage stage;

  /**
   * Gives dictionary columns the index types and nesting {@code ARROW:schema} records; null when
   * the decoded batch already has them.
   */
  private DictionaryStage dictionaryStage;

  /** Gives top-level union and run-end encoded fields their type back; null when there are none. */
  private FormStage formStage;

  /** Late materialization's plan; null when the read does not use it. */
  private LateColumns late;

  private long rowsWritten;

  private ParquetArrowReader(
      String file,
      ParquetSource source,
      SchemaMapping mapping,
      List<FieldMapping> selected,
      DictionaryFields dictionaryFields,
      BufferAllocator allocator,
      ReadOptions options,
      LeafFactory leafFactory,
      FilterEvaluator filter) {
    List<FieldMapping> projected = dictionaryFields.fields();
    this.file = file;
    this.allocator = allocator;
    this.mapping = mapping;
    // a mapping has one field per top-level field of the schema it maps
    this.whole = mapping.fields().size() < source.schema().getFieldCount() ? source : null;
    this.mappingOptions = options.mapping();
    this.keyValueMetadata = source.keyValueMetadata();
    this.leafFactory = leafFactory;
    List<Field> fields = new ArrayList<>();
    for (FieldMapping f : projected) {
      fields.add(f.arrowField());
    }
    this.root =
        VectorSchemaRoot.create(
            new Schema(fields, mapping.arrowSchema().getCustomMetadata()), allocator);
    OnDemandFileReader opened = null;
    try {
      MessageType schema = source.schema();
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
      formStage = FormStage.of(file, decoded, selected, allocator);
      if (formStage != null) {
        decoded = formStage.root();
      }
      // the footer's chunks of the leaves and filter columns only, converted for this reader
      // parquet-java's reader is opened only if pruning or a page index needs it
      opened =
          new OnDemandFileReader(
              source, source.rowGroups(FooterColumns.of(leaves, options, mapping)));
      this.parquet = opened;
      this.walk = new RowGroupWalk(file, opened, schema, mapping, options, leaves);
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
            && dictionaryStage == null
            && formStage == null) {
          this.late =
              LateColumns.plan(
                  filter, nodes, root, leaves, options.threads(), options.executor().orElse(null));
          if (late != null) {
            stage.lateColumns(late.lateNames);
            walk.late(late);
          }
        }
      }
      if (late == null) {
        this.tasks = new ColumnTasks(leaves, options.threads(), options.executor().orElse(null));
      }
      // read-ahead is chosen by the page leaves of the whole read (with late materialization its
      // two phases read subsets of them, one after the other)
      leafFactory.leavesBuilt(ColumnTasks.pageLeaves(leaves), options.threads());
      this.batches =
          new BatchDecoder(
              file, allocator, root, nodes, leaves, walk, tasks, late, stage, options.batchRows());
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
      if (formStage != null) {
        formStage.close();
      }
      if (dictionaryStage != null) {
        dictionaryStage.close();
      }
      closeDictionaries();
      root.close();
      if (opened != null) {
        closeQuietly(opened);
      }
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
    for (Field f : Projection.arrowFields(root.getSchema().getFields(), options.columns())) {
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
        options.executor().orElse(null),
        options.readAheadPages());
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
    try {
      MessageType schema = source.schema();
      SchemaMapping mapping;
      if (mapper == null) {
        // a projection without a filter maps the fields it reads only (a filter may name others)
        mapping =
            options.filter().isPresent()
                ? source.mapping(options.mapping())
                : source.mapping(options.mapping(), options.columns());
      } else {
        try {
          mapping = mapper.map(schema, source.keyValueMetadata());
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
      List<FieldMapping> selected =
          VariantValues.supplement(
              Projection.apply(mapping.fields(), options.columns(), filterColumns, file));
      DictionaryFields projected =
          DictionaryFields.of(
              FormStage.decodeFields(selected, file),
              options.readDictionary(),
              options.storedDictionaries(),
              options.storedDictionaryTypes(),
              leaves instanceof ChunkLeaves,
              file);
      return new ParquetArrowReader(
          file, source, mapping, selected, projected, allocator, options, leaves, filter);
    } catch (ParquetFileException | FilterException e) {
      closeQuietly(leaves);
      throw e;
    } catch (RuntimeException e) {
      closeQuietly(leaves);
      throw ParquetFileException.invalid(file, null, -1, describe(e), e);
    }
  }

  /** {@return the Arrow schema of the batches (after projection)} */
  public Schema schema() {
    return getVectorSchemaRoot().getSchema();
  }

  /**
   * {@return the complete schema mapping of the file (before projection)} A read of some columns
   * maps only their fields when it opens ({@link ParquetSource#mapping(MappingOptions, List)}), so
   * the first call may map the whole schema.
   */
  public SchemaMapping mapping() {
    return whole == null ? mapping : whole.mapping(mappingOptions);
  }

  /** {@return the file's key-value metadata} */
  public Map<String, String> keyValueMetadata() {
    return keyValueMetadata;
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
        walk.rowGroupsInScope(),
        walk.rowGroupsSelected(),
        pages,
        pagesSkipped(),
        batches.rowsRead(),
        rowsWritten,
        late != null ? batches.rowsMaterialized() : batches.rowsRead());
  }

  /** {@return the number of rows in the selected row groups (after pruning by the filter)} */
  public long rowCount() {
    return walk.totalRows();
  }

  /**
   * {@return the root every batch is loaded into; its contents change with each {@link
   * #loadNextBatch}}
   */
  public VectorSchemaRoot getVectorSchemaRoot() {
    if (stage != null) {
      return stage.root();
    }
    if (formStage != null) {
      return formStage.root();
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
        throw batches.outOfMemory(null, e);
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(null),
            "cannot filter the batch from row " + batches.rows().first() + ": " + describe(e),
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
          return batches.rows().fileRow(i);
        }

        @Override
        public void handedOn() {
          batches.handedOn();
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

        @Override
        public long[] lateKeep() {
          return late.lateKeep;
        }

        @Override
        public int lateRows() {
          return late.selection.selected();
        }
      };

  /** Decodes the next batch and gives it the caller's dictionary encodings. */
  private boolean readStaged() {
    boolean more = batches.read();
    if (dictionaryStage != null) {
      dictionaryStage.apply();
      if (dictionaryStage.shares()) {
        batches.handedOn();
      }
    }
    if (formStage != null) {
      formStage.apply();
    }
    return more;
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
    long n = walk.pagesPassedOver();
    for (LeafDecoder leaf : leaves) {
      n += leaf.pagesSkipped();
    }
    return n;
  }

  /** The file and {@code column}, for an error's location. */
  private ErrorLocation where(String column) {
    return ErrorLocation.inFile(file).withColumn(column);
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
    if (formStage != null) {
      formStage.close();
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
