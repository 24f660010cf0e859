package io.pqarrow.kernel;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;

/**
 * Mutable state shared by the writers of one kernel call: the current metadata dictionary (with a
 * generation number that changes when the dictionary does, so that key-to-id lookups are redone
 * once per distinct dictionary, not once per row) and the details of the last value that did not
 * fit (for strict-mode messages). Not thread-safe; one per call.
 */
final class CastContext {
  private VariantMetadata metadata;
  private int generation;

  /** Kind of the last value that did not fit. */
  VariantKind failedKind;

  /** Target description of the writer that refused it. */
  String failedTarget;

  /** Scratch for a long produced by a numeric conversion (avoids boxing). */
  long scratchLong;

  /**
   * Makes {@code m} the current dictionary. The column reader hands out one instance per distinct
   * dictionary (rows with the same metadata bytes share it), so an identity check is enough to
   * notice a change.
   */
  void useMetadata(VariantMetadata m) {
    if (m != metadata) {
      metadata = m;
      generation++;
    }
  }

  /** The current dictionary. */
  VariantMetadata metadata() {
    return metadata;
  }

  /** Changes whenever {@link #metadata()} does. */
  int generation() {
    return generation;
  }

  /** Records a refusal; returns false for the caller to return. */
  boolean fail(VariantKind kind, String target) {
    this.failedKind = kind;
    this.failedTarget = target;
    return false;
  }
}
