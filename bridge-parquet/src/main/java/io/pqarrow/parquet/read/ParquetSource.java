package io.pqarrow.parquet.read;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

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
 * (by identity) and shared. It holds no open stream and needs no closing; each reader opens streams
 * of its own, which it closes. The caller keeps whatever the {@link InputFile} reads from (for
 * example a channel) open while readers use it.
 */
public final class ParquetSource {
  private final InputFile input;
  private final String name;
  private final ParquetMetadata footer;
  private final ConcurrentMap<MappingOptions, SchemaMapping> mappings = new ConcurrentHashMap<>();

  private ParquetSource(InputFile input, String name, ParquetMetadata footer) {
    this.input = input;
    this.name = name;
    this.footer = footer;
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
    ParquetFraming.check(file, limits.maxFooterBytes());
    return read(new LocalInputFile(file), String.valueOf(file));
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
    ParquetFraming.check(input, name, limits.maxFooterBytes());
    return read(input, name);
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

  private static ParquetSource read(InputFile input, String name) {
    try (ParquetFileReader reader = ParquetFileReader.open(input, readOptions())) {
      return new ParquetSource(input, name, reader.getFooter());
    } catch (IOException | RuntimeException e) {
      // parquet-java's words name Java classes and dump structs and schemas; ours say which
      // structure and field, where.
      String problem = FooterProblems.of(input);
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name),
          "invalid Parquet footer: "
              + (problem != null ? problem : FooterProblems.unrecognised(input, e)),
          e);
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

  /** {@return the parsed footer; callers must not modify it} */
  public ParquetMetadata footer() {
    return footer;
  }

  /** {@return the row groups, in file order} */
  public List<BlockMetaData> rowGroups() {
    return footer.getBlocks();
  }

  /** {@return the number of rows in the file} */
  public long rowCount() {
    long rows = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      rows += block.getRowCount();
    }
    return rows;
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
              footer.getFileMetaData().getSchema(),
              footer.getFileMetaData().getKeyValueMetaData(),
              options);
    } catch (BridgeException e) {
      throw ParquetFileException.invalid(name, null, -1, e.getMessage(), e);
    }
    SchemaMapping raced = mappings.putIfAbsent(options, mapping);
    return raced == null ? mapping : raced;
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

  /** parquet-java's reader of this file over a stream of its own, sharing the parsed footer. */
  ParquetFileReader newFileReader() {
    SeekableInputStream stream;
    try {
      stream = input.newStream();
    } catch (IOException e) {
      throw ParquetFileException.read(
          ErrorKind.IO, ErrorLocation.inFile(name), "cannot open: " + ErrorText.describe(e), e);
    }
    try {
      return ParquetFileReader.open(input, footer, readOptions(), stream);
    } catch (IOException | RuntimeException e) {
      try {
        stream.close();
      } catch (IOException ignored) {
        // The original failure is the one worth reporting.
      }
      String problem = FooterProblems.of(input);
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name),
          "invalid Parquet footer: "
              + (problem != null ? problem : FooterProblems.unrecognised(input, e)),
          e);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
