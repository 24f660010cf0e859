package io.pqarrow.flight;

import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.SchemaAccumulator;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.parquet.read.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The typed schema of {@code "variant": "decode"}: each top-level Variant column of a read decoded
 * into the Arrow type {@code bridge export --variant decode} infers from every row the read keeps.
 * {@code GetFlightInfo} infers it once ({@link #infer}, a pass over the Variant columns only, with
 * the request's filter) and puts it in every endpoint's ticket under {@code "decoded"} ({@link
 * #encode}: an Arrow IPC schema message, deflated, base64), so every {@code DoGet} decodes to the
 * schema the client was given, whichever endpoint it fetches. {@code DoGet} checks it again ({@link
 * #parse}): one field for each top-level Variant column of the read, named as that column, nothing
 * else; the decode kernel refuses a type it cannot decode into.
 */
final class DecodedColumns {
  /** The most bytes a ticket's schema message may inflate to (a schema of about 100,000 fields). */
  private static final int MAX_SCHEMA_BYTES = 16 << 20;

  private DecodedColumns() {}

  /** The names of the top-level Variant columns of {@code read}, in schema order. */
  static List<String> variantColumns(Schema read) {
    List<String> out = new ArrayList<>();
    for (Field f : read.getFields()) {
      if (VariantOutput.isVariant(f)) {
        out.add(f.getName());
      }
    }
    return out;
  }

  /**
   * The inferred field of each of {@code columns} (top-level Variant columns), by name, from every
   * row of {@code ds} that {@code options}' filter keeps.
   */
  static Map<String, Field> infer(
      Dataset ds, ReadOptions options, List<String> columns, BufferAllocator allocator) {
    Map<String, SchemaAccumulator> seen = new LinkedHashMap<>();
    for (String c : columns) {
      seen.put(c, VariantKernels.inferSchemaAccumulator(InferOptions.defaults()));
    }
    if (!columns.isEmpty()) {
      ReadOptions.Builder b = ReadOptions.builder().batchRows(options.batchRows()).columns(columns);
      options.filter().ifPresent(b::filter);
      try (DatasetScan scan = ds.newScan(allocator, b.build(), DatasetScanOptions.defaults())) {
        VectorSchemaRoot root = scan.getVectorSchemaRoot();
        while (scan.loadNextBatch()) {
          for (Map.Entry<String, SchemaAccumulator> e : seen.entrySet()) {
            e.getValue().add((VariantVector) root.getVector(e.getKey()), e.getKey());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Map<String, Field> out = new LinkedHashMap<>();
    seen.forEach((c, a) -> out.put(c, a.toField(c)));
    return out;
  }

  /**
   * {@code decoded}'s fields as a ticket carries them: the schema message deflated, then base64.
   * Deflating matters for wide documents: the message repeats the same flatbuffer shapes for every
   * field, and a Variant column whose objects hold thousands of keys would otherwise make tickets
   * over {@link FlightLimits#maxRequestBytes()}.
   */
  static String encode(Map<String, Field> decoded) {
    byte[] message = new Schema(List.copyOf(decoded.values())).serializeAsMessage();
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    ByteArrayOutputStream out = new ByteArrayOutputStream(message.length / 4 + 64);
    try {
      deflater.setInput(message);
      deflater.finish();
      byte[] chunk = new byte[8192];
      while (!deflater.finished()) {
        out.write(chunk, 0, deflater.deflate(chunk));
      }
    } finally {
      deflater.end();
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }

  /**
   * The fields a ticket's {@code "decoded"} holds, by name, checked against {@code read} (the
   * schema the ticket's read gives before decoding).
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException INVALID_ARGUMENT when the text is not a
   *     schema, or its fields are not exactly the read's top-level Variant columns
   */
  static Map<String, Field> parse(String text, Schema read) {
    if (text == null) {
      throw Requests.invalid("a ticket of 'variant': decode carries its 'decoded' schema");
    }
    Schema schema;
    try {
      schema =
          Schema.deserializeMessage(ByteBuffer.wrap(inflate(Base64.getDecoder().decode(text))));
    } catch (RuntimeException | DataFormatException e) {
      throw Requests.invalid("the ticket's 'decoded' is not an Arrow schema");
    }
    Map<String, Field> out = new LinkedHashMap<>();
    for (Field f : schema.getFields()) {
      out.put(f.getName(), f);
    }
    if (out.size() != schema.getFields().size()
        || !List.copyOf(out.keySet()).equals(variantColumns(read))) {
      throw Requests.invalid(
          "the ticket's 'decoded' schema does not name the read's Variant columns "
              + variantColumns(read));
    }
    return out;
  }

  /**
   * {@code bytes} inflated, at most {@link #MAX_SCHEMA_BYTES} of them: a forged ticket cannot make
   * the server inflate more.
   */
  private static byte[] inflate(byte[] bytes) throws DataFormatException {
    Inflater inflater = new Inflater();
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length * 4);
    try {
      inflater.setInput(bytes);
      byte[] chunk = new byte[8192];
      while (!inflater.finished()) {
        int n = inflater.inflate(chunk);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          throw new DataFormatException("truncated");
        }
        out.write(chunk, 0, n);
        if (out.size() > MAX_SCHEMA_BYTES) {
          throw new DataFormatException("over " + MAX_SCHEMA_BYTES + " bytes");
        }
      }
      return out.toByteArray();
    } finally {
      inflater.end();
    }
  }

  /**
   * Fields in {@code decoded}, nested ones included: what makes a ticket wide.
   *
   * @param decoded the decoded fields
   * @return how many fields they hold, themselves included
   */
  static int fieldCount(Map<String, Field> decoded) {
    int n = 0;
    List<Field> todo = new ArrayList<>(decoded.values());
    while (!todo.isEmpty()) {
      Field f = todo.remove(todo.size() - 1);
      n++;
      todo.addAll(f.getChildren());
    }
    return n;
  }
}
