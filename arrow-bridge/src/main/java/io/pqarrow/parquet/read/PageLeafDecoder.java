package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.encoding.Bitmaps;
import io.pqarrow.parquet.internal.encoding.CorruptPageException;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.Levels;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.RleBitPackedDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Reads a leaf page by page, straight into its vector, in place of the per-value loop of {@link
 * LeafDecoder}: for each run of the batch that lies in one data page, the definition levels become
 * the validity bits in one pass ({@link RleBitPackedDecoder#readValidity}), then the values are
 * decoded in bulk, with {@code read} when the run has no nulls and {@code readScatter} over the
 * validity bits otherwise. The dictionary is decoded once per chunk. How values are decoded ({@link
 * PageLeafDecoders}) is the subclass's: the fixed-width, boolean and variable-width shapes of the
 * page decoders.
 *
 * <p>The column chunk is read by range through {@link ColumnChunkPages}; no row group is held on
 * the heap. For a top-level leaf the level arrays of {@link LeafDecoder} are left empty: its node
 * ({@link LeafNode}) assembles nothing from them. A leaf under a list, map or struct ({@link
 * Shape#nested}) decodes each page's repetition and definition levels in bulk, keeps those of the
 * batch in the level arrays for the nodes above to assemble from, and spreads its values over the
 * slots they give, as the per-value loop does. Malformed page bytes ({@link CorruptPageException})
 * are reported by {@link ColumnChunkPages#corruptPage} with the column, row group, page and byte
 * offset.
 */
abstract class PageLeafDecoder extends LeafDecoder implements AutoCloseable {
  /**
   * How a column's levels are read.
   *
   * @param maxRep the column's maximum repetition level
   * @param nested whether the column is below a list, map or struct: its levels are kept for the
   *     nodes above it, and records are counted by repetition level 0
   */
  record Shape(int maxRep, boolean nested) {}

  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final ColumnChunkPages pages;
  private final int typeWidth;
  private final int maxRep;
  private final boolean nested;
  private Dictionary dictionary;
  private RleBitPackedDecoder repetitions;
  private RleBitPackedDecoder definitions;
  private int pageLeft;

  /** A nested column's levels of the current page, decoded when the page starts. */
  private int[] pageRep = new int[0];

  private int[] pageDef = new int[0];

  /** Scratch for the validity bits of a nested column's run ({@link #writeValidity}). */
  private byte[] validityBits = new byte[0];

  private int pagePos;
  private int pageCount;

  /** Records that start in the current page at or after {@link #pagePos} (levels of rep 0). */
  private int pageRecords;

  /**
   * @param typeWidth the width of a FIXED_LEN_BYTE_ARRAY value (0 for other types), for the
   *     dictionary
   */
  PageLeafDecoder(LeafColumn c, ColumnChunkPages pages, Shape shape, int typeWidth) {
    super(c);
    this.pages = pages;
    this.typeWidth = typeWidth;
    this.maxRep = shape.maxRep();
    this.nested = shape.nested();
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
    repetitions = null;
    definitions = null;
    pageLeft = 0;
    pagePos = 0;
    pageCount = 0;
    pageRecords = 0;
  }

  @Override
  final int readRecords(int records) {
    if (nested) {
      return readNestedRecords(records);
    }
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

  /**
   * Reads {@code records} records of a nested column: for each run of them in one page, copies the
   * page's levels into {@link #rep} and {@link #def}, gives a slot to each triple at or above
   * {@code slotDef} with its validity bit set when the triple holds a value, then decodes the run's
   * values in bulk into the valid slots. A record may continue on the next page; it ends where the
   * next triple of repetition level 0 starts.
   */
  private int readNestedRecords(int records) {
    int seen = 0;
    try {
      while (true) {
        if (pagePos == pageCount && !nextDataPage()) {
          break;
        }
        int start = pagePos;
        int end = start;
        int[] pr = pageRep;
        int[] pd = pageDef;
        if (pageRecords <= records - seen) {
          // The rest of the page is wanted: no search for where the batch ends.
          end = pageCount;
          seen += pageRecords;
          pageRecords = 0;
        } else {
          int before = seen;
          while (end < pageCount) {
            if (pr[end] == 0) {
              if (seen == records) {
                break;
              }
              seen++;
            }
            end++;
          }
          pageRecords -= seen - before;
        }
        int n = end - start;
        if (n == 0) {
          break;
        }
        appendLevels(start, n);
        int slots = 0;
        for (int i = start; i < end; i++) {
          slots += pd[i] >= slotDef ? 1 : 0;
        }
        if (slots > 0) {
          reserve(slotCount + slots);
          int nulls = writeValidity(pd, start, end, slots);
          readValues(slotCount, slots, nulls);
          slotCount += slots;
        }
        pagePos = end;
      }
    } catch (CorruptPageException e) {
      throw pages.corruptPage(e.byteOffset(), e.problem(), e);
    }
    return seen;
  }

  /**
   * Sets the validity bits of slots {@code slotCount ..} from the definition levels {@code pd[start
   * .. end)}: one slot for each level at or above {@code slotDef} ({@code slots} in all), valid
   * when the level is {@code maxDef}. The bits are built in a heap array and copied to the validity
   * buffer at once (the bits of the first byte below {@code slotCount} are kept); returns the
   * number of nulls.
   */
  private int writeValidity(int[] pd, int start, int end, int slots) {
    int firstBit = slotCount & 7;
    int bytes = (firstBit + slots + 7) >>> 3;
    // Whole longs are stored: room for the last one past `bytes`.
    if (validityBits.length < bytes + 8) {
      validityBits = new byte[Math.max(bytes + 8, validityBits.length * 2)];
    }
    byte[] bits = validityBits;
    int p = firstBit;
    long word = 0;
    int valid = 0;
    int maxDef = this.maxDef;
    int slotDef = this.slotDef;
    for (int i = start; i < end; i++) {
      int d = pd[i];
      int isValid = d == maxDef ? 1 : 0;
      int isSlot = d >= slotDef ? 1 : 0;
      word |= (long) isValid << p;
      valid += isValid;
      p += isSlot;
      if ((p & 63) == 0 && isSlot != 0) {
        LE_LONG.set(bits, ((p >>> 6) - 1) << 3, word);
        word = 0;
      }
    }
    if ((p & 63) != 0) {
      LE_LONG.set(bits, (p >>> 6) << 3, word);
    }
    ArrowBuf validity = validity();
    long firstByte = (long) (slotCount >>> 3);
    if (firstBit != 0) {
      bits[0] |= (byte) (validity.getByte(firstByte) & ((1 << firstBit) - 1));
    }
    validity.setBytes(firstByte, bits, 0, bytes);
    return slots - valid;
  }

  /** Copies levels {@code start .. start+n-1} of the page after the batch's levels. */
  private void appendLevels(int start, int n) {
    int need = levelCount + n;
    if (need > rep.length) {
      int size = Math.max(need, rep.length * 2);
      rep = Arrays.copyOf(rep, size);
      def = Arrays.copyOf(def, size);
    }
    System.arraycopy(pageRep, start, rep, levelCount, n);
    System.arraycopy(pageDef, start, def, levelCount, n);
    levelCount = need;
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
        repetitions = Levels.v1(page, maxRep);
        definitions = Levels.v1(page, maxDef);
      } else {
        repetitions = Levels.v2(page, pages.repLevelBytes(), maxRep);
        definitions = Levels.v2(page, pages.defLevelBytes(), maxDef);
      }
      int count = pages.valueCount();
      if (count < 0) {
        throw pages.corruptPage(0, "value count " + count + " is negative", null);
      }
      if (nested) {
        readPageLevels(count);
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

  /** Decodes all {@code count} levels of a nested column's page, before its values. */
  private void readPageLevels(int count) {
    if (pageRep.length < count) {
      int size = Math.max(count, pageRep.length * 2);
      pageRep = new int[size];
      pageDef = new int[size];
    }
    repetitions.readInts(pageRep, 0, count);
    definitions.readInts(pageDef, 0, count);
    pagePos = 0;
    pageCount = count;
    int starts = 0;
    for (int i = 0; i < count; i++) {
      starts += pageRep[i] == 0 ? 1 : 0;
    }
    pageRecords = starts;
  }

  /** An error for a page whose encoding this column cannot have. */
  final RuntimeException unsupported(Encoding encoding, String what) {
    return pages.corruptPage(0, "encoding " + encoding + " is not valid for " + what, null);
  }

  @Override
  final void readValue(int slot) {
    throw new IllegalStateException("page leaves are read a page at a time");
  }

  /** Frees what the subclass holds besides the vector; most hold nothing. */
  void release() {}

  @Override
  public final void close() throws IOException {
    try {
      release();
    } finally {
      pages.close();
    }
  }
}
