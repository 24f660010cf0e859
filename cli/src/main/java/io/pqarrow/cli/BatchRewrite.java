package io.pqarrow.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Copies each batch of a source root into a root of another schema, replacing some top-level
 * columns with what a kernel makes of them; the other columns are shared (their buffers gain a
 * reference), never copied. The source root keeps its vectors, so a reader can load the next batch
 * into it as usual.
 */
final class BatchRewrite implements AutoCloseable {
  /** Makes the replacement of one column for one batch; the result is closed after loading. */
  @FunctionalInterface
  interface ColumnKernel {
    FieldVector apply(FieldVector column, long firstRow);
  }

  private final VectorSchemaRoot source;
  private final VectorSchemaRoot target;
  private final ColumnKernel[] kernels;

  /**
   * @param kernels one per source column: {@code null} passes the column through
   */
  BatchRewrite(
      VectorSchemaRoot source, Schema target, ColumnKernel[] kernels, BufferAllocator allocator) {
    this.source = source;
    this.kernels = kernels.clone();
    this.target = VectorSchemaRoot.create(target, allocator);
  }

  /** The root the rewritten batches are loaded into; owned by this object. */
  VectorSchemaRoot root() {
    return target;
  }

  /** Rewrites the batch now in the source; {@code firstRow} is its first row in the file. */
  void apply(long firstRow) {
    List<FieldVector> columns = new ArrayList<>();
    List<FieldVector> made = new ArrayList<>();
    try {
      for (int c = 0; c < kernels.length; c++) {
        FieldVector v = source.getVector(c);
        if (kernels[c] == null) {
          columns.add(v);
        } else {
          FieldVector result = kernels[c].apply(v, firstRow);
          made.add(result);
          columns.add(result);
        }
      }
      // The unloaded batch holds its own references to the buffers, so the made vectors can be
      // closed as soon as the target has loaded it.
      VectorSchemaRoot view =
          new VectorSchemaRoot(target.getSchema(), columns, source.getRowCount());
      try (ArrowRecordBatch batch = new VectorUnloader(view).getRecordBatch()) {
        new VectorLoader(target).load(batch);
      }
    } finally {
      try {
        AutoCloseables.close(made);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Override
  public void close() {
    target.close();
  }
}
