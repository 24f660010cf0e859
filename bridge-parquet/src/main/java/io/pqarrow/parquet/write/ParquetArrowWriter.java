package io.pqarrow.parquet.write;

import io.pqarrow.ArrowAccess;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

/**
 * Writes Arrow record batches to a Parquet file.
 *
 * <pre>
 * try (ParquetArrowWriter writer = ParquetArrowWriter.open(path, root.getSchema(),
 *         WriteOptions.builder().compression(WriteOptions.Compression.ZSTD).build())) {
 *   writer.write(root);          // any number of batches with this schema
 * }                              // close() writes the footer
 * </pre>
 *
 * <p>The schema is mapped with {@link SchemaMapper#toParquet} (logical and converted types, field
 * ids, {@code ARROW:schema} in the key-value metadata). Values go column by column through
 * parquet-java's column writers with levels computed from the Arrow vectors, except fields whose
 * leaves are all of plain types (flat, or below lists, maps and structs), which are encoded from
 * their Arrow buffers in bulk ({@link BulkColumnWriter}); parquet-java compresses and lays out
 * pages, row groups and the footer. An existing file is replaced. Every failure is a {@link
 * ParquetFileException} naming the file; a failure while writing rows or closing deletes the file
 * and closes the writer (a batch whose schema does not match is refused before anything is written,
 * and the writer stays usable).
 *
 * <p>Why one file of about 760 lines: it holds the whole life of one output file (open on a
 * temporary name, row groups started and flushed, footer, rename, abort and clean-up on failure)
 * beside the public {@code open}/{@code write}/{@code close} surface and its Javadoc; the encoding
 * itself is elsewhere ({@link BulkColumnWriter}, {@code FieldWriter} and the write nodes), and
 * splitting the file's life across classes would spread its one failure rule (delete the file,
 * close the writer) over several.
 */
public final class ParquetArrowWriter implements AutoCloseable {
  private final Path file;
  private final SchemaMapping mapping;
  private final WriteOptions options;
  private final MessageType parquetSchema;
  private final ParquetFileWriter writer;
  private final WriterCodecs codecs;

  private final Map<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> compressors;
  private final FooterPatch footer;
  private final Map<String, String> keyValueMetadata;

  /** Where the bytes go: {@link #file}, or a temporary file beside it renamed on close. */
  private final Path target;

  private final ParquetProperties properties;
  private final List<WriteNode> nodes = new ArrayList<>();
  private final List<FieldWriter> fields = new ArrayList<>();
  private final FieldTasks tasks;
  private final List<DictionaryWriteNode> dictionaryNodes;
  private final List<Field> batchFields;

  /** Converts top-level union and run-end encoded vectors to their Parquet form; null if none. */
  private final FormVectors forms;

  private ColumnChunkPageWriteStore pageStore;

  /** The output of the last full row group, which may still be going on on a helper, or null. */
  private FieldTasks.Background output;

  /** The page store {@link #output} writes out. */
  private ColumnChunkPageWriteStore outputStore;

  /** The bloom filters of the row group being written, kept for {@link FooterPatch}. */
  private Map<String, BloomFilter> rowGroupBlooms;

  private long rowsInGroup;
  private long rowsWritten;

  private boolean closed;

  /** The most rows of one run of {@link #write}: fields meet after each run. */
  private static final int MAX_RUN = 1 << 14;

  /**
   * How many sizes parquet-java's adaptive bloom filter keeps for a column given no NDV: each half
   * the one before, from the writer's 1 MiB cap down to 32 bytes, so that a small column gets a
   * small filter.
   */
  private static final int BLOOM_CANDIDATES = 16;

