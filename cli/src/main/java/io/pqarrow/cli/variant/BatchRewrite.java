package io.pqarrow.cli.variant;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The middle of a {@code BatchPipeline} (the commands' run loop): copies each batch of a source
 * root into a root of another schema, replacing some top-level columns with what a kernel makes of
 * them; the other columns are shared (their buffers gain a reference), never copied. The source
 * root keeps its vectors, so a reader can load the next batch into it as usual. {@link #none}
 * rewrites nothing and hands on the source root itself.
 */
public final class BatchRewrite implements AutoCloseable {
  /** Makes the replacement of one column for one batch; the result is closed after loading. */
  @FunctionalInterface
  public interface ColumnKernel {
    public FieldVector apply(FieldVector column, long firstRow);
  }

  /** What replaces one column: its field in the target schema and the kernel that fills it. */
  public record Replacement(Field field, ColumnKernel kernel) {}

  /** Decides, once, what becomes of source column {@code index}; {@code null} passes it through. */
  @FunctionalInterface
  public interface ColumnRule {
    Replacement replace(int index, Field field);
  }

  private final VectorSchemaRoot source;
  private final VectorSchemaRoot target;

  /** {@code null} when nothing is rewritten and {@link #target} is the source. */
  private final ColumnKernel[] kernels;

  /** The rewrite that fills {@link #source} first ({@link #chain}), or {@code null}. */
  private BatchRewrite before;

  private BatchRewrite(
      VectorSchemaRoot source, Schema target, ColumnKernel[] kernels, BufferAllocator allocator) {
    this.source = source;
    this.kernels = kernels;
    this.target = VectorSchemaRoot.create(target, allocator);
  }

  private BatchRewrite(VectorSchemaRoot source) {
    this.source = source;
    this.kernels = null;
    this.target = source;
  }

  /** The rewrite that changes nothing: {@link #root()} is {@code source} itself. */
  public static BatchRewrite none(VectorSchemaRoot source) {
    return new BatchRewrite(source);
  }

  /**
   * The rewrite that replaces each column of {@code source} as {@code rule} says, asking it about
   * the columns in order (so its errors come in column order); {@link #none} when it replaces none.
   * The target schema keeps the source's metadata.
   */
  public static BatchRewrite of(
      VectorSchemaRoot source, BufferAllocator allocator, ColumnRule rule) {
    List<Field> fields = source.getSchema().getFields();
    ColumnKernel[] kernels = new ColumnKernel[fields.size()];
    List<Field> out = new ArrayList<>();
    boolean replaced = false;
    for (int c = 0; c < fields.size(); c++) {
      Replacement r = rule.replace(c, fields.get(c));
      if (r == null) {
        out.add(fields.get(c));
      } else {
        out.add(r.field());
        kernels[c] = r.kernel();
        replaced = true;
      }
    }
    if (!replaced) {
      return none(source);
    }
    Schema target = new Schema(out, source.getSchema().getCustomMetadata());
    return new BatchRewrite(source, target, kernels, allocator);
  }

  /**
   * {@code first}, then {@code second} on {@code first}'s root (which {@code second} was made
   * from): one rewrite whose {@link #apply} runs both in order and whose {@link #close} closes
   * both.
   */
  public static BatchRewrite chain(BatchRewrite first, BatchRewrite second) {
    if (first.kernels == null) {
      return second;
    }
    if (second.kernels == null) {
      return first;
    }
    second.before = first;
    return second;
  }

  /** The root the rewritten batches are loaded into: owned by this object unless {@link #none}. */
  public VectorSchemaRoot root() {
    return target;
  }

  /** Rewrites the batch now in the source; {@code firstRow} is its first row in the file. */
  public void apply(long firstRow) {
    if (before != null) {
      before.apply(firstRow);
    }
    if (kernels == null) {
      return;
    }
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
    if (kernels != null) {
      target.close();
    }
    if (before != null) {
      before.close();
    }
  }
}
