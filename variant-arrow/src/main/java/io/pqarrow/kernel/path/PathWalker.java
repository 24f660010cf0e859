package io.pqarrow.kernel.path;

import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.KeyIds;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.nio.charset.StandardCharsets;

/**
 * Follows a {@link PathExpression} inside one row's value without allocating: one scratch reader
 * per step, key steps resolved to dictionary ids once per distinct metadata dictionary (then found
 * in each object by id), index steps checked against the element count. A path of keys only whose
 * ids are all in the dictionary is first followed in one call ({@link VariantReader#descendByIds}),
 * which positions only the reader of the last step.
 */
final class PathWalker {
  private final PathExpression path;
  // UTF-8 bytes of each key step (null for an index step), encoded once per call.
  private final byte[][] keys;
  private final KeyIds keyIds;
  private final VariantReader[] scratch;
  // Every step is a key: such paths are first followed by ids in one go (descendByIds).
  private final boolean keysOnly;

  PathWalker(PathExpression path, CastContext ctx) {
    this.path = path;
    this.keys = new byte[path.size()][];
    for (int i = 0; i < keys.length; i++) {
      PathExpression.Step step = path.steps().get(i);
      keys[i] = step.isKey() ? step.key().getBytes(StandardCharsets.UTF_8) : null;
    }
    this.keyIds = new KeyIds(ctx, keys);
    boolean all = keys.length > 0;
    for (byte[] k : keys) {
      all &= k != null;
    }
    this.keysOnly = all;
    this.scratch = new VariantReader[path.size()];
    for (int i = 0; i < scratch.length; i++) {
      scratch[i] = new VariantReader();
    }
  }

  /** The value at the path from {@code root} (steps {@code from} onward), or null when missing. */
  VariantReader walk(VariantReader root, int from) {
    int[] ids = keyIds.ids();
    if (keysOnly && from == 0 && resolved(ids)) {
      VariantReader leaf = scratch[ids.length - 1];
      if (root.descendByIds(ids, leaf)) {
        return leaf;
      }
      // Not an object on the way, a missing key or bytes that fail a check: step by step below.
    }
    VariantReader cur = root;
    for (int i = from; i < ids.length; i++) {
      byte[] key = keys[i];
      if (key != null) {
        if (cur.kind() != VariantKind.OBJECT) {
          return null;
        }
        int id = ids[i];
        int f = id >= 0 ? cur.findFieldById(id) : id == -1 ? -1 : cur.findField(key);
        if (f < 0) {
          return null;
        }
        cur = cur.fieldInto(f, scratch[i]);
      } else {
        if (cur.kind() != VariantKind.ARRAY) {
          return null;
        }
        int index = path.steps().get(i).index();
        if (index >= cur.elementCount()) {
          return null;
        }
        cur = cur.elementInto(index, scratch[i]);
      }
    }
    return cur;
  }

  /**
   * Whether every key has an id in the current dictionary (none absent, none searched by bytes).
   */
  private static boolean resolved(int[] ids) {
    for (int id : ids) {
      if (id < 0) {
        return false;
      }
    }
    return true;
  }
}
