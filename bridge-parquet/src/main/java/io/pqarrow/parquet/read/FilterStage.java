package io.pqarrow.parquet.read;

import io.pqarrow.FieldPath;
import io.pqarrow.filter.FilterEvaluator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * What a reader does to its batches after decoding them when {@link ReadOptions} asks for a
 * residual filter, an offset, a limit or a row-number column: each decoded batch (which may hold
 * columns only the filter reads) is filtered, and the rows kept after the offset and up to the
 * limit are copied into the root the caller sees.
 */
final class FilterStage implements AutoCloseable {
  /** Reads the next decoded batch into {@link #input}; false at the end. */
  interface Source {
    boolean next();

    /** The file row of row {@code i} of the batch just read. */
    long fileRow(int i);

    /**
     * The batch's buffers now belong to the output too (shared, not copied): the next batch must be
     * decoded into fresh buffers, since whoever takes the output may keep them.
     */
    void handedOn();
  }

  private final VectorSchemaRoot input;
  private final ParquetArrowReader dictionaries;
  private final FilterEvaluator filter;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot output;
  private final List<Copier> copiers = new ArrayList<>();
  private final BigIntVector rowNumbers;
  private long toSkip;
  private long remaining;
  private long[] keep = new long[0];
  private boolean done;

  /**
   * @param input the reader's root, holding the projected columns and those the filter adds
   * @param columns the caller's projection (empty: every column of {@code input})
   * @param filter the residual filter, or null
   */
  FilterStage(
      VectorSchemaRoot input,
      ParquetArrowReader dictionaries,
      List<String> columns,
      FilterEvaluator filter,
      ReadOptions options,
      BufferAllocator allocator) {
    this.input = input;
    this.dictionaries = dictionaries;
    this.filter = filter;
    this.allocator = allocator;
    this.toSkip = options.offset();
    this.remaining = options.limit();
    List<Field> fields = project(input.getSchema().getFields(), columns);
    String rowNumber = options.rowNumberColumn().orElse(null);
    if (rowNumber != null) {
      fields.add(Field.notNullable(rowNumber, new ArrowType.Int(64, true)));
    }
    this.output =
        VectorSchemaRoot.create(
            new Schema(fields, input.getSchema().getCustomMetadata()), allocator);
    try {
      int n = output.getFieldVectors().size() - (rowNumber == null ? 0 : 1);
      for (int i = 0; i < n; i++) {
        FieldVector to = output.getVector(i);
        copiers.add(copier(input.getVector(to.getName()), to));
      }
      this.rowNumbers = rowNumber == null ? null : (BigIntVector) output.getVector(n);
    } catch (RuntimeException e) {
      output.close();
      throw e;
    }
  }

  /** The root the caller reads. */
  VectorSchemaRoot root() {
    return output;
  }

  /**
   * Loads the next batch with at least one row into {@link #root()}.
   *
   * @return false, with 0 rows, at the end (or once the limit is reached)
   */
  boolean next(Source source) {
    output.clear();
    output.allocateNew();
    int out = 0;
    while (out == 0 && !done) {
      if (remaining == 0 || !source.next()) {
        done = true;
        break;
      }
      int n = input.getRowCount();
      int words = (n + 63) >>> 6;
      if (keep.length < words) {
        keep = new long[words];
      }
      int kept = n;
      if (filter != null) {
        kept = filter.select(input, dictionaries, allocator, keep);
      } else {
        java.util.Arrays.fill(keep, 0, words, -1L);
      }
      if (kept == n && toSkip == 0 && remaining >= n) {
        // every row: the output shares the batch's buffers instead of copying them
        for (Copier c : copiers) {
          c.all(n);
        }
        source.handedOn();
        if (rowNumbers != null) {
          for (int i = 0; i < n; i++) {
            rowNumbers.setSafe(i, source.fileRow(i));
          }
        }
        out = n;
        remaining -= n;
        continue;
      }
      for (int w = 0; w < words && remaining > 0; w++) {
        long bits = keep[w];
        while (bits != 0 && remaining > 0) {
          int i = (w << 6) + Long.numberOfTrailingZeros(bits);
          bits &= bits - 1;
          if (i >= n) {
            break;
          }
          if (toSkip > 0) {
            toSkip--;
            continue;
          }
          for (Copier c : copiers) {
            c.copy(i, out);
          }
          if (rowNumbers != null) {
            rowNumbers.setSafe(out, source.fileRow(i));
          }
          out++;
          remaining--;
        }
      }
    }
    for (FieldVector v : output.getFieldVectors()) {
      v.setValueCount(out);
    }
    output.setRowCount(out);
    return out > 0;
  }

