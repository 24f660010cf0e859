package io.pqarrow.kernel.path;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;

/**
 * Recognises a row's metadata as the previous row's, reading a Binary {@code metadata} column in
 * place: by its slot (the previous row's offsets, as repeated slots give), else by a bulk
 * comparison with the previous row's bytes (a copy per row, as Parquet readers give). What the
 * metadata holds is the caller's to parse and check when it changes.
 */
final class MetadataRun {
  /** {@link #advance}: the row's metadata is the previous row's. */
  static final int SAME = 0;

  /** {@link #advance}: the row's metadata differs from the previous row's (or is the first). */
  static final int CHANGED = 1;

  /** {@link #advance}: the row's slot lies outside the column's buffers. */
  static final int OUT_OF_BOUNDS = -1;

  private final long offsets;
  private final ArrowBuf data;
  private final long capacity;
  private long lastStart = -1;
  private long lastEnd = -1;

  /** Over {@code meta}, whose offset buffer the caller has checked holds every row's offsets. */
  MetadataRun(BaseVariableWidthVector meta) {
    this.offsets = meta.getOffsetBuffer().memoryAddress();
    this.data = meta.getDataBuffer();
    this.capacity = meta.getDataBuffer().capacity();
  }

  /** Moves to row {@code i}: {@link #SAME}, {@link #CHANGED} or {@link #OUT_OF_BOUNDS}. */
  int advance(int i) {
    long ms = MemoryUtil.getInt(offsets + 4L * i);
    long me = MemoryUtil.getInt(offsets + 4L * i + 4);
    if (ms == lastStart && me == lastEnd) {
      return SAME;
    }
    if (ms < 0 || me < ms || me > capacity) {
      lastStart = -1;
      lastEnd = -1;
      return OUT_OF_BOUNDS;
    }
    boolean same =
        lastStart >= 0
            && me - ms == lastEnd - lastStart
            && ByteFunctionHelpers.equal(data, ms, me, data, lastStart, lastEnd) != 0;
    lastStart = ms;
    lastEnd = me;
    return same ? SAME : CHANGED;
  }
}
