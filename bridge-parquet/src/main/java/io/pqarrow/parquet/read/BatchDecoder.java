package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.BadValueException;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.parquet.read.node.BatchRows;
import io.pqarrow.parquet.read.node.NodeAssembler;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Decodes a {@link ParquetArrowReader}'s batches into its root: each run of rows that {@link
 * RowGroupWalk} gives is read on every leaf ({@link ColumnTasks}), checked (a column chunk that
 * ends early, a value with no Arrow value, a refused null), ended and assembled by the node tree.
 * With late materialization ({@link LateColumns}) a batch is one run: the filter's columns for
 * every row, then, once the stage has selected the rows, the other columns for those it keeps.
 * Every failure is a {@link ParquetFileException} naming the file, and the column and row when
 * known.
 */
final class BatchDecoder {
  private final String file;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot root;
  private final List<NodeAssembler> nodes;
  private final List<LeafDecoder> leaves;
  private final RowGroupWalk walk;

  /** Reads each run of a batch on every leaf; null with late materialization. */
  private final ColumnTasks tasks;

  /** Late materialization's plan; null when the read does not use it. */
  private final LateColumns late;

  /** Selects the rows of a late-materialized batch; null without late materialization. */
  private final FilterStage stage;

  private final int batchRows;

  private boolean allocated;
  private final BatchRows batch = new BatchRows();
  private long rowsRead;
  private long rowsMaterialized;

  BatchDecoder(
      String file,
      BufferAllocator allocator,
      VectorSchemaRoot root,
      List<NodeAssembler> nodes,
      List<LeafDecoder> leaves,
      RowGroupWalk walk,
      ColumnTasks tasks,
      LateColumns late,
      FilterStage stage,
      int batchRows) {
    this.file = file;
    this.allocator = allocator;
    this.root = root;
    this.nodes = nodes;
    this.leaves = leaves;
    this.walk = walk;
    this.tasks = tasks;
    this.late = late;
    this.stage = stage;
    this.batchRows = batchRows;
  }

  /** Decodes the next batch; {@code false}, with no rows, when every row group has been read. */
  boolean read() {
    return late != null ? readLateBatch() : readBatch();
  }

  /** The caller holds the batch's buffers: the next batch is decoded into new ones. */
  void handedOn() {
    allocated = false; // prepareVectors allocates new buffers instead of reusing these
  }

  /** {@return where the rows of the current batch are in the file} */
  BatchRows rows() {
    return batch;
  }

  /** {@return the rows decoded so far} */
  long rowsRead() {
    return rowsRead;
  }

  /** {@return the rows of the late columns decoded so far} */
  long rowsMaterialized() {
    return rowsMaterialized;
  }

  /** Decodes the next batch of the selected row groups into {@link #root}. */
  private boolean readBatch() {
    batch.clear();
    int rows = 0;
    try {
      prepareVectors();
      while (rows < batchRows) {
        int n = walk.nextRun(batchRows - rows);
        if (n == 0) {
          break;
        }
        batch.add(rows, walk.nextRow());
        tasks.readRecords(n);
        checkRead(tasks, leaves, n, batch, true);
        rows += n;
        walk.consumed(n);
      }
      finishNodes(leaves, nodes, batch, true);
    } catch (RuntimeException e) {
      throw batchFailure(null, false, e);
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
    try {
      prepareVectors();
      int n = walk.nextRun(batchRows);
      if (n > 0) {
        long nextRow = walk.nextRow();
        batch.add(0, nextRow);
        late.filterTasks.readRecords(n);
        checkRead(late.filterTasks, late.filterLeaves, n, batch, false);
        finishNodes(late.filterLeaves, late.filterNodes, batch, false);
        late.filterRoot.setRowCount(n);
        stage.select(late.filterRoot, n);
        late.choose(
            stage.keep(),
            n,
            nextRow - walk.rowGroupFirstRow(),
            nextRow,
            walk.continuesAfter(n) && !stage.reachesLimit());
        late.lateTasks.readSelected(late.selection, late.latePages);
        checkRead(late.lateTasks, late.lateLeaves, n, late.lateRows, false);
        finishNodes(late.lateLeaves, late.lateNodes, late.lateRows, false);
        materialized = late.selection.selected();
        for (FieldVector v : late.lateVectors) {
          v.setValueCount(materialized);
        }
        late.rows = n;
        rows = n;
        walk.consumed(n);
      }
    } catch (RuntimeException e) {
      throw batchFailure(null, false, e);
    }
    rowsRead += rows;
    rowsMaterialized += materialized;
    return rows > 0;
  }

  /**
   * Reports the first problem, in column order, of the leaves {@code tasks} read for a run of
   * {@code n} rows ({@code rows}: where the rows of the batch are in the file); {@code
   * namesColumnOutOfMemory} as for {@link #batchFailure}.
   */
  private void checkRead(
      ColumnTasks tasks,
      List<LeafDecoder> read,
      int n,
      BatchRows rows,
      boolean namesColumnOutOfMemory) {
    for (int i = 0; i < read.size(); i++) {
      LeafDecoder leaf = read.get(i);
      Throwable failure = tasks.failure(i);
      if (failure instanceof BadValueException e) {
        throw badValue(leaf, e, rows);
      }
      try {
        rethrow(failure);
      } catch (RuntimeException e) {
        throw batchFailure(leaf.column, namesColumnOutOfMemory, e);
      }
      int got = tasks.read(i);
      if (got != n) {
        long nextRow = walk.nextRow();
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(leaf.column).withRowGroup(walk.rowGroup()).withRow(nextRow + got),
            "column chunk ends after "
                + (nextRow + got - walk.rowGroupFirstRow())
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
    } catch (RuntimeException e) {
      throw batchFailure(column, namesColumnOutOfMemory, e);
    }
  }

  /**
   * The error for {@code e}, thrown while a batch was decoded with {@code column} (null: no column
   * in particular) being read: a {@link ParquetFileException} as it is; the caller's allocator
   * running out ({@link #outOfMemory}) naming {@code column} when {@code namesColumnOutOfMemory}
   * (the plain read) and the batch otherwise (late materialization reports it for the whole batch);
   * anything else as the batch that cannot be decoded.
   */
  private ParquetFileException batchFailure(
      String column, boolean namesColumnOutOfMemory, RuntimeException e) {
    if (e instanceof ParquetFileException p) {
      return p;
    }
    if (e instanceof OutOfMemoryException o) {
      // The file is sound: the caller's allocator is too small for one batch.
      return outOfMemory(namesColumnOutOfMemory ? column : null, o);
    }
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        where(column),
        "cannot decode the batch from row " + batch.first() + ": " + describe(e),
        e);
  }

  /**
   * The error for the caller's allocator running out while {@code column} (null: the batch) was
   * read: the file is sound, the allocator too small for one batch.
   */
  ParquetFileException outOfMemory(String column, OutOfMemoryException e) {
    return ParquetFileException.read(
        ErrorKind.OUT_OF_MEMORY,
        where(column),
        "out of Arrow memory (limit " + allocatorLimit() + " bytes): " + describe(e),
        e);
  }

  /** The error for a value of {@code leaf} that has no Arrow value: its column, row group, row. */
  private ParquetFileException badValue(LeafDecoder leaf, BadValueException e, BatchRows rows) {
    long row = rows.fileRow(leaf.batchRowOf(e.slot));
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        where(leaf.column).withRowGroup(walk.rowGroup()).withRow(row),
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

  /** The file and {@code column}, for an error's location. */
  private ErrorLocation where(String column) {
    return ErrorLocation.inFile(file).withColumn(column);
  }

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }
}
