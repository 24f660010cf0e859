package io.pqarrow.parquet.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.InvalidRecordException;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The footer of one Parquet file, kept as the format's Thrift structures and turned into
 * parquet-java's objects only where and when they are asked for.
 *
 * <p>parquet-java's footer read converts every column chunk of every row group (statistics,
 * encodings, encoding statistics) before anything can be read; on a file of 4,000 columns and 5 row
 * groups that is 20,000 chunks, most of the cost of opening it, for a read of three columns. Here
 * the Thrift {@code FileMetaData} is decoded once, the schema is converted once, and row groups are
 * converted per request: {@link #rowGroups(Set)} converts only the named columns' chunks (a
 * reader's projected and filter columns), {@link #rowGroups()} converts every chunk once and keeps
 * them (for {@code meta}, split planning and callers of the public footer). Opening still checks,
 * for every chunk, what parquet-java's read refused outright (a chunk without metadata, a path that
 * names no column of the schema, chunks of one row group in different files), so that a file it
 * refused is still refused when the source is opened.
 *
 * <p>Nothing here touches {@link ParquetMetadata} (whose static initialiser builds a JSON mapper)
 * unless {@link #metadata} is called. A footer of an encrypted file (plaintext footer, encrypted
 * columns) is converted whole by parquet-java at once, as before, and kept.
 *
 * <p>Over 500 lines: its three decodes (whole, chunks left in their bytes, and the schema part
 * shared through {@link FooterSchemas}) build the same object through two private constructors and
 * share the checks that keep a refused file refused; split apart, each would reach into the other.
 */
final class FileFooter {
  /** parquet-java's cap on the Thrift message of a footer ({@code parquet.thrift.string.size}). */
  private static final int MAX_MESSAGE_SIZE = 104_857_600;

  /** parquet-java's schema conversion, which it does not make public; null where unreachable. */
  private static final MethodHandle FROM_PARQUET_SCHEMA = schemaConversion();

  /**
   * The footer; without chunks (every row group's {@code columns} empty) when {@link #layout} is
   * set.
   */
  private final FileMetaData thrift;

  /**
   * Where each chunk's bytes lie, decoded one by one on demand; null: {@link #thrift} has them all.
   */
  private final FooterLayout layout;

  /** With {@link #layout}: each row group's chunks' paths, as leaves of the schema. */
  private final ColumnPath[][] chunkPaths;

  private final MessageType schema;
  private final org.apache.parquet.hadoop.metadata.FileMetaData fileMetaData;
  private final ParquetReadOptions options;

  /** The file row of each row group's first row. */
  private final long[] firstRows;

  /** Every chunk converted: set at once for an encrypted file's footer, else on first use. */
  private volatile List<BlockMetaData> all;

  /** Whether the footer or a column chunk is encrypted (then parquet-java reads the indexes). */
  private final boolean encrypted;

  /** The schema part shared through a {@link FooterSchemas}, or null. */
  private FooterSchemas.Part part;

  /** Column chunks converted so far (a test seam: laziness is pinned by counting). */
  private final AtomicLong chunksConverted = new AtomicLong();

  /** A footer decoded whole, every chunk in {@code thrift}. */
  private FileFooter(FileMetaData thrift, ParquetReadOptions options) throws IOException {
    this.thrift = thrift;
    this.layout = null;
    this.chunkPaths = null;
    this.options = options;
    this.encrypted = thrift.isSetEncryption_algorithm() || hasEncryptedChunk(thrift);
    if (encrypted) {
      ParquetMetadata whole = new ParquetMetadataConverter(options).fromParquetMetadata(thrift);
      this.schema = whole.getFileMetaData().getSchema();
      this.fileMetaData = whole.getFileMetaData();
      this.all = List.copyOf(whole.getBlocks());
    } else {
      this.schema = schema(thrift, options);
      this.fileMetaData =
          new org.apache.parquet.hadoop.metadata.FileMetaData(
              schema, keyValues(thrift), thrift.getCreated_by());
      check(thrift, schema);
    }
    this.firstRows = firstRows(thrift);
  }

