package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.Limits;
import io.pqarrow.variant.internal.ValueHeader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes the values of many rows that share one metadata dictionary, as a Variant column does.
 *
 * <pre>{@code
 * VariantColumnBuilder col = new VariantColumnBuilder();
 * for (Row r : rows) {
 *   col.row().startObject().appendKey("id").appendLong(r.id()).endObject();
 *   col.finishRow();
 * }
 * EncodedVariantColumn out = col.finish(); // one metadata, one value per row
 * }</pre>
 *
 * <p>Field ids are final as written while keys arrive in sorted order. Keys known in advance can be
 * declared with {@link #declareKeys} before the first row (one pass: ids never change). When a key
 * arrives out of order, the rows already written keep provisional ids, and {@link #finish()}
 * re-encodes every row once against the sorted dictionary (a second pass over the values, memory
 * for one more copy of them). Either way the metadata is sorted, unique and holds every key of
 * every row; the dictionary may also hold declared keys no row uses.
 */
public final class VariantColumnBuilder {
  /**
   * Where a builder made with {@link VariantColumnBuilder#VariantColumnBuilder(Limits, RowSink)}
   * puts each finished row's value bytes instead of keeping them (for a writer that stores them
   * straight into its own memory).
   */
  public interface RowSink {
    /**
     * Takes the next row's value: {@code bytes[0, length)}, valid only during the call.
     *
     * @param bytes an array holding the value bytes from index 0; reused after the call, so copy
     *     what is kept
     * @param length the number of bytes of the value
     */
    void append(byte[] bytes, int length);
  }

  private final KeyDictionary dict = new KeyDictionary();
  private final VariantBuilder row;

  /** The sink of the rows, or null when the builder keeps them in {@link #values}. */
  private final RowSink sink;

  private byte[] values = new byte[1024];
  private int valuesLength;
  private int[] offsets = new int[65];
  private int rows;

  /** An empty column, with the default limits. */
  public VariantColumnBuilder() {
    this(Limits.defaults());
  }

  /**
   * An empty column whose rows copy values ({@link #appendRow}, {@link
   * VariantBuilder#appendVariant}) nested at most {@link Limits#maxVariantDepth()} deep.
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of values copied
   *     into rows
   */
  public VariantColumnBuilder(Limits limits) {
    this(limits, null);
  }

  /**
   * An empty column whose finished rows go to {@code sink} as they are written; {@link #finish()}
   * is then not available: the caller takes {@link #metadata()} once every row is written, and when
   * {@link #keysSorted()} is false re-encodes its rows against it ({@link #appendRow} into a
   * builder that declared every key of {@link #metadata()}).
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of values copied
   *     into rows
   * @param sink where each finished row's value bytes go, not null
   */
  public VariantColumnBuilder(Limits limits, RowSink sink) {
    this.row = new VariantBuilder(dict, false, java.util.Objects.requireNonNull(limits, "limits"));
    this.sink = sink;
    if (sink != null) {
      values = new byte[0];
      offsets = new int[1];
    }
  }

  /**
   * The key dictionary of the rows written so far: sorted and final when {@link #keysSorted()},
   * else the provisional ids the rows were written with.
   *
   * @return a new array holding the encoded dictionary
   */
  public byte[] metadata() {
    return dict.encode();
  }

  /**
   * {@return whether every key arrived in sorted order (or was declared), so that the field ids of
   * the rows written are final}
   */
  public boolean keysSorted() {
    return dict.isSorted();
  }

  /**
   * Adds keys to the dictionary (sorted first, so that ids follow key order). Call before the first
   * row to write every row in one pass.
   *
   * @param keys the keys the rows will use
   * @return this builder
   */
  public VariantColumnBuilder declareKeys(Iterable<String> keys) {
    List<byte[]> utf8 = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String k : keys) {
      names.add(k);
    }
    names.sort((a, b) -> Arrays.compareUnsigned(utf8(a), utf8(b)));
    for (String k : names) {
      utf8.add(utf8(k));
      dict.add(k, utf8.get(utf8.size() - 1));
    }
    return this;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * {@return the builder of the current row: write exactly one value into it, then call {@link
   * #finishRow()}; the same builder serves every row and shares this column's dictionary}
   */
  public VariantBuilder row() {
    return row;
  }

  /**
   * Ends the current row; returns its index.
   *
   * @return the index of the row just ended (0-based)
   * @throws IllegalStateException if no value was written or an object or array is still open
   */
  public int finishRow() {
    row.requireComplete();
    if (sink != null) {
      sink.append(row.bytes(), row.length());
      valuesLength += row.length();
      rows++;
    } else {
      append(row.bytes(), row.length());
    }
    row.clear();
    return rows - 1;
  }

  /**
   * Copies {@code value} (re-mapping its keys) as the next row; returns its index.
   *
   * @param value a reader positioned on the value; its metadata supplies the keys
   * @return the index of the new row (0-based)
   * @throws VariantFormatException if the value is malformed or nested deeper than the builder's
   *     limits allow
   */
  public int appendRow(VariantReader value) {
    row.clear();
    row.appendVariant(value);
    return finishRow();
  }

  /** {@return the number of rows finished so far} */
  public int rowCount() {
    return rows;
  }

  /** {@return the number of value bytes of the rows finished so far} */
  public long valueBytes() {
    return valuesLength;
  }

  /**
   * Makes room at once for {@code moreRows} more rows holding {@code moreBytes} more bytes of
   * values, for a caller that can estimate what it will write: one allocation instead of growing by
   * doubling. A hint only: rows beyond it still grow the buffers.
   *
   * @param moreRows how many more rows are expected (0 or more)
   * @param moreBytes how many more value bytes they are expected to hold (0 or more)
   * @return this builder
   */
  public VariantColumnBuilder reserve(int moreRows, long moreBytes) {
    if (sink != null) {
      return this; // the sink keeps the rows
    }
    long bytes = Math.min(Integer.MAX_VALUE - 8L, valuesLength + Math.max(0, moreBytes));
    if (bytes > values.length) {
      values = Arrays.copyOf(values, (int) bytes);
    }
    long slots = Math.min(Integer.MAX_VALUE - 8L, rows + 2L + Math.max(0, moreRows));
    if (slots > offsets.length) {
      offsets = Arrays.copyOf(offsets, (int) slots);
    }
    return this;
  }

  private void append(byte[] src, int n) {
    long need = (long) valuesLength + n;
    if (need > Integer.MAX_VALUE - 8) {
      throw VariantFormatException.of(
          ErrorKind.INVALID_DATA,
          "column",
          ErrorLocation.atRow(rows),
          "values larger than 2 GiB in total");
    }
    if (need > values.length) {
      values =
          Arrays.copyOf(
              values, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * values.length)));
    }
    System.arraycopy(src, 0, values, valuesLength, n);
    valuesLength += n;
    if (rows + 2 > offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
    }
    offsets[++rows] = valuesLength;
  }

  /**
   * Returns the metadata and the rows' values. The builder must not be used afterwards.
   *
   * @return the metadata (sorted and unique) and the rows' value bytes and offsets
   * @throws IllegalStateException if a row was started and not finished
   */
  public EncodedVariantColumn finish() {
    if (sink != null) {
      throw new IllegalStateException("the rows went to a sink: take metadata() instead");
    }
    if (!row.isEmpty()) {
      throw new IllegalStateException("row " + rows + " was started but not finished");
    }
    if (dict.isSorted()) {
      // The values array is handed over as it is (its tail past the last offset unused): a copy
      // of every value byte saved.
      return new EncodedVariantColumn(dict.encode(), values, Arrays.copyOf(offsets, rows + 1));
    }
    if (dict.size() <= 256) {
      // Every object was written with one-byte field ids, and the sorted ids fit one byte too:
      // the ids are rewritten in place (fields are already in key order), with no second copy.
      KeyDictionary sortedDict = dict.sortedCopy();
      int[] newId = new int[dict.size()];
      for (int id = 0; id < newId.length; id++) {
        newId[id] = sortedDict.idOf(dict.key(id));
      }
      for (int i = 0; i < rows; i++) {
        renumber(offsets[i], newId);
      }
      return new EncodedVariantColumn(
          sortedDict.encode(), values, Arrays.copyOf(offsets, rows + 1));
    }
    VariantMetadata provisional = VariantMetadata.of(dict.encode());
    VariantColumnBuilder sorted =
        new VariantColumnBuilder(dict.sortedCopy(), VariantBuilder.REENCODING);
    ByteBuffer in = ByteBuffer.wrap(values, 0, valuesLength);
    VariantReader r = new VariantReader();
    for (int i = 0; i < rows; i++) {
      sorted.appendRow(r.reset(provisional, in, offsets[i], offsets[i + 1] - offsets[i], i));
    }
    return sorted.finish();
  }

  /**
   * Rewrites the field ids of the objects in the value at {@code pos} of {@link #values}, nested
   * ones included, as {@code newId} maps them. Objects keep their field order (already by key) and
   * their id width, which the caller has checked holds every new id.
   */
  private void renumber(int pos, int[] newId) {
    int h = values[pos] & 0xFF;
    int type = VariantLayout.basicType(h);
    if (type == ValueHeader.OBJECT) {
      int countSize = VariantLayout.objectIsLarge(h) ? 4 : 1;
      int idSize = VariantLayout.objectIdSize(h);
      int offsetSize = VariantLayout.objectOffsetSize(h);
      int n = (int) unsigned(pos + 1, countSize);
      int idPos = pos + 1 + countSize;
      int offsetPos = idPos + n * idSize;
      int dataStart = offsetPos + (n + 1) * offsetSize;
      for (int k = 0; k < n; k++) {
        int at = idPos + k * idSize;
        VariantLayout.writeUnsigned(values, at, newId[(int) unsigned(at, idSize)], idSize);
        renumber(dataStart + (int) unsigned(offsetPos + k * offsetSize, offsetSize), newId);
      }
    } else if (type == ValueHeader.ARRAY) {
      int countSize = VariantLayout.arrayIsLarge(h) ? 4 : 1;
      int offsetSize = VariantLayout.arrayOffsetSize(h);
      int n = (int) unsigned(pos + 1, countSize);
      int offsetPos = pos + 1 + countSize;
      int dataStart = offsetPos + (n + 1) * offsetSize;
      for (int k = 0; k < n; k++) {
        renumber(dataStart + (int) unsigned(offsetPos + k * offsetSize, offsetSize), newId);
      }
    }
  }

  /** The {@code size}-byte little-endian unsigned number at {@code pos} of {@link #values}. */
  private long unsigned(int pos, int size) {
    long v = 0;
    for (int i = size - 1; i >= 0; i--) {
      v = (v << 8) | (values[pos + i] & 0xFF);
    }
    return v;
  }

  private VariantColumnBuilder(KeyDictionary sortedDict, Limits limits) {
    this(limits);
    for (int id = 0; id < sortedDict.size(); id++) {
      dict.add(sortedDict.key(id), sortedDict.utf8(id));
    }
  }
}
