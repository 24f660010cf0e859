package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.BooleanDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.PlainBooleanDecoder;
import io.pqarrow.parquet.internal.encoding.RleBooleanDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.format.Encoding;

/** The leaf of BOOLEAN values, as bits of a {@code BitVector}'s data buffer (PLAIN or RLE). */
final class BoolLeaf extends ChunkLeafDecoder {
  private final BitVector v;
  private BooleanDecoder values;

  BoolLeaf(LeafColumn c, ColumnChunkPages pages, Shape shape, BitVector v) {
    super(c, pages, shape, 0);
    this.v = v;
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
  void skipValues(int n) {
    values.skip(n);
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
