package io.pqarrow.parquet.internal.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.util.OversizedAllocationException;

/**
 * Where byte-array decoders append: the offsets and data buffers of an Arrow variable-width vector
 * (32-bit offsets such as {@code VarCharVector}, or 64-bit ones such as {@code
 * LargeVarBinaryVector}), from a first slot on. Value {@code s} is data bytes {@code offset[s] ..
 * offset[s+1]-1}.
 *
 * <p>The caller sizes the vector for the slots it will fill (the offsets buffer is never grown
 * here, so a validity buffer the caller holds stays valid); the data buffer grows through the
 * vector as values arrive. Decoders reserve room for a batch once ({@link #reserve}) and then
 * append without further checks. The validity bits are the caller's; after each decoder call the
 * vector's last-set index is updated so that {@code setValueCount} keeps the offsets written here.
 *
 * <p>Small values are gathered in a heap staging array and copied to the data buffer 64 KiB at a
 * time: a copy into Arrow memory costs a native call, which would cost more than a short string.
 * Values larger than the stage go straight to the buffer. Offsets are staged the same way, 2,048 at
 * a time, since Arrow's per-value setters check their bounds on every call.
 */
public final class BinaryOutput {
  private static final int STAGE_BYTES = 1 << 16;

  /**
   * A value of at most this many bytes is copied as two 8-byte words, whatever its length: the
   * stage has this much room past its end, and a source is read this far only where its array holds
   * the bytes (the dictionary's array is padded so). Cheaper than a call to the array copy for the
   * short strings and keys most columns hold.
   */
  static final int WORD_COPY = 16;

  private static final int OFFSET_STAGE = 1 << 11;
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final BaseVariableWidthVector narrow;
  private final BaseLargeVariableWidthVector wide;
  private ArrowBuf offsets;
  private ArrowBuf data;
  private int slot;
  private long end;
  private byte[] stage;
  private int staged;

  /** Offsets not yet copied to the offsets buffer: those of slots {@code offsetFirst ..}. */
  private final byte[] offsetStage;

  private int offsetFirst;
  private int offsetsStaged;

  private BinaryOutput(
      BaseVariableWidthVector narrow, BaseLargeVariableWidthVector wide, int firstSlot) {
    if (firstSlot < 0) {
      throw new IllegalArgumentException("negative first slot " + firstSlot);
    }
    this.narrow = narrow;
    this.wide = wide;
    this.offsetStage = new byte[OFFSET_STAGE * (narrow != null ? 4 : 8)];
    restart(firstSlot);
  }

  /**
   * Points this output at its vector's current buffers from slot {@code firstSlot}, as a new one
   * would be, keeping its staging array: for a reader that reuses one output across batches or
   * after the vector's buffers were reallocated.
   */
  public void restart(int firstSlot) {
    if (firstSlot < 0) {
      throw new IllegalArgumentException("negative first slot " + firstSlot);
    }
    flush();
    this.offsets = narrow != null ? narrow.getOffsetBuffer() : wide.getOffsetBuffer();
    this.data = narrow != null ? narrow.getDataBuffer() : wide.getDataBuffer();
    this.slot = firstSlot;
    Bitmaps.checkBytes(offsets, (long) (firstSlot + 1) * offsetWidth(), "offset buffer");
    if (firstSlot == 0) {
      end = 0;
      setOffset(0, 0);
    } else {
      end =
          narrow != null
              ? offsets.getInt((long) firstSlot * 4)
              : offsets.getLong((long) firstSlot * 8);
    }
  }

  /** Appends to a vector with 32-bit offsets from slot {@code firstSlot}. */
  public static BinaryOutput of(BaseVariableWidthVector vector, int firstSlot) {
    return new BinaryOutput(vector, null, firstSlot);
  }

  /** Appends to a vector with 64-bit offsets from slot {@code firstSlot}. */
  public static BinaryOutput of(BaseLargeVariableWidthVector vector, int firstSlot) {
    return new BinaryOutput(null, vector, firstSlot);
  }

  /** The next slot to be written. */
  public int slot() {
    return slot;
  }

  /** The data offset where the next value's bytes go. */
  public long dataEnd() {
    return end;
  }

  private int offsetWidth() {
    return narrow != null ? 4 : 8;
  }

  /** Makes room for {@code values} more values holding {@code bytes} more bytes in total. */
  void reserve(int values, long bytes) {
    Bitmaps.checkBytes(offsets, ((long) slot + values + 1) * offsetWidth(), "offset buffer");
    long need = end + bytes;
    if (narrow != null) {
      if (need > Integer.MAX_VALUE) {
        throw new OversizedAllocationException(
            "values of " + need + " bytes do not fit a vector with 32-bit offsets");
      }
      if (need > data.capacity()) {
        narrow.reallocDataBuffer(need);
        data = narrow.getDataBuffer();
      }
    } else {
      while (need > data.capacity()) {
        wide.reallocDataBuffer();
        data = wide.getDataBuffer();
      }
    }
  }

