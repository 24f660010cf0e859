package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Gives the decoded batch the dictionary encodings {@code ARROW:schema} records where the page
 * reader decodes something else ({@link DictionaryFields} decides, field by field, with a {@link
 * Step}):
 *
 * <table>
 *   <caption>What each step does to a decoded vector</caption>
 *   <tr><th>step</th><th>decoded</th><th>given to the caller</th></tr>
 *   <tr><td>{@link #KEEP}</td><td>any vector</td><td>the same vector</td></tr>
 *   <tr><td>{@link Narrow}</td><td>Int32 indices into the page reader's dictionary</td>
 *       <td>the stored index type (Int8/16/64, unsigned); the same dictionary, or its distinct
 *       values when it holds more entries than the index type can number (a batch over several
 *       row groups, pages that fell back to PLAIN)</td></tr>
 *   <tr><td>{@link Encode}</td><td>values of any type (an Int64 leaf, a list, a struct,
 *       possibly with dictionaries inside)</td><td>indices of the stored type into a dictionary of
 *       the batch's distinct values in order of first appearance ({@link DistinctRows})</td></tr>
 *   <tr><td>{@link Rebuild}</td><td>a struct, list or map with a changed field below</td>
 *       <td>the same validity and offsets (shared), with the children's steps applied</td></tr>
 * </table>
 *
 * The dictionaries are the batch's, valid until the next batch, as the reader's own are. Indices
 * are copied in one loop per batch; a value is never boxed. A batch whose distinct values do not
 * fit the stored index type is refused, naming the column: the stored type is then wrong for the
 * file, or the batch spans row groups whose dictionaries together are too large (read smaller
 * batches, or with {@code storedDictionaries(false)}).
 */
final class DictionaryStage implements AutoCloseable {
  /** What turns a decoded vector into the caller's. */
  sealed interface Step permits Keep, Narrow, Encode, Rebuild {}

  /** Nothing: the decoded vector is the caller's. */
  record Keep() implements Step {}

  /** The one {@link Keep}. */
  static final Step KEEP = new Keep();

  /**
   * Int32 indices of the page reader's dictionary {@code readerId} to {@code encoding}'s index
   * type.
   */
  record Narrow(long readerId, DictionaryEncoding encoding, Field valueField, String column)
      implements Step {}

  /** Values, after {@code values}, dictionary-encoded with {@code encoding}. */
  record Encode(Step values, Field valueField, DictionaryEncoding encoding, String column)
      implements Step {}

  /** A nested vector whose children take {@code children} (in the order of its children). */
  record Rebuild(List<Step> children) implements Step {}

  private final String file;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot input;
  private final Map<Long, Dictionary> decoded;
  private final List<Step> steps;
  private final List<FieldVector> own = new ArrayList<>();
  private final VectorSchemaRoot output;
  private final Map<Long, Dictionary> dictionaries = new HashMap<>();
  private final List<FieldVector> batchVectors = new ArrayList<>();
  private final Set<Long> replaced = new HashSet<>();
  private final boolean shares;

  /**
   * @param input the reader's root, in the decoded form of {@code fields}
   * @param decoded the page reader's dictionaries, by id (read as each batch is applied)
   * @param fields the caller's fields, one per field of {@code input}
   * @param steps one per field of {@code input}
   */
  DictionaryStage(
      String file,
      VectorSchemaRoot input,
      Map<Long, Dictionary> decoded,
      List<Field> fields,
      List<Step> steps,
      BufferAllocator allocator) {
    this.file = file;
    this.allocator = allocator;
    this.input = input;
    this.decoded = decoded;
    this.steps = List.copyOf(steps);
    List<FieldVector> vectors = new ArrayList<>(fields.size());
    boolean sharing = false;
    try {
      for (int i = 0; i < fields.size(); i++) {
        Step step = steps.get(i);
        if (step == KEEP) {
          vectors.add(input.getVector(i));
        } else {
          FieldVector v = fields.get(i).createVector(allocator);
          own.add(v);
          vectors.add(v);
        }
        sharing |= step instanceof Rebuild;
        collectReplaced(step);
      }
      emptyDictionaries();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    this.shares = sharing;
    this.output =
        new VectorSchemaRoot(new Schema(fields, input.getSchema().getCustomMetadata()), vectors, 0);
  }

  /**
   * Empty dictionaries of the caller's ids, so that the ids and value types are known before the
   * first batch (a consumer such as an IPC writer asks for them up front).
   */
  private void emptyDictionaries() {
    List<Step> pending = new ArrayList<>(steps);
    while (!pending.isEmpty()) {
      Step step = pending.remove(pending.size() - 1);
      if (step instanceof Narrow n) {
        empty(n.valueField(), n.encoding());
      } else if (step instanceof Encode e) {
        empty(e.valueField(), e.encoding());
        pending.add(e.values());
      } else if (step instanceof Rebuild r) {
        pending.addAll(r.children());
      }
    }
  }

  private void empty(Field valueField, DictionaryEncoding encoding) {
    FieldVector v = valueField.createVector(allocator);
    batchVectors.add(v);
    v.setValueCount(0);
    dictionaries.put(encoding.getId(), new Dictionary(v, encoding));
  }

  private void collectReplaced(Step step) {
    if (step instanceof Narrow n) {
      replaced.add(n.readerId());
    } else if (step instanceof Encode e) {
      collectReplaced(e.values());
    } else if (step instanceof Rebuild r) {
      r.children().forEach(this::collectReplaced);
    }
  }

  /**
   * The root the caller reads: the input's vectors where nothing changes, the stage's elsewhere.
   */
  VectorSchemaRoot root() {
    return output;
  }

  /**
   * Whether the caller's vectors share buffers of the input's (a rebuilt struct or list): the
   * reader must then decode the next batch into new buffers.
   */
  boolean shares() {
    return shares;
  }

  /** The dictionary {@code id} of the caller's batch, or null when it is not this stage's. */
  Dictionary lookup(long id) {
    return dictionaries.get(id);
  }

  /** The caller's dictionaries: this stage's, and the reader's it does not replace. */
  Map<Long, Dictionary> dictionaries(Map<Long, Dictionary> reader) {
    Map<Long, Dictionary> all = new HashMap<>(dictionaries);
    reader.forEach(
        (id, d) -> {
          if (!replaced.contains(id)) {
            all.put(id, d);
          }
        });
    return all;
  }

  /** Turns the input's current batch into the caller's. */
  void apply() {
    releaseBatch();
    int rows = input.getRowCount();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      if (step != KEEP) {
        convert(step, input.getVector(i), output.getVector(i));
      }
    }
    output.setRowCount(rows);
  }

  private void convert(Step step, FieldVector in, FieldVector out) {
    if (step == KEEP) {
      in.makeTransferPair(out).splitAndTransfer(0, in.getValueCount());
    } else if (step instanceof Narrow n) {
      narrow(n, (IntVector) in, out);
    } else if (step instanceof Encode e) {
      encode(e, in, out);
    } else {
      Rebuild r = (Rebuild) step;
      out.clear();
      out.loadFieldBuffers(
          new ArrowFieldNode(in.getValueCount(), in.getNullCount()), in.getFieldBuffers());
      List<FieldVector> from = in.getChildrenFromFields();
      List<FieldVector> to = out.getChildrenFromFields();
      for (int k = 0; k < r.children().size(); k++) {
        convert(r.children().get(k), from.get(k), to.get(k));
      }
      out.setValueCount(in.getValueCount());
    }
  }

  private void narrow(Narrow step, IntVector in, FieldVector out) {
    Dictionary reader = decoded.get(step.readerId());
    FieldVector values = reader.getVector();
    int n = in.getValueCount();
    long max = maxEntries(step.encoding().getIndexType());
    int[] codes = null;
    FieldVector dictionary = values;
    if (values.getValueCount() > max) {
      // the page reader's dictionary repeats values (row groups, PLAIN pages): number them again
      DistinctRows distinct = new DistinctRows(values);
      int m = values.getValueCount();
      codes = new int[m];
      for (int j = 0; j < m; j++) {
        codes[j] = values.isNull(j) ? -1 : distinct.code(j);
      }
      checkFits(distinct.count(), max, step.encoding(), step.column());
      dictionary = copyRows(step.valueField(), values, distinct);
    }
    out.clear();
    allocate(out, n);
    int width = ((ArrowType.Int) step.encoding().getIndexType()).getBitWidth() / 8;
    ArrowBuf target = out.getDataBuffer();
    ArrowBuf validity = out.getValidityBuffer();
    ArrowBuf source = in.getDataBuffer();
    validity.setBytes(0, in.getValidityBuffer(), 0, (n + 7) / 8);
    for (int i = 0; i < n; i++) {
      int code = source.getInt((long) i * 4);
      if (codes != null && !in.isNull(i)) {
        code = codes[code];
      }
      put(target, width, i, code);
    }
    out.setValueCount(n);
    dictionaries.put(step.encoding().getId(), new Dictionary(dictionary, step.encoding()));
  }

  private void encode(Encode step, FieldVector in, FieldVector out) {
    FieldVector values = in;
    if (step.values() != KEEP) {
      values = step.valueField().createVector(allocator);
      batchVectors.add(values);
      convert(step.values(), in, values);
    }
    int n = values.getValueCount();
    DistinctRows distinct = new DistinctRows(values);
    out.clear();
    allocate(out, n);
    int width = ((ArrowType.Int) step.encoding().getIndexType()).getBitWidth() / 8;
    ArrowBuf target = out.getDataBuffer();
    ArrowBuf validity = out.getValidityBuffer();
    for (int i = 0; i < n; i++) {
      if (values.isNull(i)) {
        continue; // the validity bit stays 0
      }
      put(target, width, i, distinct.code(i));
      validity.setByte(i >>> 3, validity.getByte(i >>> 3) | (1 << (i & 7)));
    }
    checkFits(
        distinct.count(),
        maxEntries(step.encoding().getIndexType()),
        step.encoding(),
        step.column());
    out.setValueCount(n);
    FieldVector dictionary = copyRows(step.valueField(), values, distinct);
    dictionaries.put(step.encoding().getId(), new Dictionary(dictionary, step.encoding()));
  }

  /** A new vector of {@code field} holding the first row of each distinct value, in code order. */
  private FieldVector copyRows(Field field, FieldVector from, DistinctRows distinct) {
    FieldVector dictionary = field.createVector(allocator);
    batchVectors.add(dictionary);
    dictionary.setInitialCapacity(distinct.count());
    dictionary.allocateNew();
    for (int code = 0; code < distinct.count(); code++) {
      dictionary.copyFromSafe(distinct.firstRow(code), code, from);
    }
    dictionary.setValueCount(distinct.count());
    return dictionary;
  }

  private static void allocate(FieldVector out, int n) {
    BaseFixedWidthVector fixed = (BaseFixedWidthVector) out;
    fixed.allocateNew(Math.max(n, 1));
    fixed.zeroVector();
  }

  private static void put(ArrowBuf target, int width, int i, int code) {
    switch (width) {
      case 1 -> target.setByte(i, code);
      case 2 -> target.setShort((long) i * 2, (short) code);
      case 4 -> target.setInt((long) i * 4, code);
      default -> target.setLong((long) i * 8, code);
    }
  }

  /** How many dictionary entries {@code type} can number. */
  private static long maxEntries(ArrowType type) {
    ArrowType.Int index = (ArrowType.Int) type;
    int bits = index.getIsSigned() ? index.getBitWidth() - 1 : index.getBitWidth();
    return bits >= 31 ? Integer.MAX_VALUE : 1L << bits;
  }

  private void checkFits(int count, long max, DictionaryEncoding encoding, String column) {
    if (count > max) {
      ArrowType.Int index = (ArrowType.Int) encoding.getIndexType();
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(file).withColumn(column),
          "the batch has "
              + count
              + " distinct values, more than the "
              + (index.getIsSigned() ? "" : "unsigned ")
              + index.getBitWidth()
              + "-bit dictionary indices ARROW:schema records can number (read smaller batches,"
              + " or without stored dictionaries)",
          null);
    }
  }

  private void releaseBatch() {
    for (FieldVector v : batchVectors) {
      v.close();
    }
    batchVectors.clear();
    dictionaries.clear();
  }

  @Override
  public void close() {
    releaseBatch();
    for (FieldVector v : own) {
      v.close();
    }
    own.clear();
  }
}
