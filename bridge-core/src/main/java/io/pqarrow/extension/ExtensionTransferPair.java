package io.pqarrow.extension;

import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Moves or slices an extension vector into another of the same extension type by transferring the
 * storage vectors. Arrow Java's {@link ExtensionTypeVector} hands out the storage vector's pair,
 * whose target is a bare storage vector, so {@code VectorSchemaRoot.slice} and {@code
 * splitAndTransfer} would lose the extension type; this pair keeps it.
 */
final class ExtensionTransferPair implements TransferPair {
  private final ExtensionTypeVector<?> to;
  private final TransferPair storage;

  ExtensionTransferPair(ExtensionTypeVector<?> from, ExtensionTypeVector<?> to) {
    this.to = to;
    this.storage = from.getUnderlyingVector().makeTransferPair(to.getUnderlyingVector());
  }

  /** The target of a transfer from {@code from}; {@code target} must be the same vector class. */
  static ExtensionTransferPair to(ExtensionTypeVector<?> from, ValueVector target) {
    if (target == null || target.getClass() != from.getClass()) {
      throw new IllegalArgumentException(
          "Invalid transfer target for "
              + from.getClass().getSimpleName()
              + ": "
              + (target == null ? "null" : target.getClass().getSimpleName()));
    }
    return new ExtensionTransferPair(from, (ExtensionTypeVector<?>) target);
  }

  @Override
  public void transfer() {
    storage.transfer();
  }

  @Override
  public void splitAndTransfer(int startIndex, int length) {
    storage.splitAndTransfer(startIndex, length);
  }

  @Override
  public ValueVector getTo() {
    return to;
  }

  @Override
  public void copyValueSafe(int from, int to) {
    storage.copyValueSafe(from, to);
  }
}
