package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.ByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.ByteStreamSplitDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaBinaryPackedDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaLengthByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.FixedWidthDecoder;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.PlainByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.PlainFixedWidthDecoder;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The page decoders of a leaf's values, chosen per data page by its encoding: {@link #fixedWidth}
 * for every physical type but BOOLEAN and BYTE_ARRAY (read by {@link FixedWidthLeaf} and the
 * FIXED_LEN_BYTE_ARRAY forms of {@link StagedLeaves}), {@link #byteArray} for BYTE_ARRAY (read by
 * {@link BinaryLeaf} and {@link StagedLeaves}); BOOLEAN has its own two in {@link BoolLeaf}.
 *
 * <table>
 *   <caption>Encodings each physical type is read in</caption>
 *   <tr><th>Parquet</th><th>encodings</th></tr>
 *   <tr><td>INT32, INT64</td><td>PLAIN, dictionary, DELTA_BINARY_PACKED,
 *       BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>INT96, FLOAT, DOUBLE</td><td>PLAIN, dictionary, BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>FIXED_LEN_BYTE_ARRAY</td><td>PLAIN, dictionary, DELTA_BYTE_ARRAY,
 *       BYTE_STREAM_SPLIT</td></tr>
 *   <tr><td>BOOLEAN</td><td>PLAIN, RLE</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>PLAIN, dictionary, DELTA_LENGTH_BYTE_ARRAY,
 *       DELTA_BYTE_ARRAY</td></tr>
 * </table>
 */
final class ValueDecoders {
  private ValueDecoders() {}

  /** The decoder of a data page of BYTE_ARRAY values, for every encoding that can hold them. */
  static ByteArrayDecoder byteArray(
      ChunkLeafDecoder leaf,
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
  static FixedWidthDecoder fixedWidth(
      ChunkLeafDecoder leaf,
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
