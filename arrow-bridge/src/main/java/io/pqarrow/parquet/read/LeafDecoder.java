package io.pqarrow.parquet.read;

import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

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
 * <p>The reader's decoders read a page at a time ({@link PageLeafDecoder}); a {@link LeafFactory}
 * builds them, so that tests can build a reference decoder in their place.
 */
abstract class LeafDecoder implements AutoCloseable {
  /** What the decoder was told about its column. */
  final LeafColumn info;

  final String column;
  final String[] parquetPath;
  final int maxDef;
  final int slotDef;

  /** See {@link LeafColumn#nullFill}. */
  final byte[] nullFill;

  /** See {@link LeafColumn.Padding}. */
  final int padFromDef;

  final int padToDef;
  final int padSlots;

  /**
   * Whether a node above assembles from this leaf's levels ({@link NodeAssembler#wantLevels}): a
   * leaf without a repeated ancestor keeps them only then.
   */
  boolean levelsWanted;

  int[] rep = new int[64];
  int[] def = new int[64];
  int levelCount;

  /** Slots written in this batch; reset by {@link #startBatch}. */
  int slotCount;

  LeafDecoder(LeafColumn c) {
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
  final int batchRowOf(int slot) {
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

  /** The Arrow vector this column's values go into. */
  abstract FieldVector vector();

  /** Starts reading chunk {@code chunk} of row group {@code rowGroup}. */
  abstract void startChunk(ColumnChunkMetaData chunk, int rowGroup);

  /**
   * Reads the next {@code records} records of the current chunk.
   *
   * @return the number of records read: {@code records} unless the chunk ended early
   */
  abstract int readRecords(int records);

  /** Finishes the batch once every record of it is read; most decoders have nothing to do. */
  void endBatch() {}

  /** Forgets the previous batch's levels and slots. */
  final void startBatch() {
    levelCount = 0;
    slotCount = 0;
  }

  /** Frees what the decoder holds besides its vector. */
  @Override
  public void close() throws IOException {}

  /** The pages this decoder has read so far, over every chunk (0 when it reads no pages). */
  long pagesRead() {
    return 0;
  }
}
