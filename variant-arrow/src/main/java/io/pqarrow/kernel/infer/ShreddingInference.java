package io.pqarrow.kernel.infer;

import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Chooses a shredding type from a sample, by running the schema inference ({@link SchemaInference})
 * and turning the Arrow field it gives into a type {@code io.pqarrow.shred.Shredding#shred}
 * accepts. It lives with the inference, not in {@code shred}, so that the shredding package does
 * not call the kernels that call it ({@code variant_get} on shredded storage unshreds through
 * {@code Shredding}):
 *
 * <ul>
 *   <li>the empty key cannot name a Parquet field, so it is never shredded;
 *   <li>a dense union (values of several classes at one position) → not shredded at that level:
 *       {@code value} only. Its object keys are not shredded either (a union child is not descended
 *       into);
 *   <li>Null (only Variant nulls or nothing seen), an object seen only empty, a decimal of more
 *       than 38 digits, a position deeper than {@link io.pqarrow.Limits#maxInferDepth()} → {@code
 *       value} only;
 *   <li>structs → shredded objects of the converted keys; keys seen in fewer than {@code
 *       minFrequency} of the objects, or beyond {@link io.pqarrow.Limits#maxInferredFields()}, are
 *       dropped by the inference and so stay in the residual {@code value};
 *   <li>lists → shredded arrays of the converted element; primitives are kept (the inference only
 *       produces allowed ones: Int64 etc., Decimal128, Timestamp us/ns with UTC or none, Utf8,
 *       Binary, arrow.uuid).
 * </ul>
 */
public final class ShreddingInference {
  private ShreddingInference() {}

  /** The shredding type of {@code sample}'s values: {@link #convert} of their inferred field. */
  public static Field infer(VariantVector sample, InferOptions options) {
    Field inferred = SchemaInference.infer(sample, sample.getName(), options);
    return convert(inferred);
  }

  /** The shredding type for {@code f}, a field the schema inference gave (rules above). */
  public static Field convert(Field f) {
    ArrowType t = f.getType();
    if (t instanceof VariantType) {
      return valueOnly(f.getName());
    }
    switch (t.getTypeID()) {
      case Union, Null -> {
        return valueOnly(f.getName());
      }
      case Struct -> {
        List<Field> children = new ArrayList<>();
        for (Field c : f.getChildren()) {
          if (!c.getName().isEmpty()) { // Parquet fields need names: "" stays in the residual
            children.add(convert(c));
          }
        }
        if (children.isEmpty()) {
          return valueOnly(f.getName());
        }
        return new Field(f.getName(), FieldType.nullable(ArrowType.Struct.INSTANCE), children);
      }
      case List, LargeList -> {
        return new Field(
            f.getName(), FieldType.nullable(t), java.util.List.of(convert(f.getChildren().get(0))));
      }
      default -> {
        ShreddedScalar s = ShreddedScalar.of(f);
        if (s == null || s == ShreddedScalar.NULL) {
          return valueOnly(f.getName());
        }
        return new Field(f.getName(), FieldType.nullable(t), null);
      }
    }
  }

  private static Field valueOnly(String name) {
    return VariantType.unshreddedField(name, true);
  }
}
