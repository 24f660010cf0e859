package io.pqarrow.parquet.read;

import io.pqarrow.filter.FilterEvaluator;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * The rows of the batch just read; with late materialization not {@code input}'s row count,
     * which is not set then.
     */
    int rows();

    /**
     * Whether the batch just read was selected while it was read ({@link #select} called on it):
     * {@link #keep} holds its rows to return, filter, offset and limit applied.
     */
    boolean selected();

    /**
     * Whether the columns {@link #lateColumns} names hold only the rows {@link #keep} selects (in
     * order), not every row of the batch.
     */
    boolean compacted();

    /**
     * When the batch was {@link #selected} and not {@link #compacted}: the bits, over the rows the
     * columns {@link #lateColumns} names hold, of the rows to return.
     */
    long[] lateKeep();

    /** The rows the columns {@link #lateColumns} names hold (see {@link #lateKeep}). */
    int lateRows();
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

  /** The rows of the batch to copy out, and of the late columns' rows ({@link #copyKept}). */
  private int[] rows = new int[0];

  private int[] lateRowList = new int[0];
  private int kept;
  private boolean done;

  /** Rows per batch, the capacity the output is given again after it took a batch's buffers. */
  private final int batchRows;

  /** Whether the last batch's buffers were shared into the output ({@link Copier#all}). */
  private boolean shared;

  /** Whether output column {@code i} is one late materialization decodes only for kept rows. */
  private boolean[] late;

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
    this.batchRows = options.batchRows();
    this.remaining = options.limit();
    List<Field> fields = Projection.arrowFields(input.getSchema().getFields(), columns);
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

  /**
   * Names the top-level columns that late materialization decodes only for the rows kept (those the
   * filter does not read); the others hold every row of a batch.
   */
  void lateColumns(java.util.Set<String> names) {
    late = new boolean[copiers.size()];
    for (int i = 0; i < late.length; i++) {
      late[i] = names.contains(output.getVector(i).getName());
    }
  }

  /**
   * Marks in {@link #keep} the rows of a batch of {@code n} rows to return: those the filter keeps
   * (every row without one), less those the offset still skips, up to the limit. The offset is
   * consumed here, the limit as rows are returned.
   *
   * @param batch the batch's columns the filter reads (more may be there), with {@code n} rows
   * @return the rows marked
   */
  int select(VectorSchemaRoot batch, int n) {
    int words = (n + 63) >>> 6;
    if (keep.length < words) {
      keep = new long[words];
    }
    int count;
    if (filter != null) {
      count = filter.select(batch, dictionaries, allocator, keep);
    } else {
      java.util.Arrays.fill(keep, 0, words, -1L);
      if ((n & 63) != 0) {
        keep[words - 1] = (1L << n) - 1;
      }
      count = n;
    }
    for (int w = 0; w < words && toSkip > 0 && count > 0; w++) {
      int c = Long.bitCount(keep[w]);
      if (c <= toSkip) {
        keep[w] = 0;
        toSkip -= c;
        count -= c;
      } else {
        for (; toSkip > 0; toSkip--, count--) {
          keep[w] &= keep[w] - 1; // the lowest row kept
        }
      }
    }
    if (count > remaining) {
      long left = remaining;
      for (int w = 0; w < words; w++) {
        int c = Long.bitCount(keep[w]);
        if (c <= left) {
          left -= c;
          continue;
        }
        while (Long.bitCount(keep[w]) > left) {
          keep[w] &= ~Long.highestOneBit(keep[w]);
        }
        left = 0;
      }
      count = (int) remaining;
    }
    kept = count;
    return count;
  }

  /** Whether the rows {@link #select} marked last reach the limit: no batch is read after them. */
  boolean reachesLimit() {
    return kept >= remaining;
  }

  /** The bits of the rows {@link #select} marked last. */
  long[] keep() {
    return keep;
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
    if (shared) {
      // A vector that took a short batch's buffers keeps their sizes as its next allocation's: a
      // list's offsets then grow on every copy, and with them (Arrow reallocates both) its
      // validity, doubling from batch to batch. Back to a batch's capacity.
      for (FieldVector v : output.getFieldVectors()) {
        v.setInitialCapacity(batchRows);
      }
      shared = false;
    }
    // Not allocated here: a column whose batch is shared takes the batch's buffers, and new ones
    // allocated first (and zeroed, as Arrow allocates) would only be dropped; those copied into
    // are allocated as they are copied ({@link #copyKept}).
    int out = 0;
    while (out == 0 && !done) {
      if (remaining == 0 || !source.next()) {
        done = true;
        break;
      }
      int n = source.rows();
      if (!source.selected()) {
        select(input, n);
      }
      if (kept == 0) {
        continue;
      }
      boolean compacted = source.compacted();
      if (kept == n) {
        // every row: the output shares the batch's buffers instead of copying them
        for (Copier c : copiers) {
          c.all(n);
        }
      } else {
        boolean transferred = false;
        for (int k = 0; k < copiers.size(); k++) {
          if (compacted && late[k]) {
            copiers.get(k).all(kept); // decoded for the kept rows only: shared as they are
            transferred = true;
          }
        }
        copyKept(source, n, compacted);
        if (!transferred) {
          out = kept;
          remaining -= kept;
          continue;
        }
      }
      source.handedOn();
      shared = true;
      out = kept;
      remaining -= kept;
    }
    if (rowNumbers != null && out > 0) {
      rowNumbers.allocateNew(out);
      numberRows(source, out);
    }
    for (FieldVector v : output.getFieldVectors()) {
      v.setValueCount(out);
    }
    output.setRowCount(out);
    return out > 0;
  }

  /**
   * Copies the rows {@link #keep} marks, of a batch of {@code n}, into the output columns not
   * shared whole ({@code compacted}: the late ones are), a column at a time; the late columns of a
   * batch not compacted hold the rows their runs read, of which {@link Source#lateKeep} marks those
   * to copy.
   */
  private void copyKept(Source source, int n, boolean compacted) {
    rows = KeptRows.list(keep, n, rows);
    boolean lateRowsListed = false;
    for (int k = 0; k < copiers.size(); k++) {
      if (!(compacted && late != null && late[k] && source.selected())) {
        // room for the kept rows only: a 1% filter's batch would zero a whole batch's buffers
        FieldVector v = output.getVector(k);
        v.setInitialCapacity(kept);
        v.allocateNew();
      }
      if (late != null && late[k] && source.selected()) {
        if (!compacted) {
          if (!lateRowsListed) {
            lateRowList = KeptRows.list(source.lateKeep(), source.lateRows(), lateRowList);
            lateRowsListed = true;
          }
          copiers.get(k).gather(lateRowList, kept);
        }
      } else {
        copiers.get(k).gather(rows, kept);
      }
    }
  }

  /** Writes the file row of each of the {@code out} rows returned from the batch just read. */
  private void numberRows(Source source, int out) {
    int words = (source.rows() + 63) >>> 6;
    int j = 0;
    for (int w = 0; w < words && j < out; w++) {
      long bits = keep[w];
      while (bits != 0) {
        int i = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        rowNumbers.setSafe(j++, source.fileRow(i));
      }
    }
  }

  /** Copies one row of a read vector to a row of an output vector. */
  private interface Copier {
    void copy(int from, int to);

    /** Copies rows {@code rows[0 .. kept-1]} (ascending) to the output vector's first rows. */
    default void gather(int[] rows, int kept) {
      for (int j = 0; j < kept; j++) {
        copy(rows[j], j);
      }
    }

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
      boolean bulk = KeptRows.takes(from, to);
      return new Copier() {
        @Override
        public void copy(int i, int j) {
          pair.copyValueSafe(i, j);
        }

        @Override
        public void gather(int[] rows, int kept) {
          if (bulk) {
            KeptRows.copy(from, to, rows, kept);
          } else {
            Copier.super.gather(rows, kept);
          }
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

  @Override
  public void close() {
    output.close();
  }
}
