package io.pqarrow.kernel.path;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.kernel.CastMode;
import io.pqarrow.kernel.CastOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.kernel.decode.WriterFactory;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantTypeException;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The row loop shared by {@link VariantKernels#get} and {@link VariantKernels#decode}: builds the
 * writer tree once, then per row positions a reader, follows the path and hands the value to the
 * writer. Unshredded storage only; shredded vectors go through {@link ShreddedGet}, which shares
 * {@link #execute} (output vector, writer tree, failure accounting) with this loop. A path of keys
 * into an int64, int32, float64 or bool target over Binary children is served by the batch loop
 * {@link KeyPathLoop}, which hands the rows it does not finish to this row reading.
 */
public final class GetKernel {
  private GetKernel() {}

  /** The row loop over unshredded storage: per row, read, follow the path, write. */
  public static Rows rows(VariantColumnReader input, PathExpression path) {
    return (ctx, writer, out, outcome) -> loop(input, path, ctx, writer, out, outcome);
  }

  /** The row loop of one call; runs once per call, not per row. */
  public interface Rows {
    void loop(CastContext ctx, ValueWriter writer, FieldVector out, Outcome outcome);
  }

  /**
   * What one call produced: the output vector (the caller's), the number of rows that failed, the
   * first of them, and the rows that were Variant null. {@link VariantKernels} turns it into a
   * {@link io.pqarrow.kernel.KernelResult}.
   */
  public record Output(
      FieldVector vector, int failedRowCount, int[] firstFailedRows, BitSet variantNullRows) {}

  /**
   * What every kernel call does around its row loop: creates the output vector and the writer tree
   * once, runs {@code rows}, sets the value counts of all rows of {@code input} and returns the
   * output. The output vector is closed when anything fails.
   */
  public static Output execute(
      VariantColumnReader input,
      PathExpression path,
      Field target,
      CastOptions options,
      BufferAllocator allocator,
      Rows rows) {
    CastContext ctx = new CastContext();
    FieldVector out = target.createVector(allocator);
    try {
      ValueWriter writer = new WriterFactory(ctx).create(out, target, target.getName());
      Outcome outcome = new Outcome(options.mode(), options.maxReportedRows(), path);
      rows.loop(ctx, writer, out, outcome);
      writer.finish(input.rowCount());
      return outcome.result(out);
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private static void loop(
      VariantColumnReader rows,
      PathExpression path,
      CastContext ctx,
      ValueWriter writer,
      FieldVector out,
      Outcome outcome) {
    PathWalker walker = new PathWalker(path, ctx);
    VariantReader root = new VariantReader();
    int n = rows.rowCount();
    DirectScalars direct = DirectScalars.of(writer, n);
    IntConsumer row =
        i -> {
          try {
            if (!rows.read(i, root)) {
              writer.writeNull(i);
              return;
            }
            ctx.useMetadata(root.metadata());
            VariantReader at = walker.walk(root, 0);
            if (at == null || !direct.put(at, i)) {
              outcome.record(i, at, writer, ctx);
            }
          } catch (VariantFormatException | VariantTypeException | VariantVectorException e) {
            outcome.malformed(i, writer, e);
          }
        };
    KeyPathLoop batch = KeyPathLoop.of(rows, path, ctx, writer);
    if (batch != null) {
      batch.run(row);
      return;
    }
    for (int i = 0; i < n; i++) {
      row.accept(i);
    }
  }

  /** Failure accounting for one call, and the strict-mode errors. */
  static final class Outcome {
    private final CastMode mode;
    private final PathExpression path;
    private final int[] first;
    private int failed;
    private final BitSet variantNulls = new BitSet();

    Outcome(CastMode mode, int maxReported, PathExpression path) {
      this.mode = mode;
      this.path = path;
      this.first = new int[maxReported];
    }

    /** Writes {@code at} (null: missing) into slot {@code i}. */
    void record(int i, VariantReader at, ValueWriter writer, CastContext ctx) {
      if (at == null) {
        writer.writeNull(i);
        return;
      }
      if (at.isNull()) {
        variantNulls.set(i);
      }
      if (!writer.write(at, i)) {
        fail(i);
        if (mode == CastMode.STRICT) {
          throw new KernelException(
              ErrorKind.INVALID_DATA,
              ErrorLocation.atRow(i),
              "Invalid Variant value at row "
                  + i
                  + ", path "
                  + path
                  + ": "
                  + ctx.failedKind
                  + " does not fit "
                  + ctx.failedTarget,
              null);
        }
      }
    }

    /** Row {@code i} holds bytes that cannot be read: an error in strict mode, else null. */
    void malformed(int i, ValueWriter writer, RuntimeException e) {
      if (mode == CastMode.STRICT) {
        throw new KernelException(
            ErrorKind.ofRow(e),
            ErrorLocation.atRow(i),
            "Invalid Variant value at row " + i + ", path " + path + ": " + e.getMessage(),
            e);
      }
      writer.writeNull(i);
      fail(i);
    }

    private void fail(int i) {
      if (failed < first.length) {
        first[failed] = i;
      }
      failed++;
    }

    Output result(FieldVector out) {
      return new Output(
          out, failed, Arrays.copyOf(first, Math.min(failed, first.length)), variantNulls);
    }
  }
}
