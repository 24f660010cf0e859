package io.pqarrow.kernel.path;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.DirectScalar;
import io.pqarrow.kernel.cast.KeyIds;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import java.nio.charset.StandardCharsets;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * The batch loop of the commonest get: a path of object keys into a target whose writer declares a
 * fixed-width direct path ({@link DirectScalar}: int64, int32, float64 or bool), over unshredded
 * storage whose {@code metadata} (not dictionary-encoded) and {@code value} are Binary columns
 * without null slots. It reads the Arrow buffers in place, as a loop written for the one query
 * would: per row two offset pairs, the metadata recognised by its slot (the previous row's offsets)
 * or by an 8-bytes-at-a-time comparison with the previous row's bytes, the path followed by
 * dictionary id (ids resolved once per distinct metadata), the value stored straight into the
 * output ({@link ScalarStore}), validity gathered 64 rows to a word. The metadata is followed by
 * {@link MetadataRun}.
 *
 * <p>Only rows that take the common route are served here: a metadata that changes goes through
 * {@link VariantColumnReader#metadata} (parsed and checked there), and every row the loop does not
 * finish (a missing key, another value type, Variant null, a key the dictionary lacks or searched
 * by bytes, an unsorted dictionary, and any range or offset that fails a check) is handed to the
 * general row reading, which gives that row exactly what it always gave, errors included. The
 * checks kept here are the ones that keep every read inside the row's value: the slot inside the
 * data buffer, each object's tables and last offset inside its parent's values, each field offset
 * below the values' size, the scalar's payload before the end of its object's values (the checks of
 * {@link io.pqarrow.variant.VariantReader#descendByIds}, in the same order).
 */
final class KeyPathLoop {
  private static final int OBJECT = 2;

  private final VariantColumnReader rows;
  private final CastContext ctx;
  private final KeyIds keyIds;
  // The writer's direct path, stored through in place.
  private final ScalarStore store;
  private final int rowCount;
  private final ArrowBuf rowValidity;
  private final MetadataRun metadata;
  private final long valueOffsets;
  private final long valueData;
  private final long valueCapacity;
  private final ArrowBuf outValidity;
  // End of the values of the object holding the value descend() found.
  private long leafEnd;

  private KeyPathLoop(
      VariantColumnReader rows,
      CastContext ctx,
      KeyIds keyIds,
      ScalarStore store,
      BaseVariableWidthVector meta,
      BaseVariableWidthVector value,
      FieldVector out) {
    this.rows = rows;
    this.ctx = ctx;
    this.keyIds = keyIds;
    this.store = store;
    this.rowCount = rows.rowCount();
    this.rowValidity = rows.vector().getUnderlyingVector().getValidityBuffer();
    this.metadata = new MetadataRun(meta);
    this.valueOffsets = value.getOffsetBuffer().memoryAddress();
    this.valueData = value.getDataBuffer().memoryAddress();
    this.valueCapacity = value.getDataBuffer().capacity();
    this.outValidity = out.getValidityBuffer();
  }

  /**
   * The loop for this call, or null when the storage, path or the writer's direct path is not the
   * common case. The writer's vector is the call's output, already allocated for every row (by
   * {@link DirectScalars}).
   */
  static KeyPathLoop of(
      VariantColumnReader rows, PathExpression path, CastContext ctx, ValueWriter writer) {
    int n = rows.rowCount();
    if (n == 0 || rows.isShredded() || path.size() == 0) {
      return null;
    }
    byte[][] keys = new byte[path.size()][];
    for (int k = 0; k < keys.length; k++) {
      PathExpression.Step step = path.steps().get(k);
      if (!step.isKey()) {
        return null;
      }
      keys[k] = step.key().getBytes(StandardCharsets.UTF_8);
    }
    FieldVector out = writer.vector();
    ScalarStore store = ScalarStore.of(writer.direct(), out, n);
    if (store == null) {
      return null;
    }
    VariantVector v = rows.vector();
    if (!(v.metadataVector() instanceof BaseVariableWidthVector meta)
        || meta.getField().getDictionary() != null
        || !(v.valueVector() instanceof BaseVariableWidthVector value)
        || meta.getNullCount() != 0
        || value.getNullCount() != 0
        || meta.getOffsetBuffer().capacity() < 4L * (n + 1)
        || value.getOffsetBuffer().capacity() < 4L * (n + 1)
        || v.getUnderlyingVector().getValidityBuffer().capacity() < (n + 7) / 8) {
      return null;
    }
    return new KeyPathLoop(rows, ctx, new KeyIds(ctx, keys), store, meta, value, out);
  }

  /**
   * Serves every row it can and hands each other row that is not SQL NULL to {@code slowRow} (in
   * row order); SQL NULL rows are left null in the output.
   */
  void run(IntConsumer slowRow) {
    int n = rowCount;
    // The ids of the current metadata's keys when its rows can be served here, else null.
    int[] ids = null;
    int dictionarySize = 0;
    for (int w = 0; w * 64 < n; w++) {
      int from = w * 64;
      int to = Math.min(n, from + 64);
      long present = rowWord(w, from, to);
      long served = 0;
      for (long p = present; p != 0; p &= p - 1) {
        int i = from + Long.numberOfTrailingZeros(p);
        int change = metadata.advance(i);
        if (change == MetadataRun.OUT_OF_BOUNDS) {
          ids = null;
          slowRow.accept(i);
          continue;
        }
        if (change == MetadataRun.CHANGED) {
          ids = resolve(i);
          if (ids != null) {
            dictionarySize = ctx.metadata().size();
          }
        }
        if (ids == null) {
          slowRow.accept(i);
          continue;
        }
        long vs = MemoryUtil.getInt(valueOffsets + 4L * i);
        long ve = MemoryUtil.getInt(valueOffsets + 4L * i + 4);
        long leaf =
            vs < 0 || ve < vs || ve > valueCapacity ? -1 : descend(vs, ve, ids, dictionarySize);
        if (leaf < 0 || !store.put(valueData + leaf, leafEnd - leaf - 1, i)) {
          slowRow.accept(i);
          continue;
        }
        served |= 1L << (i - from);
      }
      if (served != 0) {
        // OR: rows handed to slowRow in this word have set their own bits already.
        if (to - from == 64) {
          long at = (long) w * 8;
          outValidity.setLong(at, outValidity.getLong(at) | served);
        } else {
          for (long s = served; s != 0; s &= s - 1) {
            BitVectorHelper.setBit(outValidity, from + Long.numberOfTrailingZeros(s));
          }
        }
      }
    }
  }

  /** The rows of {@code [from, to)} that are not SQL NULL, bit {@code i - from} for row i. */
  private long rowWord(int w, int from, int to) {
    if (to - from == 64 && rowValidity.capacity() >= (long) w * 8 + 8) {
      return rowValidity.getLong((long) w * 8);
    }
    long word = 0;
    for (int i = from; i < to; i++) {
      if (BitVectorHelper.get(rowValidity, i) != 0) {
        word |= 1L << (i - from);
      }
    }
    return word;
  }

  /**
   * Makes row {@code i}'s metadata the context's current one; its key ids when every key has an id
   * in a sorted dictionary, else null (the rows of this metadata take the general route, which also
   * reports a metadata that cannot be read).
   */
  private int[] resolve(int i) {
    try {
      VariantMetadata m = rows.metadata(i);
      ctx.useMetadata(m);
      if (!m.isSorted()) {
        return null;
      }
      int[] ids = keyIds.ids();
      for (int id : ids) {
        if (id < 0) {
          return null;
        }
      }
      return ids;
    } catch (VariantFormatException | VariantVectorException e) {
      return null; // reported by the row reading, for every row of this metadata
    }
  }

  /**
   * Offset in the value data of the value reached from the object in {@code [start, end)} by the
   * field ids {@code ids}, with {@link #leafEnd} set to the end of its parent's values; -1 when a
   * step is not an object or lacks its id, or a check fails.
   */
  private long descend(long start, long end, int[] ids, int size) {
    long base = valueData;
    if (start >= end) {
      return -1;
    }
    int h = MemoryUtil.getByte(base + start) & 0xFF;
    long pos = start;
    for (int k = 0; ; k++) {
      if ((h & 3) != OBJECT) {
        return -1;
      }
      int countSize = (h & 0x40) != 0 ? 4 : 1;
      if (pos + 1 + countSize > end) {
        return -1;
      }
      long n =
          countSize == 4
              ? readUnsigned(base + pos + 1, 4)
              : MemoryUtil.getByte(base + pos + 1) & 0xFFL;
      int idSize = ((h >>> 4) & 3) + 1;
      int offSize = ((h >>> 2) & 3) + 1;
      long idsAt = pos + 1 + countSize;
      long offsAt = idsAt + n * idSize;
      long dataAt = offsAt + (n + 1) * offSize;
      if (dataAt > end) {
        return -1;
      }
      long last = readUnsigned(base + offsAt + n * offSize, offSize);
      if (last > end - dataAt) {
        return -1;
      }
      long dataEnd = dataAt + last;
      int f = indexOfId(ids[k], (int) n, base + idsAt, idSize, size);
      if (f < 0) {
        return -1;
      }
      long off = readUnsigned(base + offsAt + (long) f * offSize, offSize);
      if (off >= dataEnd - dataAt) {
        return -1;
      }
      pos = dataAt + off;
      if (k == ids.length - 1) {
        leafEnd = dataEnd;
        return pos;
      }
      h = MemoryUtil.getByte(base + pos) & 0xFF;
      end = dataEnd;
    }
  }

  /**
   * Index of {@code id} among the {@code n} ids at {@code ids0} (binary search above 8 fields, as
   * {@link io.pqarrow.variant.VariantReader#findFieldById}), or -1, also when an id met is not
   * below the dictionary size.
   */
  private static int indexOfId(int id, int n, long ids0, int idSize, int size) {
    if (n > 8) {
      int lo = 0;
      int hi = n - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        long m = readUnsigned(ids0 + (long) mid * idSize, idSize);
        if (m >= size) {
          return -1;
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
      long m = readUnsigned(ids0 + (long) i * idSize, idSize);
      if (m >= size) {
        return -1;
      } else if (m == id) {
        return i;
      }
    }
    return -1;
  }

  /** Unsigned little-endian integer of 1 to 4 bytes at {@code address}. */
  private static long readUnsigned(long address, int size) {
    return switch (size) {
      case 1 -> MemoryUtil.getByte(address) & 0xFFL;
      case 2 -> MemoryUtil.getShort(address) & 0xFFFFL;
      case 3 ->
          (MemoryUtil.getShort(address) & 0xFFFFL)
              | (MemoryUtil.getByte(address + 2) & 0xFFL) << 16;
      default -> MemoryUtil.getInt(address) & 0xFFFFFFFFL;
    };
  }
}
