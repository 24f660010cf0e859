package io.pqarrow.parquet.read;

import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnReader;

/**
 * Reads one Parquet leaf column into one Arrow vector, keeping the repetition and definition levels
 * of the batch for the nested vectors above it to assemble from.
 *
 * <p>A triple (repetition, definition, value) lands in the vector when its definition level is at
 * least {@code slotDef}, the level at which the innermost enclosing list element exists; it holds a
 * value when the definition level is the column's maximum, and is null otherwise. Triples below
 * {@code slotDef} are a null or empty list above this column and take no slot here.
 *
 * <p>How values are decoded is chosen once, by the subclass {@link LeafDecoders} builds for the
 * column's Parquet and Arrow types; the loop below knows nothing of types.
 */
abstract class LeafDecoder {
  /** What the decoder was told about its column, for a decoder built to replace it. */
  final LeafColumn info;

  final String column;
  final String[] parquetPath;
  final int maxDef;
  final int slotDef;

  /** See {@link LeafColumn#nullFill}. */
  final byte[] nullFill;

  /** See {@link LeafColumn.Padding}. */
  private final int padFromDef;

  private final int padToDef;
  private final int padSlots;

  ColumnReader reader;
  private long remaining;

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
   * The base of every decoder: holds the vector of type {@code V} its values go into, so that a
   * subclass is only its {@link #readValue}. Each subclass is final and bound to one vector type,
   * so the calls in its {@code readValue} resolve to one method.
   */
  abstract static class Of<V extends FieldVector> extends LeafDecoder {
    final V v;

    Of(LeafColumn c, V v) {
      super(c);
      this.v = v;
    }

    @Override
    final FieldVector vector() {
      return v;
    }
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

  /** Copies the reader's current value into slot {@code slot}; called only when it is defined. */
  abstract void readValue(int slot);

  /** Writes {@link #nullFill} into slot {@code slot}; only binary decoders support it. */
  void writeFill(int slot) {
    throw new IllegalStateException("no fill value for column " + column);
  }

  /** Finishes the batch once every record of it is read; most decoders have nothing to do. */
  void endBatch() {}

  /** Starts reading a row group's chunk of this column. */
  final void startRowGroup(ColumnReader columnReader) {
    this.reader = columnReader;
    this.remaining = columnReader.getTotalValueCount();
  }

  /** Forgets the previous batch's levels and slots. */
  final void startBatch() {
    levelCount = 0;
    slotCount = 0;
  }

  /**
   * Reads the next {@code records} records of the current row group. {@link PageLeafDecoder}
   * replaces this loop over parquet-java's column reader with one over whole pages.
   *
   * @return the number of records read: {@code records} unless the chunk ended early
   */
  int readRecords(int records) {
    int seen = 0;
    while (remaining > 0) {
      int r = reader.getCurrentRepetitionLevel();
      if (r == 0) {
        if (seen == records) {
          break;
        }
        seen++;
      }
      int d = reader.getCurrentDefinitionLevel();
      if (levelCount == rep.length) {
        rep = java.util.Arrays.copyOf(rep, levelCount * 2);
        def = java.util.Arrays.copyOf(def, levelCount * 2);
      }
      rep[levelCount] = r;
      def[levelCount] = d;
      levelCount++;
      if (d == maxDef) {
        readValue(slotCount++);
      } else if (d >= slotDef) {
        if (nullFill != null) {
          writeFill(slotCount);
        }
        slotCount++;
      } else if (d >= padFromDef && d < padToDef) {
        slotCount += padSlots;
      }
      reader.consume();
      remaining--;
    }
    return seen;
  }
}
