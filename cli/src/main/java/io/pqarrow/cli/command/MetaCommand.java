package io.pqarrow.cli.command;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.pqarrow.BridgeException;
import io.pqarrow.Limits;
import io.pqarrow.cli.common.ArrowFree;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.cli.input.DatasetInput;
import io.pqarrow.cli.output.StatisticsJson;
import io.pqarrow.parquet.read.ParquetSource;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bridge meta FILE.parquet [--json]}: the footer of a Parquet file — row groups and, per
 * column chunk, its types, encodings, codec, sizes, statistics, dictionary page, page index and
 * bloom filter.
 *
 * <p>{@code --json} prints one document:
 *
 * <pre>
 * {"rows": N, "created_by": "…", "row_groups": [{"rows": N, "bytes": N, "uncompressed_bytes": N,
 *   "offset": N, "columns": [{"path": "a.b", "physical_type": "INT64", "logical_type": "…"|null,
 *   "encodings": [...], "codec": "SNAPPY", "compressed_bytes": N, "uncompressed_bytes": N,
 *   "values": N, "statistics": {"min": …, "max": …, "null_count": N}|null,
 *   "has_dictionary_page": bool, "dictionary_page_offset": N|null, "data_page_offset": N,
 *   "column_index": {"offset": N, "length": N}|null, "offset_index": {…}|null,
 *   "bloom_filter": {"offset": N, "length": N|null}|null}]}]}
 * </pre>
 *
 * A row group's {@code bytes} are its column chunks' compressed bytes, {@code offset} the byte
 * where its first chunk starts (with {@code bytes}, what {@code export --split} decides by); {@code
 * uncompressed_bytes} is the footer's {@code total_byte_size}. Physical types are the format's
 * names ({@code BYTE_ARRAY}); encodings are sorted. Statistics {@code min} and {@code max} are JSON
 * values of the column's type ({@link StatisticsJson}); absent when the footer has none (or
 * parquet-java distrusts them, as for old writers' string statistics), as is {@code null_count}.
 */