  private ParquetArrowWriter(
      Path file,
      SchemaMapping mapping,
      List<Field> batchFields,
      WriteOptions options,
      boolean bulk,
      boolean earlyDecision)
      throws IOException {
    this.file = file;
    this.batchFields = batchFields;
    this.mapping = mapping;
    this.options = options;
    // Rows written column by column before the records are ended: min(1024, pageRows) rounded
    // down to a power of two, so that page limits are checked that often.
    int chunk = Integer.highestOneBit(Math.min(1024, options.pageRows()));
    this.parquetSchema = mapping.parquetSchema();
    this.forms = FormVectors.of(file, batchFields, mapping.fields());
    WritePlanBuilder builder = new WritePlanBuilder(parquetSchema, file);
    for (FieldMapping f : mapping.fields()) {
      nodes.add(builder.build(f));
    }
    this.dictionaryNodes = List.copyOf(builder.dictionaryNodes());
    List<LeafEncoder> leaves = new ArrayList<>();
    for (WriteNode node : nodes) {
      node.collectLeaves(leaves);
    }
    ColumnSettings settings = ColumnSettings.resolve(leaves, parquetSchema, options, file);
    this.footer = FooterPatch.plan(parquetSchema, leaves, options, file);
    this.keyValueMetadata = FooterPatch.keyValueMetadata(mapping, options, file);
    Map<ColumnDescriptor, DictionaryWriteNode> arrowDictionaries = new HashMap<>();
    ValuesWriters valuesWriters =
        new ValuesWriters(settings.encodings, arrowDictionaries, options.dictionary());
    for (DictionaryWriteNode node : dictionaryNodes) {
      ColumnDescriptor column = node.passThroughColumn();
      if (column != null && valuesWriters.encoding(column) == WriteOptions.Encoding.DICTIONARY) {
        node.passThrough();
        arrowDictionaries.put(column, node);
      }
    }
    for (int i = 0; i < nodes.size(); i++) {
      WriteNode node = nodes.get(i);
      FieldMapping f = mapping.fields().get(i);
      // A field whose leaves are all of plain types is written from its buffers in bulk (chosen
      // once per field).
      BulkColumnWriter[] direct =
          bulk ? FieldWriter.bulk(node, valuesWriters::encoding, earlyDecision) : null;
      fields.add(
          new FieldWriter(
              node,
              new MessageType(parquetSchema.getName(), f.parquetType()),
              chunk,
              options.pageBytes(),
              direct));
    }
    boolean statistics = options.statistics() != WriteOptions.Statistics.NONE;
    ParquetProperties.Builder props =
        ParquetProperties.builder()
            .withPageSize(options.pageBytes())
            .withDictionaryPageSize(options.dictionaryPageBytes())
            .withDictionaryEncoding(options.dictionary())
            .withValuesWriterFactory(valuesWriters)
            .withPageRowCountLimit(options.pageRows())
            .withPageWriteChecksumEnabled(options.pageChecksums())
            .withStatisticsEnabled(statistics)
            .withSizeStatisticsEnabled(statistics)
            .withStatisticsTruncateLength(options.statisticsTruncateLength())
            .withColumnIndexTruncateLength(columnIndexTruncateLength(options))
            .withWriterVersion(
                options.pageVersion() == WriteOptions.PageVersion.V2
                    ? ParquetProperties.WriterVersion.PARQUET_2_0
                    : ParquetProperties.WriterVersion.PARQUET_1_0);
    for (Map.Entry<String, WriteOptions.BloomFilter> e : settings.bloomFilters.entrySet()) {
      WriteOptions.BloomFilter filter = e.getValue();
      props.withBloomFilterEnabled(e.getKey(), true).withBloomFilterFPP(e.getKey(), filter.fpp());
      if (filter.ndv() > 0) {
        props.withBloomFilterNDV(e.getKey(), filter.ndv());
      } else {
        // Sized from the values written: the bulk writer counts the distinct hashes of each row
        // group; parquet-java's column writers pick the smallest of their candidate sizes that
        // holds the distinct values seen.
        props.withAdaptiveBloomFilterEnabled(true);
        props.withBloomFilterCandidatesNumber(e.getKey(), BLOOM_CANDIDATES);
      }
    }
    this.properties = props.build();
    this.codecs = new WriterCodecs(options, file);
    Map<WriteOptions.Compression, CompressionCodecFactory.BytesInputCompressor> byCodec =
        new EnumMap<>(WriteOptions.Compression.class);
    Map<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> byColumn = new HashMap<>();
    for (ColumnDescriptor column : parquetSchema.getColumns()) {
      WriteOptions.Compression codec = settings.codecs.getOrDefault(column, options.compression());
      byColumn.put(column, byCodec.computeIfAbsent(codec, codecs::compressor));
    }
    this.target = options.atomic() ? temporaryFile(file) : file;
    ParquetFileWriter opened = null;
    FieldTasks started = null;
    try {
      started = new FieldTasks(fields.size(), options.threads(), options.executor().orElse(null));
      this.tasks = started;
      this.compressors = codecs.bySlot(byColumn, started);
      opened =
          new ParquetFileWriter(
              new FileOutput(target),
              parquetSchema,
              ParquetFileWriter.Mode.OVERWRITE,
              options.rowGroupBytes(),
              0,
              columnIndexTruncateLength(options),
              options.statisticsTruncateLength(),
              options.pageChecksums());
      this.writer = opened;
      writer.start();
      startRowGroup();
    } catch (IOException | RuntimeException e) {
      // Nothing may stay behind a writer that never opened: its stream, codecs, the file.
      if (opened != null) {
        try {
          opened.close();
        } catch (IOException | RuntimeException ignored) {
          // the failure to open is the one reported
        }
      }
      if (started != null) {
        started.close();
      }
      codecs.release();
      try {
        Files.deleteIfExists(target);
      } catch (IOException ignored) {
        // as above
      }
      throw e;
    }
  }

