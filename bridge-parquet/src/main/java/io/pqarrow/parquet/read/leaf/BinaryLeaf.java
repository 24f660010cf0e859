package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.BinaryOutput;
import io.pqarrow.parquet.internal.encoding.ByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.parquet.format.Encoding;

/**
 * The leaf of BYTE_ARRAY values into the offsets and data of a variable-width vector (32- or 64-bit
 * offsets), decoded a page at a time by {@link ValueDecoders#byteArray}; a {@link
 * LeafColumn#nullFill} goes into its null slots.
 */
final class BinaryLeaf extends ChunkLeafDecoder {
  private final FieldVector v;
  private final BaseVariableWidthVector narrow;
  private final BaseLargeVariableWidthVector wide;
  private ByteArrayDecoder values;
  private BinaryOutput out;
  private ArrowBuf outOffsets;

  BinaryLeaf(LeafColumn c, ColumnChunkPages pages, Shape shape, FieldVector v) {
    super(c, pages, shape, 0);
    this.v = v;
    this.narrow = v instanceof BaseVariableWidthVector n ? n : null;
    this.wide = v instanceof BaseLargeVariableWidthVector w ? w : null;
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
    reserveVariable(narrow, wide, slots);
  }

  @Override
  Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
    return Dictionary.byteArray(page, count);
  }

  @Override
  void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
    values = ValueDecoders.byteArray(this, page, encoding, valueCount, dictionary);
  }

  @Override
  void skipValues(int n) {
    values.skip(n);
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
