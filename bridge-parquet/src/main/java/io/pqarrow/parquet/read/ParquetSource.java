package io.pqarrow.parquet.read;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.FieldPath;
import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file whose footer has been read and checked once, from which any number of readers are
 * opened, one after another or at once on several threads.
 *
 * <pre>
 * ParquetSource source = ParquetSource.open(inputFile, "s3://bucket/part-0.parquet", Limits.defaults());
 * try (ParquetArrowReader reader = source.newReader(allocator, ReadOptions.builder().rowGroups(List.of(0)).build())) {
 *   ...
 * }
 * </pre>
 *
 * <p>The bytes come from any parquet-java {@link InputFile} (a local file, {@code
 * io.pqarrow.scan.ChannelInputFile} over a {@code SeekableByteChannel}, or the caller's own); every
 * error names the source by its display name. The source is immutable and thread-safe: the footer
 * is parsed once, and the Arrow schema mapping is computed once per {@link MappingOptions} object
 * (by identity) and shared. The footer is kept as the format's Thrift structures and converted to
 * parquet-java's objects lazily: the schema at once; a reader's projected and filter columns'
 * chunks when it opens; every chunk only on the first {@link #rowGroups()} or {@link #footer()}. It
 * holds no open stream and needs no closing; each reader opens streams of its own, which it closes.
 * The caller keeps whatever the {@link InputFile} reads from (for example a channel) open while
 * readers use it.
 */
public final class ParquetSource {
  private final InputFile input;
  private final String name;
  private final FileFooter footer;
  private volatile ParquetMetadata metadata;
  private final ConcurrentMap<MappingOptions, SchemaMapping> mappings;

  private ParquetSource(InputFile input, String name, FileFooter footer) {
    this.input = input;
    this.name = name;
    this.footer = footer;
    FooterSchemas.Part shared = footer.sharedSchema();
    this.mappings = shared != null ? shared.mappings() : new ConcurrentHashMap<>();
  }

  private ParquetSource(ParquetSource of, InputFile input) {
    this.input = input;
    this.name = of.name;
    this.footer = of.footer;
    this.metadata = of.metadata;
    this.mappings = of.mappings;
  }

  /**
   * This file read through other bytes: the same footer, converted chunks and mappings (nothing is
   * read or parsed again), its readers' streams opened from {@code input}. For a caller that opens
   * a file once and shares that open among every stream of a read (a dataset scan's file, whose
   * framing check, footer and column chunks then cost one open), while the source it keeps holds
   * bytes that stay valid after the read.
   *
   * @param input the same bytes as {@link #inputFile()}, through another {@link InputFile}
   * @return a source over {@code input}; this one is unchanged
   */
  public ParquetSource over(InputFile input) {
    return new ParquetSource(this, Objects.requireNonNull(input, "input"));
  }

  /**
   * Reads and checks the footer of the local file {@code file}; errors name it as given.
   *
   * @param file a local Parquet file
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @return the source
   * @throws ParquetFileException when the file is missing, unreadable, a directory, not Parquet,
   *     truncated, or has a footer over {@link Limits#maxFooterBytes()} or that cannot be parsed
   */
  public static ParquetSource open(Path file, Limits limits) {
    ParquetFraming.checkLocal(file);
    return read(new LocalInputFile(file), String.valueOf(file), limits);
  }

  /**
   * Reads and checks the footer of {@code input}, named {@code name} in every error.
   *
   * @param name the display name of the source, such as its path or URI
   * @param input the bytes
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @return the source
   * @throws ParquetFileException when the source cannot be read, is not Parquet, is truncated, or
   *     has a footer over {@link Limits#maxFooterBytes()} or that cannot be parsed
   */
  public static ParquetSource open(InputFile input, String name, Limits limits) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(name, "name");
    return read(input, name, limits);
  }

  /**
   * As {@link #open(InputFile, String, Limits)}, sharing the footer's schema part through {@code
   * schemas}: when it holds a part equal to this footer's (from an earlier {@link #readMapping(
   * InputFile, String, Limits, MappingOptions, FooterSchemas)} or open of this or another file),
   * the schema is neither decoded nor converted again and the mappings are shared.
   *
   * @param input the bytes
   * @param name the display name of the source, such as its path or URI
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @param schemas the cache of schema parts
   * @return the source
   * @throws ParquetFileException as {@link #open(InputFile, String, Limits)}
   */
  public static ParquetSource open(
      InputFile input, String name, Limits limits, FooterSchemas schemas) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(schemas, "schemas");
    return read(input, name, limits, false, schemas);
  }

  /**
   * As {@link #open(InputFile, String, Limits)}, named by {@code input.toString()} in every error.
   *
   * @param input the bytes
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @return the source
   */
  public static ParquetSource open(InputFile input, Limits limits) {
    return open(input, String.valueOf(input), limits);
  }

  /**
   * The Arrow schema mapping of {@code input} from its footer's schema and key-value metadata
   * alone: the footer's row groups are skipped while it is decoded (no column chunk is decoded or
   * checked) and no source is kept. For a caller that needs many files' schemas before it reads any
   * of them (a dataset unifying its files' schemas); {@link #open(InputFile, String, Limits)} then
   * reads the footer of each file it reads.
   *
   * @param input the bytes
   * @param name the display name of the source, such as its path or URI
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @param options the schema mapping options
   * @return the mapping, as {@code open(input, name, limits).mapping(options)} gives it
   * @throws ParquetFileException as {@link #open(InputFile, String, Limits)} and {@link
   *     #mapping(MappingOptions)}, except for what only a column chunk's metadata shows
   */
  public static SchemaMapping readMapping(
      InputFile input, String name, Limits limits, MappingOptions options) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(name, "name");
    return read(input, name, limits, true, null).mapping(options);
  }

  /**
   * As {@link #readMapping(InputFile, String, Limits, MappingOptions)}, sharing the schema part
   * through {@code schemas} ({@link #open(InputFile, String, Limits, FooterSchemas)}): a footer
   * whose schema part it holds is not decoded past its layout.
   *
   * @param input the bytes
   * @param name the display name of the source, such as its path or URI
   * @param limits the caps; the footer is refused over {@link Limits#maxFooterBytes()}
   * @param options the schema mapping options
   * @param schemas the cache of schema parts
   * @return the mapping; the same instance for every file of an equal schema part kept in {@code
   *     schemas}
   * @throws ParquetFileException as {@link #readMapping(InputFile, String, Limits, MappingOptions)}
   */
  public static SchemaMapping readMapping(
      InputFile input, String name, Limits limits, MappingOptions options, FooterSchemas schemas) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(schemas, "schemas");
    return read(input, name, limits, true, schemas).mapping(options);
  }

  private static ParquetSource read(InputFile input, String name, Limits limits) {
    return read(input, name, limits, false, null);
  }

  /** The framing checked and the footer read through one stream ({@link ParquetFraming#footer}). */
  private static ParquetSource read(
      InputFile input, String name, Limits limits, boolean schemaOnly, FooterSchemas schemas) {
    byte[] bytes;
    try {
      bytes = ParquetFraming.footer(input, name, limits.maxFooterBytes());
    } catch (IOException e) {
      throw invalidFooter(input, name, e);
    }
    try {
      return new ParquetSource(
          input,
          name,
          schemas == null
              ? FileFooter.parse(bytes, readOptions(), schemaOnly)
              : FileFooter.parse(bytes, readOptions(), schemaOnly, schemas));
    } catch (IOException | RuntimeException e) {
      // parquet-java's words name Java classes and dump structs and schemas; ours say which
      // structure and field, where.
      throw invalidFooter(input, name, e);
    }
  }

  /** parquet-java's options: footer, page headers and codecs only, no filtering of its own. */
  private static ParquetReadOptions readOptions() {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    return ParquetReadOptions.builder(conf)
        .withCodecFactory(HadoopCodecs.newFactory(conf, 0))
        .usePageChecksumVerification(true)
        .useStatsFilter(false)
        .useDictionaryFilter(false)
        .useRecordFilter(false)
        .useColumnIndexFilter(false)
        .useBloomFilter(false)
        .build();
  }

  /** {@return the bytes} */
  public InputFile inputFile() {
    return input;
  }

  /** {@return the name errors give the source} */
  public String name() {
    return name;
  }

  /**
   * The whole footer as parquet-java's object, every column chunk of every row group converted (on
   * the first call of this or {@link #rowGroups()}). Callers that need only the schema, the row
   * counts or the key-value metadata use {@link #schema()}, {@link #rowCount()} and {@link
   * #keyValueMetadata()}, which convert no chunk.
   *
   * @return the parsed footer; callers must not modify it
   * @throws ParquetFileException when a column chunk's metadata cannot be converted
   */
  public ParquetMetadata footer() {
    ParquetMetadata known = metadata;
    if (known == null) {
      known = footer.metadata(rowGroups());
      metadata = known;
    }
    return known;
  }

  /**
   * The row groups, in file order, with every column chunk (converted on the first call of this or
   * {@link #footer()}, then kept).
   *
   * @return the row groups; callers must not modify them
   * @throws ParquetFileException when a column chunk's metadata cannot be converted
   */
  public List<BlockMetaData> rowGroups() {
    try {
      return footer.rowGroups();
    } catch (RuntimeException e) {
      throw invalidFooter(input, name, e);
    }
  }

  /** {@return the number of row groups, from the footer without converting a chunk} */
  public int rowGroupCount() {
    return footer.rowGroupCount();
  }

  /**
   * The rows of one row group, as its footer entry states them, without converting a chunk.
   *
   * @param rowGroup the 0-based row group index
   * @return its row count
   * @throws IndexOutOfBoundsException when the file has no such row group
   */
  public long rowCount(int rowGroup) {
    return footer.rowCount(rowGroup);
  }

  /**
   * The compressed size of one row group's column chunks, in bytes: what {@link
   * BlockMetaData#getCompressedSize()} of {@link #rowGroups()} gives, read from the footer without
   * converting a chunk (split planning needs no more).
   *
   * @param rowGroup the 0-based row group index
   * @return the sum of its chunks' {@code total_compressed_size}
   * @throws IndexOutOfBoundsException when the file has no such row group
   * @throws ParquetFileException when a chunk's metadata cannot be read
   */
  public long compressedSize(int rowGroup) {
    Objects.checkIndex(rowGroup, footer.rowGroupCount());
    try {
      return footer.compressedSize(rowGroup);
    } catch (RuntimeException e) {
      throw invalidFooter(input, name, e);
    }
  }

  /**
   * The first byte of one row group's first column chunk: what {@link
   * BlockMetaData#getStartingPos()} of {@link #rowGroups()} gives (its dictionary page when that
   * comes first, else its first data page), read from the footer without converting a chunk.
   *
   * @param rowGroup the 0-based row group index
   * @return the file offset
   * @throws IndexOutOfBoundsException when the file has no such row group
   * @throws ParquetFileException when a chunk's metadata cannot be read
   */
  public long startingPos(int rowGroup) {
    Objects.checkIndex(rowGroup, footer.rowGroupCount());
    try {
      return footer.startingPos(rowGroup);
    } catch (RuntimeException e) {
      throw invalidFooter(input, name, e);
    }
  }

  /** {@return the number of rows in the file} */
  public long rowCount() {
    long rows = 0;
    for (int i = 0; i < footer.rowGroupCount(); i++) {
      rows += footer.rowCount(i);
    }
    return rows;
  }

  /** {@return the file's Parquet schema} */
  public MessageType schema() {
    return footer.schema();
  }

  /** {@return the file's key-value metadata; callers must not modify it} */
  public Map<String, String> keyValueMetadata() {
    return footer.fileMetaData().getKeyValueMetaData();
  }

  /** {@return the footer's {@code created_by}, or null when it has none} */
  public String createdBy() {
    return footer.fileMetaData().getCreatedBy();
  }

  /** The footer model, for this package's readers and tests. */
  FileFooter fileFooter() {
    return footer;
  }

  /**
   * The Arrow schema mapping of the file with {@code options}, computed on first use and shared.
   *
   * @param options the schema mapping options
   * @return the mapping; the same instance for equal options
   * @throws ParquetFileException when the schema cannot be mapped
   */
  public SchemaMapping mapping(MappingOptions options) {
    SchemaMapping known = mappings.get(options);
    if (known != null) {
      return known;
    }
    SchemaMapping mapping;
    try {
      mapping =
          SchemaMapper.toArrow(
              footer.schema(), footer.fileMetaData().getKeyValueMetaData(), options);
    } catch (BridgeException e) {
      throw ParquetFileException.invalid(name, null, -1, e.getMessage(), e);
    }
    SchemaMapping raced = mappings.putIfAbsent(options, mapping);
    return raced == null ? mapping : raced;
  }

  /**
   * The Arrow schema mapping of the top-level fields that the dotted column paths {@code columns}
   * can select ({@link ReadOptions#columns()}), each field as {@link #mapping(MappingOptions)}
   * gives it ({@link SchemaMapper#toArrow(MessageType, Map, MappingOptions, Set)}): a reader of a
   * few columns of a wide file maps those fields, not every field. It is the whole mapping when
   * {@code columns} is empty, when that mapping was already made, when a path is malformed, and in
   * the cases that method names; a path that names no field selects nothing here (the read refuses
   * it against the whole mapping). Not kept: each call maps again.
   *
   * @param options the schema mapping options
   * @param columns the dotted column paths a read selects
   * @return a mapping holding at least the fields {@code columns} selects
   * @throws ParquetFileException when a selected field cannot be mapped
   */
  public SchemaMapping mapping(MappingOptions options, List<String> columns) {
    SchemaMapping known = mappings.get(options);
    if (known != null || columns.isEmpty()) {
      return known != null ? known : mapping(options);
    }
    Set<String> names = new HashSet<>();
    for (String column : columns) {
      FieldPath path;
      try {
        path = FieldPath.parse(column);
      } catch (IllegalArgumentException e) {
        return mapping(options);
      }
      // every top-level name the path's first parts can join to ({@link FieldPath#resolve})
      List<String> parts = path.parts();
      StringBuilder joined = new StringBuilder();
      for (int p = 0; p < parts.size() && (p == 0 || !path.isQuoted(p)); p++) {
        joined.append(p == 0 ? "" : ".").append(parts.get(p));
        names.add(joined.toString());
        if (path.isQuoted(p)) {
          break;
        }
      }
    }
    try {
      return SchemaMapper.toArrow(
          footer.schema(), footer.fileMetaData().getKeyValueMetaData(), options, names);
    } catch (BridgeException e) {
      throw ParquetFileException.invalid(name, null, -1, e.getMessage(), e);
    }
  }

  /** Whether the whole mapping with {@code options} was made (for tests). */
  boolean mapped(MappingOptions options) {
    return mappings.containsKey(options);
  }

  /**
   * Opens a reader of this file ({@link ParquetArrowReader#open(ParquetSource, BufferAllocator,
   * ReadOptions)}).
   *
   * @param allocator where every batch's buffers come from
   * @param options what to read and how
   * @return the open reader; the caller closes it
   */
  public ParquetArrowReader newReader(BufferAllocator allocator, ReadOptions options) {
    return ParquetArrowReader.open(this, allocator, options);
  }

  /**
   * The row groups with the chunks of {@code columns} only (every chunk when null), converted for a
   * reader; no {@code ParquetMetadata} is made ({@link OnDemandFileReader}).
   *
   * @throws ParquetFileException when a chunk's metadata cannot be converted
   */
  List<BlockMetaData> rowGroups(Set<ColumnPath> columns) {
    try {
      return columns == null && metadata != null ? metadata.getBlocks() : footer.rowGroups(columns);
    } catch (RuntimeException e) {
      throw invalidFooter(input, name, e);
    }
  }

  /**
   * parquet-java's reader of this file over a stream of its own, sharing the parsed footer: its row
   * groups are {@code rowGroups} (from {@link #rowGroups(Set)}).
   */
  ParquetFileReader newFileReader(List<BlockMetaData> rowGroups) {
    SeekableInputStream stream;
    try {
      stream = input.newStream();
    } catch (IOException e) {
      throw ParquetFileException.read(
          ErrorKind.IO, ErrorLocation.inFile(name), "cannot open: " + ErrorText.describe(e), e);
    }
    try {
      ParquetMetadata partial =
          metadata != null && rowGroups == metadata.getBlocks()
              ? metadata
              : footer.metadata(rowGroups);
      return ParquetFileReader.open(input, partial, readOptions(), stream);
    } catch (IOException | RuntimeException e) {
      try {
        stream.close();
      } catch (IOException ignored) {
        // The original failure is the one worth reporting.
      }
      throw invalidFooter(input, name, e);
    }
  }

  /** {@code invalid Parquet footer: <problem>}, the problem in our words where we can name it. */
  private static ParquetFileException invalidFooter(InputFile input, String name, Exception e) {
    String problem = FooterProblems.of(input);
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        ErrorLocation.inFile(name),
        "invalid Parquet footer: "
            + (problem != null ? problem : FooterProblems.unrecognised(input, e)),
        e);
  }

  @Override
  public String toString() {
    return name;
  }
}
