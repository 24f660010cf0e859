package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.Decimals;
import io.pqarrow.parquet.internal.encoding.BinaryOutput;
import io.pqarrow.parquet.internal.encoding.BooleanDecoder;
import io.pqarrow.parquet.internal.encoding.ByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.ByteStreamSplitDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaBinaryPackedDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaLengthByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.FixedWidthDecoder;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.PlainBooleanDecoder;
import io.pqarrow.parquet.internal.encoding.PlainByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.PlainFixedWidthDecoder;
import io.pqarrow.parquet.internal.encoding.RleBooleanDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Chooses, once per column, whether a leaf is read a page at a time ({@link PageLeafDecoder}) and
 * with which output shape. The rule follows the per-value decoder {@link LeafDecoders} chose, so
 * that the two paths agree on what each pair of types means: a column is read by pages when its
 * per-value decoder copies the Parquet value unchanged into a slot of the same width, or widens an
 * integer decimal.
 *
 * <table>
 *   <caption>Columns read a page at a time</caption>
 *   <tr><th>per-value decoder</th><th>Parquet</th><th>shape</th><th>encodings</th></tr>
 *   <tr><td>{@link NumericDecoders.Int32}</td><td>INT32</td><td>{@link FixedWidth} (4)</td>
 *       <td>PLAIN, dictionary, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link NumericDecoders.Int64}</td><td>INT64</td><td>{@link FixedWidth} (8)</td>
 *       <td>PLAIN, dictionary, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link NumericDecoders.Float32}, {@link NumericDecoders.Float64}</td><td>FLOAT,
 *       DOUBLE</td><td>{@link FixedWidth} (4, 8)</td><td>PLAIN, dictionary, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link BinaryDecoders.FixedBinary}</td><td>FIXED_LEN_BYTE_ARRAY</td><td>{@link
 *       FixedWidth} (its length)</td><td>PLAIN, dictionary, DELTA_BYTE_ARRAY,
 *       BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link BinaryDecoders.DecimalFromInt32}, {@link BinaryDecoders.DecimalFromInt64}</td>
 *       <td>INT32, INT64 DECIMAL</td><td>{@link Decimal} (sign-extended into 16 or 32
 *       bytes)</td><td>PLAIN, dictionary, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link BinaryDecoders.DecimalFromBytes}</td><td>FIXED_LEN_BYTE_ARRAY DECIMAL no wider
 *       than the slot</td><td>{@link Decimal} (reversed to little-endian, sign-extended)</td>
 *       <td>PLAIN, dictionary, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link NumericDecoders.Bool}</td><td>BOOLEAN</td><td>{@link Bool}</td><td>PLAIN,
 *       RLE</td></tr>
 *   <tr><td>{@link BinaryDecoders.VarBinary} into 32- or 64-bit offsets</td><td>BYTE_ARRAY</td>
 *       <td>{@link Binary}</td><td>PLAIN, dictionary, DELTA_LENGTH_BYTE_ARRAY,
 *       DELTA_BYTE_ARRAY</td></tr>
 * </table>
 *
 * Leaves under lists, maps and structs are read the same way, with their repetition and definition
 * levels decoded a page at a time ({@link PageLeafDecoder}). Everything else (BYTE_ARRAY decimals,
 * INT96, unit conversions, narrowing and widening, float16, intervals, view vectors, Variant
 * children, which need a null fill, and FixedSizeList elements, which need padding) keeps its
 * per-value decoder.
 */
final class PageLeafDecoders {
  private PageLeafDecoders() {}

