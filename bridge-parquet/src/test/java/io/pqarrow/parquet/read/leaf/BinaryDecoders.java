package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.Decimals;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.VariableWidthFieldVector;

/**
 * Decoders of decimals and of BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY columns; chosen by {@link
 * LeafDecoders}.
 */
public final class BinaryDecoders {
  private BinaryDecoders() {}

  static final class DecimalFromInt32 extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    DecimalFromInt32(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      Decimals.writeLong(
          LeafDecoders.prepare(v, slot), slot, v.getTypeWidth(), reader.getInteger());
    }
  }

  static final class DecimalFromInt64 extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    DecimalFromInt64(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      Decimals.writeLong(LeafDecoders.prepare(v, slot), slot, v.getTypeWidth(), reader.getLong());
    }
  }

  /** Big-endian two's complement unscaled values (BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY). */
  static final class DecimalFromBytes extends ValueLeafDecoder.Of<BaseFixedWidthVector> {
    DecimalFromBytes(LeafColumn c, BaseFixedWidthVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      int width = v.getTypeWidth();
      if (bb.remaining() > width) {
        throw new BadValueException(slot, Decimals.tooWide(bb.remaining(), width));
      }
      Decimals.writeBigEndian(LeafDecoders.prepare(v, slot), slot, width, bb, column);
    }
  }

  /** IEEE half floats, 2 bytes little-endian, kept as their bits. */
  static final class Float16 extends ValueLeafDecoder.Of<Float2Vector> {
    Float16(LeafColumn c, Float2Vector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      int p = bb.position();
      short bits = (short) ((bb.get(p) & 0xFF) | (bb.get(p + 1) & 0xFF) << 8);
      LeafDecoders.prepare(v, slot).setShort((long) slot * 2, bits);
    }
  }

  static final class FixedBinary extends ValueLeafDecoder.Of<FixedSizeBinaryVector> {
    private final int width;

    FixedBinary(LeafColumn c, FixedSizeBinaryVector v) {
      super(c, v);
      this.width = v.getByteWidth();
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      if (bb.remaining() != width) {
        throw new IllegalStateException(
            "fixed-length value of " + bb.remaining() + " bytes, expected " + width);
      }
      LeafDecoders.prepare(v, slot).setBytes((long) slot * width, bb);
    }
  }

  /** Variable-width targets, the only ones that can hold a {@link LeafColumn#nullFill}. */
  abstract static class VarWidth<V extends VariableWidthFieldVector>
      extends ValueLeafDecoder.Of<V> {
    VarWidth(LeafColumn c, V v) {
      super(c, v);
    }

    @Override
    final void writeFill(int slot) {
      v.setSafe(slot, nullFill, 0, nullFill.length);
    }
  }

  /** Any BYTE_ARRAY into any variable-width layout: the page bytes are copied once. */
  static final class VarBinary extends VarWidth<VariableWidthFieldVector> {
    VarBinary(LeafColumn c, VariableWidthFieldVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      v.setSafe(slot, bb, bb.position(), bb.remaining());
    }
  }

  /**
   * Any BYTE_ARRAY into BinaryView or Utf8View. Arrow Java's {@code setSafe(int, ByteBuffer, int,
   * int)} on view vectors indexes the buffer's backing array without its array offset, which
   * garbles values parquet-java hands out as slices of a page; the bytes are passed as an array
   * range instead. Arrow Java also leaves a null's 16-byte view slot as the allocator returned it,
   * so {@link #endBatch} zeroes the view slot of every null.
   */
  public static final class ViewBinary extends VarWidth<BaseVariableWidthViewVector> {
    private byte[] scratch = new byte[64];

    ViewBinary(LeafColumn c, BaseVariableWidthViewVector v) {
      super(c, v);
    }

    @Override
    void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      int length = bb.remaining();
      if (bb.hasArray()) {
        v.setSafe(slot, bb.array(), bb.arrayOffset() + bb.position(), length);
      } else {
        if (length > scratch.length) {
          scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        bb.duplicate().get(scratch, 0, length);
        v.setSafe(slot, scratch, 0, length);
      }
    }

    @Override
    public void endBatch() {
      zeroNullViews(v, slotCount);
    }

    /**
     * Zeroes the view slot of every null among the first {@code slots} of {@code v}, first making
     * room for all of them (a run of trailing nulls wrote none).
     */
    public static void zeroNullViews(BaseVariableWidthViewVector v, int slots) {
      if (slots == 0) {
        return;
      }
      if (slots > v.getValueCapacity() || v.isSet(slots - 1) == 0) {
        v.setNull(slots - 1);
      }
      ArrowBuf views = v.getDataBuffer();
      for (int i = 0; i < slots; i++) {
        if (v.isSet(i) == 0) {
          views.setZero(
              (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE,
              BaseVariableWidthViewVector.ELEMENT_SIZE);
        }
      }
    }
  }
}
