package io.pqarrow.parquet.write;

import io.pqarrow.parquet.write.WriteOptions.Encoding;
import java.util.Map;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;

/**
 * parquet-java's values writer for each column, as the options choose: the column's own encoding,
 * else dictionary (falling back to PLAIN) or PLAIN by {@link WriteOptions#dictionary()}, for either
 * page version (parquet-java's own V2 defaults would fall back to the DELTA encodings instead). A
 * dictionary-encoded Arrow leaf whose encoding is the dictionary gets its {@link
 * DictionaryWriteNode}'s writer, which takes the Arrow dictionary as the page dictionary.
 * parquet-java asks for a writer per column per row group.
 */
final class ValuesWriters implements org.apache.parquet.column.values.factory.ValuesWriterFactory {
  private final Map<ColumnDescriptor, Encoding> encodings;
  private final Map<ColumnDescriptor, DictionaryWriteNode> arrowDictionaries;
  private final boolean dictionary;
  private ParquetProperties props;

  ValuesWriters(
      Map<ColumnDescriptor, Encoding> encodings,
      Map<ColumnDescriptor, DictionaryWriteNode> arrowDictionaries,
      boolean dictionary) {
    this.encodings = encodings;
    this.arrowDictionaries = arrowDictionaries;
    this.dictionary = dictionary;
  }

  /** The encoding {@code column} is written with. */
  Encoding encoding(ColumnDescriptor column) {
    Encoding chosen = encodings.get(column);
    if (chosen != null) {
      return chosen;
    }
    boolean bool =
        column.getPrimitiveType().getPrimitiveTypeName()
            == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
    return dictionary && !bool ? Encoding.DICTIONARY : Encoding.PLAIN;
  }

  @Override
  public void initialize(ParquetProperties properties) {
    this.props = properties;
  }

  @Override
  public ValuesWriter newValuesWriter(ColumnDescriptor column) {
    int slab = props.getInitialSlabSize();
    int page = props.getPageSizeThreshold();
    ByteBufferAllocator allocator = props.getAllocator();
    boolean v2 = props.getWriterVersion() == ParquetProperties.WriterVersion.PARQUET_2_0;
    switch (encoding(column)) {
      case DICTIONARY:
        DictionaryWriteNode node = arrowDictionaries.get(column);
        if (node != null) {
          return node.newValuesWriter(v2, allocator);
        }
        return FallbackValuesWriter.of(dictionaryWriter(column, v2), plain(column));
      case DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY:
        return delta(encoding(column), column, slab, page, allocator);
      case BYTE_STREAM_SPLIT:
        return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
          case FLOAT ->
              new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(
                  slab, page, allocator);
          case DOUBLE ->
              new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(
                  slab, page, allocator);
          case INT32 ->
              new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(
                  slab, page, allocator);
          case INT64 ->
              new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(
                  slab, page, allocator);
          default ->
              new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(
                  column.getTypeLength(), slab, page, allocator);
        };
      default:
        return plain(column);
    }
  }

  /** parquet-java's writer of the DELTA {@code encoding} for {@code column}'s physical type. */
  static ValuesWriter delta(
      Encoding encoding,
      ColumnDescriptor column,
      int slab,
      int page,
      ByteBufferAllocator allocator) {
    return switch (encoding) {
      case DELTA_BINARY_PACKED ->
          column.getPrimitiveType().getPrimitiveTypeName()
                  == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32
              ? new DeltaBinaryPackingValuesWriterForInteger(slab, page, allocator)
              : new DeltaBinaryPackingValuesWriterForLong(slab, page, allocator);
      case DELTA_LENGTH_BYTE_ARRAY -> new DeltaLengthByteArrayValuesWriter(slab, page, allocator);
      case DELTA_BYTE_ARRAY -> new DeltaByteArrayWriter(slab, page, allocator);
      default -> throw new IllegalArgumentException("not a DELTA encoding: " + encoding);
    };
  }

  private ValuesWriter plain(ColumnDescriptor column) {
    return plain(
        column, props.getInitialSlabSize(), props.getPageSizeThreshold(), props.getAllocator());
  }

  /** A PLAIN writer of {@code column}'s physical type. */
  static ValuesWriter plain(
      ColumnDescriptor column, int slab, int page, ByteBufferAllocator allocator) {
    return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case BOOLEAN -> new BooleanPlainValuesWriter();
      case FIXED_LEN_BYTE_ARRAY ->
          new FixedLenByteArrayPlainValuesWriter(column.getTypeLength(), slab, page, allocator);
      case INT96 -> new FixedLenByteArrayPlainValuesWriter(12, slab, page, allocator);
      default -> new PlainValuesWriter(slab, page, allocator);
    };
  }

  private DictionaryValuesWriter dictionaryWriter(ColumnDescriptor column, boolean v2) {
    int max = props.getDictionaryPageSizeThreshold();
    ByteBufferAllocator allocator = props.getAllocator();
    org.apache.parquet.column.Encoding data =
        v2
            ? org.apache.parquet.column.Encoding.RLE_DICTIONARY
            : org.apache.parquet.column.Encoding.PLAIN_DICTIONARY;
    org.apache.parquet.column.Encoding dict =
        v2
            ? org.apache.parquet.column.Encoding.PLAIN
            : org.apache.parquet.column.Encoding.PLAIN_DICTIONARY;
    return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case BINARY ->
          new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(max, data, dict, allocator);
      case INT32 ->
          new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(max, data, dict, allocator);
      case INT64 ->
          new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(max, data, dict, allocator);
      case DOUBLE ->
          new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(max, data, dict, allocator);
      case FLOAT ->
          new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(max, data, dict, allocator);
      case FIXED_LEN_BYTE_ARRAY ->
          new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(
              max, column.getTypeLength(), data, dict, allocator);
      case INT96 ->
          new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(
              max, 12, data, dict, allocator);
      default -> throw new IllegalArgumentException("no dictionary encoding for " + column);
    };
  }
}