  /**
   * The page-at-a-time decoder for a leaf (of maximum repetition level {@code maxRep}) whose
   * per-value decoder is {@code perValue}, or {@code null} when the column keeps the per-value one.
   */
  static PageLeafDecoder create(
      LeafDecoder perValue, PrimitiveType type, ColumnChunkPages pages, int maxRep) {
    LeafColumn c = perValue.info;
    if (c.nullFill() != null || c.padding() != LeafColumn.Padding.NONE) {
      return null;
    }
    boolean nested = maxRep > 0 || c.parquetPath().size() > 1;
    if (!nested && c.maxDef() > 1) {
      return null;
    }
    PageLeafDecoder.Shape shape = new PageLeafDecoder.Shape(maxRep, nested);
    if (perValue instanceof PageDictionaryDecoder.Placeholder dictionaryLeaf) {
      return PageDictionaryDecoder.of(dictionaryLeaf, pages, shape);
    }
    FieldVector v = perValue.vector();
    PrimitiveTypeName physical = type.getPrimitiveTypeName();
    if (perValue instanceof NumericDecoders.Int32
        || perValue instanceof NumericDecoders.Float32
        || perValue instanceof NumericDecoders.Int64
        || perValue instanceof NumericDecoders.Float64) {
      return new FixedWidth(c, pages, shape, (BaseFixedWidthVector) v, physical, 0);
    }
    if ((perValue instanceof BinaryDecoders.DecimalFromInt32
            || perValue instanceof BinaryDecoders.DecimalFromInt64)
        && v instanceof BaseFixedWidthVector fixed) {
      return new Decimal(
          c, pages, shape, fixed, physical, physical == PrimitiveTypeName.INT32 ? 4 : 8);
    }
    if (perValue instanceof BinaryDecoders.DecimalFromBytes
        && physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        && v instanceof BaseFixedWidthVector fixed
        && type.getTypeLength() >= 1
        && type.getTypeLength() <= fixed.getTypeWidth()) {
      return new Decimal(c, pages, shape, fixed, physical, type.getTypeLength());
    }
    if (perValue instanceof BinaryDecoders.FixedBinary) {
      int length = type.getTypeLength();
      return new FixedWidth(c, pages, shape, (BaseFixedWidthVector) v, physical, length);
    }
    if (perValue instanceof NumericDecoders.Bool) {
      return new Bool(c, pages, shape, (BitVector) v);
    }
    if (perValue instanceof BinaryDecoders.VarBinary
        && physical == PrimitiveTypeName.BINARY
        && (v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector)) {
      return new Binary(c, pages, shape, v);
    }
    return null;
  }

  /** A leaf whose vector has fixed-width slots (a bit each for booleans). */
  abstract static class FixedSlots extends PageLeafDecoder {
    final BaseFixedWidthVector v;

    FixedSlots(
        LeafColumn c, ColumnChunkPages pages, Shape shape, int typeLength, BaseFixedWidthVector v) {
      super(c, pages, shape, typeLength);
      this.v = v;
    }

    @Override
    final FieldVector vector() {
      return v;
    }

    @Override
    final ArrowBuf validity() {
      return v.getValidityBuffer();
    }

    @Override
    final void reserve(int slots) {
      while (v.getValueCapacity() < slots) {
        v.reAlloc();
      }
    }
  }

  /**
   * Fixed-width Parquet values ({@code sourceWidth} bytes: 4, 8 or the FIXED_LEN_BYTE_ARRAY length)
   * decoded a page at a time by {@link #fixedWidthValues}; subclasses place them in their slots.
   */
  abstract static class FixedValues extends FixedSlots {
    final PrimitiveTypeName physical;
    final int width;
    final int sourceWidth;
    private final String what;
    FixedWidthDecoder values;

    FixedValues(
        LeafColumn c,
        ColumnChunkPages pages,
        Shape shape,
        int typeLength,
        BaseFixedWidthVector v,
        PrimitiveTypeName physical,
        int sourceWidth,
        String what) {
      super(c, pages, shape, typeLength, v);
      this.physical = physical;
      this.width = v.getTypeWidth();
      this.sourceWidth = sourceWidth;
      this.what = what;
    }

    @Override
    final Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
      return Dictionary.fixedWidth(page, count, sourceWidth);
    }

