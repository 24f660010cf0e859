package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.FixedWidthDecoder;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The leaf of fixed-width Parquet values (INT32, INT64, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY)
 * in the fixed-width slots of a vector, decoded a page at a time by {@link
 * ValueDecoders#fixedWidth}. Without a {@link Conversion} the values are decoded straight into the
 * slots; with one, each run's present values are decoded in bulk into a staging buffer the leaf
 * keeps from run to run (from the vector's allocator, grown when a run needs more, closed with the
 * leaf), converted in one call into the run's first slots, then moved up to the slots whose
 * validity bit is set ({@link FixedWidthDecoder#spread}), the null slots zeroed. Either way the
 * null spreading is the one loop of {@link FixedWidthDecoder}, and no call is made per value.
 */
final class FixedWidthLeaf extends ChunkLeafDecoder {
  private final BaseFixedWidthVector v;
  private final PrimitiveTypeName physical;

  /** The width of an Arrow slot. */
  private final int width;

  /** The width of a Parquet value: 4, 8, 12 or the FIXED_LEN_BYTE_ARRAY length. */
  private final int sourceWidth;

  /** The values, in the refusal of an encoding they cannot have. */
  private final String what;

  /** How a run's values become slot values; null when they are copied as they are. */
  private final Conversion conversion;

  private Dictionary recycled;
  private FixedWidthDecoder values;
  private ArrowBuf staging;

  /** A leaf that copies values as they are: the Parquet width is the slot width. */
  FixedWidthLeaf(
      LeafColumn c,
      ColumnChunkPages pages,
      Shape shape,
      BaseFixedWidthVector v,
      PrimitiveTypeName physical) {
    this(c, pages, shape, v, physical, v.getTypeWidth(), "values", null);
  }

  /**
   * @param sourceWidth the width of a Parquet value: 4, 8, 12 or the FIXED_LEN_BYTE_ARRAY length
   * @param what the values, in the refusal of an encoding they cannot have
   * @param conversion how a run's values become slot values, or null to copy them as they are
   */
  FixedWidthLeaf(
      LeafColumn c,
      ColumnChunkPages pages,
      Shape shape,
      BaseFixedWidthVector v,
      PrimitiveTypeName physical,
      int sourceWidth,
      String what,
      Conversion conversion) {
    super(c, pages, shape, 0);
    this.v = v;
    this.physical = physical;
    this.width = v.getTypeWidth();
    this.sourceWidth = sourceWidth;
    this.what = what;
    this.conversion = conversion;
  }

  @Override
  public FieldVector vector() {
    return v;
  }

  @Override
  ArrowBuf validity() {
    return v.getValidityBuffer();
  }

  @Override
  void reserve(int slots) {
    reserveFixed(v, slots);
  }

  @Override
  Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
    // The previous chunk's dictionary is done with: its arrays are refilled.
    recycled = Dictionary.fixedWidth(page, count, sourceWidth, recycled);
    return recycled;
  }

  @Override
  void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
    values =
        ValueDecoders.fixedWidth(
            this, page, encoding, valueCount, dictionary, physical, sourceWidth, what);
  }

  @Override
  void skipValues(int n) {
    values.skip(n);
  }

  @Override
  boolean refusesValues() {
    return conversion != null;
  }

  @Override
  void readValues(int slot, int n, int nulls) {
    int present = n - nulls;
    if (present == 0) {
      return;
    }
    ArrowBuf data = v.getDataBuffer();
    if (conversion == null) {
      values.read(data, slot, present);
    } else {
      convert(data, slot, present, nulls > 0);
    }
    if (nulls > 0) {
      FixedWidthDecoder.spread(data, width, v.getValidityBuffer(), slot, slot + n, slot + present);
    }
  }

  /**
   * Decodes the next {@code present} values into the staging buffer and converts them into slots
   * {@code slot ..}; when the run has nulls, a value refused names the slot it was meant for, not
   * the one it was converted into.
   */
  private void convert(ArrowBuf data, int slot, int present, boolean spreads) {
    long bytes = (long) present * sourceWidth;
    if (staging == null || staging.capacity() < bytes) {
      release();
      staging = v.getAllocator().buffer(Math.max(bytes, 1024));
    }
    values.read(staging, 0, present);
    try {
      conversion.convert(staging, data, slot, present);
    } catch (BadValueException e) {
      if (!spreads) {
        throw e;
      }
      throw new BadValueException(presentSlot(slot, e.slot - slot), e.getMessage(), e.remedy);
    }
  }

  /** The slot of the {@code k}-th (from 0) set validity bit from slot {@code from} on. */
  private int presentSlot(int from, int k) {
    ArrowBuf validity = v.getValidityBuffer();
    int s = from;
    for (int seen = -1; ; s++) {
      seen += BitVectorHelper.get(validity, s);
      if (seen == k) {
        return s;
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
