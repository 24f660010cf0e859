package io.pqarrow.cli;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
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
 * What {@code export --variant} does to the top-level Variant columns of each batch before it is
 * written; other columns pass through untouched (shared, not copied). Variants nested inside
 * structs or lists are written as read whatever the mode.
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
  private final VariantMode mode;
  private final VectorSchemaRoot source;
  private final VectorSchemaRoot target;
  private final Field[] decodeFields;
  private final BufferAllocator allocator;

  private VariantExport(
      VariantMode mode,
      VectorSchemaRoot source,
      VectorSchemaRoot target,
      Field[] decodeFields,
      BufferAllocator allocator) {
    this.mode = mode;
    this.source = source;
    this.target = target;
    this.decodeFields = decodeFields;
    this.allocator = allocator;
  }

  /**
   * Prepares the transform for batches loaded into {@code source}; for {@code decode}, the schema
   * is inferred from the batch {@code source} holds now.
   */
  static VariantExport create(
      VariantMode mode, VectorSchemaRoot source, BufferAllocator allocator) {
    List<Field> fields = source.getSchema().getFields();
    if (mode == VariantMode.KEEP || fields.stream().noneMatch(VariantExport::isVariant)) {
      return new VariantExport(VariantMode.KEEP, source, source, null, allocator);
    }
    Field[] decodeFields = new Field[fields.size()];
    List<Field> out = new ArrayList<>();
    for (int c = 0; c < fields.size(); c++) {
      Field f = fields.get(c);
      if (!isVariant(f)) {
        out.add(f);
        continue;
      }
      switch (mode) {
        case UNSHRED -> out.add(VariantType.unshreddedField(f.getName(), f.isNullable()));
        case JSON ->
            out.add(new Field(f.getName(), new FieldType(true, JsonType.UTF8, null), List.of()));
        case DECODE -> {
          Field inferred =
              VariantColumns.inferSchema(
                  (VariantVector) source.getVector(c), f.getName(), allocator);
          decodeFields[c] = inferred;
          out.add(inferred);
        }
        default -> throw new IllegalStateException(mode.name());
      }
    }
    VectorSchemaRoot target =
        VectorSchemaRoot.create(new Schema(out, source.getSchema().getCustomMetadata()), allocator);
    return new VariantExport(mode, source, target, decodeFields, allocator);
  }

  private static boolean isVariant(Field f) {
    return f.getType() instanceof ArrowType.ExtensionType
        && VariantType.isVariantName(((ArrowType.ExtensionType) f.getType()).extensionName());
  }

  /** The root to write: the source itself for {@code keep}, else one this transform owns. */
  VectorSchemaRoot root() {
    return target;
  }

  /** Fills {@link #root()} from the batch now in the source; {@code firstRow} is its first row. */
  void apply(long firstRow) {
    if (target == source) {
      return;
    }
    List<FieldVector> columns = new ArrayList<>();
    List<FieldVector> made = new ArrayList<>();
    try {
      List<Field> fields = source.getSchema().getFields();
      for (int c = 0; c < fields.size(); c++) {
        FieldVector v = source.getVector(c);
        if (!isVariant(fields.get(c))) {
          columns.add(v);
          continue;
        }
        VariantVector variant = (VariantVector) v;
        String path = fields.get(c).getName();
        FieldVector result =
            switch (mode) {
              case UNSHRED ->
                  VariantColumns.unshred(
                      variant,
                      VariantType.unshreddedField(path, fields.get(c).isNullable()),
                      path,
                      allocator);
              case JSON -> VariantColumns.toJson(variant, path, allocator);
              case DECODE ->
                  VariantColumns.decode(variant, decodeFields[c], path, firstRow, allocator);
              default -> throw new IllegalStateException(mode.name());
            };
        made.add(result);
        columns.add(result);
      }
      // The unloaded batch holds its own references to the buffers, so the made vectors can be
      // closed as soon as the target has loaded it.
      VectorSchemaRoot view =
          new VectorSchemaRoot(target.getSchema(), columns, source.getRowCount());
      try (ArrowRecordBatch batch = new VectorUnloader(view).getRecordBatch()) {
        new VectorLoader(target).load(batch);
      }
    } finally {
      try {
        AutoCloseables.close(made);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Override
  public void close() {
    if (target != source) {
      target.close();
    }
  }
}
