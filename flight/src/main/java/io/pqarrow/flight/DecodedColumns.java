package io.pqarrow.flight;

import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.SchemaAccumulator;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.parquet.read.ReadOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The typed schema of {@code "variant": "decode"}: each top-level Variant column of a read decoded
 * into the Arrow type {@code bridge export --variant decode} infers from every row the read keeps.
 * {@code GetFlightInfo} infers it once ({@link #infer}, a pass over the Variant columns only, with
 * the request's filter) and puts it in every endpoint's ticket under {@code "decoded"} ({@link
 * #encode}: an Arrow IPC schema message, base64), so every {@code DoGet} decodes to the schema the
 * client was given, whichever endpoint it fetches. {@code DoGet} checks it again ({@link #parse}):
 * one field for each top-level Variant column of the read, named as that column, nothing else; the
 * decode kernel refuses a type it cannot decode into.
 */
final class DecodedColumns {
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

  /** {@code decoded}'s fields as a ticket carries them. */
  static String encode(Map<String, Field> decoded) {
    byte[] message = new Schema(List.copyOf(decoded.values())).serializeAsMessage();
    return Base64.getEncoder().encodeToString(message);
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
      schema = Schema.deserializeMessage(ByteBuffer.wrap(Base64.getDecoder().decode(text)));
    } catch (RuntimeException e) {
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
}
