package io.pqarrow.cli.command;

import io.pqarrow.BridgeException;
import io.pqarrow.cli.output.ParquetCompression;
import io.pqarrow.cli.output.WriterColumns;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.SchemaMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.apache.parquet.schema.MessageType;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code import}'s Parquet writer flags ({@code --compression}, {@code --row-group-rows}, {@code
 * --page-bytes}, {@code --no-dictionary}, {@code --encoding}, {@code --bloom-filter}, {@code
 * --page-index}, {@code --statistics}, {@code --compression-level}), a picocli mixin, and the
 * {@link WriteOptions} they make: {@link #writeOptions()} before the input is opened, so that a
 * malformed value is reported first, then {@link #withColumns} once the schema is known, for the
 * flags that name a column.
 */
final class ParquetWriterFlags {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--compression",
      paramLabel = "none|snappy|gzip|zstd|lz4",
      description = "Parquet column compression (lz4 is LZ4_RAW). Default: snappy, as pyarrow.")
  ParquetCompression compression = ParquetCompression.SNAPPY;

  @Option(
      names = "--row-group-rows",
      paramLabel = "N",
      description = "Most rows in one row group. Default: 1048576.")
  long rowGroupRows = WriteOptions.defaults().rowGroupRows();

  @Option(
      names = "--page-bytes",
      paramLabel = "N",
      description = "Target size of a data page in bytes. Default: 1048576.")
  int pageBytes = WriteOptions.defaults().pageBytes();

  @Option(
      names = "--no-dictionary",
      description =
          "Write no column dictionary-encoded unless --encoding asks (default: every"
              + " column but booleans, falling back to plain past 1 MiB of dictionary).")
  boolean noDictionary;

  @Option(
      names = "--encoding",
      paramLabel = "COL=ENC",
      description = {
        "Encoding of column COL (a dotted path; a group's sets every leaf below it): plain,",
        "dictionary, delta_binary_packed, delta_length_byte_array, delta_byte_array or",
        "byte_stream_split. One that does not fit the column's type is a usage error. Repeatable."
      })
  Map<String, WriteOptions.Encoding> encodings;

  @Option(
      names = "--bloom-filter",
      paramLabel = "COL[:FPP]",
      description =
          "Write a bloom filter for column COL, with false-positive probability FPP (default"
              + " 0.01), sized for a row group's rows. Repeatable.")
  List<String> bloomFilters;

  @Option(
      names = "--page-index",
      description =
          "Write the page index: the offset index, and the column index (per-page min/max) unless"
              + " --statistics is none or chunk.")
  boolean pageIndex;

  @Option(
      names = "--statistics",
      paramLabel = "none|chunk|page",
      description =
          "Column statistics: none, per column chunk, or per chunk and page (pages' in the column"
              + " index, with --page-index). Default: page.")
  WriteOptions.Statistics statistics = WriteOptions.Statistics.PAGE;

  @Option(
      names = "--compression-level",
      paramLabel = "N",
      description = "Codec level: zstd -131072 to 22, gzip 0 to 9; other codecs have none.")
  Integer compressionLevel;

  /** {@code --bloom-filter}'s columns, as written, and their filters. */
  private final Map<String, WriteOptions.BloomFilter> bloomSpecs = new LinkedHashMap<>();

  /** The writer's options from the flags; a malformed one is a usage error. */
  WriteOptions writeOptions() {
    WriteOptions.Builder b =
        WriteOptions.builder()
            .compression(compression.codec)
            .dictionary(!noDictionary)
            .statistics(statistics)
            .pageIndex(pageIndex)
            // Fields are encoded on the machine's cores; the file is the one a thread writes.
            .threads(Runtime.getRuntime().availableProcessors());
    try {
      b.rowGroupRows(rowGroupRows).pageBytes(pageBytes);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (compressionLevel != null) {
      String refusal = compression.codec.levelRefusal(compressionLevel);
      if (refusal != null) {
        throw new ParameterException(spec.commandLine(), refusal);
      }
      b.compressionLevel(compressionLevel);
    }
    bloomSpecs.clear();
    if (bloomFilters != null) {
      for (String filter : bloomFilters) {
        int colon = filter.lastIndexOf(':');
        String column = colon < 0 ? filter : filter.substring(0, colon);
        double fpp = 0.01;
        if (colon >= 0) {
          try {
            fpp = Double.parseDouble(filter.substring(colon + 1));
          } catch (NumberFormatException e) {
            throw new ParameterException(
                spec.commandLine(), "--bloom-filter " + filter + ": FPP is not a number");
          }
        }
        try {
          bloomSpecs.put(column, new WriteOptions.BloomFilter(fpp, 0));
        } catch (IllegalArgumentException e) {
          throw new ParameterException(
              spec.commandLine(), "--bloom-filter " + filter + ": " + e.getMessage());
        }
      }
    }
    return b.build();
  }

  /**
   * {@code options} with the columns of {@code --encoding} and {@code --bloom-filter}, named as
   * {@code --columns} names them in {@code root}'s schema (of input {@code in}, for messages), as
   * the writer's keys ({@link WriterColumns}): an unknown column, or one whose type the option
   * cannot take, is a usage error worded as for every other flag.
   */
  WriteOptions withColumns(
      WriteOptions options, VectorSchemaRoot root, DictionaryProvider dictionaries, Path in) {
    if ((encodings == null || encodings.isEmpty()) && bloomSpecs.isEmpty()) {
      return options;
    }
    // the Parquet schema as the writer makes it: a dictionary-encoded field by its values' type
    Schema schema = root.getSchema();
    List<Field> fields = new ArrayList<>();
    MessageType parquet;
    try {
      for (Field f : schema.getFields()) {
        fields.add(
            dictionaries == null || !DictionaryUtility.needConvertToMessageFormat(f)
                ? f
                : DictionaryUtility.toMessageFormat(f, dictionaries, new HashSet<>()));
      }
      parquet =
          SchemaMapper.toParquet(new Schema(fields, schema.getCustomMetadata()), options.mapping())
              .parquetSchema();
    } catch (BridgeException | IllegalArgumentException e) {
      return options; // the writer reports what it cannot map
    }
    WriterColumns columns = new WriterColumns(schema, parquet, in);
    WriteOptions.Builder b = options.toBuilder();
    if (encodings != null) {
      encodings.forEach(
          (column, encoding) -> b.columnEncoding(columns.encoding(column, encoding), encoding));
    }
    bloomSpecs.forEach((column, filter) -> b.bloomFilter(columns.bloomFilter(column), filter));
    return b.build();
  }
}
