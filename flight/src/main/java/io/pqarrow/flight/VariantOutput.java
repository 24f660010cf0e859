package io.pqarrow.flight;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.CastMode;
import io.pqarrow.kernel.DecodeOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a read does with the top-level Variant columns ({@code "variant"} of a request), as {@code
 * bridge export --variant} does: {@code keep} sends them as read (shredded or not), {@code unshred}
 * as plain {@code metadata} + {@code value}, {@code json} as {@code arrow.json} text, {@code
 * decode} as typed vectors of the schema inferred from every row the read keeps ({@link
 * DecodedColumns}). Other columns pass through.
 */
enum VariantOutput {
  KEEP,
  UNSHRED,
  JSON,
  DECODE;

  /** The mode named {@code name} (null: keep). */
  static VariantOutput of(String name) {
    if (name == null) {
      return KEEP;
    }
    switch (name.toLowerCase(Locale.ROOT)) {
      case "keep":
        return KEEP;
      case "unshred":
        return UNSHRED;
      case "json":
        return JSON;
      case "decode":
        return DECODE;
      default:
        throw Requests.invalid(
            "'variant' must be keep, unshred, json or decode, not '" + name + "'");
    }
  }

  /** The name a request gives. */
  String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The schema a client receives for batches of {@code read}; {@code decoded} holds each Variant
   * column's inferred field for {@code decode} (empty for the other modes).
   */
  Schema schema(Schema read, Map<String, Field> decoded) {
    if (this == KEEP) {
      return read;
    }
    List<Field> out = new ArrayList<>();
    for (Field f : read.getFields()) {
      out.add(isVariant(f) ? replaced(f, decoded) : f);
    }
    return new Schema(out, read.getCustomMetadata());
  }

  private Field replaced(Field f, Map<String, Field> decoded) {
    return switch (this) {
      case UNSHRED -> VariantType.unshreddedField(f.getName(), f.isNullable());
      case JSON -> new Field(f.getName(), new FieldType(true, JsonType.UTF8, null), List.of());
      default -> decoded.get(f.getName());
    };
  }

  /**
   * Moves the batch loaded in {@code in} into {@code out} (of {@link #schema}), converting Variant
   * columns; {@code in}'s buffers are handed over or released.
   */
  void move(
      VectorSchemaRoot in,
      VectorSchemaRoot out,
      Map<String, Field> decoded,
      BufferAllocator allocator) {
    int rows = in.getRowCount();
    for (int i = 0; i < in.getFieldVectors().size(); i++) {
      FieldVector source = in.getVector(i);
      FieldVector target = out.getVector(i);
      if (this == KEEP || !isVariant(source.getField())) {
        source.makeTransferPair(target).transfer();
        continue;
      }
      if (this == DECODE) {
        try (FieldVector converted =
            decode((VariantVector) source, decoded.get(source.getName()), allocator)) {
          load(converted, target, rows);
        }
        continue;
      }
      try (FieldVector converted = convert((VariantVector) source, allocator)) {
        converted.makeTransferPair(target).transfer();
      }
    }
    out.setRowCount(rows);
  }

  /** {@code v} as plain {@code metadata} + {@code value}. */
  private static FieldVector unshred(VariantVector v, BufferAllocator allocator) {
    Field plain = VariantType.unshreddedField(v.getName(), true);
    return VariantKernels.get(v, "$", plain, GetOptions.strict(), allocator).vector();
  }

  private FieldVector convert(VariantVector v, BufferAllocator allocator) {
    FieldVector unshredded = unshred(v, allocator);
    if (this == UNSHRED) {
      return unshredded;
    }
    try (FieldVector u = unshredded) {
      return JsonColumns.toJson(
          (VariantVector) u,
          null,
          v.getName(),
          JsonColumns.Output.ARROW_JSON,
          JsonOptions.defaults(),
          allocator);
    }
  }

  /**
   * Loads {@code from}'s buffers into {@code to} (of the same type): a decoded vector's children
   * need not be laid out as a transfer expects, so its buffers go through a record batch, as the
   * CLI's {@code BatchRewrite} moves them.
   */
  private static void load(FieldVector from, FieldVector to, int rows) {
    VectorSchemaRoot view = new VectorSchemaRoot(List.of(to.getField()), List.of(from), rows);
    try (ArrowRecordBatch batch = new VectorUnloader(view).getRecordBatch()) {
      new VectorLoader(new VectorSchemaRoot(List.of(to))).load(batch);
    }
  }

  /**
   * {@code v} decoded into vectors of {@code field}; a value that does not fit (the file changed
   * since the schema was inferred) is INVALID_ARGUMENT naming the column and the type.
   */
  private static FieldVector decode(VariantVector v, Field field, BufferAllocator allocator) {
    // decoded straight from the column as read, shredded or not: no unshredded copy first
    KernelResult result =
        VariantKernels.decode(
            v,
            field,
            DecodeOptions.builder().mode(CastMode.SAFE).maxReportedRows(1).build(),
            allocator);
    if (result.failedRowCount() > 0) {
      result.close();
      throw Requests.invalid(
          "cannot decode Variant column "
              + v.getName()
              + ": a value does not fit the type inferred by GetFlightInfo ("
              + field.getType()
              + "); get the flight info again");
    }
    return result.vector();
  }

  static boolean isVariant(Field f) {
    return f.getType() instanceof ArrowType.ExtensionType ext
        && VariantType.isVariantName(ext.extensionName());
  }
}
