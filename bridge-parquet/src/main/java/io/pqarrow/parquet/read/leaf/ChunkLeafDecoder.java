package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.BitWords;
import io.pqarrow.parquet.internal.encoding.Bitmaps;
import io.pqarrow.parquet.internal.encoding.CorruptPageException;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.Levels;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.RleBitPackedDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Reads a leaf's column chunk page by page, straight into its vector (the reader's one read path;
 * the test tree's reference, {@code ValueLeafDecoder}, reads value by value): for each run of the
 * batch that lies in one data page, the definition levels become the validity bits in one pass
 * ({@link RleBitPackedDecoder#readValidity}), then the subclass decodes the run's values in bulk
 * ({@link #readValues}). The dictionary is decoded once per chunk. There is one subclass per
 * physical layout, each as deep as this class's children: {@link FixedWidthLeaf} (with a {@link
 * Conversion} plugged in when a value changes on its way into the slot), {@link BoolLeaf}, {@link
 * BinaryLeaf}, {@link DictionaryLeaf}, {@link NullLeaf} and the {@link StagedLeaves} of values that
 * change layout (views, BYTE_ARRAY decimals, FIXED_LEN_BYTE_ARRAY into variable width).
 *
 * <p>The column chunk is read by range through {@link ColumnChunkPages}; no row group is held on
 * the heap. For a plain top-level leaf the level arrays of {@link LeafDecoder} are left empty: its
 * node ({@link io.pqarrow.parquet.read.node.LeafNode}) assembles nothing from them. A leaf under a
 * list, map or struct, or one whose slots the validity bits alone do not give ({@link
 * Shape#nested}: a Variant child with a null fill, a fixed-size list's padded element, an Arrow
 * Null column) decodes each page's repetition and definition levels in bulk, keeps those of the
 * batch in the level arrays for the nodes above to assemble from, and gives slots from them:
 * validity bits are gathered 64 at a time ({@link BitWords}), and a column without padding takes a
 * loop with no padding test. A nested leaf with no repeated ancestor (under structs only) decodes
 * no repetition levels, since each triple is a record; its definition levels go straight into the
 * batch's array when a node assembles from them ({@link #levelsWanted}), else straight into
 * validity bits, as for a top-level leaf. Malformed page bytes ({@link CorruptPageException}) and
 * levels that do not make whole records (a chunk whose first repetition level is not 0, levels that
 * run out before the chunk's value count) are reported by {@link ColumnChunkPages#corruptPage} with
 * the column, row group, page and byte offset.
 *
 * <p>Why one file of about 800 lines: reading records ({@link #readRecords}) and passing over them
 * without decoding their values (late materialization, offsets, skipped page ranges: {@link
 * #skipRecords}) move the same page cursor (the page's level decoders, its decoded level arrays,
 * the values left in the page, the chunk's record count) and must leave it in the same state; split
 * apart, each half would need the other's every field. The offset-index arithmetic, which needs
 * none of them, is {@link OffsetIndexPages}.
 */
public abstract class ChunkLeafDecoder extends LeafDecoder {
  /**
   * How a column's levels are read.
   *
   * @param maxRep the column's maximum repetition level
   * @param nested whether the column's levels are read a page at a time and kept (for a column
   *     below a list, map or struct, for the nodes above it; for one whose slots its validity bits
   *     do not give, for its slots), with records counted by repetition level 0
   */
  record Shape(int maxRep, boolean nested) {}

  /** Levels of a bit-packed run unpacked at a time on their way to validity bits. */
  private static final int LEVEL_SCRATCH = 1024;

  /** Levels whose record starts {@link #recordStart} counts at a time, passing over them. */
  private static final int START_BLOCK = 256;

  private final ColumnChunkPages pages;
  private final int typeWidth;
  private final int maxRep;
  private final boolean nested;

  /** Whether a null fixed-size list above the column pads it ({@link LeafColumn.Padding}). */
  private final boolean padded;

  private int[] levelScratch;

  private Dictionary dictionary;
  private RleBitPackedDecoder repetitions;
  private RleBitPackedDecoder definitions;
  private int pageLeft;

  /** A nested column's levels of the current page, decoded when the page starts. */
  private int[] pageRep = new int[0];

  private int[] pageDef = new int[0];
  private int pagePos;
  private int pageCount;

  /** Records that start in the current page at or after {@link #pagePos} (levels of rep 0). */
  private int pageRecords;

  /** Whether no data page of the current chunk has been started: its first level must be 0. */
  private boolean chunkStart;

  /** Where the current page's repetition levels start in its data, for messages. */
  private int repLevelsAt;

  /** The levels the chunk's metadata gives, and those its data pages held so far. */
  private long chunkValues;

  private long valuesSeen;
  private int lastPageEnd;

  /**
   * Whether pages of the current chunk were passed over unread ({@link #skipRecords}): the values
   * its pages hold no longer add up to the chunk's count, and the next page read must start a
   * record.
   */
  private boolean jumped;

  /** Whether the next data page read is one {@link #jumpTo} moved to: it must start a record. */
  private boolean landing;

  /** The offset index of the current chunk ({@link #offsetIndex}), or null. */
  private OffsetIndex chunkPages;

  /** The offset-index ordinal of the current data page of the chunk (-1 before the first). */
  private int ordinal;

  private long dataPagesRead;
  private long pagesSkipped;

  /** The records of the pages the last {@link #nextDataPage(long)} passed over whole. */
  private long passedRows;

  /** The runs {@link #plan} gives the pages when rows are carried in, moved by as many. */
  private int[] planFrom = new int[0];

  private int[] planTo = new int[0];

  /**
   * @param typeWidth the width of a FIXED_LEN_BYTE_ARRAY value (0 for other types), for the
   *     dictionary
   */
  ChunkLeafDecoder(LeafColumn c, ColumnChunkPages pages, Shape shape, int typeWidth) {
    super(c);
    this.pages = pages;
    this.typeWidth = typeWidth;
    this.maxRep = shape.maxRep();
    this.nested = shape.nested();
    this.padded = padSlots > 0 && padFromDef < padToDef;
    pages.valuesAreRows(maxRep == 0);
  }

  /**
   * The validity buffer of the vector, sized for the slots {@link #reserve} asked for; {@code null}
   * for a vector without one (Arrow Null), whose every slot is null.
   */
  abstract ArrowBuf validity();

  /** Makes room in the vector for slots up to {@code slots}. */
  abstract void reserve(int slots);

  /** {@link #reserve} for a fixed-width vector (a bit vector too). */
  static void reserveFixed(BaseFixedWidthVector v, int slots) {
    while (v.getValueCapacity() < slots) {
      v.reAlloc();
    }
  }

  /**
   * {@link #reserve} for a variable-width vector, with 32-bit offsets ({@code narrow}) or 64-bit
   * ones ({@code wide}, when {@code narrow} is null): its validity and offsets only, the data
   * growing as values are set.
   */
  static void reserveVariable(
      BaseVariableWidthVector narrow, BaseLargeVariableWidthVector wide, int slots) {
    if (narrow != null) {
      while (narrow.getValueCapacity() < slots) {
        narrow.reallocValidityAndOffsetBuffers();
      }
    } else {
      while (wide.getValueCapacity() < slots) {
        wide.reallocValidityAndOffsetBuffers();
      }
    }
  }

  /** Starts the values of a data page at the cursor of {@code page}. */
  abstract void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary);

  /**
   * Decodes the values of slots {@code slot .. slot+n-1}, of which {@code nulls} are null (their
   * validity bit is clear). A column with a {@link LeafColumn#nullFill} writes it into those slots
   * and marks them valid; no such column has padding.
   */
  abstract void readValues(int slot, int n, int nulls);

  /**
   * Passes over the next {@code n} values of the current page without writing them anywhere: the
   * values of records that late materialization does not read ({@link #skipRecords}).
   */
  abstract void skipValues(int n);

  /**
   * Whether a value may be refused on its way into its slot ({@link BadValueException}, a value
   * that has no Arrow value): such a column's records are decoded to be passed over, so that a read
   * with late materialization refuses the same values as one without.
   */
  boolean refusesValues() {
    return false;
  }

  /** Decodes the chunk's dictionary page. */
  abstract Dictionary readDictionary(PageBytes page, int count, int typeWidth);

  @Override
  public final int maxRep() {
    return maxRep;
  }

  @Override
  public long pagesRead() {
    return pages.pagesRead();
  }

  @Override
  public long bytesRead() {
    return pages.bytesRead();
  }

  @Override
  public final void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    pagesSkipped += chunkTail();
    chunkPages = null;
    ordinal = -1;
    jumped = false;
    landing = false;
    pages.startChunk(chunk, rowGroup);
    dictionary = null;
    repetitions = null;
    definitions = null;
    pageLeft = 0;
    pagePos = 0;
    pageCount = 0;
    pageRecords = 0;
    chunkStart = true;
    chunkValues = chunk.getValueCount();
    valuesSeen = 0;
    lastPageEnd = 0;
  }

  @Override
  public final int readRecords(int records) {
    if (nested && maxRep > 0) {
      return readNestedRecords(records);
    }
    // Without a repeated ancestor every triple is a record and a slot.
    int done = 0;
    try {
      while (done < records) {
        if (pageLeft == 0 && !nextDataPage()) {
          break;
        }
        int n = Math.min(records - done, pageLeft);
        if (nested && (levelsWanted || validity() == null)) {
          readUnrepeated(n);
        } else {
          readValidityAndValues(n);
        }
        pageLeft -= n;
        done += n;
      }
    } catch (CorruptPageException e) {
      throw pages.corruptPage(e.byteOffset(), e.problem(), e);
    }
    return done;
  }

  /**
   * Passes over the pages wholly before record {@code to} unread, when {@code index} shows at least
   * one page lies wholly between the current page and record {@code to} (pages that have an offset
   * index start at record boundaries), then passes over the records left before {@code to} inside
   * their pages ({@link #passRecords}). A chunk's dictionary page is read before any page is passed
   * over. A gap that only runs from the current page into the next one is passed over in place, as
   * the next page is needed anyway: moving to it through the index would drop the pages read ahead
   * (decompressed, some of them) and read them again.
   */
  @Override
  public final long skipRecords(long from, long to, OffsetIndex index) {
    if (index != null && to > from) {
      int k = OffsetIndexPages.lastPageFrom(index, to);
      long first = index.getFirstRowIndex(k);
      if (k > ordinal + 1 && first > from) {
        jumpTo(index, k);
        return first - from + passRecords(to - first);
      }
    }
    return passRecords(to - from);
  }

  /**
   * Passes over the next {@code records} records without a slot or a level for them in the batch:
   * their definition levels are counted, not kept (those that hold a value, for a column with no
   * repeated ancestor; a repeated column's page levels are decoded when the page starts, and only
   * walked), and that many values are passed over in the page ({@link #skipValues}: PLAIN values by
   * position, dictionary indices checked but not gathered, byte arrays by their lengths). A column
   * whose values may be refused ({@link #refusesValues}) decodes them and drops them instead.
   *
   * @return the records passed over: {@code records} unless the chunk ended early
   */
  private long passRecords(long records) {
    if (refusesValues()) {
      return discardRecords(records);
    }
    if (records <= 0) {
      return 0;
    }
    try {
      if (nested && maxRep > 0) {
        return passNestedRecords(records);
      }
      long done = 0;
      while (done < records) {
        if (pageLeft == 0) {
          boolean more = nextDataPage(records - done);
          done += passedRows;
          if (!more) {
            break;
          }
          if (pageLeft == 0) {
            continue; // whole pages passed over, up to the records asked for
          }
        }
        int n = (int) Math.min(records - done, pageLeft);
        int values;
        if (maxDef == 0) {
          values = n;
        } else {
          if (levelScratch == null) {
            levelScratch = new int[LEVEL_SCRATCH];
          }
          values = definitions.skipCountingAtLeast(n, maxDef, levelScratch);
        }
        skipValues(values);
        pageLeft -= n;
        done += n;
      }
      return done;
    } catch (CorruptPageException e) {
      throw pages.corruptPage(e.byteOffset(), e.problem(), e);
    }
  }

  /**
   * {@link #passRecords} for a column with a repeated ancestor: as {@link #readNestedRecords}, the
   * records end where the next triple of repetition level 0 starts, but the page's levels are only
   * walked, to count the values to pass over.
   */
  private long passNestedRecords(long records) {
    long seen = 0;
    while (true) {
      if (pagePos == pageCount) {
        boolean more = nextDataPage(records - seen);
        seen += passedRows;
        if (!more || (passedRows > 0 && pagePos == pageCount)) {
          // The chunk's end, or whole pages passed over up to the records asked for: pages whose
          // header tells their rows (v2) start and end records, so none goes on past them.
          break;
        }
      }
      int start = pagePos;
      int end;
      long wanted = records - seen;
      if (pageRecords <= wanted) {
        end = pageCount;
        seen += pageRecords;
        pageRecords = 0;
      } else {
        end = recordStart(start, (int) wanted);
        seen += wanted;
        pageRecords -= (int) wanted;
      }
      if (end == start) {
        break;
      }
      int[] pd = pageDef;
      int values = 0;
      for (int i = start; i < end; i++) {
        values += (maxDef - 1 - pd[i]) >>> 31; // 1 where the level is the maximum
      }
      skipValues(values);
      pagePos = end;
    }
    return seen;
  }

  /** Moves to data page {@code k} of the chunk, the pages before it passed over unread. */
  private void jumpTo(OffsetIndex index, int k) {
    if (ordinal < 0 && dictionary == null && index.getOffset(0) > pages.chunkStart()) {
      // Bytes before the first data page: the dictionary page, which every page may need.
      if (!pages.next() || pages.kind() != ColumnChunkPages.Kind.DICTIONARY) {
        throw pages.corruptPage(
            0,
            "the offset index puts the first data page at file byte "
                + index.getOffset(0)
                + ", but the page before it is not a dictionary page",
            null);
      }
      loadDictionary(PageBytes.wrap(pages.data()));
    }
    pages.seek(index.getOffset(k), k + (dictionary != null ? 1 : 0));
    chunkStart = false;
    pagesSkipped += k - (ordinal + 1);
    ordinal = k - 1;
    pageLeft = 0;
    pagePos = 0;
    pageCount = 0;
    pageRecords = 0;
    jumped = true;
    landing = true;
  }

  /**
   * Tells the pages which records the batch reads, when the chunk has no offset index: pages read
   * ahead whose records it passes over whole stay compressed. (With an offset index, {@link
   * #readAhead} already reads ahead only the pages it keeps.) A column whose values may be refused
   * decodes every page, and plans nothing.
   */
  @Override
  final void plan(SelectedRuns selection) {
    if (chunkPages == null && !refusesValues()) {
      int carried = selection.carried();
      int runs = selection.runs();
      int[] from = selection.froms();
      int[] to = selection.tos();
      if (carried > 0) {
        // the plan starts at the first row carried in: the runs move by as much
        if (planFrom.length < runs) {
          planFrom = new int[Math.max(runs, 2 * planFrom.length)];
          planTo = new int[planFrom.length];
        }
        for (int r = 0; r < runs; r++) {
          planFrom[r] = from[r] + carried;
          planTo[r] = to[r] + carried;
        }
        from = planFrom;
        to = planTo;
      }
      // the rows left to the next batch are passed over too (it passes over them first)
      pages.plan(selection.chunkRecord() - carried, carried + selection.total(), from, to, runs);
    }
  }

  @Override
  public final void offsetIndex(OffsetIndex index) {
    chunkPages = index;
  }

  /**
   * Reads ahead only the pages that hold rows of {@code ranges} when the chunk has an offset index
   * (the others are passed over by {@link #skipRecords}), every page otherwise.
   */
  @Override
  public final void readAhead(List<RowRanges.Range> ranges) {
    OffsetIndex index = chunkPages;
    int n = index == null ? 0 : index.getPageCount();
    if (ranges == null || n == 0) {
      pages.readAhead(0, null);
      return;
    }
    pages.readAhead(index.getOffset(0), OffsetIndexPages.holding(index, ranges));
  }

  @Override
  public final void follow(ColumnChunkMetaData chunk, int rowGroup) {
    pages.follow(chunk, rowGroup);
  }

  /** The data pages of the current chunk's offset index after the current one, not read. */
  private long chunkTail() {
    return chunkPages == null ? 0 : Math.max(0, chunkPages.getPageCount() - (ordinal + 1));
  }

  @Override
  public final long dataPagesRead() {
    return dataPagesRead;
  }

  @Override
  public final long pagesSkipped() {
    return pagesSkipped + chunkTail();
  }

  /**
   * Reads {@code n} values of a leaf whose levels no node needs (a top-level leaf, or one under
   * structs only whose levels the structs take from another leaf): the definition levels become
   * validity bits straight from their runs.
   */
  private void readValidityAndValues(int n) {
    reserve(slotCount + n);
    int nulls;
    if (maxDef == 0) {
      Bitmaps.fill(validity(), slotCount, n, true);
      nulls = 0;
    } else if (maxDef == 1) {
      nulls = definitions.readValidity(validity(), slotCount, n);
    } else {
      if (levelScratch == null) {
        levelScratch = new int[LEVEL_SCRATCH];
      }
      nulls = n - definitions.readAtLeast(validity(), slotCount, n, maxDef, levelScratch);
    }
    readValues(slotCount, n, nulls);
    slotCount += n;
  }

  /**
   * Reads {@code n} triples of a nested column with no repeated ancestor (under structs only): the
   * definition levels are decoded straight into {@link #def} (the repetition levels stay 0), kept
   * for the nodes above, and become validity bits from there.
   */
  private void readUnrepeated(int n) {
    int start = levelCount;
    growLevels(start + n);
    definitions.readInts(def, start, n);
    levelCount = start + n;
    placeEverySlot(def, start, start + n);
  }

  /**
   * Reads {@code records} records of a nested column: for each run of them in one page, copies the
   * page's levels into {@link #rep} and {@link #def}, gives a slot to each triple at or above
   * {@code slotDef} with its validity bit set when the triple holds a value (and {@link
   * LeafColumn.Padding#slots} null slots to a triple that is a null fixed-size list above the
   * column), then decodes the run's values in bulk into the valid slots. A record may continue on
   * the next page; it ends where the next triple of repetition level 0 starts.
   */
  private int readNestedRecords(int records) {
    int seen = 0;
    try {
      while (true) {
        if (pagePos == pageCount && !nextDataPage()) {
          break;
        }
        int start = pagePos;
        int end;
        int wanted = records - seen;
        if (pageRecords <= wanted) {
          // The rest of the page is wanted.
          end = pageCount;
          seen += pageRecords;
          pageRecords = 0;
        } else {
          // The batch ends where the record after its last starts.
          end = recordStart(start, wanted);
          seen += wanted;
          pageRecords -= wanted;
        }
        int n = end - start;
        if (n == 0) {
          break;
        }
        appendLevels(start, n);
        if (!padded) {
          placeSlots(start, end);
        } else {
          placePaddedSlots(start, end);
        }
        pagePos = end;
      }
    } catch (CorruptPageException e) {
      throw pages.corruptPage(e.byteOffset(), e.problem(), e);
    }
    return seen;
  }

  /**
   * Gives a slot to each of the page's triples {@code start .. end-1} at or above {@code slotDef},
   * writes their validity bits 64 at a time, then decodes their values.
   */
  private void placeSlots(int start, int end) {
    if (slotDef == 0) {
      placeEverySlot(pageDef, start, end);
      return;
    }
    int[] pd = pageDef;
    ArrowBuf validity = validity();
    int slots;
    int nulls;
    if (validity != null) {
      // Room for a slot per triple, the most there can be; a leaf's slots follow from its
      // definition levels alone.
      reserve(slotCount + end - start);
      validity = validity();
      long written =
          BitWords.writeSlots(validity, slotCount, null, 0, pd, start, end, slotDef, maxDef);
      slots = (int) (written >>> 32);
      nulls = slots - (int) written;
    } else {
      slots = 0;
      int values = 0;
      for (int i = start; i < end; i++) {
        int d = pd[i];
        slots += d >= slotDef ? 1 : 0;
        values += d == maxDef ? 1 : 0;
      }
      nulls = slots - values;
      reserve(slotCount + slots);
    }
    if (slots == 0) {
      return;
    }
    readValues(slotCount, slots, nulls);
    slotCount += slots;
  }

  /**
   * As {@link #placeSlots}, for a column with no list above it, whose every triple is a slot: the
   * validity words are gathered in one pass that also counts the nulls.
   */
  private void placeEverySlot(int[] levels, int start, int end) {
    int slots = end - start;
    reserve(slotCount + slots);
    ArrowBuf validity = validity();
    if (validity == null) {
      int values = 0;
      for (int i = start; i < end; i++) {
        values += levels[i] == maxDef ? 1 : 0;
      }
      readValues(slotCount, slots, slots - values);
    } else {
      // Slot level 0: every triple is a slot; levels of one value are filled in bulk.
      int valid =
          (int) BitWords.writeSlots(validity, slotCount, null, 0, levels, start, end, 0, maxDef);
      readValues(slotCount, slots, slots - valid);
    }
    slotCount += slots;
  }

  /**
   * As {@link #placeSlots}, for the element of a fixed-size list: a triple whose definition level
   * is in [{@code padFromDef}, {@code padToDef}) is a null list and takes {@code padSlots} null
   * slots.
   */
  private void placePaddedSlots(int start, int end) {
    int[] pd = pageDef;
    int slots = 0;
    int nulls = 0;
    for (int i = start; i < end; i++) {
      int d = pd[i];
      if (d >= slotDef) {
        slots++;
        nulls += d == maxDef ? 0 : 1;
      } else if (d >= padFromDef && d < padToDef) {
        slots += padSlots;
        nulls += padSlots;
      }
    }
    if (slots == 0) {
      return;
    }
    reserve(slotCount + slots);
    ArrowBuf validity = validity();
    if (validity != null) {
      int slot = slotCount;
      for (int i = start; i < end; i++) {
        int d = pd[i];
        if (d >= slotDef) {
          BitVectorHelper.setValidityBit(validity, slot++, d == maxDef ? 1 : 0);
        } else if (d >= padFromDef && d < padToDef) {
          Bitmaps.fill(validity, slot, padSlots, false);
          slot += padSlots;
        }
      }
    }
    readValues(slotCount, slots, nulls);
    slotCount += slots;
  }

  /** Copies levels {@code start .. start+n-1} of the page after the batch's levels. */
  private void appendLevels(int start, int n) {
    int need = levelCount + n;
    growLevels(need);
    System.arraycopy(pageRep, start, rep, levelCount, n);
    System.arraycopy(pageDef, start, def, levelCount, n);
    levelCount = need;
  }

  /** Makes room for {@code need} levels in the batch's level arrays. */
  private void growLevels(int need) {
    if (need > rep.length) {
      int size = Math.max(need, rep.length * 2);
      rep = Arrays.copyOf(rep, size);
      def = Arrays.copyOf(def, size);
    }
  }

  /** Moves to the next data page with values, decoding a dictionary page on the way. */
  private boolean nextDataPage() {
    return nextDataPage(0);
  }

  /**
   * As {@link #nextDataPage()}, passing over whole the data pages whose every record lies among the
   * next {@code passable} records, without checking or decompressing them: a page's records come
   * from its header ({@link ColumnChunkPages#pageRows}: a v2 page's {@code num_rows}, a v1 page's
   * values when the column has no repeated ancestor; a v1 page of a repeated column does not tell
   * them, and is read). The records passed over are {@link #passedRows}; when they reach {@code
   * passable}, returns {@code true} with no page started ({@link #pageLeft} 0).
   */
  private boolean nextDataPage(long passable) {
    passedRows = 0;
    while (pages.nextPage()) {
      if (pages.kind() == ColumnChunkPages.Kind.DICTIONARY) {
        pages.finishPage();
        loadDictionary(PageBytes.wrap(pages.data()));
        continue;
      }
      int rows = pages.pageRows();
      if (rows > 0 && rows <= passable - passedRows) {
        passPage();
        passedRows += rows;
        if (passedRows == passable) {
          return true;
        }
        continue;
      }
      pages.finishPage();
      PageBytes page = PageBytes.wrap(pages.data());
      ordinal++;
      dataPagesRead++;
      repLevelsAt = page.position();
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
      valuesSeen += count;
      lastPageEnd = page.limit();
      if (nested && maxRep > 0) {
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
    if (valuesSeen < chunkValues && !jumped) {
      // The levels run out before the chunk's last record is complete.
      throw pages.corruptPage(
          lastPageEnd,
          "the column chunk ends after "
              + valuesSeen
              + " of the "
              + chunkValues
              + " values its metadata gives",
          null);
    }
    return false;
  }

  /**
   * Passes over the current data page, handed out but not decompressed: its values count towards
   * the chunk's, and the next page read must start a record.
   */
  private void passPage() {
    int count = pages.valueCount();
    if (count < 0) {
      throw pages.corruptPage(0, "value count " + count + " is negative", null);
    }
    ordinal++;
    pagesSkipped++;
    valuesSeen += count;
    chunkStart = false;
    landing = true;
  }

  /** Decodes the chunk's dictionary page, the current page. */
  private void loadDictionary(PageBytes page) {
    if (dictionary != null) {
      throw pages.corruptPage(0, "a second dictionary page in the column chunk", null);
    }
    Encoding e = pages.encoding();
    if (e != Encoding.PLAIN && e != Encoding.PLAIN_DICTIONARY) {
      throw pages.corruptPage(0, "dictionary page in encoding " + e, null);
    }
    dictionary = readDictionary(page, pages.valueCount(), typeWidth);
  }

  /** Decodes all {@code count} levels of a nested column's page, before its values. */
  private void readPageLevels(int count) {
    if (pageRep.length < count) {
      int size = Math.max(count, pageRep.length * 2);
      pageRep = new int[size];
      pageDef = new int[size];
    }
    definitions.readInts(pageDef, 0, count);
    pagePos = 0;
    pageCount = count;
    repetitions.readInts(pageRep, 0, count);
    pageRecords = countStarts(pageRep, 0, count);
    if (count > 0 && (chunkStart || landing)) {
      boolean first = chunkStart;
      chunkStart = false;
      landing = false;
      if (pageRep[0] != 0) {
        throw pages.corruptPage(
            repLevelsAt,
            first
                ? "the column chunk's first repetition level is "
                    + pageRep[0]
                    + ", not 0: its first record has no start"
                : "the page's first repetition level is "
                    + pageRep[0]
                    + ", not 0, but it follows pages passed over whole, so it must start a record",
            null);
      }
    }
  }

  /**
   * How many of {@code levels[from .. to)} are 0 (record starts): a sign bit summed, not a compare,
   * which the JIT vectorises (levels are not negative).
   */
  private static int countStarts(int[] levels, int from, int to) {
    int starts = 0;
    for (int k = from; k < to; k++) {
      starts += (levels[k] - 1) >>> 31;
    }
    return starts;
  }

  /**
   * Where the current page's record {@code records} after the first starting at or after level
   * {@code from} starts; the page must hold it. Blocks of levels whose record starts all come
   * before it are counted ({@link #countStarts}), not searched: a test per level for a start
   * mispredicts on lists of random length. Only the last block is searched.
   */
  private int recordStart(int from, int records) {
    int[] pr = pageRep;
    int i = from;
    int left = records;
    while (i + START_BLOCK <= pageCount) {
      int starts = countStarts(pr, i, i + START_BLOCK);
      if (starts > left) {
        break;
      }
      left -= starts;
      i += START_BLOCK;
    }
    while (pr[i] != 0 || left-- > 0) {
      i++;
    }
    return i;
  }

  /** An error for a page whose encoding this column cannot have. */
  final RuntimeException unsupported(Encoding encoding, String what) {
    return pages.corruptPage(0, "encoding " + encoding + " is not valid for " + what, null);
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
