package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * The reference decoder for differential tests: builds per-value leaves ({@link LeafDecoders}) that
 * read through parquet-java's {@link ColumnReaderImpl}, each row group read whole by a parquet-java
 * reader of its own ({@code readRowGroup}), as the library's reader did before it read pages. Open
 * a reader with it through {@link io.pqarrow.parquet.read.ReaderHooks#openReference}.
 */
public final class ReferenceLeaves implements LeafFactory {
  private static final PrimitiveConverter NO_CONVERTER = new PrimitiveConverter() {};

  private final Path file;
  private final List<ColumnDescriptor> columns = new ArrayList<>();
  private ParquetFileReader parquet;
  private VersionParser.ParsedVersion writerVersion;
  private PageReadStore rowGroup;
  private int rowGroupIndex = -1;

  public ReferenceLeaves(Path file) {
    this.file = file;
  }

  @Override
  public LeafDecoder create(
      LeafColumn c, ColumnDescriptor column, ArrowType arrowType, FieldVector vector) {
    ValueLeafDecoder leaf = LeafDecoders.create(c, column.getPrimitiveType(), arrowType, vector);
    if (leaf != null) {
      leaf.source = this;
      columns.add(column);
    }
    return leaf;
  }

  /** A column reader over column {@code path} of row group {@code index}. */
  ColumnReader columnReader(int index, String[] path) {
    try {
      if (parquet == null) {
        PlainParquetConfiguration conf = new PlainParquetConfiguration();
        parquet =
            ParquetFileReader.open(
                new LocalInputFile(file),
                ParquetReadOptions.builder(conf)
                    .withCodecFactory(HadoopCodecs.newFactory(conf, 0))
                    .usePageChecksumVerification(true)
                    .useStatsFilter(false)
                    .useDictionaryFilter(false)
                    .useRecordFilter(false)
                    .useColumnIndexFilter(false)
                    .useBloomFilter(false)
                    .build());
        parquet.setRequestedSchema(columns);
        try {
          writerVersion = VersionParser.parse(parquet.getFileMetaData().getCreatedBy());
        } catch (RuntimeException | VersionParser.VersionParseException e) {
          writerVersion = null;
        }
      }
      if (rowGroupIndex != index) {
        closeRowGroup();
        rowGroup = parquet.readRowGroup(index);
        rowGroupIndex = index;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ColumnDescriptor column = parquet.getFileMetaData().getSchema().getColumnDescription(path);
    // The column reader reads the chunk's dictionary and first page here.
    return new ColumnReaderImpl(
        column, new NonEmptyPages(rowGroup.getPageReader(column)), NO_CONVERTER, writerVersion);
  }

  private void closeRowGroup() {
    if (rowGroup != null) {
      rowGroup.close();
      rowGroup = null;
      rowGroupIndex = -1;
    }
  }

  @Override
  public void close() {
    closeRowGroup();
    if (parquet != null) {
      try {
        parquet.close();
      } catch (IOException e) {
        throw ParquetFileException.invalid(file, null, -1, "cannot close: " + e, e);
      }
      parquet = null;
    }
  }
}