  /** A footer whose chunks stay in their bytes ({@code layout}) until asked for. */
  private FileFooter(
      FileMetaData withoutChunks,
      MessageType schema,
      Map<String, String> keyValues,
      FooterLayout layout,
      ColumnPath[][] chunkPaths,
      ParquetReadOptions options) {
    this.thrift = withoutChunks;
    this.layout = layout;
    this.chunkPaths = chunkPaths;
    this.options = options;
    this.encrypted = false; // the layout walk refuses encrypted footers and chunks
    this.schema = schema;
    this.fileMetaData =
        new org.apache.parquet.hadoop.metadata.FileMetaData(
            schema, keyValues, withoutChunks.getCreated_by());
    this.firstRows = firstRows(withoutChunks);
  }

  private static long[] firstRows(FileMetaData thrift) {
    List<RowGroup> groups = rowGroupsOf(thrift);
    long[] first = new long[groups.size()];
    long row = 0;
    for (int i = 0; i < groups.size(); i++) {
      first[i] = row;
      row += groups.get(i).getNum_rows();
    }
    return first;
  }

  private static Map<String, String> keyValues(FileMetaData thrift) {
    Map<String, String> keyValues = new HashMap<>();
    if (thrift.getKey_value_metadata() != null) {
      for (KeyValue kv : thrift.getKey_value_metadata()) {
        keyValues.put(kv.key, kv.value);
      }
    }
    return keyValues;
  }

  /**
   * Decodes {@code footer} (the Thrift bytes between the data and the footer length), converts its
   * schema and checks its chunks against it.
   *
   * @throws IOException or a runtime exception when the bytes are not a footer parquet-java would
   *     accept; the caller words it ({@link FooterProblems})
   */
  static FileFooter parse(byte[] footer, ParquetReadOptions options) throws IOException {
    return parse(footer, options, false);
  }

  /**
   * As {@link #parse(byte[], ParquetReadOptions)}; with {@code schemaOnly} the row groups are
   * skipped while decoding (the footer then has none: for its schema and key-value metadata only).
   */
  static FileFooter parse(byte[] footer, ParquetReadOptions options, boolean schemaOnly)
      throws IOException {
    ByteArrayInputStream in = new ByteArrayInputStream(footer);
    if (!schemaOnly) {
      FooterLayout layout = footer.length <= MAX_MESSAGE_SIZE ? FooterLayout.of(footer) : null;
      if (layout != null) {
        FileFooter lazy = lazy(layout, options);
        if (lazy != null) {
          return lazy;
        }
      }
    }
    return new FileFooter(
        schemaOnly
            ? Util.readFileMetaData(in, true, null, null, MAX_MESSAGE_SIZE)
            : Util.readFileMetaData(in, MAX_MESSAGE_SIZE),
        options);
  }

