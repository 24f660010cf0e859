package io.pqarrow.parquet.write;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.SchemaMapping;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;

/**
 * Rewrites the footer of a file just written, for what parquet-java 1.18.1 has no API for:
 *
 * <ul>
 *   <li>INTERVAL columns carry only their ConvertedType. The Parquet format has no INTERVAL logical
 *       type; parquet-java nevertheless writes the LogicalType {@code UNKNOWN} beside it, and
 *       UNKNOWN means "always null": pyarrow and DuckDB would read every interval as null.
 *   <li>{@link WriteOptions#sortingColumns()} go into every row group's {@code sorting_columns}.
 *   <li>Bloom filters of column chunks that are wholly dictionary-encoded are written (before the
 *       footer): parquet-java leaves them out, though the options asked for them.
 *   <li>FLOAT, DOUBLE and FLOAT16 columns say their min and max follow the type-defined order:
 *       parquet-java 1.18 declares the IEEE 754 total order for them, an order pyarrow (25) does
 *       not know, so it reads no min or max from their statistics whatever the encoding. The values
 *       are those of the type-defined order already (NaN left out, -0.0 below 0.0, as pyarrow
 *       writes them; only the per-value path's chunk of NaN alone has NaN as min and max).
 *   <li>The page index is dropped ({@link WriteOptions#pageIndex()} off, or the column index when
 *       statistics are not per page): parquet-java always writes both indexes; the footer then no
 *       longer points at them, and their bytes stay unread before the footer.
 * </ul>
 *
 * It reads the footer with parquet-java's own Thrift classes, changes it and writes it back in
 * place:
 *
 * <pre>
 * ... column chunks ... | footer (Thrift FileMetaData) | footer length (int32 LE) | "PAR1"
 *                         ^ truncated here; [bloom filters,] footer, length and magic written
 *                           from here, nothing before it moves
 * </pre>
 */
final class FooterPatch {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final boolean intervals;

  /** Whether a column has a floating-point type, whose column order is mended. */
  private final boolean floats;

  private final List<SortingColumn> sorting;
  private final boolean dropColumnIndex;
  private final boolean dropOffsetIndex;

  /** Each row group's bloom filters, by Parquet column path, as the column writers made them. */
  private final List<java.util.Map<String, BloomFilter>> bloomFilters = new ArrayList<>();

  private FooterPatch(
      boolean intervals,
      boolean floats,
      List<SortingColumn> sorting,
      boolean dropColumnIndex,
      boolean dropOffsetIndex) {
    this.intervals = intervals;
    this.floats = floats;
    this.sorting = sorting;
    this.dropColumnIndex = dropColumnIndex;
    this.dropOffsetIndex = dropOffsetIndex;
  }

  /**
   * What the footer of a file of {@code schema} written with {@code options} needs.
   *
   * @throws io.pqarrow.parquet.ParquetFileException when a sorting column names no leaf
   */
  static FooterPatch plan(
      MessageType schema, List<LeafEncoder> leaves, WriteOptions options, Path file) {
    boolean intervals =
        schema.getColumns().stream()
            .anyMatch(
                c ->
                    c.getPrimitiveType().getLogicalTypeAnnotation()
                        instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation);
    boolean floats =
        schema.getColumns().stream()
            .anyMatch(
                c ->
                    c.getPrimitiveType().columnOrder().getColumnOrderName()
                        == org.apache.parquet.schema.ColumnOrder.ColumnOrderName
                            .IEEE_754_TOTAL_ORDER);
    List<SortingColumn> sorting = new ArrayList<>();
    List<ColumnDescriptor> columns = schema.getColumns();
    for (WriteOptions.SortingColumn s : options.sortingColumns()) {
      LeafEncoder leaf = ColumnSettings.leaf(leaves, schema, s.column(), file);
      sorting.add(new SortingColumn(columns.indexOf(leaf.column), s.descending(), s.nullsFirst()));
    }
    boolean pageStatistics = options.statistics() == WriteOptions.Statistics.PAGE;
    return new FooterPatch(
        intervals,
        floats,
        List.copyOf(sorting),
        !options.pageIndex() || !pageStatistics,
        !options.pageIndex());
  }

  /** Keeps the bloom filters of the next row group (called once per row group, in order). */
  void rowGroupBloomFilters(java.util.Map<String, BloomFilter> filters) {
    bloomFilters.add(filters);
  }

  private boolean needed() {
    return intervals
        || floats
        || !sorting.isEmpty()
        || dropColumnIndex
        || dropOffsetIndex
        || bloomFilters.stream().anyMatch(m -> !m.isEmpty());
  }

