package io.pqarrow.ipc;

import static io.pqarrow.ipc.VariantSamples.AB_METADATA;
import static io.pqarrow.ipc.VariantSamples.EMPTY_METADATA;
import static io.pqarrow.ipc.VariantSamples.bytes;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A shredded {@code arrow.parquet.variant} column built by hand after the shredding rules of
 * docs/variant.md §3:
 *
 * <pre>
 * v: arrow.parquet.variant Struct&lt;
 *   metadata: Binary not null,
 *   value: Binary,
 *   typed_value: Struct&lt;                        object shredding
 *     a: Struct&lt;value: Binary, typed_value: Int8&gt; not null,
 *     b: Struct&lt;value: Binary, typed_value: Utf8&gt; not null&gt;&gt;
 * </pre>
 *
 * with the rows of {@link #JSON}: a fully shredded object, a non-object in {@code value}, SQL NULL,
 * an object whose {@code a} does not fit its type and whose {@code b} is missing, and a Variant
 * null.
 */
final class ShreddedVariants {
  /** The value of each row as JSON; {@code null} is SQL NULL. */
  static final List<String> JSON =
      Arrays.asList("{\"a\":1,\"b\":\"x\"}", "42", null, "{\"a\":\"hi\"}", "null");

  private ShreddedVariants() {}

  static Field field(String name) {
    Field typedValue =
        new Field(
            VariantType.TYPED_VALUE,
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                shreddedField("a", new ArrowType.Int(8, true)),
                shreddedField("b", ArrowType.Utf8.INSTANCE)));
    return new Field(
        name,
        FieldType.nullable(VariantType.INSTANCE),
        List.of(
            Field.notNullable(VariantType.METADATA, ArrowType.Binary.INSTANCE),
            Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE),
            typedValue));
  }

  private static Field shreddedField(String name, ArrowType typed) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(
            Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE),
            Field.nullable(VariantType.TYPED_VALUE, typed)));
  }

  /** Writes the rows of {@link #JSON} into an empty vector made from {@link #field}. */
  static void fill(VariantVector v) {
    VarBinaryVector metadata = (VarBinaryVector) v.metadataVector();
    VarBinaryVector value = (VarBinaryVector) v.valueVector();
    StructVector typed = (StructVector) v.typedValueVector();
    StructVector a = (StructVector) typed.getChild("a");
    StructVector b = (StructVector) typed.getChild("b");
    // Row 0: {"a": 1, "b": "x"}, every field in its typed_value.
    metadata.setSafe(0, AB_METADATA);
    value.setNull(0);
    typed.setIndexDefined(0);
    field(a, 0, null);
    ((TinyIntVector) a.getChild(VariantType.TYPED_VALUE)).setSafe(0, 1);
    field(b, 0, null);
    ((VarCharVector) b.getChild(VariantType.TYPED_VALUE))
        .setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
    // Row 1: 42 is no object: int8 0C 2A in value, typed_value null.
    metadata.setSafe(1, EMPTY_METADATA);
    value.setSafe(1, bytes(0x0C, 0x2A));
    nullObject(typed, a, b, 1);
    // Row 2: SQL NULL; the non-nullable metadata still holds valid bytes.
    metadata.setSafe(2, EMPTY_METADATA);
    value.setNull(2);
    nullObject(typed, a, b, 2);
    // Row 3: {"a": "hi"}: a does not fit int8, so its value holds short string 09 68 69; b is
    // missing (both of its fields null).
    metadata.setSafe(3, AB_METADATA);
    value.setNull(3);
    typed.setIndexDefined(3);
    field(a, 3, bytes(0x09, 0x68, 0x69));
    field(b, 3, null);
    // Row 4: Variant null is the byte 00 in value, never both fields null.
    metadata.setSafe(4, EMPTY_METADATA);
    value.setSafe(4, bytes(0x00));
    nullObject(typed, a, b, 4);
    v.getUnderlyingVector().setIndexDefined(0);
    v.getUnderlyingVector().setIndexDefined(1);
    v.getUnderlyingVector().setNull(2);
    v.getUnderlyingVector().setIndexDefined(3);
    v.getUnderlyingVector().setIndexDefined(4);
    v.setValueCount(JSON.size());
  }

  /** A shredded field slot: defined (the field groups are non-nullable), with {@code value}. */
  private static void field(StructVector field, int row, byte[] value) {
    field.setIndexDefined(row);
    VarBinaryVector v = (VarBinaryVector) field.getChild(VariantType.VALUE);
    if (value == null) {
      v.setNull(row);
    } else {
      v.setSafe(row, value);
    }
    ((FieldVector) field.getChild(VariantType.TYPED_VALUE)).setNull(row);
  }

  private static void nullObject(StructVector typed, StructVector a, StructVector b, int row) {
    field(a, row, null);
    field(b, row, null);
    typed.setNull(row);
  }
}
