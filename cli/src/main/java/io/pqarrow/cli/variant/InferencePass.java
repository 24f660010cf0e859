package io.pqarrow.cli.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.SchemaAccumulator;
import io.pqarrow.kernel.VariantKernels;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The first pass of {@code export --variant decode} and {@code import --shred COLUMN=infer}: reads
 * the input once, before the output is written, and infers each Variant column's schema from all
 * its rows ({@link VariantKernels#inferSchemaAccumulator}), or from its first {@code --infer-rows}
 * rows.
 *
 * @param sources opens the input again from its start
 * @param rewrites what the batches go through before inference (the conversions that make the
 *     Variant columns, such as {@code --to-variant}); made from the source once it holds its first
 *     batch
 * @param maxRows the rows to read, 0 for all
 */
public record InferencePass(
    Supplier<BatchSource> sources,
    Function<BatchSource, BatchRewrite> rewrites,
    long maxRows,
    BufferAllocator allocator) {

  /** A pass over batches as the source reads them. */
  public static InferencePass of(
      Supplier<BatchSource> sources, long maxRows, BufferAllocator allocator) {
    return new InferencePass(
        sources, source -> BatchRewrite.none(source.root()), maxRows, allocator);
  }

  /**
   * The inferred field of each of {@code columns} (top-level Variant columns of the rewritten
   * batches), by name, inferred with {@code options}.
   */
  public Map<String, Field> infer(List<String> columns, InferOptions options) {
    Map<String, SchemaAccumulator> seen = new LinkedHashMap<>();
    for (String c : columns) {
      seen.put(c, VariantKernels.inferSchemaAccumulator(options));
    }
    if (!columns.isEmpty()) {
      read(seen);
    }
    Map<String, Field> out = new LinkedHashMap<>();
    seen.forEach((c, a) -> out.put(c, a.toField(c)));
    return out;
  }

  private void read(Map<String, SchemaAccumulator> seen) {
    try (BatchSource source = sources.get()) {
      boolean more = source.next();
      try (BatchRewrite rewrite = rewrites.apply(source)) {
        long rows = 0;
        while (more && (maxRows == 0 || rows < maxRows)) {
          rewrite.apply(rows);
          VectorSchemaRoot root = rewrite.root();
          int n = root.getRowCount();
          int take = maxRows == 0 ? n : (int) Math.min(n, maxRows - rows);
          for (Map.Entry<String, SchemaAccumulator> e : seen.entrySet()) {
            observe(
                e.getValue(), (VariantVector) root.getVector(e.getKey()), e.getKey(), rows, take);
          }
          rows += take;
          more = source.next();
        }
      }
    }
  }

  /** Observes the first {@code take} rows of {@code v}, the batch from row {@code firstRow}. */
  private void observe(
      SchemaAccumulator a, VariantVector v, String column, long firstRow, int take) {
    try {
      if (take == v.getValueCount()) {
        a.add(v, column);
        return;
      }
      TransferPair part = v.getTransferPair(allocator);
      part.splitAndTransfer(0, take);
      try (FieldVector head = (FieldVector) part.getTo()) {
        a.add((VariantVector) head, column);
      }
    } catch (BridgeException e) {
      throw CliException.inColumn(
          column,
          "cannot infer a schema for Variant column "
              + column
              + " from the rows from "
              + firstRow
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
