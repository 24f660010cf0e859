package io.pqarrow.variant;

import java.util.Arrays;

/**
 * The location of the value a {@link VariantWalker} is visiting, such as {@code $.orders[3].id}.
 * Mutable and reused during a walk (it allocates nothing until {@link #toString()} is called); copy
 * the string if it is needed after the visit returns.
 */
public final class VariantPath {
  private VariantMetadata metadata;
  private int depth;
  private int[] keyIds = new int[16];
  private int[] indexes = new int[16];

  VariantPath() {}

  void reset(VariantMetadata metadata) {
    this.metadata = metadata;
    this.depth = 0;
  }

  /** Enters field {@code index} (key id {@code keyId}) of an object. */
  void pushField(int keyId, int index) {
    grow();
    keyIds[depth] = keyId;
    indexes[depth++] = index;
  }

  /** Enters element {@code index} of an array. */
  void pushElement(int index) {
    grow();
    keyIds[depth] = -1;
    indexes[depth++] = index;
  }

  void pop() {
    depth--;
  }

  private void grow() {
    if (depth == keyIds.length) {
      keyIds = Arrays.copyOf(keyIds, depth * 2);
      indexes = Arrays.copyOf(indexes, depth * 2);
    }
  }

  /**
   * {@return the number of objects and arrays between the root and the current value (0 at the
   * root)}
   */
  public int depth() {
    return depth;
  }

  /**
   * {@return the key of the innermost step, or {@code null} when it is an array element or at the
   * root}
   */
  public String lastKey() {
    return depth == 0 || keyIds[depth - 1] < 0 ? null : metadata.key(keyIds[depth - 1]);
  }

  /** {@return the field or element index of the innermost step (0-based), or -1 at the root} */
  public int lastIndex() {
    return depth == 0 ? -1 : indexes[depth - 1];
  }

  /** The path as {@code $}, {@code $.a}, {@code $.a[2]}, {@code $["key with.dot"]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("$");
    for (int d = 0; d < depth; d++) {
      if (keyIds[d] < 0) {
        sb.append('[').append(indexes[d]).append(']');
      } else {
        String k = metadata.key(keyIds[d]);
        if (!k.isEmpty() && k.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
          sb.append('.').append(k);
        } else {
          sb.append("[\"").append(k.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]");
        }
      }
    }
    return sb.toString();
  }
}
