package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.encoding.Bitmaps;
import io.pqarrow.parquet.internal.encoding.CorruptPageException;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.Levels;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.RleBitPackedDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import java.io.IOException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Reads a top-level, non-repeated leaf page by page, straight into its vector, in place of the
 * per-value loop of {@link LeafDecoder}: for each run of the batch that lies in one data page, the
 * definition levels become the validity bits in one pass ({@link
 * RleBitPackedDecoder#readValidity}), then the values are decoded in bulk, with {@code read} when
 * the run has no nulls and {@code readScatter} over the validity bits otherwise. The dictionary is
 * decoded once per chunk. How values are decoded ({@link PageLeafDecoders}) is the subclass's: the
 * fixed-width, boolean and variable-width shapes of the page decoders.
 *
 * <p>The column chunk is read by range through {@link ColumnChunkPages}; no row group is held on
 * the heap. The level arrays of {@link LeafDecoder} are left empty: a top-level leaf's node ({@link
 * LeafNode}) assembles nothing from them, and only top-level leaves take this path. Malformed page
 * bytes ({@link CorruptPageException}) are reported by {@link ColumnChunkPages#corruptPage} with
 * the column, row group, page and byte offset.
 */
abstract class PageLeafDecoder extends LeafDecoder implements AutoCloseable {
  private final ColumnChunkPages pages;
  private final int typeWidth;
  private Dictionary dictionary;
  private RleBitPackedDecoder definitions;
  private int pageLeft;

  /**
   * @param typeWidth the width of a FIXED_LEN_BYTE_ARRAY value (0 for other types), for the
   *     dictionary
   */
  PageLeafDecoder(LeafColumn c, ColumnChunkPages pages, int typeWidth) {
    super(c);
    this.pages = pages;
    this.typeWidth = typeWidth;
  }

  /** The validity buffer of the vector, sized for the slots {@link #reserve} asked for. */
  abstract ArrowBuf validity();

  /** Makes room in the vector for slots up to {@code slots}. */
  abstract void reserve(int slots);

  /** Starts the values of a data page at the cursor of {@code page}. */
  abstract void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary);

  /** Decodes the values of slots {@code slot .. slot+n-1}, of which {@code nulls} are null. */
  abstract void readValues(int slot, int n, int nulls);

  /** Decodes the chunk's dictionary page. */
  abstract Dictionary readDictionary(PageBytes page, int count, int typeWidth);

  /** Starts reading chunk {@code chunk} of row group {@code rowGroup}. */
  final void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    pages.startChunk(chunk, rowGroup);
    dictionary = null;
    definitions = null;
    pageLeft = 0;
  }

  @Override
  final int readRecords(int records) {
    int done = 0;
    try {
      while (done < records) {
        if (pageLeft == 0 && !nextDataPage()) {
          break;
        }
        int n = Math.min(records - done, pageLeft);
        reserve(slotCount + n);
        int nulls;
        if (maxDef == 0) {
          Bitmaps.fill(validity(), slotCount, n, true);
          nulls = 0;
        } else {
          nulls = definitions.readValidity(validity(), slotCount, n);
        }
        readValues(slotCount, n, nulls);
        slotCount += n;
        pageLeft -= n;
        done += n;
      }
    } catch (CorruptPageException e) {
      throw pages.corruptPage(e.byteOffset(), e.problem(), e);
    }
    return done;
  }

  /** Moves to the next data page with values, decoding a dictionary page on the way. */
  private boolean nextDataPage() {
    while (pages.next()) {
      PageBytes page = PageBytes.wrap(pages.data());
      if (pages.kind() == ColumnChunkPages.Kind.DICTIONARY) {
        if (dictionary != null) {
          throw pages.corruptPage(0, "a second dictionary page in the column chunk", null);
        }
        Encoding e = pages.encoding();
        if (e != Encoding.PLAIN && e != Encoding.PLAIN_DICTIONARY) {
          throw pages.corruptPage(0, "dictionary page in encoding " + e, null);
        }
        dictionary = readDictionary(page, pages.valueCount(), typeWidth);
        continue;
      }
      if (pages.kind() == ColumnChunkPages.Kind.DATA_V1) {
        definitions = Levels.v1(page, maxDef);
      } else {
        Levels.v2(page, pages.repLevelBytes(), 0);
        definitions = Levels.v2(page, pages.defLevelBytes(), maxDef);
      }
      int count = pages.valueCount();
      if (count < 0) {
        throw pages.corruptPage(0, "value count " + count + " is negative", null);
      }
      Encoding encoding = pages.encoding();
      if ((encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY)
          && dictionary == null) {
        throw pages.corruptPage(
            page.position(), "dictionary-encoded page in a chunk without a dictionary page", null);
      }
      startPage(page, encoding, count, dictionary);
      pageLeft = count;
      if (count > 0) {
        return true;
      }
    }
    return false;
  }

  /** An error for a page whose encoding this column cannot have. */
  final RuntimeException unsupported(Encoding encoding, String what) {
    return pages.corruptPage(0, "encoding " + encoding + " is not valid for " + what, null);
  }

  @Override
  final void readValue(int slot) {
    throw new IllegalStateException("page leaves are read a page at a time");
  }

  @Override
  public final void close() throws IOException {
    pages.close();
  }
}
