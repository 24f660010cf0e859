package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.Bitmaps;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Reads one Parquet leaf column into one Arrow vector, keeping the repetition and definition levels
 * of the batch for the nested vectors above it to assemble from.
 *
 * <p>A triple (repetition, definition, value) lands in the vector when its definition level is at
 * least {@code slotDef}, the level at which the innermost enclosing list element exists; it holds a
 * value when the definition level is the column's maximum, and is null otherwise. Triples below
 * {@code slotDef} are a null or empty list above this column and take no slot here, except under a
 * null fixed-size list ({@link LeafColumn.Padding}).
 *
 * <p>The reader's decoders read a page at a time ({@link ChunkLeafDecoder}); a {@link LeafFactory}
 * builds them, so that tests can build a reference decoder in their place.
 */
public abstract class LeafDecoder implements AutoCloseable {
  /** Records decoded and thrown away at a time by {@link #discardRecords}. */
  private static final int DISCARD_RECORDS = 1024;

  /** What the decoder was told about its column. */
  final LeafColumn info;

  public final String column;
  public final String[] parquetPath;
  public final int maxDef;
  final int slotDef;

  /** See {@link LeafColumn#nullFill}. */
  final byte[] nullFill;

  /** See {@link LeafColumn.Padding}. */
  final int padFromDef;

  final int padToDef;
  final int padSlots;

  /**
   * Whether a node above assembles from this leaf's levels ({@link
   * io.pqarrow.parquet.read.node.NodeAssembler#wantLevels}): a leaf without a repeated ancestor
   * keeps them only then.
   */
  public boolean levelsWanted;

  /**
   * The definition level of a triple whose own node is null under a present parent, when the Arrow
   * field cannot hold that null (the non-null key of a map over an {@code OPTIONAL} Parquet key);
   * -1 when every null has a slot. Set by {@link io.pqarrow.parquet.read.node.AssemblerBuilder}.
   */
  public int refusedNullDef = -1;

  public int[] rep = new int[64];
  public int[] def = new int[64];
  public int levelCount;

  /** Slots written in this batch; reset by {@link #startBatch}. */
  int slotCount;

  public LeafDecoder(LeafColumn c) {
    this.info = c;
    this.column = c.column();
    this.parquetPath = c.parquetPath().toArray(new String[0]);
    this.maxDef = c.maxDef();
    this.slotDef = c.slotDef();
    this.nullFill = c.nullFill();
    this.padFromDef = c.padding().fromDef();
    this.padToDef = c.padding().toDef();
    this.padSlots = c.padding().slots();
  }

  /**
   * The row of the batch (0-based) that slot {@code slot} of this batch's vector belongs to, for
   * messages: the slot itself for a leaf whose every row is one slot and that keeps no levels (a
   * top-level leaf read by pages), else the record of the triple that took the slot, found by
   * walking the batch's levels as {@link #readRecords} gave slots.
   */
  public final int batchRowOf(int slot) {
    if (levelCount == 0) {
      return slot;
    }
    int slots = 0;
    int row = -1;
    for (int i = 0; i < levelCount; i++) {
      if (rep[i] == 0) {
        row++;
      }
      int d = def[i];
      int taken = d >= slotDef ? 1 : d >= padFromDef && d < padToDef ? padSlots : 0;
      if (slot < slots + taken) {
        return Math.max(row, 0);
      }
      slots += taken;
    }
    return Math.max(row, 0);
  }

  /**
   * The row of the batch (0-based) of the first triple at {@link #refusedNullDef} among the batch's
   * levels, or -1 when there is none (or nulls are not refused).
   */
  public final int firstRefusedNullRow() {
    if (refusedNullDef < 0) {
      return -1;
    }
    int row = -1;
    for (int i = 0; i < levelCount; i++) {
      if (rep[i] == 0) {
        row++;
      }
      if (def[i] == refusedNullDef) {
        return Math.max(row, 0);
      }
    }
    return -1;
  }

  /** The Arrow vector this column's values go into. */
  public abstract FieldVector vector();

  /**
   * The column's maximum repetition level, which no level in {@link #rep} exceeds, or {@link
   * Integer#MAX_VALUE} when the decoder does not know it.
   */
  public int maxRep() {
    return Integer.MAX_VALUE;
  }

  /** Starts reading chunk {@code chunk} of row group {@code rowGroup}. */
  public abstract void startChunk(ColumnChunkMetaData chunk, int rowGroup);

  /**
   * Reads the next {@code records} records of the current chunk.
   *
   * @return the number of records read: {@code records} unless the chunk ended early
   */
  public abstract int readRecords(int records);

  /**
   * Passes over records {@code from .. to-1} of the current chunk (numbered from the chunk's first
   * record), the decoder standing at record {@code from}: decodes them and throws them away. A page
   * decoder passes over whole pages unread when {@code pages} (the chunk's offset index) shows
   * where the pages start.
   *
   * @param pages the chunk's offset index, or {@code null} when it has none (the one {@link
   *     #offsetIndex} gave)
   * @return the number of records passed over: {@code to - from} unless the chunk ended early
   */
  public long skipRecords(long from, long to, OffsetIndex pages) {
    return discardRecords(to - from);
  }

