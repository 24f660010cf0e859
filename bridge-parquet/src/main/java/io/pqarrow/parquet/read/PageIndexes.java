package io.pqarrow.parquet.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The column and offset indexes of one row group's chunks, read from the file by their footer
 * references without parquet-java's {@code ParquetFileReader} (for a file whose columns are not
 * encrypted), as its {@code ColumnIndexStoreImpl} gives them:
 *
 * <ul>
 *   <li>every chunk's offset index is read at once; when one is absent or unreadable the store is
 *       empty (no column index, every offset index missing), as parquet-java's is;
 *   <li>a column index is read on first request, null when absent or unreadable;
 *   <li>an index whose bytes are not Thrift fails as missing, a Thrift struct whose values do not
 *       convert fails with parquet-java's runtime exception, as there.
 * </ul>
 */
final class PageIndexes implements ColumnIndexStore {
  /** The longest index read; a footer reference longer than this is taken as unreadable. */
  private static final int MAX_INDEX_BYTES = 1 << 26;

  private static final PageIndexes EMPTY = new PageIndexes(null, Map.of(), Map.of());

  private final InputFile input;
  private final Map<ColumnPath, ColumnChunkMetaData> chunks;
  private final Map<ColumnPath, OffsetIndex> offsets;
  private final Map<ColumnPath, ColumnIndex> columnIndexes = new HashMap<>();

  private PageIndexes(
      InputFile input,
      Map<ColumnPath, ColumnChunkMetaData> chunks,
      Map<ColumnPath, OffsetIndex> offsets) {
    this.input = input;
    this.chunks = chunks;
    this.offsets = offsets;
  }

  /** The indexes of {@code block}'s chunks in {@code input}; every offset index read now. */
  static ColumnIndexStore of(InputFile input, BlockMetaData block) {
    Map<ColumnPath, ColumnChunkMetaData> chunks = new HashMap<>();
    Map<ColumnPath, OffsetIndex> offsets = new HashMap<>();
    try (SeekableInputStream in = input.newStream()) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        IndexReference ref = chunk.getOffsetIndexReference();
        if (ref == null) {
          return EMPTY;
        }
        offsets.put(
            chunk.getPath(),
            ParquetMetadataConverter.fromParquetOffsetIndex(
                Util.readOffsetIndex(new ByteArrayInputStream(bytes(in, ref)))));
        chunks.put(chunk.getPath(), chunk);
      }
    } catch (IOException e) {
      return EMPTY; // an unreadable offset index: the rows are read, not jumped
    }
    return new PageIndexes(input, chunks, offsets);
  }

  private static byte[] bytes(SeekableInputStream in, IndexReference ref) throws IOException {
    if (ref.getOffset() < 0 || ref.getLength() < 0 || ref.getLength() > MAX_INDEX_BYTES) {
      throw new IOException("index reference out of range");
    }
    byte[] bytes = new byte[ref.getLength()];
    in.seek(ref.getOffset());
    in.readFully(bytes);
    return bytes;
  }

  @Override
  public synchronized ColumnIndex getColumnIndex(ColumnPath column) {
    if (columnIndexes.containsKey(column)) {
      return columnIndexes.get(column);
    }
    ColumnChunkMetaData chunk = chunks.get(column);
    ColumnIndex index = null;
    IndexReference ref = chunk == null ? null : chunk.getColumnIndexReference();
    if (ref != null) {
      try (SeekableInputStream in = input.newStream()) {
        index =
            ParquetMetadataConverter.fromParquetColumnIndex(
                chunk.getPrimitiveType(),
                Util.readColumnIndex(new ByteArrayInputStream(bytes(in, ref))));
      } catch (IOException e) {
        index = null; // unreadable: this column does not prune pages
      }
    }
    columnIndexes.put(column, index);
    return index;
  }

  @Override
  public OffsetIndex getOffsetIndex(ColumnPath column) {
    OffsetIndex index = offsets.get(column);
    if (index == null) {
      throw new MissingOffsetIndexException(column);
    }
    return index;
  }
}
