package io.pqarrow.parquet.read;

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
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The page leaves whose values land in their slots as they are decoded: fixed-width values copied
 * or widened in bulk, booleans as bits, BYTE_ARRAY values into offsets and data; with the page
 * decoder each chooses per encoding ({@link #fixedWidthValues}, {@link #byteArrayValues}). Which
 * leaf a column takes is {@link PageLeaves}'s choice.
 *
 * <table>
 *   <caption>Encodings each leaf reads</caption>
 *   <tr><th>leaf</th><th>Parquet</th><th>encodings</th></tr>
 *   <tr><td>{@link FixedWidth}</td><td>INT32, INT64</td><td>PLAIN, dictionary,
 *       DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link FixedWidth}</td><td>FLOAT, DOUBLE</td><td>PLAIN, dictionary,
 *       BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link FixedWidth}</td><td>FIXED_LEN_BYTE_ARRAY</td><td>PLAIN, dictionary,
 *       DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>{@link StagedValues} (converted: {@link PageConvertedDecoders})</td><td>as their
 *       physical type</td><td>as their physical type</td></tr>
 *   <tr><td>{@link Bool}</td><td>BOOLEAN</td><td>PLAIN, RLE</td></tr>
 *   <tr><td>{@link Binary}</td><td>BYTE_ARRAY</td><td>PLAIN, dictionary, DELTA_LENGTH_BYTE_ARRAY,
 *       DELTA_BYTE_ARRAY</td></tr>
 * </table>
 */
final class PageLeafDecoders {
  private PageLeafDecoders() {}

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
    private Dictionary recycled;
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
      // The previous chunk's dictionary is done with: its arrays are refilled.
      recycled = Dictionary.fixedWidth(page, count, sourceWidth, recycled);
      return recycled;
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
      values = byteArrayValues(this, page, encoding, valueCount, dictionary);
    }

    @Override
    void readValues(int slot, int n, int nulls) {
      if (nulls == 0) {
        values.read(output(slot), n);
      } else if (nullFill == null) {
        values.readScatter(output(slot), v.getValidityBuffer(), n);
      } else {
        readFilled(slot, n);
      }
    }

    /**
     * Reads slots {@code slot .. slot+n-1} of a column with a {@link LeafColumn#nullFill}: each run
     * of valid slots is decoded in bulk, each null slot is given the fill through the vector, which
     * marks it valid.
     */
    private void readFilled(int slot, int n) {
      ArrowBuf validity = v.getValidityBuffer();
      VariableWidthFieldVector var = (VariableWidthFieldVector) v;
      int s = slot;
      int end = slot + n;
      while (s < end) {
        int run = s;
        while (run < end && BitVectorHelper.get(validity, run) != 0) {
          run++;
        }
        if (run > s) {
          values.read(output(s), run - s);
          s = run;
        }
        while (s < end && BitVectorHelper.get(validity, s) == 0) {
          var.setSafe(s, nullFill, 0, nullFill.length);
          s++;
        }
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

  /** The decoder of a data page of BYTE_ARRAY values, for every encoding that can hold them. */
  static ByteArrayDecoder byteArrayValues(
      PageLeafDecoder leaf,
      PageBytes page,
      Encoding encoding,
      int valueCount,
      Dictionary dictionary) {
    return switch (encoding) {
      case PLAIN -> new PlainByteArrayDecoder(page);
      case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionary.byteArrayDecoder(page);
      case DELTA_LENGTH_BYTE_ARRAY -> new DeltaLengthByteArrayDecoder(page, valueCount);
      case DELTA_BYTE_ARRAY -> new DeltaByteArrayDecoder(page, valueCount);
      default -> throw leaf.unsupported(encoding, "BYTE_ARRAY values");
    };
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