  /** Appends part of a value from the page; {@link #endValue} closes it. */
  void put(PageBytes src, int from, int length) {
    if (stageFor(length)) {
      src.copyTo(stage, staged, from, length);
      staged += length;
    } else {
      src.copyTo(data, end, from, length);
    }
    end += length;
  }

  /** Appends part of a value from a heap array; {@link #endValue} closes it. */
  void put(byte[] src, int from, int length) {
    if (stageFor(length)) {
      System.arraycopy(src, from, stage, staged, length);
      staged += length;
    } else {
      data.setBytes(end, src, from, length);
    }
    end += length;
  }

  /**
   * Whether {@code length} more bytes go to the stage (flushing it first if they do not fit); false
   * for a value too large for it, which the caller copies directly.
   */
  private boolean stageFor(int length) {
    if (stage == null) {
      stage = newStage();
    }
    if (length > STAGE_BYTES - staged) {
      flush();
      return length <= STAGE_BYTES;
    }
    return true;
  }

  /**
   * Copies the staged bytes to the data buffer, where they end at {@code end}, and the staged
   * offsets to the offsets buffer.
   */
  private void flush() {
    if (staged > 0) {
      data.setBytes(end - staged, stage, 0, staged);
      staged = 0;
    }
    flushOffsets();
  }

  private void flushOffsets() {
    if (offsetsStaged > 0) {
      int w = offsetWidth();
      offsets.setBytes((long) offsetFirst * w, offsetStage, 0, (long) offsetsStaged * w);
      offsetsStaged = 0;
    }
  }

  /** Ends the current value: its end offset is the data written so far. */
  void endValue() {
    setOffset(++slot, end);
  }

  /** Appends one whole value from the page. */
  void append(PageBytes src, int from, int length) {
    put(src, from, length);
    setOffset(++slot, end);
  }

  /** Appends one whole value from a heap array. */
  void append(byte[] src, int from, int length) {
    put(src, from, length);
    setOffset(++slot, end);
  }

  /**
   * Appends {@code n} PLAIN values (each a 4-byte little-endian length, then its bytes) that lie in
   * {@code src} from byte {@code from}, which the caller has checked, and returns the position
   * after them. Over a heap page the lengths and bytes are read from its array directly.
   */
  int appendPlain(PageBytes src, int from, int n) {
    byte[] heap = src.heapArray();
    if (heap == null) {
      int pos = from;
      for (int i = 0; i < n; i++) {
        int length = src.getInt(pos);
        append(src, pos + 4, length);
        pos += 4 + length;
      }
      return pos;
    }
    if (stage == null) {
      stage = newStage();
    }
    int base = src.heapOffset();
    int pos = base + from;
    if (narrow == null) {
      for (int i = 0; i < n; i++) {
        int length = (int) INTS.get(heap, pos);
        pos += 4;
        put(heap, pos, length);
        pos += length;
        setOffset(++slot, end);
      }
      return pos - base;
    }
    // 32-bit offsets: the loop keeps the stage positions in locals and writes the offsets into
    // their stage a block at a time.
    int done = 0;
    while (done < n) {
      int m = offsetRoom(n - done);
      int st = staged;
      long e = end;
      int os = offsetsStaged;
      for (int q = 0; q < m; q++) {
        int length = (int) INTS.get(heap, pos);
        pos += 4;
        st = stageValue(heap, pos, length, st, e);
        pos += length;
        e += length;
        INTS.set(offsetStage, os++ * 4, (int) e);
      }
      staged = st;
      end = e;
      offsetsStaged = os;
      slot += m;
      done += m;
    }
    return pos - base;
  }

