package io.pqarrow.flight;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.VariantKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a read does with the top-level Variant columns ({@code "variant"} of a request), as {@code
 * bridge export --variant} does: {@code keep} sends them as read (shredded or not), {@code unshred}
 * as plain {@code metadata} + {@code value}, {@code json} as {@code arrow.json} text. Other columns
 * pass through.
 */
enum VariantOutput {
  KEEP,
  UNSHRED,
  JSON;

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
        throw Requests.invalid("'variant': decode is not served yet (keep, unshred or json)");
      default:
        throw Requests.invalid(
            "'variant' must be keep, unshred, json or decode, not '" + name + "'");
    }
  }

  /** The name a request gives. */
  String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The schema a client receives for batches of {@code read}. */
  Schema schema(Schema read) {
    if (this == KEEP) {
      return read;
    }
    List<Field> out = new ArrayList<>();
    for (Field f : read.getFields()) {
      out.add(isVariant(f) ? replaced(f) : f);
    }
    return new Schema(out, read.getCustomMetadata());
  }

  private Field replaced(Field f) {
    return this == UNSHRED
        ? VariantType.unshreddedField(f.getName(), f.isNullable())
        : new Field(f.getName(), new FieldType(true, JsonType.UTF8, null), List.of());
  }

  /**
   * Moves the batch loaded in {@code in} into {@code out} (of {@link #schema}), converting Variant
   * columns; {@code in}'s buffers are handed over or released.
   */
  void move(VectorSchemaRoot in, VectorSchemaRoot out, BufferAllocator allocator) {
    int rows = in.getRowCount();
    for (int i = 0; i < in.getFieldVectors().size(); i++) {
      FieldVector source = in.getVector(i);
      FieldVector target = out.getVector(i);
      if (this == KEEP || !isVariant(source.getField())) {
        source.makeTransferPair(target).transfer();
        continue;
      }
      try (FieldVector converted = convert((VariantVector) source, allocator)) {
        converted.makeTransferPair(target).transfer();
      }
    }
    out.setRowCount(rows);
  }

  private FieldVector convert(VariantVector v, BufferAllocator allocator) {
    Field plain = VariantType.unshreddedField(v.getName(), true);
    FieldVector unshredded =
        VariantKernels.get(v, "$", plain, GetOptions.strict(), allocator).vector();
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

  static boolean isVariant(Field f) {
    return f.getType() instanceof ArrowType.ExtensionType ext
        && VariantType.isVariantName(ext.extensionName());
  }
}
