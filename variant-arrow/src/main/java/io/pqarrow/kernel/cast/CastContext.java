package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import java.util.IdentityHashMap;

/**
 * Mutable state shared by the writers of one kernel call: the current metadata dictionary with a
 * slot number per distinct dictionary (so that key-to-id lookups happen once per dictionary, not
 * once per row; see {@link KeyIds}) and the details of the last value that did not fit (for
 * strict-mode messages). Not thread-safe; one per call.
 */
public final class CastContext {
  /** Dictionaries remembered before the slot table starts over. */
  public static final int MAX_DICTIONARIES = 256;

  private VariantMetadata metadata;
  private int slot = -1;
  private int epoch;
  private final IdentityHashMap<VariantMetadata, Integer> slots = new IdentityHashMap<>();

  /** Kind of the last value that did not fit. */
  public VariantKind failedKind;

  /** Target description of the writer that refused it. */
  public String failedTarget;

  /** Scratch for a long produced by a numeric conversion (avoids boxing). */
  public long scratchLong;

  /**
   * Makes {@code m} the current dictionary. The column reader hands out one instance per distinct
   * dictionary (rows with the same metadata bytes or dictionary index share it), so identity is
   * enough; each instance gets a small slot number under which writers cache their key ids, so rows
   * that alternate between a few dictionaries never resolve a key twice.
   */
  public void useMetadata(VariantMetadata m) {
    if (m == metadata) {
      return;
    }
    metadata = m;
    Integer s = slots.get(m);
    if (s == null) {
      if (slots.size() >= MAX_DICTIONARIES) {
        slots.clear();
        epoch++;
      }
      s = slots.size();
      slots.put(m, s);
    }
    slot = s;
  }

  /** The current dictionary. */
  public VariantMetadata metadata() {
    return metadata;
  }

  /** Slot number of the current dictionary (below {@link #MAX_DICTIONARIES}). */
  public int slot() {
    return slot;
  }

  /** Changes when slot numbers are reassigned, so that caches keyed by slot must be dropped. */
  public int epoch() {
    return epoch;
  }

  /** Records a refusal; returns false for the caller to return. */
  public boolean fail(VariantKind kind, String target) {
    this.failedKind = kind;
    this.failedTarget = target;
    return false;
  }
}
