package io.pqarrow.cli.variant;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * What {@code export --variant} does to the top-level Variant columns of each batch before it is
 * written; other columns pass through untouched. Variants nested inside structs or lists are
 * written as read whatever the mode.
 *
 * <ul>
 *   <li>{@code keep}: the reader's root is written as it is;
 *   <li>{@code unshred}: {@code metadata} + {@code value} only ({@code variant_get $});
 *   <li>{@code json}: an {@code arrow.json} column of the values' JSON text;
 *   <li>{@code decode}: typed vectors of the schema the kernel infers from every row of the input
 *       (a first pass over the Variant columns), or from its first {@code --infer-rows} rows, after
 *       which a value that does not fit is an error naming its row.
 * </ul>
 */
public final class VariantExport {
  private VariantExport() {}

  /**
   * The rewrite of the batches loaded into {@code source}; for {@code decode}, {@code infer} gives
   * the inferred field of each named Variant column (the first pass, {@link InferencePass}).
   */
  public static BatchRewrite create(
      VariantMode mode,
      VectorSchemaRoot source,
      BufferAllocator allocator,
      Function<List<String>, Map<String, Field>> infer) {
    if (mode == VariantMode.KEEP) {
      return BatchRewrite.none(source);
    }
    Map<String, Field> inferred = Map.of();
    if (mode == VariantMode.DECODE) {
      List<String> variants = new ArrayList<>();
      for (Field f : source.getSchema().getFields()) {
        if (isVariant(f)) {
          variants.add(f.getName());
        }
      }
      inferred = infer.apply(variants);
    }
    Map<String, Field> fields = inferred;
    return BatchRewrite.of(
        source, allocator, (c, f) -> isVariant(f) ? replacement(mode, f, fields, allocator) : null);
  }

  private static BatchRewrite.Replacement replacement(
      VariantMode mode, Field f, Map<String, Field> inferredFields, BufferAllocator allocator) {
    String path = f.getName();
    return switch (mode) {
      case UNSHRED -> {
        Field plain = VariantType.unshreddedField(path, f.isNullable());
        yield new BatchRewrite.Replacement(
            plain,
            (v, firstRow) -> VariantColumns.unshred((VariantVector) v, plain, path, allocator));
      }
      case JSON ->
          new BatchRewrite.Replacement(
              new Field(path, new FieldType(true, JsonType.UTF8, null), List.of()),
              (v, firstRow) -> VariantColumns.toJson((VariantVector) v, path, allocator));
      case DECODE -> {
        Field inferred = inferredFields.get(path);
        yield new BatchRewrite.Replacement(
            inferred,
            (v, firstRow) ->
                VariantColumns.decode((VariantVector) v, inferred, path, firstRow, allocator));
      }
      default -> throw new IllegalStateException(mode.name());
    };
  }

  static boolean isVariant(Field f) {
    return f.getType() instanceof ArrowType.ExtensionType
        && VariantType.isVariantName(((ArrowType.ExtensionType) f.getType()).extensionName());
  }
}
