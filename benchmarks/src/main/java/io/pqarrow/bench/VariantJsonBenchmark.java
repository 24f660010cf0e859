package io.pqarrow.bench;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.variant.ValidationOptions;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantValidator;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JSON ↔ Variant and full validation of a column of event-shaped JSON documents (a seeded batch:
 * ints, exact decimals, doubles beyond decimal range, strings with escapes and non-ASCII, a nested
 * object, arrays of strings and of objects, booleans, nulls), each beside baselines in the same
 * run:
 *
 * <ul>
 *   <li>JSON → Variant: {@link #jsonToVariant} ({@link JsonColumns#toVariant}, one shared metadata)
 *       against parquet-java 1.18.1's {@code VariantJsonParser.parseJson} ({@link
 *       #parquetJavaJsonToVariant}) and Spark 4.2's {@code VariantBuilder.parseJson} ({@link
 *       #sparkJsonToVariant}), each of a parser (its own Jackson) over the row's UTF-8 bytes,
 *       copying its value and metadata into Binary vectors (one metadata per row: their APIs build
 *       one value at a time).
 *   <li>Variant → JSON: {@link #variantToJson} ({@link JsonColumns#toJson}) against Spark's {@code
 *       Variant.toJson} of the same bytes, encoded to UTF-8 into a {@code Utf8} vector ({@link
 *       #sparkVariantToJson}). parquet-java 1.18.1 has no Variant → JSON writer.
 *   <li>Validation: {@link #validateFull} ({@link VariantValidator}, {@code FULL} mode) of every
 *       row of the column against Spark's {@code VariantUtil.isValidVariant} ({@link
 *       #sparkValidate}, over per-row copies made in setup) and a plain walk of every value with
 *       parquet-java's {@code Variant} API ({@link #parquetJavaWalk}; parquet-java has no
 *       validator).
 * </ul>
 *
 * Throughput: {@link #jsonBytes} (JSON → Variant), {@link #jsonOutBytes} (Variant → JSON, what this
 * library writes) and {@link #variantBytes} (validation: value plus the shared metadata once per
 * row, as {@code ValidateCpu} counts) divided by the time per operation; {@link #main} prints them.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar VariantJsonBenchmark -f 1 -wi 3 -i 5}.
 */
public class VariantJsonBenchmark extends BenchmarkDefaults {
  /** Rows in the batch. */
  @Param({"200000"})
  public int rows;

  private static final String[] EVENTS = {"view", "click", "add_to_cart", "purchase", "refund"};
  private static final String[] COUNTRIES = {"US", "FR", "DE", "JP", "BR", "IN"};
  private static final String[] NOTES = {
    "plain note",
    "said \"hello\" twice",
    "path C:\\tmp\\x",
    "line one\nline two\ttabbed",
    "café crème, naïve — ✓",
    "emoji 😀 and \\u escapes \u0001"
  };

  BufferAllocator allocator;
  VarCharVector json;
  VariantVector variants;

  /** JSON text bytes of the input. */
  long jsonBytes;

  /** Variant value bytes of the column plus its metadata bytes once per row. */
  long variantBytes;

  /** JSON text bytes {@link #variantToJson} writes. */
  long jsonOutBytes;

  /** Per-row copies for the baselines whose APIs take whole arrays (made in setup, not timed). */
  byte[][] rowValues;

  byte[] metadata;

  /** The seeded documents. */
  static String[] documents(int rows) {
    Random r = new Random(20261126L);
    String[] docs = new String[rows];
    StringBuilder sb = new StringBuilder(512);
    for (int i = 0; i < rows; i++) {
      sb.setLength(0);
      int user = r.nextInt(100_000);
      sb.append("{\"id\":")
          .append(1_000_000_000_000L + i)
          .append(",\"event\":\"")
          .append(EVENTS[r.nextInt(EVENTS.length)])
          .append("\",\"ts\":\"2025-0")
          .append(1 + r.nextInt(9))
          .append("-1")
          .append(r.nextInt(10))
          .append("T10:")
          .append(10 + r.nextInt(50))
          .append(":00Z\",\"user\":{\"name\":\"user ")
          .append(user)
          .append("\",\"email\":\"u")
          .append(user)
          .append("@example.com\",\"country\":\"")
          .append(COUNTRIES[r.nextInt(COUNTRIES.length)])
          .append("\",\"age\":")
          .append(18 + r.nextInt(60))
          .append("},\"qty\":")
          .append(r.nextInt(1000))
          .append(",\"amount\":")
          .append(r.nextInt(1_000_000) / 100.0)
          .append(",\"score\":")
          .append(r.nextDouble())
          .append(",\"tiny\":")
          .append(r.nextDouble() * 1e-45 + 1e-44)
          .append(",\"tags\":[");
      int tags = r.nextInt(4);
      for (int k = 0; k < tags; k++) {
        sb.append(k == 0 ? "\"" : ",\"").append("tag").append(r.nextInt(30)).append('"');
      }
      sb.append("],\"items\":[");
      int items = r.nextInt(4);
      for (int k = 0; k < items; k++) {
        sb.append(k == 0 ? "" : ",")
            .append("{\"sku\":\"S-")
            .append(r.nextInt(5000))
            .append("\",\"price\":")
            .append(r.nextInt(100_000) / 100.0)
            .append(",\"n\":")
            .append(1 + r.nextInt(5))
            .append('}');
      }
      String note = NOTES[r.nextInt(NOTES.length)];
      sb.append("],\"note\":\"")
          .append(escape(note))
          .append("\",\"ok\":")
          .append(r.nextBoolean())
          .append(",\"ref\":null}");
      docs[i] = sb.toString();
    }
    return docs;
  }

  /** The JSON string body of {@code s}. */
  private static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  /** Builds the JSON column, its Variant column and the baselines' per-row copies. */
  @Setup(Level.Trial)
  public void setup() {
    ExtensionTypes.register();
    allocator = new RootAllocator();
    json = new VarCharVector("json", allocator);
    json.allocateNew(rows);
    jsonBytes = 0;
    String[] docs = documents(rows);
    for (int i = 0; i < rows; i++) {
      byte[] b = docs[i].getBytes(StandardCharsets.UTF_8);
      json.setSafe(i, b);
      jsonBytes += b.length;
    }
    json.setValueCount(rows);
    variants = JsonColumns.toVariant(json, "v", JsonOptions.defaults(), allocator);
    VarBinaryVector m = (VarBinaryVector) variants.metadataVector();
    VarBinaryVector v = (VarBinaryVector) variants.valueVector();
    metadata = m.get(0);
    rowValues = new byte[rows][];
    variantBytes = 0;
    for (int i = 0; i < rows; i++) {
      rowValues[i] = v.get(i);
      variantBytes += rowValues[i].length + (long) m.getValueLength(i);
    }
    try (FieldVector out =
        JsonColumns.toJson(
            variants, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), allocator)) {
      jsonOutBytes = ((VarCharVector) out).getOffsetBuffer().getInt(4L * rows);
    }
  }

  /** Frees the columns. */
  @TearDown(Level.Trial)
  public void tearDown() {
    variants.close();
    json.close();
    allocator.close();
  }

  // ---- JSON -> Variant ----

  /** This library: the whole column, one shared metadata. */
  @Benchmark
  public long jsonToVariant() {
    try (VariantVector out = JsonColumns.toVariant(json, "v", JsonOptions.defaults(), allocator)) {
      return out.valueVector().getBufferSize();
    }
  }

  private static final shaded.parquet.com.fasterxml.jackson.core.JsonFactory PARQUET_JSON =
      new shaded.parquet.com.fasterxml.jackson.core.JsonFactory();
  private static final com.fasterxml.jackson.core.JsonFactory SPARK_JSON =
      new com.fasterxml.jackson.core.JsonFactory();

  /** One baseline's parse of one row's UTF-8 text into its metadata and value slots. */
  private interface RowParser {
    void parse(byte[] text, int row, VarBinaryVector metadata, VarBinaryVector values)
        throws IOException;
  }

  /** Parses every row with {@code parser} into Binary vectors; returns the value bytes. */
  private long perRow(RowParser parser) {
    try (VarBinaryVector meta = new VarBinaryVector("metadata", allocator);
        VarBinaryVector values = new VarBinaryVector("value", allocator)) {
      meta.allocateNew(rows);
      values.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        parser.parse(json.get(i), i, meta, values);
      }
      meta.setValueCount(rows);
      values.setValueCount(rows);
      return values.getBufferSize();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Baseline: parquet-java's {@code VariantJsonParser}, one value and metadata per row. */
  @Benchmark
  public long parquetJavaJsonToVariant() {
    return perRow(
        (text, i, meta, values) -> {
          try (shaded.parquet.com.fasterxml.jackson.core.JsonParser p =
              PARQUET_JSON.createParser(text)) {
            p.nextToken();
            org.apache.parquet.variant.Variant v =
                org.apache.parquet.variant.VariantJsonParser.parseJson(p);
            ByteBuffer mb = v.getMetadataBuffer();
            ByteBuffer vb = v.getValueBuffer();
            meta.setSafe(i, mb, mb.position(), mb.remaining());
            values.setSafe(i, vb, vb.position(), vb.remaining());
          }
        });
  }

  /** Baseline: Spark's {@code VariantBuilder.parseJson}, one value and metadata per row. */
  @Benchmark
  public long sparkJsonToVariant() {
    return perRow(
        (text, i, meta, values) -> {
          try (com.fasterxml.jackson.core.JsonParser p = SPARK_JSON.createParser(text)) {
            p.nextToken();
            org.apache.spark.types.variant.Variant v =
                org.apache.spark.types.variant.VariantBuilder.parseJson(p, false);
            meta.setSafe(i, v.getMetadata());
            values.setSafe(i, v.getValue());
          }
        });
  }

  // ---- Variant -> JSON ----

  /** This library: the whole column into a {@code Utf8} vector. */
  @Benchmark
  public long variantToJson() {
    try (FieldVector out =
        JsonColumns.toJson(
            variants, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), allocator)) {
      return ((VarCharVector) out).getOffsetBuffer().getInt(4L * rows);
    }
  }

  /** Baseline: Spark's {@code Variant.toJson} of each row, as UTF-8 into a {@code Utf8} vector. */
  @Benchmark
  public long sparkVariantToJson() {
    try (VarCharVector out = new VarCharVector("j", allocator)) {
      out.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        String text =
            new org.apache.spark.types.variant.Variant(rowValues[i], metadata)
                .toJson(ZoneOffset.UTC);
        out.setSafe(i, text.getBytes(StandardCharsets.UTF_8));
      }
      out.setValueCount(rows);
      return out.getOffsetBuffer().getInt(4L * rows);
    }
  }

  // ---- validation ----

  /** This library: {@code FULL} validation of every row of the column; returns the rows checked. */
  @Benchmark
  public long validateFull() {
    VariantValidator validator = new VariantValidator(ValidationOptions.defaults());
    VarBinaryVector v = (VarBinaryVector) variants.valueVector();
    ByteBuffer vb = v.getDataBuffer().nioBuffer(0, (int) v.getDataBuffer().capacity());
    VariantColumnReader col = VariantColumnReader.of(variants);
    long n = 0;
    for (int i = 0; i < rows; i++) {
      VariantMetadata md = col.metadata(i);
      int start = v.getStartOffset(i);
      validator.validate(md, vb, start, v.getEndOffset(i) - start, i);
      n++;
    }
    return n;
  }

  /** Baseline: Spark's {@code VariantUtil.isValidVariant} of each row; returns the valid rows. */
  @Benchmark
  public long sparkValidate() {
    long n = 0;
    for (int i = 0; i < rows; i++) {
      if (org.apache.spark.types.variant.VariantUtil.isValidVariant(rowValues[i], metadata)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Baseline: a plain walk of every value with parquet-java's {@code Variant} (type of each value,
   * each field and element visited; no checks beyond what the reader does).
   */
  @Benchmark
  public long parquetJavaWalk() {
    ByteBuffer mb = ByteBuffer.wrap(metadata);
    long n = 0;
    for (int i = 0; i < rows; i++) {
      n += walk(new org.apache.parquet.variant.Variant(ByteBuffer.wrap(rowValues[i]), mb));
    }
    return n;
  }

  private static long walk(org.apache.parquet.variant.Variant v) {
    switch (v.getType()) {
      case OBJECT -> {
        long n = 1;
        for (int k = 0, c = v.numObjectElements(); k < c; k++) {
          n += walk(v.getFieldAtIndex(k).value);
        }
        return n;
      }
      case ARRAY -> {
        long n = 1;
        for (int k = 0, c = v.numArrayElements(); k < c; k++) {
          n += walk(v.getElementAtIndex(k));
        }
        return n;
      }
      default -> {
        return 1;
      }
    }
  }

  /** Prints the byte counts that turn the times into MB/s. */
  public static void main(String[] args) {
    VariantJsonBenchmark b = new VariantJsonBenchmark();
    b.rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
    b.setup();
    try {
      System.out.printf(
          "rows %d: JSON in %d bytes, JSON out %d bytes, Variant %d bytes (metadata %d)%n",
          b.rows, b.jsonBytes, b.jsonOutBytes, b.variantBytes, b.metadata.length);
    } finally {
      b.tearDown();
    }
  }
}
