package io.pqarrow.kernel;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;

/**
 * Follows a {@link VariantPath} inside one row's value without allocating: one scratch reader per
 * step, key steps resolved to dictionary ids once per distinct metadata dictionary (then found in
 * each object by id), index steps checked against the element count.
 */
final class PathWalker {
  private final VariantPath path;
  private final CastContext ctx;
  private final int[] ids;
  private final VariantReader[] scratch;
  private int generation = -1;

  PathWalker(VariantPath path, CastContext ctx) {
    this.path = path;
    this.ctx = ctx;
    this.ids = new int[path.size()];
    this.scratch = new VariantReader[path.size()];
    for (int i = 0; i < scratch.length; i++) {
      scratch[i] = new VariantReader();
    }
  }

  /** The value at the path from {@code root} (steps {@code from} onward), or null when missing. */
  VariantReader walk(VariantReader root, int from) {
    if (generation != ctx.generation()) {
      VariantMetadata m = ctx.metadata();
      for (int i = 0; i < ids.length; i++) {
        byte[] key = path.keyUtf8(i);
        // -2: an unsorted dictionary may repeat a key under several ids, so match by bytes.
        ids[i] = key == null ? 0 : m.isSorted() ? m.find(key) : -2;
      }
      generation = ctx.generation();
    }
    VariantReader cur = root;
    for (int i = from; i < ids.length; i++) {
      byte[] key = path.keyUtf8(i);
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
