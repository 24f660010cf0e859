package io.pqarrow.scan;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * A Parquet scan as Arrow's {@link ArrowReader}, for consumers that take one: {@code
 * ArrowStreamWriter}-style writers, Flight's {@code OutboundStreamListener} loops, and the C Data
 * interface ({@link #exportTo}, an {@code ArrowArrayStream} for C++, Python or Rust).
 *
 * <pre>
 * ParquetSource source = ParquetSource.open(path, Limits.defaults());
 * for (ScanUnit unit : SplitPlanner.plan(source, 128 &lt;&lt; 20)) {
 *   try (ParquetScan scan = unit.open(allocator, ReadOptions.defaults())) {
 *     VectorSchemaRoot root = scan.getVectorSchemaRoot();
 *     while (scan.loadNextBatch()) { ... }
 *   }
 * }
 * </pre>
 *
 * <p>Each batch moves from the {@link ParquetArrowReader} into this reader's root without a copy
 * (the Parquet reader decodes the next batch into fresh buffers), so a batch's buffers stay valid
 * for whoever retains them — an exported C array, say — after the next {@link #loadNextBatch}.
 * Dictionary-encoded columns hold indices, and the batch's dictionaries ({@link #lookup}) are
 * copied in with it: the Parquet reader keeps decoding into its own. {@link #getDictionaryVectors}
 * is keyed by the ids the schema's fields carry. {@link #bytesRead()} counts the bytes of column
 * chunks read from the file (page headers and bodies; not the footer or page indexes). Errors are
 * the Parquet reader's {@link ParquetFileException}s.
 */
public final class ParquetScan extends ArrowReader {
  private final ParquetArrowReader reader;
  private final boolean empty;

  private ParquetScan(ParquetArrowReader reader, BufferAllocator allocator, boolean empty) {
    super(allocator);
    this.reader = reader;
    this.empty = empty;
  }

  /**
   * The Arrow reader over {@code reader}, which it owns from now on (closing it closes {@code
   * reader}); {@code reader} must not have loaded a batch yet, and {@code allocator} should be the
   * one {@code reader} allocates from.
   *
   * @param reader a Parquet reader that has loaded no batch yet
   * @param allocator the allocator of {@code reader}, which the C Data export allocates from
   * @return the scan over {@code reader}'s rows
   */
  public static ParquetScan of(ParquetArrowReader reader, BufferAllocator allocator) {
    return new ParquetScan(reader, allocator, false);
  }

  /**
   * Opens the rows of {@code unit} as an Arrow reader.
   *
   * @param unit the file and row groups to read
   * @param allocator the allocator every batch's buffers come from
   * @param options batch size, projection, dictionaries, threads; its row groups are replaced by
   *     the unit's
   * @return the reader of the unit's rows, to be closed by the caller
   * @throws ParquetFileException as {@link ParquetArrowReader#open} does
   */
  public static ParquetScan open(ScanUnit unit, BufferAllocator allocator, ReadOptions options) {
    // An empty list of row groups would read them all: an empty unit opens one row group for the
    // schema and loads nothing.
    boolean empty = unit.isEmpty() && unit.source().rowGroupCount() > 0;
    List<Integer> rowGroups = empty ? List.of(0) : unit.rowGroups();
    ParquetArrowReader reader =
        unit.source().newReader(allocator, options.toBuilder().rowGroups(rowGroups).build());
    return new ParquetScan(reader, allocator, empty);
  }

  /**
   * The Parquet reader underneath (its schema mapping, metadata, row count).
   *
   * @return the reader this scan owns; closed with the scan
   */
  public ParquetArrowReader parquetReader() {
    return reader;
  }

  /**
   * Hands this reader to {@code stream} as a C Data {@code ArrowArrayStream} ({@link
   * Data#exportArrayStream}); the stream owns it from now on and closes it when released.
   *
   * @param stream an allocated, empty C Data stream struct to fill
   */
  public void exportTo(ArrowArrayStream stream) {
    Data.exportArrayStream(allocator, this, stream);
  }

  @Override
  protected Schema readSchema() {
    Schema schema = reader.schema();
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(DictionaryUtility.toMessageFormat(f, reader, new HashSet<>()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  @Override
  public boolean loadNextBatch() throws java.io.IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    if (empty || !reader.loadNextBatch()) {
      root.setRowCount(0);
      return false;
    }
    VectorSchemaRoot batch = reader.getVectorSchemaRoot();
    List<FieldVector> from = batch.getFieldVectors();
    List<FieldVector> to = root.getFieldVectors();
    for (int i = 0; i < from.size(); i++) {
      FieldVector source = from.get(i);
      source.makeTransferPair(to.get(i)).transfer();
      source.allocateNew();
    }
    root.setRowCount(batch.getRowCount());
    for (Map.Entry<Long, Dictionary> d : reader.getDictionaryVectors().entrySet()) {
      loadDictionary(new ArrowDictionaryBatch(d.getKey(), copyOf(d.getValue().getVector())));
    }
    return true;
  }

  /** The buffers of {@code vector} copied into new ones, as one record batch. */
  private ArrowRecordBatch copyOf(FieldVector vector) {
    try (ArrowRecordBatch shared =
        new VectorUnloader(new VectorSchemaRoot(List.of(vector))).getRecordBatch()) {
      List<ArrowBuf> copies = new ArrayList<>();
      try {
        for (ArrowBuf b : shared.getBuffers()) {
          long size = b.readableBytes();
          ArrowBuf copy = allocator.buffer(size);
          copy.setBytes(0, b, b.readerIndex(), size);
          copy.writerIndex(size);
          copies.add(copy);
        }
        return new ArrowRecordBatch(shared.getLength(), shared.getNodes(), copies);
      } finally {
        for (ArrowBuf copy : copies) {
          copy.close();
        }
      }
    }
  }

  @Override
  public long bytesRead() {
    return reader.bytesRead();
  }

  @Override
  protected void closeReadSource() {
    reader.close();
  }
}
