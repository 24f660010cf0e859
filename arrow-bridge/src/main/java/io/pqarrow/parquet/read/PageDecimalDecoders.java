package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.Decimals;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Page leaves of unscaled decimals into the 16- or 32-byte little-endian slots of a decimal vector,
 * one class per Parquet storage, chosen once per column: INT32 and INT64 values sign-extended
 * ({@link Decimals#writeLong}); FIXED_LEN_BYTE_ARRAY big-endian two's complement values reversed
 * and sign-extended. A FIXED_LEN_BYTE_ARRAY wider than the slot is refused at its first value, as
 * {@link BinaryDecoders.DecimalFromBytes} refuses it ({@link Decimals#tooWide}).
 */
final class PageDecimalDecoders {
  private PageDecimalDecoders() {}

  /** INT32 unscaled values. */
  static final class FromInt32 extends StagedValues {
    FromInt32(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.INT32, 4, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          Decimals.writeLong(data, s, width, staged.getInt((long) k++ * 4));
        }
      }
    }
  }

  /** INT64 unscaled values. */
  static final class FromInt64 extends StagedValues {
    FromInt64(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.INT64, 8, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          Decimals.writeLong(data, s, width, staged.getLong((long) k++ * 8));
        }
      }
    }
  }

  /** FIXED_LEN_BYTE_ARRAY big-endian unscaled values of {@code sourceWidth} bytes. */
  static final class FromBytes extends StagedValues {
    FromBytes(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        int length) {
      super(c, pages, shape, v, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, length, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      if (sourceWidth > width) {
        int s = slot;
        while (!present(validity, s)) {
          s++;
        }
        throw new BadValueException(s, Decimals.tooWide(sourceWidth, width));
      }
      long from = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long base = (long) s * width;
          // Byte i of the little-endian slot is byte (length - 1 - i) of the big-endian value.
          for (int i = 0; i < sourceWidth; i++) {
            data.setByte(base + i, staged.getByte(from + sourceWidth - 1 - i));
          }
          byte fill = (byte) (staged.getByte(from) >> 7);
          for (int i = sourceWidth; i < width; i++) {
            data.setByte(base + i, fill);
          }
          from += sourceWidth;
        }
      }
    }
  }
}