  private static int columnIndexTruncateLength(WriteOptions options) {
    return Math.min(
        ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH, options.statisticsTruncateLength());
  }

  /** A new name beside {@code file}, hidden, that no other writer uses. */
  private static Path temporaryFile(Path file) {
    Path name = file.getFileName();
    return file.resolveSibling(
        "."
            + name
            + "."
            + Long.toHexString(System.nanoTime() ^ ProcessHandle.current().pid())
            + ".tmp");
  }

  /**
   * Creates (or replaces) {@code file} for batches of {@code schema}.
   *
   * @param file the file written
   * @param schema the schema of every batch
   * @param options how the file is written
   * @return the open writer; {@code close()} finishes the file
   * @throws ParquetFileException when the schema cannot be mapped or the file cannot be created
   */
  public static ParquetArrowWriter open(Path file, Schema schema, WriteOptions options) {
    return open(file, schema, options, null);
  }

  /**
   * Creates (or replaces) {@code file} for batches of {@code schema}, whose dictionary-encoded
   * fields (in Arrow Java's memory form: the index type, with the encoding) take their values from
   * the dictionaries of {@code dictionaries}. A dictionary-encoded leaf whose column is
   * dictionary-encoded (the default) is written with the Arrow dictionary, its repeats folded, as
   * the page dictionary and the indices as RLE_DICTIONARY data; a replaced dictionary starts a new
   * row group, a grown one (an IPC delta) does not. Otherwise the values are written. The file's
   * {@code ARROW:schema} keeps the dictionary encoding, as pyarrow writes it; {@link
   * ParquetArrowReader} reads such a field back as a dictionary (see its options).
   *
   * @param dictionaries the dictionaries of the batches' dictionary-encoded fields, used here for
   *     their value types; pass the batch's provider again to {@link #write(VectorSchemaRoot,
   *     DictionaryProvider)}. May be {@code null} when no field is dictionary-encoded.
   * @param file the file written
   * @param schema the schema of every batch, dictionary-encoded fields included
   * @param options how the file is written
   * @return the open writer; {@code close()} finishes the file
   * @throws ParquetFileException when the schema cannot be mapped, a dictionary is missing or the
   *     file cannot be created
   */
  public static ParquetArrowWriter open(
      Path file, Schema schema, WriteOptions options, DictionaryProvider dictionaries) {
    return open(file, schema, options, dictionaries, true);
  }

  /**
   * {@link #open(Path, Schema, WriteOptions, DictionaryProvider)} with the bulk path on or off (see
   * {@link #open(Path, Schema, WriteOptions, boolean)}).
   */
  static ParquetArrowWriter open(
      Path file,
      Schema schema,
      WriteOptions options,
      DictionaryProvider dictionaries,
      boolean bulk) {
    return open(file, schema, options, dictionaries, bulk, true);
  }

