package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.leaf.LeafColumn;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.Test;

/**
 * A batch's trailing gap left to the next batch ({@link RowSelection#carry}): {@link
 * LeafDecoder#readSelected} passes over the rows carried in with the next batch's first gap, in one
 * call, and a chunk that ends among them is reported at the record where it ended, as when each
 * batch passed over its own trailing gap.
 */
class CarriedGapTest {
  /** A leaf over a chunk of {@code length} records that logs every read and pass. */
  private static final class Log extends LeafDecoder {
    final long length;
    long at;
    final List<String> calls = new ArrayList<>();

    Log(long length) {
      super(new LeafColumn("c", List.of("c"), 0, 0, new byte[0], LeafColumn.Padding.NONE));
      this.length = length;
    }

    @Override
    public FieldVector vector() {
      return new NullVector("c");
    }

    @Override
    public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {}

    @Override
    public int readRecords(int records) {
      int n = (int) Math.min(records, length - at);
      calls.add("read " + at + ".." + (at + n));
      at += n;
      return n;
    }

    @Override
    public long skipRecords(long from, long to, OffsetIndex pages) {
      assertEquals(at, from, "passes over from where it stands");
      long n = Math.min(to, length) - from;
      calls.add("pass " + from + ".." + (from + n));
      at += n;
      return n;
    }
  }

  private static long[] bits(int total, int... kept) {
    long[] keep = new long[(total + 63) >>> 6];
    for (int k : kept) {
      keep[k >>> 6] |= 1L << k;
    }
    return keep;
  }

  @Test
  void theTrailingGapIsPassedOverWithTheNextBatchsFirstGapInOneCall() {
    Log leaf = new Log(100);
    RowSelection s = new RowSelection();
    s.set(bits(10, 2, 3), 10, 0);
    s.carry(0, true);
    assertEquals(6, s.deferred());
    assertEquals(10, leaf.readSelected(s, null));
    s.set(bits(10), 10, 10); // no row kept: the whole batch goes on to the next
    s.carry(6, true);
    assertEquals(16, s.deferred());
    assertEquals(10, leaf.readSelected(s, null));
    s.set(bits(10, 5), 10, 20);
    s.carry(16, false); // the last batch of the chunk passes over its own trailing gap
    assertEquals(10, leaf.readSelected(s, null));
    assertEquals(
        List.of("pass 0..2", "read 2..4", "pass 4..25", "read 25..26", "pass 26..30"), leaf.calls);
  }

  @Test
  void aChunkEndingAmongTheCarriedRowsIsReportedWhereItEnded() {
    Log leaf = new Log(13);
    RowSelection s = new RowSelection();
    s.set(bits(10, 1), 10, 0);
    s.carry(0, true);
    assertEquals(10, leaf.readSelected(s, null));
    s.set(bits(10, 4), 10, 10);
    s.carry(8, true);
    // the chunk ends at record 13, 7 records before the batch's row 4 and 3 after its row 0
    assertEquals(3, leaf.readSelected(s, null));
    Log shorter = new Log(5);
    s.set(bits(10, 1), 10, 0);
    s.carry(0, true);
    assertEquals(10, shorter.readSelected(s, null));
    s.set(bits(10, 4), 10, 10);
    s.carry(8, true);
    // ends at record 5: 5 records before the batch's row 0
    assertEquals(-5, shorter.readSelected(s, null));
  }
}
