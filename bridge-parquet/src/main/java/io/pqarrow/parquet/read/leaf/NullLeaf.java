package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A column read as Arrow Null (Parquet UNKNOWN): only its levels are read, page by page, to count
 * its slots; every slot is null, so a triple that holds a value is corrupt data, refused as the
 * reference decoder in the test tree refuses it. A dictionary page is decoded (and checked) as its
 * physical type's. It reads its levels as a nested leaf does ({@link
 * ChunkLeafDecoder.Shape#nested}), even at the top level, since it has no validity bits to decode
 * them into.
 */
final class NullLeaf extends ChunkLeafDecoder {
  private final FieldVector v;
  private final PrimitiveType type;

  NullLeaf(LeafColumn c, ColumnChunkPages pages, Shape shape, PrimitiveType type, FieldVector v) {
    super(c, pages, shape, typeLength(type));
    this.v = v;
    this.type = type;
  }

  private static int typeLength(PrimitiveType type) {
    return switch (type.getPrimitiveTypeName()) {
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      case INT96 -> 12;
      case FIXED_LEN_BYTE_ARRAY -> type.getTypeLength();
      default -> 0;
    };
  }

  @Override
  public FieldVector vector() {
    return v;
  }

  @Override
  ArrowBuf validity() {
    return null;
  }

  @Override
  void reserve(int slots) {}

  @Override
  Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
    return switch (type.getPrimitiveTypeName()) {
      case BINARY -> Dictionary.byteArray(page, count);
      case BOOLEAN -> throw unsupported(Encoding.PLAIN_DICTIONARY, "BOOLEAN values");
      default -> Dictionary.fixedWidth(page, count, typeWidth);
    };
  }

  @Override
  void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {}

  @Override
  void skipValues(int n) {
    readValues(0, n, 0);
  }

  @Override
  void readValues(int slot, int n, int nulls) {
    if (nulls < n) {
      throw new IllegalStateException("a non-null value in a column read as Arrow Null");
    }
  }
}
