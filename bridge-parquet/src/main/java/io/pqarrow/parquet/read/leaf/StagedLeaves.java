package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.Decimals;
import io.pqarrow.parquet.internal.encoding.BinaryOutput;
import io.pqarrow.parquet.internal.encoding.ByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.FixedWidthDecoder;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Page leaves whose Parquet values change layout on their way to the vector: a run's values are
 * decoded in bulk into a reused staging area (BYTE_ARRAY values into the offsets and data of a
 * staging {@code VarBinaryVector}, FIXED_LEN_BYTE_ARRAY values back to back into a staging buffer),
 * then each is placed in its slot by the subclass's loop, with no object per value.
 *
 * <table>
 *   <caption>Staged leaves</caption>
 *   <tr><th>Parquet</th><th>Arrow</th><th>leaf</th></tr>
 *   <tr><td>BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY</td><td>BinaryView, Utf8View</td><td>{@link
 *       View}</td></tr>
 *   <tr><td>BYTE_ARRAY DECIMAL</td><td>Decimal128, Decimal256</td><td>{@link
 *       BytesDecimal}</td></tr>
 *   <tr><td>FIXED_LEN_BYTE_ARRAY</td><td>Binary, Utf8 and their large forms</td><td>{@link
 *       VarWidth}</td></tr>
 * </table>
 *
 * A {@link LeafColumn#nullFill} goes into the null slots of the view and variable-width leaves,
 * which are then valid, as the reference decoder in the test tree does.
 */
final class StagedLeaves {
  private StagedLeaves() {}

  /** Stages a run's values; {@code width > 0} for FIXED_LEN_BYTE_ARRAY values of that width. */
  abstract static class Staged extends ChunkLeafDecoder {
    private final int width;
    private final FieldVector vector;
    private final BufferAllocator allocator;
    private ByteArrayDecoder byteValues;
    private FixedWidthDecoder fixedValues;
    private VarBinaryVector staging;
    private BinaryOutput out;
    private ArrowBuf fixedStaging;

    /** The staged values' bytes and, for BYTE_ARRAY, their offsets, after {@link #stage}. */
    ArrowBuf staged;

    private ArrowBuf offsets;

    /**
     * @param width the FIXED_LEN_BYTE_ARRAY length, or 0 for BYTE_ARRAY values
     */
    Staged(LeafColumn c, ColumnChunkPages pages, Shape shape, int width, FieldVector v) {
      super(c, pages, shape, width);
      this.width = width;
      this.vector = v;
      this.allocator = v.getAllocator();
    }

    @Override
    public final FieldVector vector() {
      return vector;
    }

    @Override
    final ArrowBuf validity() {
      return vector.getValidityBuffer();
    }

    @Override
    final Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
      return width > 0
          ? Dictionary.fixedWidth(page, count, width)
          : Dictionary.byteArray(page, count);
    }

    @Override
    final void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
      if (width > 0) {
        fixedValues =
            ValueDecoders.fixedWidth(
                this,
                page,
                encoding,
                valueCount,
                dictionary,
                PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                width,
                "values");
      } else {
        byteValues = ValueDecoders.byteArray(this, page, encoding, valueCount, dictionary);
      }
    }

    @Override
    final void skipValues(int n) {
      if (width > 0) {
        fixedValues.skip(n);
      } else {
        byteValues.skip(n);
      }
    }

    /** Decodes the next {@code present} values of the page into the staging area. */
    final void stage(int present) {
      if (present == 0) {
        return;
      }
      if (width > 0) {
        long bytes = (long) present * width;
        if (fixedStaging == null || fixedStaging.capacity() < bytes) {
          closeFixedStaging();
          fixedStaging = allocator.buffer(Math.max(bytes, 1024));
        }
        fixedValues.read(fixedStaging, 0, present);
        staged = fixedStaging;
        return;
      }
      if (staging == null) {
        staging = new VarBinaryVector("staging", allocator);
        staging.allocateNew();
      }
      while (staging.getValueCapacity() < present) {
        staging.reallocValidityAndOffsetBuffers();
      }
      if (out == null) {
        out = BinaryOutput.of(staging, 0);
      } else {
        out.restart(0);
      }
      byteValues.read(out, present);
      staged = staging.getDataBuffer();
      offsets = staging.getOffsetBuffer();
    }

    /** Where staged value {@code k} starts in {@link #staged}. */
    final int start(int k) {
      return width > 0 ? k * width : offsets.getInt((long) k * 4);
    }

    /** The length of staged value {@code k}. */
    final int length(int k) {
      return width > 0 ? width : offsets.getInt((long) k * 4 + 4) - offsets.getInt((long) k * 4);
    }

    @Override
    final void release() {
      closeFixedStaging();
      if (staging != null) {
        staging.close();
        staging = null;
      }
    }

    private void closeFixedStaging() {
      if (fixedStaging != null) {
        fixedStaging.close();
        fixedStaging = null;
      }
    }
  }

  /**
   * Values into BinaryView or Utf8View: each is set through the vector, which inlines values of up
   * to 12 bytes and appends longer ones to its data buffers. The 16-byte view of a null is zeroed,
   * as Arrow Java leaves it as the allocator returned it.
   */
  static final class View extends Staged {
    private final BaseVariableWidthViewVector v;

    View(
        LeafColumn c,
        ColumnChunkPages pages,
        Shape shape,
        int width,
        BaseVariableWidthViewVector v) {
      super(c, pages, shape, width, v);
      this.v = v;
    }

    @Override
    void reserve(int slots) {
      while (v.getValueCapacity() < slots) {
        v.reallocViewBuffer();
        v.reallocValidityBuffer();
      }
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      stage(n - nulls);
      ArrowBuf validity = v.getValidityBuffer();
      ArrowBuf views = v.getDataBuffer();
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (nulls == 0 || BitVectorHelper.get(validity, s) != 0) {
          v.setSafe(s, start(k), length(k), staged);
          k++;
        } else if (nullFill != null) {
          v.setSafe(s, nullFill, 0, nullFill.length);
        } else {
          views.setZero(
              (long) s * BaseVariableWidthViewVector.ELEMENT_SIZE,
              BaseVariableWidthViewVector.ELEMENT_SIZE);
        }
      }
    }
  }

  /**
   * BYTE_ARRAY unscaled decimals, big-endian two's complement, reversed into the 16- or 32-byte
   * little-endian slots of a decimal vector and sign-extended; a value wider than the slot is
   * refused ({@link BadValueException}) with the reference decoder's words. A null slot is zeroed.
   */
  static final class BytesDecimal extends Staged {
    private final BaseFixedWidthVector v;
    private final int slotWidth;

    BytesDecimal(LeafColumn c, ColumnChunkPages pages, Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, 0, v);
      this.v = v;
      this.slotWidth = v.getTypeWidth();
    }

    @Override
    boolean refusesValues() {
      return true;
    }

    @Override
    void reserve(int slots) {
      reserveFixed(v, slots);
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      stage(n - nulls);
      ArrowBuf validity = v.getValidityBuffer();
      ArrowBuf data = v.getDataBuffer();
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        long base = (long) s * slotWidth;
        if (nulls == 0 || BitVectorHelper.get(validity, s) != 0) {
          int from = start(k);
          int length = length(k++);
          if (length > slotWidth) {
            throw tooWide(s, length, slotWidth);
          }
          // Byte i of the little-endian slot is byte (length - 1 - i) of the big-endian value.
          for (int i = 0; i < length; i++) {
            data.setByte(base + i, staged.getByte(from + length - 1 - i));
          }
          byte fill = length == 0 ? 0 : (byte) (staged.getByte(from) >> 7);
          for (int i = length; i < slotWidth; i++) {
            data.setByte(base + i, fill);
          }
        } else {
          data.setZero(base, slotWidth);
        }
      }
    }

    /** The refusal of a value of {@code length} bytes for slot {@code s}, as the reference's. */
    private static RuntimeException tooWide(int s, int length, int width) {
      return new BadValueException(s, Decimals.tooWide(length, width));
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY values into a variable-width vector with 32- or 64-bit offsets, set
   * through the vector; a null slot takes no bytes.
   */
  static final class VarWidth extends Staged {
    private final BaseVariableWidthVector narrow;
    private final BaseLargeVariableWidthVector wide;

    VarWidth(LeafColumn c, ColumnChunkPages pages, Shape shape, int width, FieldVector v) {
      super(c, pages, shape, width, v);
      this.narrow = v instanceof BaseVariableWidthVector n ? n : null;
      this.wide = v instanceof BaseLargeVariableWidthVector w ? w : null;
    }

    @Override
    void reserve(int slots) {
      reserveVariable(narrow, wide, slots);
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      stage(n - nulls);
      ArrowBuf validity = validity();
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (nulls == 0 || BitVectorHelper.get(validity, s) != 0) {
          if (narrow != null) {
            narrow.setSafe(s, start(k), length(k), staged);
          } else {
            wide.setSafe(s, start(k), length(k), staged);
          }
          k++;
        } else if (nullFill != null) {
          if (narrow != null) {
            narrow.setSafe(s, nullFill, 0, nullFill.length);
          } else {
            wide.setSafe(s, nullFill, 0, nullFill.length);
          }
        }
      }
    }
  }
}
