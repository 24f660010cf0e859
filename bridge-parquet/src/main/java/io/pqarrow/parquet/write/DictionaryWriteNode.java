package io.pqarrow.parquet.write;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.io.api.Binary;

/**
 * A dictionary-encoded field: the batch holds indices, the caller's {@link DictionaryProvider} the
 * values. Each row is written by looking its index up in the dictionary vector, which the node
 * below writes as if it were the field's own vector; nothing is decoded into a new vector.
 *
 * <pre>
 * indices [1, null, 0]  dictionary ["red", "grün"]  →  "grün", null, "red"
 * </pre>
 *
 * <p>When the field is a leaf whose column is dictionary-encoded ({@link #passThrough}), the Arrow
 * dictionary is the Parquet one: the column's values writer ({@link #newValuesWriter}) keeps the
 * indices, RLE/bit-packed per data page, and writes the dictionary, PLAIN-encoded by the leaf's own
 * encoder, as the chunk's dictionary page. The values still go through the column writer, for the
 * statistics and bloom filters, but are not hashed. A column chunk has one dictionary: a batch
 * whose dictionary extends the chunk's (an IPC delta) keeps it, one that replaces it ({@link
 * #extendsChunk} false) makes the writer start a new row group. On the per-value engine the
 * dictionary is encoded again for every batch (a caller may refill the same vector); a field
 * written in bulk ({@link #readInBulk}) reads it from its buffers and compares it with the last
 * batch's, so that only a grown or replaced dictionary is folded ({@link DictionaryEntries}).
 */
final class DictionaryWriteNode extends WriteNode {
  private final long id;
  private final WriteNode values;
  private DictionaryProvider provider;
  private FieldVector vector;
  private BaseIntVector indices;
  private long size;

  /** The leaf below, when the Arrow dictionary can be the page dictionary; else null. */
  private final LeafEncoder leaf;

  private boolean passThrough;

  /** The PLAIN dictionary of this column chunk, and that of the batch about to be written. */
  private Encoded chunk;

  private Encoded next;

  /** The index of the value being written, taken by the values writer. */
  private int pending;

  /**
   * The dictionaries in Parquet form when the field is written in bulk ({@link
   * BulkColumnWriter#create(DictionaryWriteNode, WriteOptions.Encoding)}), else null: then each
   * dictionary is read from its buffers and folded once per column chunk ({@link
   * DictionaryEntries}), not encoded value by value per batch.
   */
  private DictionaryEntries entries;

  /**
   * The PLAIN encoding of a dictionary page of {@code count} values, and the page index of each
   * Arrow index.
   */
  record Encoded(byte[] plain, int count, int[] remap) {
    boolean extendedBy(Encoded later) {
      return later.count >= count
          && later.plain.length >= plain.length
          && Arrays.equals(plain, 0, plain.length, later.plain, 0, plain.length);
    }
  }

  DictionaryWriteNode(String path, int nullDef, long id, WriteNode values) {
    super(path, nullDef);
    this.id = id;
    this.values = values;
    this.leaf =
        values instanceof LeafEncoder l
                && l.column.getPrimitiveType().getPrimitiveTypeName()
                    != org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN
            ? l
            : null;
  }

  /** The leaf's column, when the Arrow dictionary can be the page dictionary; else null. */
  org.apache.parquet.column.ColumnDescriptor passThroughColumn() {
    return leaf == null ? null : leaf.column;
  }

  /** Makes the Arrow dictionary the page dictionary (the column is dictionary-encoded). */
  void passThrough() {
    this.passThrough = leaf != null;
  }

  /** Whether the Arrow dictionary is the page dictionary (see {@link #passThrough()}). */
  boolean passesThrough() {
    return passThrough;
  }

  /** The node the dictionary's values are written by (bound to the dictionary vector). */
  WriteNode valuesNode() {
    return values;
  }

  /** How many entries this batch's dictionary has. */
  long dictionarySize() {
    return size;
  }

  /** The leaf below when it is one (its values are the dictionary's), else null. */
  LeafEncoder leafBelow() {
    return values instanceof LeafEncoder l ? l : null;
  }

  /** Reads the dictionaries into {@code entries} (the field is written in bulk). */
  void readInBulk(DictionaryEntries entries) {
    this.entries = entries;
  }

  /** Takes the dictionaries of the batch about to be bound. */
  void useDictionaries(DictionaryProvider dictionaries) {
    this.provider = dictionaries;
    if (entries != null) {
      FieldVector dictionary = lookup().getVector();
      values.bind(dictionary); // refuses a dictionary of another type, naming the column
      next = entries.read(dictionary, passThrough);
      return;
    }
    if (!passThrough) {
      return;
    }
    Dictionary dictionary = lookup();
    next = encode(dictionary.getVector());
  }