  /**
   * Appends, for each of {@code indices[0 .. n)}, dictionary value {@code i}: bytes {@code
   * valueOffsets[i] .. valueOffsets[i+1]-1} of {@code bytes}, which is padded with {@link
   * #WORD_COPY} bytes past the last value. The caller has reserved room ({@link #reserve}) and,
   * when every value of the dictionary is at most {@link #WORD_COPY} bytes ({@code words}), that
   * many bytes more: each value is then written as two words straight into the data buffer.
   */
  void appendGathered(byte[] bytes, int[] valueOffsets, int[] indices, int n, boolean words) {
    int firstIndex = indices[0];
    int differ = 0;
    for (int j = 1; j < n; j++) {
      differ |= indices[j] ^ firstIndex;
    }
    if (differ == 0) {
      appendRepeated(bytes, valueOffsets[firstIndex], valueOffsets[firstIndex + 1], n);
      return;
    }
    if (words) {
      appendWords(bytes, valueOffsets, indices, n);
      return;
    }
    if (narrow == null) {
      for (int j = 0; j < n; j++) {
        int i = indices[j];
        append(bytes, valueOffsets[i], valueOffsets[i + 1] - valueOffsets[i]);
      }
      return;
    }
    if (stage == null) {
      stage = newStage();
    }
    int done = 0;
    while (done < n) {
      int m = offsetRoom(n - done);
      int st = staged;
      long e = end;
      int os = offsetsStaged;
      for (int q = done; q < done + m; q++) {
        int i = indices[q];
        int from = valueOffsets[i];
        int length = valueOffsets[i + 1] - from;
        st = stageValue(bytes, from, length, st, e);
        e += length;
        INTS.set(offsetStage, os++ * 4, (int) e);
      }
      staged = st;
      end = e;
      offsetsStaged = os;
      slot += m;
      done += m;
    }
  }

  /**
   * The loop of {@link #appendGathered} for values of at most {@link #WORD_COPY} bytes: two words
   * and an offset written to the vector's memory per value, with no stage; the words past a value
   * land in room the caller reserved, to be overwritten by the next.
   */
  private void appendWords(byte[] bytes, int[] valueOffsets, int[] indices, int n) {
    flush();
    long data = this.data.memoryAddress();
    long e = end;
    boolean narrowOffsets = narrow != null;
    long at = offsets.memoryAddress() + (slot + 1L) * offsetWidth();
    for (int q = 0; q < n; q++) {
      int i = indices[q];
      int from = valueOffsets[i];
      MemoryUtil.putLong(data + e, (long) LONGS.get(bytes, from));
      MemoryUtil.putLong(data + e + 8, (long) LONGS.get(bytes, from + 8));
      e += valueOffsets[i + 1] - from;
      // A loop-invariant test: the JIT makes a loop of each.
      if (narrowOffsets) {
        MemoryUtil.putInt(at + 4L * q, (int) e);
      } else {
        MemoryUtil.putLong(at + 8L * q, e);
      }
    }
    end = e;
    slot += n;
  }

  /**
   * Appends bytes {@code from .. to-1} of {@code bytes} as {@code n} values, as a run of one
   * dictionary index gives them (a Variant column's metadata, a constant column): the value is
   * copied once and then doubled within the data buffer, the offsets written as a progression.
   */
  private void appendRepeated(byte[] bytes, int from, int to, int n) {
    flush();
    long length = to - from;
    long total = length * n;
    if (length > 0) {
      data.setBytes(end, bytes, from, length);
      for (long filled = length; filled < total; filled *= 2) {
        data.setBytes(end + filled, data, end, Math.min(filled, total - filled));
      }
    }
    // reserve() has checked the offsets buffer for these slots.
    long base = offsets.memoryAddress();
    if (narrow != null) {
      for (int j = 1; j <= n; j++) {
        MemoryUtil.putInt(base + (slot + j) * 4L, (int) (end + j * length));
      }
    } else {
      for (int j = 1; j <= n; j++) {
        MemoryUtil.putLong(base + (slot + j) * 8L, end + j * length);
      }
    }
    slot += n;
    end += total;
  }

  /**
   * Appends one value of the 32-bit loops, whose stage fill is {@code st} and whose data end
   * (before this value) is {@code e}: to the stage (flushed first when the value does not fit), or
   * straight to the data buffer when it is larger than the stage. Returns the new stage fill.
   */
  private int stageValue(byte[] src, int from, int length, int st, long e) {
    if (length > STAGE_BYTES - st) {
      data.setBytes(e - st, stage, 0, st);
      st = 0;
    }
    if (length <= STAGE_BYTES) {
      copyInto(src, from, length, st);
      return st + length;
    }
    data.setBytes(e, src, from, length);
    return st;
  }

  /**
   * Copies {@code length} bytes of {@code src} from {@code from} to the stage at {@code at}, which
   * has room for them: a short value as two words when {@code src} holds {@link #WORD_COPY} bytes
   * from {@code from} (the bytes past the value land in the stage's free room, to be overwritten).
   */
  private void copyInto(byte[] src, int from, int length, int at) {
    if (length <= WORD_COPY && from <= src.length - WORD_COPY) {
      LONGS.set(stage, at, (long) LONGS.get(src, from));
      LONGS.set(stage, at + 8, (long) LONGS.get(src, from + 8));
    } else {
      System.arraycopy(src, from, stage, at, length);
    }
  }

