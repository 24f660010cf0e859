package io.pqarrow.parquet.read.leaf;

import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * The reference decoder's leaf: reads one value at a time through parquet-java's {@link
 * ColumnReader}, as the reader did before it read pages. A triple at the column's maximum
 * definition level is a value ({@link #readValue}); one at or above {@code slotDef} is a null slot
 * (holding {@link LeafColumn#nullFill} when there is one); one in the padding range takes the
 * padding's null slots. Its chunks come from {@link ReferenceLeaves}.
 */
abstract class ValueLeafDecoder extends LeafDecoder {
  /** Where the column readers of each row group come from; set by {@link ReferenceLeaves}. */
  ReferenceLeaves source;

  ColumnReader reader;
  private long remaining;

  ValueLeafDecoder(LeafColumn c) {
    super(c);
  }

  /**
   * The base of every decoder: holds the vector of type {@code V} its values go into, so that a
   * subclass is only its {@link #readValue}. Each subclass is final and bound to one vector type,
   * so the calls in its {@code readValue} resolve to one method.
   */
  abstract static class Of<V extends FieldVector> extends ValueLeafDecoder {
    final V v;

    Of(LeafColumn c, V v) {
      super(c);
      this.v = v;
    }

    @Override
    public final FieldVector vector() {
      return v;
    }
  }

  /** Copies the reader's current value into slot {@code slot}; called only when it is defined. */
  abstract void readValue(int slot);

  /** Writes {@link #nullFill} into slot {@code slot}; only binary decoders support it. */
  void writeFill(int slot) {
    throw new IllegalStateException("no fill value for column " + column);
  }

  @Override
  public final void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    this.reader = source.columnReader(rowGroup, parquetPath);
    this.remaining = reader.getTotalValueCount();
  }

  @Override
  public final int readRecords(int records) {
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