  /** Whether the batch's dictionary is the chunk's, or extends it. */
  boolean extendsChunk() {
    return !passThrough || chunk == null || chunk.extendedBy(next);
  }

  /** Makes the batch's dictionary the chunk's (after a new row group, if it did not extend it). */
  void adoptDictionary() {
    if (passThrough || entries != null) {
      chunk = next;
    }
  }

  /** The page dictionary of this column chunk (see {@link #adoptDictionary}). */
  Encoded chunkDictionary() {
    return chunk;
  }

  /** This batch's indices. */
  FieldVector indexVector() {
    return vector;
  }

  /** The refusal of {@code key}, outside this batch's dictionary. */
  InvalidValueException outOfRange(long key) {
    return new InvalidValueException(
        path,
        "dictionary index "
            + key
            + " out of range (dictionary "
            + id
            + " has "
            + size
            + " values)");
  }

  private Dictionary lookup() {
    Dictionary dictionary = provider == null ? null : provider.lookup(id);
    if (dictionary == null) {
      throw new InvalidValueException(
          path, "no dictionary with id " + id + " in the DictionaryProvider given with the batch");
    }
    return dictionary;
  }

  /**
   * The dictionary's distinct values, PLAIN-encoded by the leaf's encoder in the order they first
   * appear, and the page index of each Arrow index: Parquet readers expect a dictionary page
   * without repeats (pyarrow folds them and then misreads the indices), and an Arrow dictionary may
   * repeat a value. Null values are left out (no index refers to one as a value); a dictionary with
   * no value is one zero, so that the page is never empty.
   */
  private Encoded encode(FieldVector dictionary) {
    ValuesWriter plain =
        ValuesWriters.plain(leaf.column, 1024, Integer.MAX_VALUE, new HeapByteBufferAllocator());
    ColumnWriter saved = leaf.writer;
    leaf.bind(dictionary);
    leaf.writer = new PlainCapture(plain);
    int n = dictionary.getValueCount();
    long[] ends = new long[n];
    try {
      for (int i = 0; i < n; i++) {
        if (!dictionary.isNull(i)) {
          leaf.writeValue(i, 0);
        }
        ends[i] = plain.getBufferedSize();
      }
      if (plain.getBufferedSize() == 0) {
        writeZero(plain);
        return new Encoded(plain.getBytes().toByteArray(), 1, new int[n]);
      }
      byte[] bytes = plain.getBytes().toByteArray();
      java.io.ByteArrayOutputStream unique = new java.io.ByteArrayOutputStream(bytes.length);
      java.util.Map<java.nio.ByteBuffer, Integer> ids = new java.util.HashMap<>();
      int[] remap = new int[n];
      int start = 0;
      for (int i = 0; i < n; i++) {
        int end = (int) ends[i];
        if (end > start || !dictionary.isNull(i)) {
          java.nio.ByteBuffer value = java.nio.ByteBuffer.wrap(bytes, start, end - start);
          Integer known = ids.putIfAbsent(value, ids.size());
          if (known == null) {
            unique.write(bytes, start, end - start);
            remap[i] = ids.size() - 1;
          } else {
            remap[i] = known;
          }
        }
        start = end;
      }
      return new Encoded(unique.toByteArray(), ids.size(), remap);
    } catch (IOException e) {
      throw new ParquetEncodingException(e);
    } finally {
      leaf.writer = saved;
      plain.close();
    }
  }

  private void writeZero(ValuesWriter plain) {
    switch (leaf.column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT32 -> plain.writeInteger(0);
      case INT64 -> plain.writeLong(0);
      case FLOAT -> plain.writeFloat(0);
      case DOUBLE -> plain.writeDouble(0);
      case FIXED_LEN_BYTE_ARRAY ->
          plain.writeBytes(Binary.fromConstantByteArray(new byte[leaf.column.getTypeLength()]));
      default -> plain.writeBytes(Binary.EMPTY);
    }
  }

  /** The values writer of this node's column for one row group. */
  ValuesWriter newValuesWriter(boolean v2, ByteBufferAllocator allocator) {
    return new IndexWriter(v2, allocator);
  }

  @Override
  void bind(FieldVector v) {
    if (!(v instanceof BaseIntVector ints)) {
      throw new InvalidValueException(
          path,
          "dictionary indices in a " + v.getClass().getSimpleName() + ", not an integer vector");
    }
    Dictionary dictionary = lookup();
    this.vector = v;
    this.indices = ints;
    this.size = dictionary.getVector().getValueCount();
    values.bind(dictionary.getVector());
  }

  @Override
  void bind(ColumnWriteStore store) {
    values.bind(store);
  }