  /**
   * Readies the offset stage for up to {@code wanted} more offsets, from slot {@code slot + 1}, and
   * returns how many it has room for (at least 1).
   */
  private int offsetRoom(int wanted) {
    if (offsetsStaged == OFFSET_STAGE) {
      flushOffsets();
    }
    if (offsetsStaged == 0) {
      offsetFirst = slot + 1;
    }
    return Math.min(wanted, OFFSET_STAGE - offsetsStaged);
  }

  private static byte[] newStage() {
    return new byte[STAGE_BYTES + WORD_COPY];
  }

  /**
   * Appends {@code n} values whose bytes lie back to back in the page from {@code from}: one copy
   * of {@code total} bytes (the sum of {@code lengths[off .. off+n)}), then the offsets.
   */
  void appendConcatenated(PageBytes src, int from, long total, int[] lengths, int off, int n) {
    flush();
    src.copyTo(data, end, from, (int) total);
    for (int i = 0; i < n; i++) {
      end += lengths[off + i];
      setOffset(++slot, end);
    }
  }

  /** Appends {@code n} empty values (the slots of nulls). */
  void appendEmpty(int n) {
    // A run of nulls repeats one offset: staged a block at a time, with no test per slot.
    while (n > 0) {
      int k = offsetRoom(n);
      int at = offsetsStaged;
      if (narrow != null) {
        int v = (int) end;
        for (int i = 0; i < k; i++) {
          INTS.set(offsetStage, (at + i) * 4, v);
        }
      } else {
        for (int i = 0; i < k; i++) {
          LONGS.set(offsetStage, (at + i) * 8, end);
        }
      }
      offsetsStaged += k;
      slot += k;
      n -= k;
    }
  }

  /**
   * Moves the values of slots {@code first .. slot()-1}, just appended, up to the slots of {@code
   * [first, end)} whose bit in {@code validity} is set, in order, and makes the others empty; the
   * next slot is then {@code end}. The offsets are rewritten in place from the last slot down: the
   * end offset of slot {@code s} is that of the last value at or before it, and is read before any
   * slot it could be overwritten by. The caller has checked that the buffers hold {@code end}
   * slots.
   */
  void spread(ArrowBuf validity, long first, long end) {
    flush();
    if (slot == first) {
      // No value since first: every slot is empty (a column of nulls).
      repeatOffset(first, end - first);
      slot = (int) end;
      return;
    }
    long capacity = validity.capacity();
    long base = offsets.memoryAddress();
    long k = slot; // the offset index holding the end of the last value not yet placed
    long s = end - 1;
    // While s >= k, some slot at or below s is empty; below that point the offsets are in place.
    while (s >= k) {
      long wordStart = s & ~63L;
      long word = BitWords.wordAt(validity, wordStart >>> 3, capacity);
      long stop = Math.max(wordStart, k);
      if (narrow != null) {
        for (; s >= stop; s--) {
          MemoryUtil.putInt(base + (s + 1) * 4, MemoryUtil.getInt(base + k * 4));
          k -= word >>> (s & 63) & 1;
        }
      } else {
        for (; s >= stop; s--) {
          MemoryUtil.putLong(base + (s + 1) * 8, MemoryUtil.getLong(base + k * 8));
          k -= word >>> (s & 63) & 1;
        }
      }
    }
    slot = (int) end;
  }

  /**
   * Writes the end offset of slot {@code first} (the current data end) as that of the {@code n}
   * slots after it, in bulk: written once and then doubled within the buffer (copies, which the JIT
   * makes vector moves; clearing memory for zeros is slower).
   */
  private void repeatOffset(long first, long n) {
    int w = offsetWidth();
    long at = (first + 1) * w;
    long bytes = n * w;
    if (n <= 0) {
      return;
    }
    if (narrow != null) {
      offsets.setInt(at, (int) end);
    } else {
      offsets.setLong(at, end);
    }
    for (long filled = w; filled < bytes; filled *= 2) {
      offsets.setBytes(at + filled, offsets, at, Math.min(filled, bytes - filled));
    }
  }

  /**
   * Copies staged bytes to the data buffer and tells the vector which slots are written, so that
   * setting its value count keeps them. Every decoder call ends with it.
   */
  void publish() {
    flush();
    if (narrow != null) {
      narrow.setLastSet(slot - 1);
    } else {
      wide.setLastSet(slot - 1);
    }
  }

  /** Stages the offset of slot {@code index}, which follows the last one staged. */
  private void setOffset(int index, long value) {
    if (offsetsStaged == OFFSET_STAGE) {
      flushOffsets();
    }
    if (offsetsStaged == 0) {
      offsetFirst = index;
    }
    if (narrow != null) {
      INTS.set(offsetStage, offsetsStaged * 4, (int) value);
    } else {
      LONGS.set(offsetStage, offsetsStaged * 8, value);
    }
    offsetsStaged++;
  }
}
