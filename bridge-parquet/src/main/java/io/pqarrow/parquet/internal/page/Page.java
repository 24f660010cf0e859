package io.pqarrow.parquet.internal.page;

import java.nio.ByteBuffer;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * One page as {@link PageParser} read it: what its header says, and its decompressed bytes. {@link
 * ColumnChunkPages} keeps two (the page handed out and the one read next) and swaps them.
 */
final class Page {
  /** The page's index in its chunk, counting every page (0 is the first). */
  int index = -1;

  /** The file offset of the page's header. */
  long offset;

  /** The file offset of the page's body, after its header. */
  long bodyOffset;

  /** The size of the body in the file. */
  int compressedSize;

  ColumnChunkPages.Kind kind;
  int valueCount;
  Encoding encoding;
  int repLevelBytes;
  int defLevelBytes;

  /** The rows of a data page v2 ({@code num_rows}); -1 for other pages. */
  int rows = -1;

  /**
   * The page's rows as its header tells them ({@link ColumnChunkPages#pageRows}): 0 for a
   * dictionary page, a v2 page's {@code num_rows}, a v1 page's values when they are rows ({@code
   * valuesAreRows}: a column with no repeated ancestor), else -1.
   */
  int rows(boolean valuesAreRows) {
    return switch (kind) {
      case DICTIONARY -> 0;
      case DATA_V2 -> rows;
      case DATA_V1 -> valuesAreRows ? valueCount : -1;
    };
  }

  /** The array {@link #data} wraps, kept from page to page and grown when a page needs more. */
  byte[] buffer = new byte[0];

  ByteBuffer data;

  /**
   * The page's body as read from the file, before {@link PageParser#finish} checks its CRC and
   * decompresses it into {@link #buffer}; kept from page to page like {@link #buffer}.
   */
  byte[] raw = new byte[0];

  /** Whether {@link PageParser#finish} has yet to run on {@link #raw}. */
  boolean unfinished;

  /** The row group of the chunk the page is in, for messages. */
  int rowGroup;

  /** What {@link PageParser#finish} needs: the header's facts and the chunk's codec. */
  int uncompressed;

  int plainPrefix;
  boolean v2;
  boolean hasCrc;
  int crc;
  CompressionCodecName codec;
}
