package io.pqarrow.variant.arrow;

import java.nio.ByteBuffer;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Positions on the bytes of one slot of a binary or string vector without copying: after {@link
 * #position(int)}, {@link #buffer()}, {@link #offset()} and {@link #length()} name the slot's
 * bytes. The one place that decodes the three variable-width layouts (Binary/Utf8,
 * LargeBinary/LargeUtf8, BinaryView/Utf8View); Arrow Java's own {@code getDataPointer} of view
 * vectors is not used because it ignores the view's offset.
 *
 * <p>The layout is decided once, when the accessor is built; every {@link ByteBuffer} view over the
 * vector's buffers is made then too, so positioning allocates nothing.
 *
 * <pre>
 * Binary       offsets int32[n + 1]  row i = data[offsets[i], offsets[i + 1])
 * LargeBinary  offsets int64[n + 1]  as Binary, offsets narrowed (a ByteBuffer holds 2 GiB)
 * BinaryView   views 16 bytes each, little-endian:
 *              length &lt;= 12: [length int32][12 bytes inline, zero padded]
 *              length &gt; 12:  [length int32][prefix 4 bytes][buffer index int32][offset int32]
 * </pre>
 *
 * The accessor reads the vector's buffers as they were when it was built; build a new one after the
 * vector is reallocated or reloaded. A vector of another type, or a slot whose offsets or view lie
 * outside the buffers, is a {@link VariantVectorException} naming the vector (and the row).
 */
public final class BinarySlots {
  private static final int BINARY = 0;
  private static final int LARGE_BINARY = 1;
  private static final int VIEW = 2;

  private final String name;
  private final FieldVector vector;
  private final int layout;
  private final ArrowBuf offsets;
  private final ArrowBuf views;
  private final ByteBuffer data;
  private final ByteBuffer viewBytes;
  private final ByteBuffer[] viewData;

  private ByteBuffer buffer;
  private int offset;
  private int length;

  private BinarySlots(String name, FieldVector vector, int rows) {
    this.name = name;
    this.vector = vector;
    if (vector instanceof BaseVariableWidthVector v) {
      layout = BINARY;
      offsets = v.getOffsetBuffer();
      data = wrap(v.getDataBuffer());
      views = null;
      viewBytes = null;
      viewData = null;
    } else if (vector instanceof BaseLargeVariableWidthVector v) {
      layout = LARGE_BINARY;
      offsets = v.getOffsetBuffer();
      data = wrap(v.getDataBuffer());
      views = null;
      viewBytes = null;
      viewData = null;
    } else if (vector instanceof BaseVariableWidthViewVector v) {
      layout = VIEW;
      offsets = null;
      data = null;
      views = v.getDataBuffer();
      viewBytes = wrap(views);
      List<ArrowBuf> bufs = v.getDataBuffers();
      viewData = new ByteBuffer[bufs.size()];
      for (int i = 0; i < viewData.length; i++) {
        viewData[i] = wrap(bufs.get(i));
      }
    } else {
      throw VariantVectorException.unsupported(
          name,
          "expected a Binary, LargeBinary, BinaryView, Utf8, LargeUtf8 or Utf8View vector, found "
              + vector.getField().getType());
    }
    long need =
        switch (layout) {
          case BINARY -> rows == 0 ? 0 : 4L * (rows + 1);
          case LARGE_BINARY -> rows == 0 ? 0 : 8L * (rows + 1);
          default -> (long) BaseVariableWidthViewVector.ELEMENT_SIZE * rows;
        };
    long have = layout == VIEW ? views.capacity() : offsets.capacity();
    if (have < need) {
      throw VariantVectorException.invalid(
          name,
          (layout == VIEW ? "view" : "offset")
              + " buffer of "
              + have
              + " bytes is too small for "
              + rows
              + " rows");
    }
  }

  /**
   * An accessor over the first {@code rows} slots of {@code vector}, named {@code name} in errors.
   *
   * @param name the vector's name, for error messages
   * @param vector a Binary, LargeBinary, Utf8, LargeUtf8, BinaryView or Utf8View vector (for an
   *     extension vector, its storage)
   * @param rows how many slots, from the first, will be read
   * @return a new accessor, not positioned on any slot; it holds no buffer reference of its own, so
   *     it is valid only while {@code vector} is open and unchanged
   * @throws io.pqarrow.variant.arrow.VariantVectorException if the vector has none of the six
   *     layouts, or a buffer is larger than 2 GiB, or the offsets or views do not cover {@code
   *     rows}
   */
  public static BinarySlots of(String name, FieldVector vector, int rows) {
    return new BinarySlots(name, vector, rows);
  }

  private ByteBuffer wrap(ArrowBuf buf) {
    long capacity = buf.capacity();
    if (capacity > Integer.MAX_VALUE) {
      throw VariantVectorException.unsupported(
          name, "a buffer of " + capacity + " bytes (at most 2 GiB are readable in place)");
    }
    return buf.nioBuffer(0, (int) capacity);
  }

  /**
   * {@return the buffer holding the current slot's bytes: a view over Arrow memory, valid until the
   * next {@link #position} or until the vector changes; do not keep it}
   */
  public ByteBuffer buffer() {
    return buffer;
  }

  /** {@return the offset of the current slot's first byte in {@link #buffer()}} */
  public int offset() {
    return offset;
  }

  /** {@return the length of the current slot, in bytes} */
  public int length() {
    return length;
  }

  /**
   * Whether slot {@code i} is null.
   *
   * @param i the slot index, from 0 to the {@code rows} given to {@link #of}
   * @return whether the slot is null in the vector's validity bitmap
   */
  public boolean isNull(int i) {
    return vector.isNull(i);
  }

  /**
   * Points {@link #buffer()}, {@link #offset()} and {@link #length()} at slot {@code i} (a null
   * slot reads as whatever its offsets say, usually empty).
   *
   * @param i the slot index, from 0 to the {@code rows} given to {@link #of}
   * @throws io.pqarrow.variant.arrow.VariantVectorException if the slot's offsets or view lie
   *     outside the buffers
   */
  public void position(int i) {
    switch (layout) {
      case BINARY -> {
        long start = offsets.getInt((long) i * 4);
        long end = offsets.getInt((long) i * 4 + 4);
        point(data, start, end - start, i);
      }
      case LARGE_BINARY -> {
        long start = offsets.getLong((long) i * 8);
        long end = offsets.getLong((long) i * 8 + 8);
        point(data, start, end - start, i);
      }
      default -> {
        long view = (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE;
        int len = views.getInt(view);
        if (len >= 0 && len <= BaseVariableWidthViewVector.INLINE_SIZE) {
          point(viewBytes, view + BaseVariableWidthViewVector.LENGTH_WIDTH, len, i);
        } else {
          int index = views.getInt(view + 8);
          int start = views.getInt(view + 12);
          if (index < 0 || index >= viewData.length) {
            throw VariantVectorException.invalidRow(
                name, i, "view names data buffer " + index + " of " + viewData.length + " buffers");
          }
          point(viewData[index], start, len, i);
        }
      }
    }
  }

  private void point(ByteBuffer buf, long start, long len, int row) {
    if (start < 0 || len < 0 || start + len > buf.limit()) {
      throw VariantVectorException.invalidRow(
          name,
          row,
          "slot of "
              + len
              + " bytes at "
              + start
              + " lies outside a buffer of "
              + buf.limit()
              + " bytes");
    }
    buffer = buf;
    offset = (int) start;
    length = (int) len;
  }
}
