package io.pqarrow.parquet.write;

import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.schema.MessageType;

/**
 * One top-level field of the file and the column writers of its leaves: the unit that {@link
 * FieldTasks} hands to one thread at a time. Each field has its own parquet-java {@link
 * ColumnWriteStore} (over a schema of that field alone), so when its pages are cut depends on its
 * own columns only, never on which fields share a thread: the bytes are those of one thread. The
 * page writers below the stores are per column (parquet-java's {@code ColumnChunkPageWriteStore}),
 * and every {@link WriteNode}, encoder scratch buffer, statistic and bloom filter below a field is
 * its own.
 *
 * <p>Rows are written column by column over chunks of rows, then the records are ended, as
 * parquet-java checks page limits when a record ends: a chunk's rows are at most {@code chunk} (a
 * power of two, so a page may hold up to {@code chunk - 1} rows more than the page row limit),
 * fewer while its rows are so large that a chunk would outgrow a page, which parquet-java cannot
 * cut within.
 */
final class FieldWriter {
  final WriteNode node;
  private final MessageType schema;
  private final int chunk;
  private final int pageBytes;

  /**
   * The writers of the field's leaves when it is written in bulk (a flat leaf, or every leaf below
   * its lists and structs; see {@link #bulk}), else null.
   */
  final BulkColumnWriter[] bulk;

  /** This row group's column writers of the field's leaves. */
  private ColumnWriteStore store;

  /** The rows of the next chunk, a power of two up to {@link #chunk}; the first is 16 at most. */
  private int step;

  /** The row being written, for the error of a failed write. */
  int failing;

  /** What the last {@link #write} threw, or null. */
  Throwable failure;

  /** How long the last {@link #write} took, in nanoseconds: the longest are handed out first. */
  long nanos;

  FieldWriter(
      WriteNode node, MessageType schema, int chunk, int pageBytes, BulkColumnWriter[] bulk) {
    this.node = node;
    this.bulk = bulk;
    this.schema = schema;
    this.chunk = chunk;
    this.pageBytes = pageBytes;
    this.step = Math.min(chunk, 16);
  }

  /** Starts a row group: new column writers over {@code pages}. */
  void startRowGroup(ParquetProperties props, PageWriteStore pages, BloomFilterWriteStore blooms) {
    if (bulk != null) {
      for (BulkColumnWriter b : bulk) {
        b.startRowGroup(props, pages, blooms);
      }
      return;
    }
    store = props.newColumnWriteStore(schema, pages, blooms);
    node.bind(store);
  }

  /**
   * Writes rows {@code from} to {@code to} (exclusive) of the bound batch, the first being row
   * {@code groupRow} of the row group; a failure is kept in {@link #failure}, its row in {@link
   * #failing}.
   */
  void write(int from, int to, long groupRow) {
    failure = null;
    int row = from;
    failing = from;
    long start = System.nanoTime();
    if (bulk != null) {
      // Leaf by leaf; a failure is the one at the earliest row, as the per-value path meets it.
      failing = to;
      for (BulkColumnWriter b : bulk) {
        try {
          b.write(from, to);
        } catch (RuntimeException | Error e) {
          if (failure == null || b.failing < failing) {
            failing = b.failing;
            failure = e;
          }
        }
      }
      nanos = System.nanoTime() - start;
      return;
    }
    try {
      while (row < to) {
        // Chunks end where step-aligned runs of the row group do, so at its 1024-row marks.
        int n = (int) Math.min(step - (groupRow & (step - 1)), to - row);
        int end = row + n;
        long before = store.getBufferedSize();
        for (failing = row; failing < end; failing++) {
          node.write(failing, 0);
        }
        for (int r = row; r < end; r++) {
          store.endRecord();
        }
        failing = end;
        groupRow += n;
        step = nextStep(store.getBufferedSize() - before, n);
        row = end;
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    }
    nanos = System.nanoTime() - start;
  }

  /**
   * The next chunk's rows, from the bytes the last {@code rows} rows added: as many as fit a page,
   * at most twice the last chunk's and at most {@link #chunk}.
   */
  private int nextStep(long grown, int rows) {
    long perRow = Math.max(1, Math.max(0, grown) / rows);
    long fit = Math.max(1, pageBytes / perRow);
    return Integer.highestOneBit((int) Math.min(Math.min(chunk, 2L * step), fit));
  }

  /** The bytes buffered in this row group's column writers. */
  long bufferedSize() {
    if (bulk == null) {
      return store.getBufferedSize();
    }
    long size = 0;
    for (BulkColumnWriter b : bulk) {
      size += b.bufferedSize();
    }
    return size;
  }

  /**
   * Writes the row group's last pages, dictionary pages and bloom filters to the page writers; a
   * failure is kept in {@link #failure}.
   */
  void flush() {
    failure = null;
    try {
      if (bulk != null) {
        for (BulkColumnWriter b : bulk) {
          b.flush();
        }
      } else {
        store.flush();
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    }
  }

  /**
   * The bulk writers of every leaf of {@code node}, or null when one of them cannot be (see {@link
   * BulkColumnWriter#create} and {@link NestedLevels#chains}): a field is written by one engine.
   * {@code earlyDecision}: see {@link BulkDictionary}.
   */
  static BulkColumnWriter[] bulk(
      WriteNode node,
      java.util.function.Function<org.apache.parquet.column.ColumnDescriptor, WriteOptions.Encoding>
          encodings,
      boolean earlyDecision) {
    if (node instanceof LeafEncoder leaf) {
      BulkColumnWriter b =
          BulkColumnWriter.create(leaf, encodings.apply(leaf.column), null, earlyDecision);
      return b == null ? null : new BulkColumnWriter[] {b};
    }
    if (node instanceof DictionaryWriteNode dictionary && dictionary.leafBelow() != null) {
      BulkColumnWriter b =
          BulkColumnWriter.create(dictionary, encodings.apply(dictionary.leafBelow().column));
      return b == null ? null : new BulkColumnWriter[] {b};
    }
    java.util.List<java.util.List<WriteNode>> chains = NestedLevels.chains(node);
    if (chains == null) {
      return null;
    }
    BulkColumnWriter[] out = new BulkColumnWriter[chains.size()];
    for (int i = 0; i < out.length; i++) {
      java.util.List<WriteNode> chain = chains.get(i);
      LeafEncoder leaf = (LeafEncoder) chain.get(chain.size() - 1);
      out[i] = BulkColumnWriter.create(leaf, encodings.apply(leaf.column), chain, earlyDecision);
      if (out[i] == null) {
        return null;
      }
    }
    return out;
  }

  /** Gives the bulk column writers' working arrays back once the file is complete. */
  void release() {
    if (bulk != null) {
      for (BulkColumnWriter b : bulk) {
        b.release();
      }
    }
  }

  /** Closes this row group's column writers. */
  void close() {
    if (bulk != null) {
      for (BulkColumnWriter b : bulk) {
        b.close();
      }
    }
    if (store != null) {
      store.close();
    }
  }
}
