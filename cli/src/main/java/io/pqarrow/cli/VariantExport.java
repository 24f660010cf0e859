package io.pqarrow.cli;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What {@code export --variant} does to the top-level Variant columns of each batch before it is
 * written; other columns pass through untouched. Variants nested inside structs or lists are
 * written as read whatever the mode.
 *
 * <ul>
 *   <li>{@code keep}: the reader's root is written as it is;
 *   <li>{@code unshred}: {@code metadata} + {@code value} only ({@code variant_get $});
 *   <li>{@code json}: an {@code arrow.json} column of the values' JSON text;
 *   <li>{@code decode}: typed vectors of the schema the kernel infers from the first batch; a later
 *       value that does not fit it is an error naming its row.
 * </ul>
 */
final class VariantExport implements AutoCloseable {
  private final VectorSchemaRoot source;
  private final BatchRewrite rewrite;

  private VariantExport(VectorSchemaRoot source, BatchRewrite rewrite) {
    this.source = source;
    this.rewrite = rewrite;
  }

  /**
   * Prepares the transform for batches loaded into {@code source}; for {@code decode}, the schema
   * is inferred from the batch {@code source} holds now.
   */
  static VariantExport create(
      VariantMode mode, VectorSchemaRoot source, BufferAllocator allocator) {
    List<Field> fields = source.getSchema().getFields();
    if (mode == VariantMode.KEEP || fields.stream().noneMatch(VariantExport::isVariant)) {
      return new VariantExport(source, null);
    }
    BatchRewrite.ColumnKernel[] kernels = new BatchRewrite.ColumnKernel[fields.size()];
    List<Field> out = new ArrayList<>();
    for (int c = 0; c < fields.size(); c++) {
      Field f = fields.get(c);
      if (!isVariant(f)) {
        out.add(f);
        continue;
      }
      String path = f.getName();
      switch (mode) {
        case UNSHRED -> {
          Field plain = VariantType.unshreddedField(path, f.isNullable());
          out.add(plain);
          kernels[c] =
              (v, firstRow) -> VariantColumns.unshred((VariantVector) v, plain, path, allocator);
        }
        case JSON -> {
          out.add(new Field(path, new FieldType(true, JsonType.UTF8, null), List.of()));
          kernels[c] = (v, firstRow) -> VariantColumns.toJson((VariantVector) v, path, allocator);
        }
        case DECODE -> {
          Field inferred =
              VariantColumns.inferSchema((VariantVector) source.getVector(c), path, allocator);
          out.add(inferred);
          kernels[c] =
              (v, firstRow) ->
                  VariantColumns.decode((VariantVector) v, inferred, path, firstRow, allocator);
        }
        default -> throw new IllegalStateException(mode.name());
      }
    }
    Schema target = new Schema(out, source.getSchema().getCustomMetadata());
    return new VariantExport(source, new BatchRewrite(source, target, kernels, allocator));
  }

  static boolean isVariant(Field f) {
    return f.getType() instanceof ArrowType.ExtensionType
        && VariantType.isVariantName(((ArrowType.ExtensionType) f.getType()).extensionName());
  }

  /** The root to write: the source itself for {@code keep}, else one this transform owns. */
  VectorSchemaRoot root() {
    return rewrite == null ? source : rewrite.root();
  }

  /** Fills {@link #root()} from the batch now in the source; {@code firstRow} is its first row. */
  void apply(long firstRow) {
    if (rewrite != null) {
      rewrite.apply(firstRow);
    }
  }

  @Override
  public void close() {
    if (rewrite != null) {
      rewrite.close();
    }
  }
}