  /** Mends the footer of {@code file}, when anything needs it. */
  void apply(Path file) throws IOException {
    if (!needed()) {
      return;
    }
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      readFully(channel, tail, size - 8);
      long footerLength = Integer.toUnsignedLong(tail.getInt(0));
      long footerStart = size - 8 - footerLength;
      if (footerStart < MAGIC.length) {
        throw new IOException("footer length " + footerLength + " does not fit a file of " + size);
      }
      ByteBuffer footer = ByteBuffer.allocate(Math.toIntExact(footerLength));
      readFully(channel, footer, footerStart);
      FileMetaData metadata = Util.readFileMetaData(new ByteArrayInputStream(footer.array()));
      if (intervals) {
        for (SchemaElement element : metadata.getSchema()) {
          if (element.getConverted_type() == ConvertedType.INTERVAL && element.isSetLogicalType()) {
            element.unsetLogicalType();
          }
        }
      }
      if (floats) {
        typeDefinedOrders(metadata);
      }
      ByteArrayOutputStream blooms = new ByteArrayOutputStream();
      List<RowGroup> groups = metadata.getRow_groups();
      for (int g = 0; g < groups.size(); g++) {
        RowGroup group = groups.get(g);
        java.util.Map<String, BloomFilter> filters =
            g < bloomFilters.size() ? bloomFilters.get(g) : java.util.Map.of();
        for (ColumnChunk chunk : group.getColumns()) {
          BloomFilter filter =
              filters.get(String.join(".", chunk.getMeta_data().getPath_in_schema()));
          if (filter != null && !chunk.getMeta_data().isSetBloom_filter_offset()) {
            int start = blooms.size();
            Util.writeBloomFilterHeader(
                ParquetMetadataConverter.toBloomFilterHeader(filter), blooms);
            filter.writeTo(blooms);
            chunk
                .getMeta_data()
                .setBloom_filter_offset(footerStart + start)
                .setBloom_filter_length(blooms.size() - start);
          }
        }
        if (!sorting.isEmpty()) {
          group.setSorting_columns(new ArrayList<>(sorting));
        }
        for (ColumnChunk chunk : group.getColumns()) {
          if (dropColumnIndex) {
            chunk.unsetColumn_index_offset();
            chunk.unsetColumn_index_length();
          }
          if (dropOffsetIndex) {
            chunk.unsetOffset_index_offset();
            chunk.unsetOffset_index_length();
          }
        }
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Util.writeFileMetaData(metadata, out);
      ByteBuffer rewritten =
          ByteBuffer.allocate(blooms.size() + out.size() + 8).order(ByteOrder.LITTLE_ENDIAN);
      rewritten.put(blooms.toByteArray()).put(out.toByteArray()).putInt(out.size()).put(MAGIC);
      rewritten.flip();
      channel.truncate(footerStart);
      long position = footerStart;
      while (rewritten.hasRemaining()) {
        position += channel.write(rewritten, position);
      }
    }
  }

  /**
   * Declares the type-defined order for the columns declared in the IEEE 754 total order. (The
   * per-value path's chunk of NaN alone keeps its min and max of NaN, as it had.)
   */
  private static void typeDefinedOrders(FileMetaData metadata) {
    List<org.apache.parquet.format.ColumnOrder> orders = metadata.getColumn_orders();
    if (orders == null) {
      return;
    }
    for (int i = 0; i < orders.size(); i++) {
      if (orders.get(i).isSetIEEE_754_TOTAL_ORDER()) {
        orders.set(
            i,
            org.apache.parquet.format.ColumnOrder.TYPE_ORDER(
                new org.apache.parquet.format.TypeDefinedOrder()));
      }
    }
  }

  /**
   * The footer's key-value metadata: the mapping's (such as {@code ARROW:schema}), then the
   * options' entries, refused when one is null or takes a key of the writer's own.
   */
  static Map<String, String> keyValueMetadata(
      SchemaMapping mapping, WriteOptions options, Path file) {
    Map<String, String> out = new LinkedHashMap<>(mapping.keyValueMetadata());
    for (Map.Entry<String, String> e : options.keyValueMetadata().entrySet()) {
      if (out.containsKey(e.getKey())) {
        throw ParquetFileException.write(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(file),
            "key-value metadata key " + e.getKey() + " is the writer's own",
            null);
      }
      if (e.getKey() == null || e.getValue() == null) {
        throw ParquetFileException.write(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(file),
            "key-value metadata with a null key or value",
            null);
      }
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private static void readFully(FileChannel channel, ByteBuffer into, long position)
      throws IOException {
    while (into.hasRemaining()) {
      int n = channel.read(into, position + into.position());
      if (n < 0) {
        throw new IOException("unexpected end of file at byte " + (position + into.position()));
      }
    }
  }
}