  /**
   * Reads the selected runs of the next {@link SelectedRuns#total()} records into the batch's slots
   * (one after another, as {@link #readRecords} would) and passes over the records between them
   * with {@link #skipRecords}, whole pages unread when {@code pages} shows where they start: late
   * materialization of a column the filter does not read.
   *
   * <p>The rows the previous batch left ({@link SelectedRuns#carried()}) are passed over first,
   * with the gap before the first run; the rows this batch leaves to the next ({@link
   * SelectedRuns#deferred()}) are not passed over here.
   *
   * @param pages the current chunk's offset index, or {@code null}
   * @return the records read or passed over: {@code selection.total()} unless the chunk ended early
   *     (then the records from the batch's row 0 to where it ended, negative when it ended among
   *     the rows carried in)
   */
  public final int readSelected(SelectedRuns selection, OffsetIndex pages) {
    plan(selection);
    long base = selection.chunkRecord();
    int at = -selection.carried();
    for (int r = 0; r < selection.runs(); r++) {
      int from = selection.from(r);
      if (from > at) {
        long passed = skipRecords(base + at, base + from, pages);
        if (passed != from - at) {
          return at + (int) passed;
        }
        at = from;
      }
      int n = selection.to(r) - from;
      int read = readRecords(n);
      at += read;
      if (read != n) {
        return at;
      }
    }
    int end = selection.total() - selection.deferred();
    if (end > at) {
      at += (int) skipRecords(base + at, base + end, pages);
    }
    return at == end ? selection.total() : at;
  }

  /**
   * Tells the decoder which records of the batch {@link #readSelected} will read, before it reads
   * them, so that a decoder that reads pages ahead need not decompress the pages it will pass over.
   */
  void plan(SelectedRuns selection) {}

  /**
   * Decodes the next {@code records} records and forgets them: they are read into the slots after
   * the batch's (a thousand at a time, so the vector grows by at most that much) and the batch's
   * slot and level counts are put back.
   *
   * @return the number of records read: {@code records} unless the chunk ended early
   */
  final long discardRecords(long records) {
    int slots = slotCount;
    int levels = levelCount;
    long left = records;
    try {
      while (left > 0) {
        int n = (int) Math.min(left, DISCARD_RECORDS);
        int read = readRecords(n);
        clearValidity(slots, slotCount);
        slotCount = slots;
        levelCount = levels;
        left -= read;
        if (read < n) {
          break;
        }
      }
    } finally {
      slotCount = slots;
      levelCount = levels;
    }
    return records - left;
  }

  /**
   * Gives the current chunk's offset index, for {@link #skipRecords} and for counting the pages
   * passed over; called after {@link #startChunk} when rows of the chunk will be skipped.
   */
  public void offsetIndex(OffsetIndex pages) {}

  /**
   * Starts reading the current chunk's pages ahead, if this leaf does: those that hold rows of
   * {@code ranges} (the rows of the row group to be read; null for every row), after {@link
   * #startChunk} and {@link #offsetIndex}.
   */
  public void readAhead(List<RowRanges.Range> ranges) {}

  /**
   * Names the chunk this leaf reads after the current one ({@code chunk}, of row group {@code
   * rowGroup}), so that a leaf that reads ahead may go on into it once the current chunk's pages
   * are all read; after {@link #readAhead}.
   */
  public void follow(ColumnChunkMetaData chunk, int rowGroup) {}

  /**
   * Clears the validity bits of slots {@code from .. to-1}, which records thrown away filled: a
   * decoder may leave a null slot's bit as it found it.
   */
  private void clearValidity(int from, int to) {
    FieldVector v = vector();
    if (to > from && !(v instanceof NullVector)) {
      Bitmaps.fill(v.getValidityBuffer(), from, to - from, false);
    }
  }

  /** Data pages of this column read so far, over every chunk (dictionary pages not counted). */
  public long dataPagesRead() {
    return 0;
  }

  /**
   * Data pages of this column passed over unread so far, over every chunk: those of the current
   * chunk's offset index not read yet count, so the total is final once the read is over.
   */
  public long pagesSkipped() {
    return 0;
  }

  /** Finishes the batch once every record of it is read; most decoders have nothing to do. */
  public void endBatch() {}

  /** Forgets the previous batch's levels and slots. */
  public final void startBatch() {
    levelCount = 0;
    slotCount = 0;
  }

  /** Frees what the decoder holds besides its vector. */
  @Override
  public void close() throws IOException {}

  /** The bytes of the file this decoder has read so far (0 when it reads no pages). */
  public long bytesRead() {
    return 0;
  }

  /**
   * The pages this decoder has read so far, dictionary and data pages, over every chunk (0 when it
   * reads no pages).
   */
  public long pagesRead() {
    return 0;
  }
}
