package io.pqarrow.parquet.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;

/**
 * A reader's row groups, and parquet-java's {@link ParquetFileReader} of the file opened only when
 * the read needs it: for dictionary and bloom filter pruning ({@link FooterPruning} prunes by
 * statistics from the footer alone, and opens it only for row groups a dictionary or bloom filter
 * might still drop) and for the column and offset indexes of an encrypted file ({@link PageIndexes}
 * reads them from the footer's references otherwise). A plain read of whole row groups never opens
 * it, so it never initialises parquet-java's {@code ParquetMetadata}, whose static JSON mapper
 * loads about 400 classes of parquet-java's shaded Jackson: the larger part of what a first read in
 * a fresh JVM loads besides Arrow ({@code docs/startup.md}, "The first read").
 */
final class OnDemandFileReader implements Closeable {
  private final ParquetSource source;
  private final List<BlockMetaData> rowGroups;
  private ParquetFileReader opened;
  private boolean closed;

  /**
   * Holds {@code rowGroups}; opens nothing.
   *
   * @param source the file
   * @param rowGroups its row groups, with the column chunks the reader reads or filters by
   */
  OnDemandFileReader(ParquetSource source, List<BlockMetaData> rowGroups) {
    this.source = source;
    this.rowGroups = rowGroups;
  }

  /** {@return the row groups, as {@link ParquetFileReader#getRowGroups()} would give them} */
  List<BlockMetaData> getRowGroups() {
    return rowGroups;
  }

  /**
   * {@return the column and offset indexes of row group {@code index}}: read by {@link PageIndexes}
   * without opening parquet-java's reader, unless the file is encrypted
   */
  ColumnIndexStore getColumnIndexStore(int index) {
    if (!source.fileFooter().encrypted()) {
      return PageIndexes.of(source.inputFile(), rowGroups.get(index));
    }
    return open().getColumnIndexStore(index);
  }

  /**
   * parquet-java's reader over these row groups, opened on the first call (over a stream of its
   * own) and closed with this.
   */
  synchronized ParquetFileReader open() {
    if (closed) {
      throw new IllegalStateException("the reader of " + source.name() + " is closed");
    }
    if (opened == null) {
      opened = source.newFileReader(rowGroups);
    }
    return opened;
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    if (opened != null) {
      opened.close();
    }
  }
}
