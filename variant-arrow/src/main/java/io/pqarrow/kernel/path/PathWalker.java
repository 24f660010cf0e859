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
 * in each object by id), index steps checked against the element count.
 */
final class PathWalker {
  private final PathExpression path;
  // UTF-8 bytes of each key step (null for an index step), encoded once per call.
  private final byte[][] keys;
  private final KeyIds keyIds;
  private final VariantReader[] scratch;

  PathWalker(PathExpression path, CastContext ctx) {
    this.path = path;
    this.keys = new byte[path.size()][];
    for (int i = 0; i < keys.length; i++) {
      PathExpression.Step step = path.steps().get(i);
      keys[i] = step.isKey() ? step.key().getBytes(StandardCharsets.UTF_8) : null;
    }
    this.keyIds = new KeyIds(ctx, keys);
    this.scratch = new VariantReader[path.size()];
    for (int i = 0; i < scratch.length; i++) {
      scratch[i] = new VariantReader();
    }
  }

  /** The value at the path from {@code root} (steps {@code from} onward), or null when missing. */
  VariantReader walk(VariantReader root, int from) {
    int[] ids = keyIds.ids();
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
}