  @Override
  void write(int index, int rep) {
    if (vector.isNull(index)) {
      if (nullDef < 0) {
        throw new InvalidValueException(path, "null in a non-nullable field");
      }
      values.writeAbsent(rep, nullDef);
      return;
    }
    long key = indices.getValueAsLong(index);
    if (key < 0 || key >= size) {
      throw outOfRange(key);
    }
    if (passThrough) {
      pending = chunk.remap[(int) key];
    }
    values.write((int) key, rep);
  }

  @Override
  void writeAbsent(int rep, int def) {
    values.writeAbsent(rep, def);
  }

  @Override
  void collectLeaves(List<LeafEncoder> out) {
    values.collectLeaves(out);
  }

  /**
   * Keeps the index of each value the column writer passes on (the value itself is the
   * dictionary's, already in the page dictionary) and writes them as RLE_DICTIONARY data.
   */
  private final class IndexWriter extends ValuesWriter {
    private final boolean v2;
    private final ByteBufferAllocator allocator;
    private int[] ids = new int[1024];
    private int count;
    private RunLengthBitPackingHybridEncoder encoder;

    /** Whether the chunk's dictionary page was given (parquet-java asks again on close). */
    private boolean paged;

    IndexWriter(boolean v2, ByteBufferAllocator allocator) {
      this.v2 = v2;
      this.allocator = allocator;
    }

    private void add() {
      if (count == ids.length) {
        ids = Arrays.copyOf(ids, count * 2);
      }
      ids[count++] = pending;
    }

    @Override
    public void writeBytes(Binary v) {
      add();
    }

    @Override
    public void writeInteger(int v) {
      add();
    }

    @Override
    public void writeLong(long v) {
      add();
    }

    @Override
    public void writeFloat(float v) {
      add();
    }

    @Override
    public void writeDouble(double v) {
      add();
    }

    private int bitWidth() {
      return 32 - Integer.numberOfLeadingZeros(Math.max(chunk.count - 1, 0));
    }

    @Override
    public long getBufferedSize() {
      // Bounds the ids buffered per page as well as the encoded size.
      return 1 + (long) count * Math.max(bitWidth(), 4) / 8;
    }

    @Override
    public BytesInput getBytes() {
      int width = bitWidth();
      closeEncoder();
      encoder = new RunLengthBitPackingHybridEncoder(width, 1 << 12, 1 << 20, allocator);
      try {
        for (int i = 0; i < count; i++) {
          encoder.writeInt(ids[i]);
        }
        return BytesInput.concat(BytesInput.from(new byte[] {(byte) width}), encoder.toBytes());
      } catch (IOException e) {
        throw new ParquetEncodingException("could not encode dictionary indices of " + path, e);
      }
    }

    @Override
    public Encoding getEncoding() {
      return v2 ? Encoding.RLE_DICTIONARY : Encoding.PLAIN_DICTIONARY;
    }

    @Override
    public void reset() {
      count = 0;
      closeEncoder();
    }

    private void closeEncoder() {
      if (encoder != null) {
        encoder.close();
        encoder = null;
      }
    }

    @Override
    public void close() {
      reset();
    }

    @Override
    public DictionaryPage toDictPageAndClose() {
      if (paged) {
        return null;
      }
      paged = true;
      DictionaryPage page =
          new DictionaryPage(
              BytesInput.from(chunk.plain),
              chunk.count,
              v2 ? Encoding.PLAIN : Encoding.PLAIN_DICTIONARY);
      close();
      return page;
    }

    @Override
    public long getAllocatedSize() {
      return (long) ids.length * 4;
    }

    @Override
    public String memUsageString(String prefix) {
      return prefix + " arrow dictionary indices " + getAllocatedSize();
    }
  }

  /** A column writer that passes every value to a PLAIN values writer (levels are dropped). */
  private static final class PlainCapture implements ColumnWriter {
    private final ValuesWriter plain;

    PlainCapture(ValuesWriter plain) {
      this.plain = plain;
    }

    @Override
    public void write(int value, int r, int d) {
      plain.writeInteger(value);
    }

    @Override
    public void write(long value, int r, int d) {
      plain.writeLong(value);
    }

    @Override
    public void write(boolean value, int r, int d) {
      plain.writeBoolean(value);
    }

    @Override
    public void write(Binary value, int r, int d) {
      plain.writeBytes(value);
    }

    @Override
    public void write(float value, int r, int d) {
      plain.writeFloat(value);
    }

    @Override
    public void write(double value, int r, int d) {
      plain.writeDouble(value);
    }

    @Override
    public void writeNull(int r, int d) {
      throw new IllegalStateException("no nulls in a dictionary page");
    }

    @Override
    public void close() {}

    @Override
    public long getBufferedSizeInMemory() {
      return plain.getBufferedSize();
    }
  }
}
