package io.pqarrow.ipc;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Cuts rows out of a batch with transfer pairs ({@code splitAndTransfer}) into vectors created from
 * the source fields, so names and extension types stay as they were.
 *
 * <p>{@link VectorSchemaRoot#slice} is not used for that: in Arrow Java 19 it builds each target
 * from a name only, which renames list children to {@code $data$}, and an extension vector's own
 * transfer pair yields its storage vector unless the class overrides it (Arrow's {@code UuidVector}
 * does; see {@code SlicedBatchRoundTripTest} for ours).
 */
final class Slices {
  private Slices() {}

  /**
   * Rows {@code [offset, offset + length)} of {@code root}, in new vectors from {@code allocator}.
   */
  static VectorSchemaRoot slice(
      VectorSchemaRoot root, int offset, int length, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector source : root.getFieldVectors()) {
        FieldVector target = source.getField().createVector(allocator);
        vectors.add(target);
        if (source instanceof ExtensionTypeVector<?> extension) {
          // Arrow's ExtensionTypeVector hands the extension target to its storage's transfer
          // pair, which expects a storage vector; pair the two storages instead.
          extension
              .getUnderlyingVector()
              .makeTransferPair(((ExtensionTypeVector<?>) target).getUnderlyingVector())
              .splitAndTransfer(offset, length);
        } else {
          source.makeTransferPair(target).splitAndTransfer(offset, length);
        }
      }
      return new VectorSchemaRoot(root.getSchema().getFields(), vectors, length);
    } catch (RuntimeException e) {
      try {
        AutoCloseables.close(vectors);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }
}