  /**
   * The footer of {@code layout} with its chunks left in their bytes, or null when anything about
   * it is not as the whole decode would accept without question: then the caller decodes the whole
   * footer, which refuses it or reads it as before.
   */
  private static FileFooter lazy(FooterLayout layout, ParquetReadOptions options) {
    FileMetaData withoutChunks;
    MessageType schema;
    try {
      withoutChunks =
          Util.readFileMetaData(new ByteArrayInputStream(layout.withoutChunks()), MAX_MESSAGE_SIZE);
      schema = schema(withoutChunks, options);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    ColumnPath[][] paths = chunkPaths(layout, schema);
    if (paths == null || layout.rowGroupCount() != rowGroupsOf(withoutChunks).size()) {
      return null;
    }
    return new FileFooter(withoutChunks, schema, keyValues(withoutChunks), layout, paths, options);
  }

  /**
   * As {@link #parse(byte[], ParquetReadOptions, boolean)}, sharing the schema part through {@code
   * schemas}: a footer whose schema part it holds is decoded without it (its schema neither decoded
   * nor converted again, its mappings shared); one it does not hold is decoded as before and its
   * schema part offered to it. A footer the layout walk does not read ({@link FooterLayout#of}) is
   * decoded as before, unshared.
   */
  static FileFooter parse(
      byte[] footer, ParquetReadOptions options, boolean schemaOnly, FooterSchemas schemas)
      throws IOException {
    FooterLayout layout = footer.length <= MAX_MESSAGE_SIZE ? FooterLayout.of(footer) : null;
    if (layout == null) {
      return parse(footer, options, schemaOnly);
    }
    byte[] key = layout.schemaKey();
    FooterSchemas.Part known = schemas.get(key);
    FileFooter parsed;
    if (known == null) {
      parsed = schemaOnly ? parse(footer, options, true) : lazy(layout, options);
      if (parsed == null) {
        return parse(footer, options, false);
      }
      known =
          schemas.decoded(
              key,
              new FooterSchemas.Part(parsed.schema, parsed.fileMetaData.getKeyValueMetaData()));
    } else if (schemaOnly) {
      parsed =
          new FileFooter(
              new FileMetaData(), known.schema(), known.keyValues(), null, null, options);
    } else {
      parsed = lazy(layout, known, options);
      if (parsed == null) {
        return parse(footer, options, false);
      }
    }
    parsed.part = known;
    return parsed;
  }

  /** As {@link #lazy(FooterLayout, ParquetReadOptions)}, with the schema part {@code known}. */
  private static FileFooter lazy(
      FooterLayout layout, FooterSchemas.Part known, ParquetReadOptions options) {
    FileMetaData withoutChunks;
    try {
      withoutChunks =
          Util.readFileMetaData(
              new ByteArrayInputStream(layout.withoutChunksOrSchema()), MAX_MESSAGE_SIZE);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    ColumnPath[][] paths = chunkPaths(layout, known.schema());
    if (paths == null || layout.rowGroupCount() != rowGroupsOf(withoutChunks).size()) {
      return null;
    }
    return new FileFooter(withoutChunks, known.schema(), known.keyValues(), layout, paths, options);
  }

  /** {@return whether the footer or any column chunk is encrypted} */
  boolean encrypted() {
    return encrypted;
  }

  /** The schema part shared through a {@link FooterSchemas}, or null when not shared. */
  FooterSchemas.Part sharedSchema() {
    return part;
  }

  /**
   * Each chunk's path as a leaf of {@code schema}; null when a row group has no chunk, a chunk's
   * path names no leaf, or one row group's chunks lie in different files ({@link #check} words
   * those).
   */
  private static ColumnPath[][] chunkPaths(FooterLayout layout, MessageType schema) {
    Map<List<String>, ColumnPath> leaves = new HashMap<>();
    for (String[] path : schema.getPaths()) {
      leaves.put(List.of(path), ColumnPath.get(path));
    }
    ColumnPath[][] paths = new ColumnPath[layout.rowGroupCount()][];
    for (int g = 0; g < paths.length; g++) {
      int count = layout.chunkCount(g);
      if (count == 0) {
        return null;
      }
      String file = layout.filePath(g, 0);
      paths[g] = new ColumnPath[count];
      for (int c = 0; c < count; c++) {
        String at = layout.filePath(g, c);
        ColumnPath path = leaves.get(Arrays.asList(layout.path(g, c)));
        if (path == null || (file == null ? at != null : !file.equals(at))) {
          return null;
        }
        paths[g][c] = path;
      }
    }
    return paths;
  }

  /** {@return the file's schema, converted once} */
  MessageType schema() {
    return schema;
  }

  /** {@return parquet-java's file-level metadata: schema, key-value metadata, created_by} */
  org.apache.parquet.hadoop.metadata.FileMetaData fileMetaData() {
    return fileMetaData;
  }

  /** {@return the number of row groups} */
  int rowGroupCount() {
    return firstRows.length;
  }

  /** {@return the rows of row group {@code index}, as the footer states them} */
  long rowCount(int index) {
    return rowGroupsOf(thrift).get(index).getNum_rows();
  }

  /** {@return the number of column chunks converted so far (for tests)} */
  long chunksConverted() {
    return chunksConverted.get();
  }

  /** {@return every row group with every chunk, converted on first use and kept} */
  List<BlockMetaData> rowGroups() {
    List<BlockMetaData> known = all;
    if (known == null) {
      synchronized (this) {
        known = all;
        if (known == null) {
          known = List.copyOf(convert(null));
          all = known;
        }
      }
    }
    return known;
  }

  /**
   * Every row group with only the chunks of {@code columns} (in the file's order), converted now
   * and not kept; every chunk when {@code columns} is null or the whole footer is already
   * converted. Row counts, sizes, ordinals and row offsets are those of the whole row group.
   */
  List<BlockMetaData> rowGroups(Set<ColumnPath> columns) {
    List<BlockMetaData> known = all;
    if (known != null || columns == null) {
      return rowGroups();
    }
    return convert(columns);
  }

  /** parquet-java's footer object over {@code blocks}; initialises {@link ParquetMetadata}. */
  ParquetMetadata metadata(List<BlockMetaData> blocks) {
    return new ParquetMetadata(fileMetaData, blocks);
  }

  /**
   * The primitive leaves below {@code group} in schema order, walked node by node: parquet-java's
   * own {@code getColumns()} looks each leaf up by path, which gives siblings of one name the same
   * (last) type.
   */
  private static void leafTypes(GroupType group, List<PrimitiveType> out) {
    for (Type t : group.getFields()) {
      if (t.isPrimitive()) {
        out.add(t.asPrimitiveType());
      } else {
        leafTypes(t.asGroupType(), out);
      }
    }
  }

  /** The row groups with the chunks of {@code columns} (null: all), as parquet-java builds them. */
  private List<BlockMetaData> convert(Set<ColumnPath> columns) {
    ParquetMetadataConverter converter = new ParquetMetadataConverter(options);
    String createdBy = thrift.getCreated_by();
    List<RowGroup> groups = rowGroupsOf(thrift);
    // Chunks come in the schema's leaf order; a leaf's type is taken by position, since a file
    // may repeat a name among siblings (pyarrow writes such files) and a lookup by path would
    // then give every chunk of that name the last sibling's type.
    List<PrimitiveType> leaves = new ArrayList<>();
    leafTypes(schema, leaves);
    List<BlockMetaData> blocks = new ArrayList<>(groups.size());
    long converted = 0;
    for (int g = 0; g < groups.size(); g++) {
      RowGroup group = groups.get(g);
      BlockMetaData block = new BlockMetaData();
      block.setRowCount(group.getNum_rows());
      block.setTotalByteSize(group.getTotal_byte_size());
      block.setRowIndexOffset(firstRows[g]);
      if (group.isSetOrdinal()) {
        block.setOrdinal(group.getOrdinal());
      }
      int count = chunkCount(g);
      for (int c = 0; c < count; c++) {
        ColumnPath path = chunkPath(g, c);
        if (columns != null && !columns.contains(path)) {
          continue;
        }
        ColumnChunk chunk = chunk(g, c);
        ColumnMetaData meta = chunk.getMeta_data();
        PrimitiveType type =
            count == leaves.size()
                    && path.toArray()[path.size() - 1].equals(leaves.get(c).getName())
                ? leaves.get(c)
                : schema.getType(path.toArray()).asPrimitiveType();
        ColumnChunkMetaData column =
            converter.buildColumnChunkMetaData(meta, path, type, createdBy);
        column.setRowGroupOrdinal(group.getOrdinal());
        if (meta.isSetBloom_filter_offset()) {
          column.setBloomFilterOffset(meta.getBloom_filter_offset());
        }
        if (meta.isSetBloom_filter_length()) {
          column.setBloomFilterLength(meta.getBloom_filter_length());
        }
        if (chunk.isSetColumn_index_offset() && chunk.isSetColumn_index_length()) {
          column.setColumnIndexReference(
              new IndexReference(chunk.getColumn_index_offset(), chunk.getColumn_index_length()));
        }
        if (chunk.isSetOffset_index_offset() && chunk.isSetOffset_index_length()) {
          column.setOffsetIndexReference(
              new IndexReference(chunk.getOffset_index_offset(), chunk.getOffset_index_length()));
        }
        block.addColumn(column);
        converted++;
      }
      block.setPath(
          layout != null ? layout.filePath(g, 0) : group.getColumns().get(0).getFile_path());
      blocks.add(block);
    }
    chunksConverted.addAndGet(converted);
    return blocks;
  }

  private int chunkCount(int group) {
    return layout != null
        ? layout.chunkCount(group)
        : rowGroupsOf(thrift).get(group).getColumns().size();
  }

  private ColumnPath chunkPath(int group, int chunk) {
    if (layout != null) {
      return chunkPaths[group][chunk];
    }
    ColumnMetaData meta = rowGroupsOf(thrift).get(group).getColumns().get(chunk).getMeta_data();
    return ColumnPath.get(meta.getPath_in_schema().toArray(new String[0]));
  }

  /** Chunk {@code chunk} of row group {@code group}, decoded from its bytes when they are kept. */
  private ColumnChunk chunk(int group, int chunk) {
    if (layout == null) {
      return rowGroupsOf(thrift).get(group).getColumns().get(chunk);
    }
    try {
      return layout.chunk(group, chunk);
    } catch (IOException e) {
      throw new ParquetDecodingException(e.getMessage(), e);
    }
  }

  /**
   * The compressed bytes of row group {@code group}'s chunks, as {@link
   * BlockMetaData#getCompressedSize()} sums them, without converting a chunk where the footer's
   * bytes state every size.
   */
  long compressedSize(int group) {
    if (layout != null && all == null) {
      long sum = 0;
      for (int c = 0; c < layout.chunkCount(group); c++) {
        long size = layout.compressedSize(group, c);
        if (size == FooterLayout.ABSENT) {
          return rowGroups().get(group).getCompressedSize(); // refused there, in its words
        }
        sum += size;
      }
      return sum;
    }
    return rowGroups().get(group).getCompressedSize();
  }

  /**
   * The first byte of row group {@code group}'s first chunk, as {@link
   * BlockMetaData#getStartingPos()} gives it (its dictionary page when that comes first), without
   * converting a chunk where the footer's bytes state the offsets.
   */
  long startingPos(int group) {
    if (layout != null && all == null) {
      long data = layout.dataPageOffset(group, 0);
      if (data != FooterLayout.ABSENT) {
        long dictionary = layout.dictionaryPageOffset(group, 0);
        return dictionary > 0 && dictionary < data ? dictionary : data;
      }
    }
    return rowGroups().get(group).getStartingPos();
  }

  /**
   * Refuses, as parquet-java's whole conversion would, a row group without chunks, a chunk without
   * metadata or whose path names no leaf of the schema, and chunks of one row group in different
   * files. Statistics and encodings are checked only when a chunk is converted.
   */
  private static void check(FileMetaData thrift, MessageType schema) {
    Set<List<String>> leaves = new HashSet<>();
    for (String[] path : schema.getPaths()) {
      leaves.add(List.of(path));
    }
    for (RowGroup group : rowGroupsOf(thrift)) {
      List<ColumnChunk> chunks = group.getColumns();
      String file = chunks.get(0).getFile_path();
      for (ColumnChunk chunk : chunks) {
        String at = chunk.getFile_path();
        if (file == null ? at != null : !file.equals(at)) {
          throw new ParquetDecodingException(
              "all column chunks of the same row group must be in the same file for now");
        }
        List<String> path = chunk.getMeta_data().getPath_in_schema();
        if (!leaves.contains(path)) {
          throw new InvalidRecordException(path + " is not a column of the schema");
        }
      }
    }
  }

  private static boolean hasEncryptedChunk(FileMetaData thrift) {
    for (RowGroup group : rowGroupsOf(thrift)) {
      for (ColumnChunk chunk : group.getColumns()) {
        if (chunk.isSetCrypto_metadata()) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<RowGroup> rowGroupsOf(FileMetaData thrift) {
    return thrift.getRow_groups() == null ? List.of() : thrift.getRow_groups();
  }

  /**
   * The schema as parquet-java converts it: through its own (package-private) conversion where the
   * class path allows, else by converting a copy of the footer without row groups.
   */
  private static MessageType schema(FileMetaData thrift, ParquetReadOptions options)
      throws IOException {
    ParquetMetadataConverter converter = new ParquetMetadataConverter(options);
    if (FROM_PARQUET_SCHEMA != null) {
      try {
        return (MessageType)
            FROM_PARQUET_SCHEMA.invoke(converter, thrift.getSchema(), thrift.getColumn_orders());
      } catch (RuntimeException | Error | IOException e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }
    FileMetaData schemaOnly = new FileMetaData();
    schemaOnly.setVersion(thrift.getVersion());
    schemaOnly.setSchema(thrift.getSchema());
    schemaOnly.setNum_rows(thrift.getNum_rows());
    schemaOnly.setRow_groups(List.of());
    schemaOnly.setColumn_orders(thrift.getColumn_orders());
    return converter.fromParquetMetadata(schemaOnly).getFileMetaData().getSchema();
  }

  private static MethodHandle schemaConversion() {
    try {
      java.lang.reflect.Method m =
          ParquetMetadataConverter.class.getDeclaredMethod(
              "fromParquetSchema", List.class, List.class);
      m.setAccessible(true);
      MethodHandle handle = MethodHandles.lookup().unreflect(m);
      return handle.asType(
          MethodType.methodType(
              MessageType.class, ParquetMetadataConverter.class, List.class, List.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // another parquet-java: the fallback converts a footer without row groups
    }
  }
}