@Command(
    name = "meta",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Print a Parquet file's footer: row groups, column chunks, statistics, indexes.")
public final class MetaCommand implements Callable<Integer>, ArrowFree {
  private final CliContext context;

  @Mixin VerboseOption verbose;

  @Parameters(
      index = "0",
      paramLabel = "FILE.parquet",
      description = "The Parquet file, or a directory or (quoted) glob of them.")
  Path file;

  @Option(names = "--json", description = "Print one JSON document (see the README).")
  boolean json;

  @Mixin DatasetFlags datasetFlags;

  public MetaCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (DatasetInput.isDataset(file)) {
      return dataset(DatasetInput.open(file, datasetFlags.partitioning, datasetFlags.schemaFrom));
    }
    ParquetSource footer;
    try {
      footer = ParquetSource.open(file, Limits.defaults());
      footer.rowGroups(); // every chunk converted here, so that a damaged one is reported here
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
    if (json) {
      context.out().println(json(footer));
    } else {
      print(footer);
    }
    return ExitCode.OK;
  }

  /**
   * A dataset's footers: with {@code --json} {@code {"rows": N, "files": [{"path": …, "rows": N,
   * "row_groups": [… as for one file …]}]}}, else each file's text under a {@code file <path>}
   * line, after the totals.
   */
  private int dataset(io.pqarrow.dataset.Dataset dataset) {
    List<ParquetSource> footers = new ArrayList<>();
    try {
      dataset.rowCount(); // every footer, read in parallel (the schema needed only their schemas)
    } catch (BridgeException e) {
      // the loop below reads that file again and reports the first file in order that fails
    }
    long rows = 0;
    for (int i = 0; i < dataset.files().size(); i++) {
      try {
        ParquetSource source = dataset.source(i);
        source.rowGroups();
        footers.add(source);
      } catch (BridgeException e) {
        throw DatasetInput.reword(file, e);
      }
      rows += rows(footers.get(i));
    }
    if (json) {
      StringWriter text = new StringWriter();
      try (JsonGenerator g = new JsonFactory().createGenerator(text)) {
        g.writeStartObject();
        g.writeNumberField("rows", rows);
        g.writeArrayFieldStart("files");
        for (int i = 0; i < footers.size(); i++) {
          g.writeStartObject();
          g.writeStringField("path", dataset.files().get(i).path());
          g.writeNumberField("rows", rows(footers.get(i)));
          rowGroups(g, footers.get(i));
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      context.out().println(text);
    } else {
      context.out().println("rows: " + rows);
      context.out().println("files: " + footers.size());
      for (int i = 0; i < footers.size(); i++) {
        context.out().println("file " + dataset.files().get(i).path());
        print(footers.get(i));
      }
    }
    return ExitCode.OK;
  }

  /** The footer as one JSON document. */
  static String json(ParquetSource footer) {
    StringWriter text = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(text)) {
      g.writeStartObject();
      g.writeNumberField("rows", rows(footer));
      g.writeStringField("created_by", footer.createdBy());
      rowGroups(g, footer);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** {@code "row_groups": [...]}, a field of the object {@code g} is in. */
  private static void rowGroups(JsonGenerator g, ParquetSource footer) throws IOException {
    g.writeArrayFieldStart("row_groups");
    for (BlockMetaData block : footer.rowGroups()) {
      g.writeStartObject();
      g.writeNumberField("rows", block.getRowCount());
      g.writeNumberField("bytes", block.getCompressedSize());
      g.writeNumberField("uncompressed_bytes", block.getTotalByteSize());
      g.writeNumberField("offset", block.getStartingPos());
      g.writeArrayFieldStart("columns");
      for (ColumnChunkMetaData c : block.getColumns()) {
        column(g, c);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void column(JsonGenerator g, ColumnChunkMetaData c) throws IOException {
    g.writeStartObject();
    g.writeStringField("path", c.getPath().toDotString());
    g.writeStringField("physical_type", physicalType(c.getPrimitiveType()));
    LogicalTypeAnnotation logical = c.getPrimitiveType().getLogicalTypeAnnotation();
    g.writeStringField("logical_type", logical == null ? null : logical.toString());
    g.writeArrayFieldStart("encodings");
    for (String e : encodings(c)) {
      g.writeString(e);
    }
    g.writeEndArray();
    g.writeStringField("codec", c.getCodec().name());
    g.writeNumberField("compressed_bytes", c.getTotalSize());
    g.writeNumberField("uncompressed_bytes", c.getTotalUncompressedSize());
    g.writeNumberField("values", c.getValueCount());
    Statistics<?> stats = c.getStatistics();
    if (stats == null || (stats.isEmpty() && !stats.isNumNullsSet())) {
      g.writeNullField("statistics");
    } else {
      g.writeObjectFieldStart("statistics");
      if (stats.hasNonNullValue()) {
        g.writeFieldName("min");
        StatisticsJson.write(g, c.getPrimitiveType(), stats.getMinBytes());
        g.writeFieldName("max");
        StatisticsJson.write(g, c.getPrimitiveType(), stats.getMaxBytes());
      }
      if (stats.isNumNullsSet()) {
        g.writeNumberField("null_count", stats.getNumNulls());
      }
      g.writeEndObject();
    }
    g.writeBooleanField("has_dictionary_page", hasDictionaryPage(c));
    if (hasDictionaryPage(c)) {
      g.writeNumberField("dictionary_page_offset", c.getDictionaryPageOffset());
    } else {
      g.writeNullField("dictionary_page_offset");
    }
    g.writeNumberField("data_page_offset", c.getFirstDataPageOffset());
    index(g, "column_index", c.getColumnIndexReference());
    index(g, "offset_index", c.getOffsetIndexReference());
    if (c.getBloomFilterOffset() >= 0) {
      g.writeObjectFieldStart("bloom_filter");
      g.writeNumberField("offset", c.getBloomFilterOffset());
      if (c.getBloomFilterLength() >= 0) {
        g.writeNumberField("length", c.getBloomFilterLength());
      } else {
        g.writeNullField("length");
      }
      g.writeEndObject();
    } else {
      g.writeNullField("bloom_filter");
    }
    g.writeEndObject();
  }

  private static void index(JsonGenerator g, String name, IndexReference ref) throws IOException {
    if (ref == null) {
      g.writeNullField(name);
      return;
    }
    g.writeObjectFieldStart(name);
    g.writeNumberField("offset", ref.getOffset());
    g.writeNumberField("length", ref.getLength());
    g.writeEndObject();
  }

  /** The footer for a person: one line per row group, one per column chunk under it. */
  private void print(ParquetSource footer) {
    var out = context.out();
    out.println("rows: " + rows(footer));
    out.println("created by: " + footer.createdBy());
    out.println("row groups: " + footer.rowGroups().size());
    int index = 0;
    for (BlockMetaData block : footer.rowGroups()) {
      out.println(
          "row group "
              + index++
              + ": "
              + block.getRowCount()
              + " rows, "
              + block.getCompressedSize()
              + " bytes ("
              + block.getTotalByteSize()
              + " uncompressed) at byte "
              + block.getStartingPos());
      for (ColumnChunkMetaData c : block.getColumns()) {
        out.println("  " + describe(c));
      }
    }
  }

  private static String describe(ColumnChunkMetaData c) {
    StringBuilder b = new StringBuilder();
    b.append(c.getPath().toDotString()).append(": ").append(physicalType(c.getPrimitiveType()));
    LogicalTypeAnnotation logical = c.getPrimitiveType().getLogicalTypeAnnotation();
    if (logical != null) {
      b.append(' ').append(logical);
    }
    b.append(", ").append(c.getCodec().name());
    b.append(", ").append(String.join("/", encodings(c)));
    b.append(", ")
        .append(c.getTotalSize())
        .append(" bytes (")
        .append(c.getTotalUncompressedSize())
        .append(" uncompressed)");
    Statistics<?> stats = c.getStatistics();
    if (stats != null && stats.hasNonNullValue()) {
      b.append(", min ")
          .append(StatisticsJson.text(c.getPrimitiveType(), stats.getMinBytes()))
          .append(", max ")
          .append(StatisticsJson.text(c.getPrimitiveType(), stats.getMaxBytes()));
    }
    if (stats != null && stats.isNumNullsSet()) {
      b.append(", nulls ").append(stats.getNumNulls());
    }
    List<String> has = new ArrayList<>();
    if (hasDictionaryPage(c)) {
      has.add("dictionary page");
    }
    if (c.getColumnIndexReference() != null) {
      has.add("column index");
    }
    if (c.getOffsetIndexReference() != null) {
      has.add("offset index");
    }
    if (c.getBloomFilterOffset() >= 0) {
      has.add("bloom filter");
    }
    if (!has.isEmpty()) {
      b.append(", ").append(String.join(", ", has));
    }
    return b.toString();
  }

  /** Whether the footer gives the chunk a dictionary page offset (as pyarrow and Arrow C++ say). */
  private static boolean hasDictionaryPage(ColumnChunkMetaData c) {
    return c.getDictionaryPageOffset() > 0;
  }

  private static List<String> encodings(ColumnChunkMetaData c) {
    TreeSet<String> names = new TreeSet<>();
    for (Encoding e : c.getEncodings()) {
      names.add(e.name());
    }
    return List.copyOf(names);
  }

  /** The format's name of the physical type ({@code BYTE_ARRAY}, not parquet-java's BINARY). */
  private static String physicalType(PrimitiveType type) {
    return switch (type.getPrimitiveTypeName()) {
      case BINARY -> "BYTE_ARRAY";
      default -> type.getPrimitiveTypeName().name();
    };
  }

  private static long rows(ParquetSource footer) {
    long rows = 0;
    for (BlockMetaData block : footer.rowGroups()) {
      rows += block.getRowCount();
    }
    return rows;
  }
}