  /**
   * {@link #open(Path, Schema, WriteOptions, DictionaryProvider, boolean)} with the bulk writer's
   * early dictionary decision ({@link BulkDictionary}) on or off (for tests that compare the two).
   */
  static ParquetArrowWriter open(
      Path file,
      Schema schema,
      WriteOptions options,
      DictionaryProvider dictionaries,
      boolean bulk,
      boolean earlyDecision) {
    ArrowAccess.check(); // before the file is created: a missing JVM flag is not the file's fault
    List<Field> messageFields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      if (!DictionaryUtility.needConvertToMessageFormat(f)) {
        messageFields.add(f);
      } else if (dictionaries == null) {
        throw ParquetFileException.unsupported(
            file,
            f.getName(),
            "dictionary-encoded Arrow field without dictionaries (open the writer with the"
                + " batches' DictionaryProvider)");
      } else {
        try {
          messageFields.add(
              DictionaryUtility.toMessageFormat(f, dictionaries, new java.util.HashSet<>()));
        } catch (IllegalArgumentException e) {
          throw ParquetFileException.write(file, f.getName(), -1, e.getMessage(), e);
        }
      }
    }
    SchemaMapping mapping;
    try {
      mapping =
          SchemaMapper.toParquet(
              new Schema(messageFields, schema.getCustomMetadata()), options.mapping());
    } catch (BridgeException e) {
      throw ParquetFileException.write(file, null, -1, e.getMessage(), e);
    }
    return open(file, mapping, schema.getFields(), options, bulk, earlyDecision);
  }

  static ParquetArrowWriter open(Path file, SchemaMapping mapping, WriteOptions options) {
    return open(file, mapping, options, true);
  }

  /** {@link #open(Path, SchemaMapping, WriteOptions)} with the bulk path on or off. */
  static ParquetArrowWriter open(
      Path file, SchemaMapping mapping, WriteOptions options, boolean bulk) {
    return open(file, mapping, mapping.arrowSchema().getFields(), options, bulk, true);
  }

  /**
   * {@link #open(Path, Schema, WriteOptions)} with the bulk path of flat columns ({@link
   * BulkColumnWriter}) on or off: off, every value goes through parquet-java's column writers (for
   * tests that compare the two).
   */
  static ParquetArrowWriter open(Path file, Schema schema, WriteOptions options, boolean bulk) {
    return open(file, schema, options, null, bulk);
  }

  private static ParquetArrowWriter open(
      Path file,
      SchemaMapping mapping,
      List<Field> batchFields,
      WriteOptions options,
      boolean bulk,
      boolean earlyDecision) {
    try {
      return new ParquetArrowWriter(file, mapping, batchFields, options, bulk, earlyDecision);
    } catch (ParquetFileException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw ParquetFileException.write(file, null, -1, describe(e), e);
    }
  }

  /** {@return the schema mapping the file is written with} */
  public SchemaMapping mapping() {
    return mapping;
  }

  /** How many top-level fields are written in bulk ({@link BulkColumnWriter}). */
  int bulkFields() {
    return (int) fields.stream().filter(f -> f.bulk != null).count();
  }

  /**
   * How many first pages of its column chunks paused their dictionary ({@link BulkDictionary}), and
   * how many of those were rebuilt (for tests).
   */
  long[] dictionaryPauses() {
    long[] sum = new long[2];
    for (FieldWriter f : fields) {
      for (BulkColumnWriter b : f.bulk == null ? new BulkColumnWriter[0] : f.bulk) {
        b.dictionaryPauses(sum);
      }
    }
    return sum;
  }

  /** {@return rows written so far (after a failed write, the rows before the failing one)} */
  public long rowsWritten() {
    return rowsWritten;
  }

  /**
   * Writes every row of {@code batch}, whose schema must be the one the writer was opened with.
   *
   * @param batch the rows; the caller keeps ownership of it
   * @throws ParquetFileException when the batch does not match the schema, holds a null where the
   *     schema forbids one, or the file cannot be written
   */
  public void write(VectorSchemaRoot batch) {
    write(batch, null);
  }

  /**
   * Writes every row of {@code batch}, whose schema must be the one the writer was opened with,
   * looking the values of dictionary-encoded fields up in {@code dictionaries}.
   *
   * @param dictionaries the batch's dictionaries; may be {@code null} when no field is
   *     dictionary-encoded
   * @param batch the rows; the caller keeps ownership of it
   * @throws ParquetFileException when the batch does not match the schema, holds a null where the
   *     schema forbids one, lacks a dictionary or holds an index outside it, or the file cannot be
   *     written; except for a schema mismatch, the file is then deleted and the writer closed
   */
  public void write(VectorSchemaRoot batch, DictionaryProvider dictionaries) {
    if (closed) {
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT, ErrorLocation.inFile(file), "the writer is closed", null);
    }
    if (!batch.getSchema().getFields().equals(batchFields)) {
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.inFile(file).withRow(rowsWritten),
          "batch schema " + batch.getSchema() + " is not the file's " + new Schema(batchFields),
          null);
    }
    int rows = batch.getRowCount();
    List<FieldVector> vectors =
        forms == null
            ? batch.getFieldVectors()
            : forms.convert(batch.getFieldVectors(), rows, rowsWritten);
    int row = 0;
    // On a failure, rowsWritten is advanced to the failing row, so that the message names it.
    int failing = 0;
    try {
      if (output != null && output.failureSoFar() != null) {
        finishOutput(); // an earlier row group could not be written to the file
      }
      boolean replaced = false;
      for (DictionaryWriteNode node : dictionaryNodes) {
        node.useDictionaries(dictionaries);
        replaced |= !node.extendsChunk();
      }
      if (replaced && rowsInGroup > 0) {
        // A column chunk has one dictionary page: a replaced dictionary starts a row group.
        flushRowGroup(false);
        startRowGroup();
      }
      for (DictionaryWriteNode node : dictionaryNodes) {
        node.adoptDictionary();
      }
      for (int i = 0; i < nodes.size(); i++) {
        nodes.get(i).bind(vectors.get(i));
      }
      // Field by field over runs of rows (each field column by column over chunks of rows, see
      // FieldWriter), the runs ending where a row group may end: at 1024-row marks of the group,
      // as many as the group's bytes allow (see runRows). The fields of a run are written on
      // options.threads() threads; the first failure in row, then field, order is reported.
      while (row < rows) {
        int from = row;
        int end = row + (int) Math.min(runRows(), rows - row);
        long groupRow = rowsInGroup;
        List<FieldWriter> order = handOut();
        tasks.run(i -> order.get(i).write(from, end, groupRow));
        failing = end;
        FieldWriter failed = null;
        for (FieldWriter f : fields) {
          if (f.failure != null && f.failing < failing) {
            failing = f.failing;
            failed = f;
          }
        }
        if (failed != null) {
          throw failed.failure;
        }
        rowsInGroup += end - row;
        rowsWritten += end - row;
        row = end;
        if (rowsInGroup >= options.rowGroupRows()
            || ((rowsInGroup & 1023) == 0 && bufferedSize() >= options.rowGroupBytes())) {
          flushRowGroup(false);
          startRowGroup();
        }
      }
    } catch (InvalidValueException e) {
      abandon();
      rowsWritten += Math.max(0, failing - row);
      throw ParquetFileException.write(file, e.column, rowsWritten, e.getMessage(), e);
    } catch (Throwable e) {
      abandon();
      rowsWritten += Math.max(0, failing - row);
      if (e instanceof Error error && !(e instanceof OutOfMemoryError)) {
        throw error;
      }
      throw ParquetFileException.write(file, null, rowsWritten, describe(e), e);
    }
  }

  /**
   * The rows of the next run, from the row group's position: up to its next 1024-row mark, then
   * further 1024-row steps (up to {@link #MAX_RUN}) while the group's bytes, at the rate of its
   * rows so far, stay under {@link WriteOptions#rowGroupBytes()}; never past the group's row limit.
   * A run ends where the buffered size is checked against the limit, so a group whose rows suddenly
   * grow may pass it by one run's bytes.
   */
  private long runRows() {
    long toMark = 1024 - (rowsInGroup & 1023);
    long n = toMark;
    if (rowsInGroup > 0) {
      long buffered = bufferedSize();
      long perRow = Math.max(1, buffered / rowsInGroup);
      long fit = Math.max(0, options.rowGroupBytes() - buffered) / perRow;
      n = Math.max(toMark, Math.min(MAX_RUN, toMark + (fit - toMark) / 1024 * 1024));
    }
    return Math.min(n, options.rowGroupRows() - rowsInGroup);
  }

  /**
   * The fields in the order threads take them: with helpers, the slowest of the last run first, so
   * that no thread is left with a long field at the end (which thread writes a field does not
   * change its bytes); else in schema order.
   */
  private List<FieldWriter> handOut() {
    if (tasks.slots() == 1) {
      return fields;
    }
    List<FieldWriter> order = new ArrayList<>(fields);
    order.sort((a, b) -> Long.compare(b.nanos, a.nanos));
    return order;
  }

  /** The bytes buffered in this row group's column writers. */
  private long bufferedSize() {
    long total = 0;
    for (FieldWriter f : fields) {
      total += f.bufferedSize();
    }
    return total;
  }

  private void startRowGroup() {
    pageStore =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(compressors::get)
            .withSchema(parquetSchema)
            .withAllocator(new HeapByteBufferAllocator())
            .withColumnIndexTruncateLength(columnIndexTruncateLength(options))
            .withPageWriteChecksumEnabled(options.pageChecksums())
            .build();
    Map<String, BloomFilter> blooms = new HashMap<>();
    ColumnChunkPageWriteStore pages = pageStore;
    BloomFilterWriteStore bloomStore =
        column ->
            filter -> {
              synchronized (blooms) { // fields are flushed on several threads
                blooms.put(ColumnSettings.columnPath(column), filter);
              }
              pages.getBloomFilterWriter(column).writeBloomFilter(filter);
            };
    rowGroupBlooms = blooms;
    for (FieldWriter f : fields) {
      f.startRowGroup(properties, pageStore, bloomStore);
    }
    rowsInGroup = 0;
  }

  /**
   * Ends the row group: its fields write their last pages to the page store, and the store goes to
   * the file after the row groups before it. Unless {@code last}, that output is left to a helper
   * ({@link FieldTasks#background}) while the next row group is encoded, so encoding waits for no
   * file write; at most one row group waits for its output (this one's is finished before the next
   * one's starts), so the heap holds at most two row groups' encoded bytes.
   */
  private void flushRowGroup(boolean last) throws Throwable {
    ColumnChunkPageWriteStore store = pageStore;
    if (rowsInGroup > 0) {
      tasks.run(i -> fields.get(i).flush());
      for (FieldWriter f : fields) {
        if (f.failure != null) {
          throw f.failure;
        }
      }
    }
    for (FieldWriter f : fields) {
      f.close();
    }
    finishOutput();
    if (rowsInGroup == 0) {
      store.close();
      return;
    }
    long rows = rowsInGroup;
    Map<String, BloomFilter> blooms = rowGroupBlooms;
    FieldTasks.Background.Work work =
        () -> {
          try {
            writer.startBlock(rows);
            store.flushToFileWriter(writer);
            writer.endBlock();
            footer.rowGroupBloomFilters(blooms);
          } finally {
            store.close();
          }
        };
    if (last) {
      work.run();
    } else {
      outputStore = store;
      output = tasks.background(work);
    }
  }

  /**
   * Waits for the output of the last row group (see {@link #flushRowGroup}); throws its failure.
   */
  private void finishOutput() throws Throwable {
    if (output != null) {
      Throwable failed = output.finish();
      output = null;
      outputStore = null;
      if (failed != null) {
        throw failed;
      }
    }
  }

  /**
   * Stops the output of the last row group: takes it away if it has not started (and releases its
   * pages), else waits for it, so that nothing writes to the file once it is abandoned.
   */
  private void stopOutput() {
    if (output != null) {
      if (output.cancel()) {
        outputStore.close();
      } else {
        output.finish();
      }
      output = null;
      outputStore = null;
    }
  }

  /**
   * Gives the file up instead of completing it, for a caller that failed between writes: the output
   * is closed and deleted (with {@link WriteOptions#atomic()}, the temporary file; a file that was
   * at the path before stays as it was). Does nothing once the writer is closed.
   */
  public void abort() {
    if (!closed) {
      abandon();
    }
  }

  /**
   * Writes the last row group and the footer, and closes the file.
   *
   * @throws ParquetFileException when the file cannot be completed
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushRowGroup(true);
      // Every page is written and no task of this writer runs: the arrays go to the next writer.
      for (FieldWriter f : fields) {
        f.release();
      }
      writer.end(keyValueMetadata);
      footer.apply(target);
      if (target != file) {
        Files.move(
            target, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (Throwable e) {
      abandon();
      if (e instanceof Error error && !(e instanceof OutOfMemoryError)) {
        throw error;
      }
      throw ParquetFileException.write(file, null, -1, describe(e), e);
    } finally {
      tasks.close();
      codecs.release();
      if (forms != null) {
        forms.close();
      }
    }
  }

  /**
   * Gives the file up after a failure: part of a row may already be in the column writers, so no
   * valid file can follow. The output is closed and the file deleted (as pyarrow leaves no partial
   * file behind; with {@link WriteOptions#atomic()}, the temporary file, and a file that was at the
   * path before stays as it was); the writer is closed.
   */
  private void abandon() {
    closed = true;
    stopOutput();
    tasks.close();
    for (FieldWriter f : fields) {
      try {
        f.close();
      } catch (RuntimeException ignored) {
        // Already failing; the first failure is the one reported.
      }
    }
    try {
      pageStore.close();
    } catch (RuntimeException ignored) {
      // As above.
    }
    try {
      writer.close();
    } catch (IOException | RuntimeException ignored) {
      // As above.
    }
    try {
      Files.deleteIfExists(target);
    } catch (IOException | RuntimeException ignored) {
      // The caller learns of the failure from the exception; a leftover file is all that remains.
    }
    codecs.release();
    if (forms != null) {
      forms.close();
    }
  }

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }
}