    @Override
    final void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
      values =
          fixedWidthValues(
              this, page, encoding, valueCount, dictionary, physical, sourceWidth, what);
    }
  }

  /** Values in fixed-width slots of the vector's data buffer, copied as they are. */
  static final class FixedWidth extends FixedValues {
    FixedWidth(
        LeafColumn c,
        ColumnChunkPages pages,
        Shape shape,
        BaseFixedWidthVector v,
        PrimitiveTypeName physical,
        int typeLength) {
      super(c, pages, shape, typeLength, v, physical, v.getTypeWidth(), "values");
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      if (nulls == 0) {
        values.read(v.getDataBuffer(), slot, n);
      } else if (nulls < n) {
        values.readScatter(v.getDataBuffer(), v.getValidityBuffer(), slot, n);
      }
    }
  }

  /**
   * Unscaled decimals into the 16- or 32-byte little-endian slots of a decimal vector: INT32 and
   * INT64 values sign-extended ({@link Decimals#writeLong}), FIXED_LEN_BYTE_ARRAY big-endian two's
   * complement values of at most the slot's width reversed and sign-extended. A run's values are
   * decoded in bulk into a reused staging buffer, then each is widened into its slot; no object per
   * value.
   */
  static final class Decimal extends FixedValues {
    private ArrowBuf staging;

    /**
     * @param sourceWidth the width of a Parquet value: 4, 8, or the FIXED_LEN_BYTE_ARRAY's
     */
    Decimal(
        LeafColumn c,
        ColumnChunkPages pages,
        Shape shape,
        BaseFixedWidthVector v,
        PrimitiveTypeName physical,
        int sourceWidth) {
      super(c, pages, shape, 0, v, physical, sourceWidth, "decimal values");
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      int present = n - nulls;
      if (present == 0) {
        return;
      }
      long bytes = (long) present * sourceWidth;
      if (staging == null || staging.capacity() < bytes) {
        release();
        staging = v.getAllocator().buffer(Math.max(bytes, 1024));
      }
      values.read(staging, 0, present);
      ArrowBuf data = v.getDataBuffer();
      ArrowBuf validity = v.getValidityBuffer();
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (nulls == 0 || BitVectorHelper.get(validity, s) != 0) {
          write(data, s, k++);
        }
      }
    }

    /** Widens staged value {@code k} into slot {@code s}. */
    private void write(ArrowBuf data, int s, int k) {
      switch (physical) {
        case INT32 -> Decimals.writeLong(data, s, width, staging.getInt((long) k * 4));
        case INT64 -> Decimals.writeLong(data, s, width, staging.getLong((long) k * 8));
        default -> {
          long from = (long) k * sourceWidth;
          long base = (long) s * width;
          // Byte i of the little-endian slot is byte (length - 1 - i) of the big-endian value.
          for (int i = 0; i < sourceWidth; i++) {
            data.setByte(base + i, staging.getByte(from + sourceWidth - 1 - i));
          }
          byte fill = (byte) (staging.getByte(from) >> 7);
          for (int i = sourceWidth; i < width; i++) {
            data.setByte(base + i, fill);
          }
        }
      }
    }

    @Override
    void release() {
      if (staging != null) {
        staging.close();
        staging = null;
      }
    }
  }

  /** Booleans as bits of the vector's data buffer. */
  static final class Bool extends FixedSlots {
    private BooleanDecoder values;

    Bool(LeafColumn c, ColumnChunkPages pages, Shape shape, BitVector v) {
      super(c, pages, shape, 0, v);
    }

    @Override
    Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
      throw unsupported(Encoding.PLAIN_DICTIONARY, "BOOLEAN values (a dictionary page)");
    }

    @Override
    void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
      values =
          switch (encoding) {
            case PLAIN -> new PlainBooleanDecoder(page);
            case RLE -> new RleBooleanDecoder(page);
            default -> throw unsupported(encoding, "BOOLEAN values");
          };
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      if (nulls == 0) {
        values.read(v.getDataBuffer(), slot, n);
      } else if (nulls < n) {
        values.readScatter(v.getDataBuffer(), v.getValidityBuffer(), slot, n);
      }
    }
  }

  /** BYTE_ARRAY values into the offsets and data of a variable-width vector. */
  static final class Binary extends PageLeafDecoder {
    private final FieldVector v;
    private final BaseVariableWidthVector narrow;
    private final BaseLargeVariableWidthVector wide;
    private ByteArrayDecoder values;
    private BinaryOutput out;
    private ArrowBuf outOffsets;

    Binary(LeafColumn c, ColumnChunkPages pages, Shape shape, FieldVector v) {
      super(c, pages, shape, 0);
      this.v = v;
      this.narrow = v instanceof BaseVariableWidthVector n ? n : null;
      this.wide = v instanceof BaseLargeVariableWidthVector w ? w : null;
    }

    @Override
    FieldVector vector() {
      return v;
    }

    @Override
    ArrowBuf validity() {
      return v.getValidityBuffer();
    }

    @Override
    void reserve(int slots) {
      if (narrow != null) {
        while (narrow.getValueCapacity() < slots) {
          narrow.reallocValidityAndOffsetBuffers();
        }
      } else {
        while (wide.getValueCapacity() < slots) {
          wide.reallocValidityAndOffsetBuffers();
        }
      }
    }

    @Override
    Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
      return Dictionary.byteArray(page, count);
    }

    @Override
    void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
      values =
          switch (encoding) {
            case PLAIN -> new PlainByteArrayDecoder(page);
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionary.byteArrayDecoder(page);
            case DELTA_LENGTH_BYTE_ARRAY -> new DeltaLengthByteArrayDecoder(page, valueCount);
            case DELTA_BYTE_ARRAY -> new DeltaByteArrayDecoder(page, valueCount);
            default -> throw unsupported(encoding, "BYTE_ARRAY values");
          };
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      BinaryOutput o = output(slot);
      if (nulls == 0) {
        values.read(o, n);
      } else {
        values.readScatter(o, v.getValidityBuffer(), n);
      }
    }

    /**
     * The output at {@code slot}: the one of the last call when it continues there over the same
     * offsets buffer, restarted (keeping its staging array) at the start of a batch or after the
     * offsets grew.
     */
    private BinaryOutput output(int slot) {
      ArrowBuf offsets = v.getOffsetBuffer();
      if (out == null) {
        out = narrow != null ? BinaryOutput.of(narrow, slot) : BinaryOutput.of(wide, slot);
      } else if (slot == 0 || offsets != outOffsets || out.slot() != slot) {
        out.restart(slot);
      }
      outOffsets = offsets;
      return out;
    }
  }

  /**
   * The decoder of a data page of fixed-width values {@code width} bytes wide (the Parquet width:
   * 4, 8 or the FIXED_LEN_BYTE_ARRAY length), for every encoding that can hold them; {@code what}
   * names the values in the refusal of any other encoding.
   */
  static FixedWidthDecoder fixedWidthValues(
      PageLeafDecoder leaf,
      PageBytes page,
      Encoding encoding,
      int valueCount,
      Dictionary dictionary,
      PrimitiveTypeName physical,
      int width,
      String what) {
    return switch (encoding) {
      case PLAIN -> new PlainFixedWidthDecoder(page, width);
      case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionary.fixedWidthDecoder(page);
      case BYTE_STREAM_SPLIT -> new ByteStreamSplitDecoder(page, width);
      case DELTA_BINARY_PACKED ->
          switch (physical) {
            case INT32 -> DeltaBinaryPackedDecoder.int32(page);
            case INT64 -> DeltaBinaryPackedDecoder.int64(page);
            default -> throw leaf.unsupported(encoding, physical + " " + what);
          };
      case DELTA_BYTE_ARRAY -> {
        if (physical != PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
          throw leaf.unsupported(encoding, physical + " " + what);
        }
        yield new DeltaByteArrayDecoder(page, valueCount).asFixedWidth(width);
      }
      default -> throw leaf.unsupported(encoding, physical + " " + what);
    };
  }
}
