package io.pqarrow.kernel;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import java.nio.ByteBuffer;

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
   * Returns metadata for {@code [offset, offset + length)} of {@code buf}, reusing the current one
   * when the bytes are the same (a column usually shares one dictionary).
   */
  VariantMetadata metadata(ByteBuffer buf, int offset, int length, long row) {
    VariantMetadata m = metadata;
    if (m != null && m.sameBytes(buf, offset, length)) {
      return m;
    }
    metadata = VariantMetadata.of(buf, offset, length, row);
    generation++;
    return metadata;
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