  /** Copies one row of a read vector to a row of an output vector. */
  private interface Copier {
    void copy(int from, int to);

    /**
     * Puts the first {@code n} rows of the read vector in the output vector; they may share
     * buffers, which the reader writes again only after {@link #next} has cleared the output.
     */
    default void all(int n) {
      for (int i = 0; i < n; i++) {
        copy(i, i);
      }
    }
  }

  private static Copier copier(FieldVector from, FieldVector to) {
    if (from == null) {
      throw new IllegalStateException("the batch lacks column " + to.getName());
    }
    if (from.getField().equals(to.getField())) {
      TransferPair pair = from.makeTransferPair(to);
      return new Copier() {
        @Override
        public void copy(int i, int j) {
          pair.copyValueSafe(i, j);
        }

        @Override
        public void all(int n) {
          pair.splitAndTransfer(0, n);
        }
      };
    }
    if (from instanceof StructVector s && to instanceof StructVector t) {
      List<Copier> children = new ArrayList<>();
      for (FieldVector child : t.getChildrenFromFields()) {
        children.add(copier((FieldVector) s.getChild(child.getName()), child));
      }
      return (i, j) -> {
        if (s.isNull(i)) {
          t.setNull(j);
        } else {
          t.setIndexDefined(j);
        }
        for (Copier c : children) {
          c.copy(i, j);
        }
      };
    }
    throw new IllegalStateException(
        "cannot copy column " + from.getField() + " into " + to.getField());
  }

  /**
   * The fields of {@code fields} that {@code paths} select (a struct keeps only the children a path
   * names; paths resolve as {@link FieldPath} has it); every field when {@code paths} is empty. The
   * projection here only removes what a filter added: struct children and top-level fields, never
   * anything inside a list.
   */
  static List<Field> project(List<Field> fields, List<String> paths) {
    if (paths.isEmpty()) {
      return new ArrayList<>(fields);
    }
    Map<String, Object> tree = new LinkedHashMap<>();
    for (String p : paths) {
      Map<String, Object> node = tree;
      List<String> parts = FieldPath.parse(p).resolve(fields);
      for (int k = 0; k < parts.size(); k++) {
        Object next = node.get(parts.get(k));
        if (k == parts.size() - 1 || next == Boolean.TRUE) {
          node.put(parts.get(k), Boolean.TRUE);
          break;
        }
        if (next == null) {
          next = new LinkedHashMap<String, Object>();
          node.put(parts.get(k), next);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> child = (Map<String, Object>) next;
        node = child;
      }
    }
    return prune(fields, tree);
  }

  @SuppressWarnings("unchecked")
  private static List<Field> prune(List<Field> fields, Map<String, Object> tree) {
    List<Field> out = new ArrayList<>();
    for (Field f : fields) {
      Object sel = tree.get(f.getName());
      if (sel == null) {
        continue;
      }
      if (sel == Boolean.TRUE || !(f.getType() instanceof ArrowType.Struct)) {
        out.add(f);
      } else {
        out.add(
            new Field(
                f.getName(), f.getFieldType(), prune(f.getChildren(), (Map<String, Object>) sel)));
      }
    }
    return out;
  }

  @Override
  public void close() {
    output.close();
  }
}
