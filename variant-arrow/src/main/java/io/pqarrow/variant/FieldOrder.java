package io.pqarrow.variant;

import java.util.Arrays;

/**
 * The key order of an object's fields when it ends: fields are written sorted by key in unsigned
 * UTF-8 byte order, whatever order they were appended in.
 *
 * <p>Fields whose ids ascend in a sorted dictionary are already in key order and are written as
 * they came. Otherwise their order is computed into the frame's scratch (insertion sort for up to
 * {@value #INSERTION_SORT_FIELDS} fields, a merge sort beyond), and remembered per depth, so that
 * the next object with the same ids in the same order (rows of one shape) reuses it.
 */
final class FieldOrder {
  /** Objects of at most this many fields are sorted by insertion, larger ones by a merge sort. */
  private static final int INSERTION_SORT_FIELDS = 64;

  private final KeyDictionary dict;

  FieldOrder(KeyDictionary dict) {
    this.dict = dict;
  }

  /**
   * The written index of each field of {@code f} in key order, or null when the fields are already
   * in key order with no key twice.
   */
  int[] of(ValueWriter.Frame f) {
    return idsAscend(f) ? null : sortedFieldOrder(f);
  }

  /**
   * Whether the object's field ids strictly ascend in a sorted dictionary, where id order is key
   * order: the fields are then written as they came, with no sort and no duplicate to look for
   * (fields appended in key order, as copies of valid objects and unshredded objects are).
   */
  private boolean idsAscend(ValueWriter.Frame f) {
    if (!dict.isSorted()) {
      return false;
    }
    int[] ids = f.ids;
    for (int k = 1; k < f.count; k++) {
      if (ids[k] <= ids[k - 1]) {
        return false;
      }
    }
    return true;
  }

  private int[] sortedFieldOrder(ValueWriter.Frame f) {
    int n = f.count;
    if (n == f.orderedCount && Arrays.equals(f.ids, 0, n, f.orderedIds, 0, n)) {
      return f.order; // keys keep their order: the same ids sort the same way
    }
    int[] order = sortFields(f);
    if (f.orderedIds.length < n) {
      f.orderedIds = new int[Math.max(n, 2 * f.orderedIds.length)];
    }
    System.arraycopy(f.ids, 0, f.orderedIds, 0, n);
    f.orderedCount = n;
    return order;
  }

  private int[] sortFields(ValueWriter.Frame f) {
    int n = f.count;
    if (f.order.length < n) {
      f.order = new int[Math.max(n, 2 * f.order.length)];
    }
    int[] order = f.order;
    boolean inOrder = true;
    for (int i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0 && compareKeys(f.ids[i - 1], f.ids[i]) > 0) {
        inOrder = false;
      }
    }
    if (inOrder) {
      return order;
    }
    if (n <= INSERTION_SORT_FIELDS) {
      // Few fields (most objects): sorted in place, with no object per field.
      int[] ids = f.ids;
      for (int i = 1; i < n; i++) {
        int moving = order[i];
        int j = i - 1;
        while (j >= 0 && compareKeys(ids[order[j]], ids[moving]) > 0) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = moving;
      }
      return order;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (a, b) -> compareKeys(f.ids[a], f.ids[b]));
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  private int compareKeys(int idA, int idB) {
    return idA == idB ? 0 : dict.compare(idA, idB);
  }
}
