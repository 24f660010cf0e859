package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantMetadata;
import java.util.Arrays;

/**
 * Object keys resolved to dictionary ids, cached per dictionary slot of a {@link CastContext}. An
 * id of -1 means the dictionary lacks the key (no object of that row can have it); -2 means objects
 * are searched by key bytes instead: the dictionary is unsorted (one key may sit under several ids)
 * or the key may be ordered differently by writers that sort by UTF-16.
 */
public final class KeyIds {
  private final CastContext ctx;
  private final byte[][] keys;
  private int[][] bySlot = new int[4][];
  private int epoch;

  /**
   * @param keys UTF-8 keys; a {@code null} entry (an index step of a path) resolves to 0
   */
  public KeyIds(CastContext ctx, byte[][] keys) {
    this.ctx = ctx;
    this.keys = keys;
    this.epoch = ctx.epoch();
  }

  /** The ids of the keys in the current dictionary. */
  public int[] ids() {
    if (epoch != ctx.epoch()) {
      Arrays.fill(bySlot, null);
      epoch = ctx.epoch();
    }
    int s = ctx.slot();
    if (s >= bySlot.length) {
      bySlot = Arrays.copyOf(bySlot, Math.max(s + 1, bySlot.length * 2));
    }
    int[] ids = bySlot[s];
    if (ids == null) {
      ids = resolve(ctx.metadata());
      bySlot[s] = ids;
    }
    return ids;
  }

  /** True when the UTF-8 bytes hold a character at or above U+E000 (lead byte 0xEE or more). */
  public static boolean mayOrderDifferentlyInUtf16(byte[] utf8) {
    for (byte b : utf8) {
      if ((b & 0xFF) >= 0xEE) {
        return true;
      }
    }
    return false;
  }

  private int[] resolve(VariantMetadata m) {
    int[] ids = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      if (keys[i] == null) {
        ids[i] = 0;
      } else if (!m.isSorted()) {
        ids[i] = -2;
      } else {
        int id = m.find(keys[i]);
        // Some writers order object fields by UTF-16, which differs from the id order only for
        // keys with characters at or above U+E000: search those by bytes (which tolerates it).
        ids[i] = id >= 0 && mayOrderDifferentlyInUtf16(keys[i]) ? -2 : id;
      }
    }
    return ids;
  }
}
