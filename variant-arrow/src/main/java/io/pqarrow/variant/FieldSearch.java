package io.pqarrow.variant;

import io.pqarrow.variant.internal.Utf8;
import io.pqarrow.variant.internal.ValueHeader;
import java.nio.ByteBuffer;

/**
 * Finds an object's field by key bytes or by dictionary id, and follows a chain of ids down nested
 * objects: the lookups behind {@link VariantReader#findField(byte[])}, {@link
 * VariantReader#findFieldById} and {@link VariantReader#descendByIds}. Each is a binary search for
 * objects of more than 8 fields (fields are stored in key order; over a sorted dictionary id order
 * is key order) and a linear scan otherwise, reading the cursor's tables in place and allocating
 * nothing.
 */
final class FieldSearch {
  private FieldSearch() {}

  /**
   * Index of the field of object {@code r} whose key has the UTF-8 bytes {@code key}, or -1.
   *
   * <p>Some writers (parquet-java 1.18.1) order fields by Java's UTF-16 {@code String.compareTo}.
   * The two orders agree for any key without characters at or above U+E000, so binary search still
   * finds such keys; for other keys a miss is confirmed by a linear scan.
   */
  static int byKey(ValueCursor r, byte[] key) {
    VariantMetadata metadata = r.metadata;
    int count = r.count;
    if (count <= 8) {
      return scanByKey(r, key);
    }
    int size = metadata.size();
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = metadata.compareKey(r.checkedFieldId(mid, size), key);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return Utf8.mayOrderDifferentlyInUtf16(key) ? scanByKey(r, key) : -1;
  }

  private static int scanByKey(ValueCursor r, byte[] key) {
    VariantMetadata metadata = r.metadata;
    int size = metadata.size();
    for (int i = 0; i < r.count; i++) {
      if (metadata.compareKey(r.checkedFieldId(i, size), key) == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Index of the field of object {@code r} with dictionary id {@code id}, or -1. */
  static int byId(ValueCursor r, int id) {
    int size = r.metadata.size();
    int f =
        indexOfId(
            r.buf, id, r.count, r.idsStart, r.idSize, size, r.metadata.isSorted() && r.count > 8);
    if (f < -1) {
      r.checkedFieldId(-2 - f, size); // throws: the id at -2 - f is not in the dictionary
    }
    return f;
  }

  /**
   * Follows one object field per entry of {@code ids} from {@code from} and points {@code out} at
   * the last one; false when a step is not an object, lacks its id or fails a check (see {@link
   * VariantReader#descendByIds}).
   */
  static boolean descend(ValueCursor from, int[] ids, ValueCursor out) {
    VariantMetadata metadata = from.metadata;
    if (VariantLayout.basicType(from.header) != ValueHeader.OBJECT || !metadata.isSorted()) {
      return false;
    }
    ByteBuffer buf = from.buf;
    int size = metadata.size();
    int n = from.count;
    int ids0 = from.idsStart;
    int idSz = from.idSize;
    int offs0 = from.offsetsStart;
    int offSz = from.offsetSize;
    int data = from.dataStart;
    int end = from.dataEnd;
    for (int k = 0; ; k++) {
      int f = indexOfId(buf, ids[k], n, ids0, idSz, size, n > 8);
      if (f < 0) {
        return false;
      }
      long off = VariantLayout.readUnsigned(buf, offs0 + f * offSz, offSz);
      if (off >= end - data) {
        return false;
      }
      int child = data + (int) off;
      if (k == ids.length - 1) {
        out.pointChild(from, child, end);
        return true;
      }
      // The checks of pointing at a container, on locals.
      int h = buf.get(child) & 0xFF;
      if (VariantLayout.basicType(h) != ValueHeader.OBJECT) {
        return false;
      }
      int countSize = VariantLayout.objectIsLarge(h) ? 4 : 1;
      if (child + 1L + countSize > end) {
        return false;
      }
      long cn = VariantLayout.readUnsigned(buf, child + 1, countSize);
      idSz = VariantLayout.objectIdSize(h);
      offSz = VariantLayout.objectOffsetSize(h);
      long idsAt = child + 1L + countSize;
      long offsAt = idsAt + cn * idSz;
      long dataAt = offsAt + (cn + 1) * offSz;
      if (dataAt > end) {
        return false;
      }
      long last = VariantLayout.readUnsigned(buf, (int) (offsAt + cn * offSz), offSz);
      if (last > end - dataAt) {
        return false;
      }
      n = (int) cn;
      ids0 = (int) idsAt;
      offs0 = (int) offsAt;
      data = (int) dataAt;
      end = (int) (dataAt + last);
    }
  }

  /**
   * Index of id {@code id} among the {@code n} field ids at {@code ids0} (binary search, or a
   * linear scan), or -1; {@code -2 - i} when id entry {@code i} is met that is not below {@code
   * size}.
   */
  private static int indexOfId(
      ByteBuffer buf, int id, int n, int ids0, int idSz, int size, boolean binary) {
    if (binary) {
      int lo = 0;
      int hi = n - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        long m = VariantLayout.readUnsigned(buf, ids0 + mid * idSz, idSz);
        if (m >= size) {
          return -2 - mid;
        } else if (m < id) {
          lo = mid + 1;
        } else if (m > id) {
          hi = mid - 1;
        } else {
          return mid;
        }
      }
      return -1;
    }
    for (int i = 0; i < n; i++) {
      long m = VariantLayout.readUnsigned(buf, ids0 + i * idSz, idSz);
      if (m >= size) {
        return -2 - i;
      } else if (m == id) {
        return i;
      }
    }
    return -1;
  }
}
