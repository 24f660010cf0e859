package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import io.pqarrow.variant.testing.VariantValue.ArrayValue;
import io.pqarrow.variant.testing.VariantValue.ObjectValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * variant_get over a hand-built shredded vector (docs/variant.md §3.5, §7.4):
 *
 * <pre>
 * v: Struct&lt;metadata: Binary, value: Binary,
 *           typed_value: Struct&lt;id: Struct&lt;value: Binary, typed_value: Int64&gt; not null,
 *                              tags: Struct&lt;value: Binary,
 *                                          typed_value: List&lt;Struct&lt;value, typed_value: Utf8&gt; not null&gt;&gt; not null&gt;&gt;
 * </pre>
 *
 * Each row's logical value (the ROWS table) is checked against the reference decoder.
 */
class ShreddedGetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static VariantValue i64(long v) {
    return VariantValue.of(VariantKind.INT64, v);
  }

  static VariantValue str(String s) {
    return VariantValue.of(VariantKind.STRING, s);
  }

  static ObjectValue obj(Object... kv) {
    Map<String, VariantValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (VariantValue) kv[i + 1]);
    }
    return new ObjectValue(m);
  }

  static ArrayValue arr(VariantValue... v) {
    return new ArrayValue(List.of(v));
  }

  static final VariantValue NULL = VariantValue.of(VariantKind.NULL, null);

  /** The logical rows; a null entry is SQL NULL. */
  static final List<VariantValue> ROWS =
      Arrays.asList(
          obj("id", i64(1), "tags", arr(str("a"), str("b"))), // 0: fully shredded
          obj("id", str("x"), "tags", arr(str("c"), i64(5))), // 1: id and tags[1] in value
          obj("id", i64(7), "extra", VariantValue.of(VariantKind.BOOLEAN, true)), // 2: residual
          arr(i64(1), i64(2)), // 3: not an object: all in value
          null, // 4: SQL NULL
          NULL, // 5: Variant null
          obj("tags", NULL), // 6: id missing, tags Variant null
          obj("id", VariantValue.of(VariantKind.DECIMAL4, new BigDecimal("2.50"))), // 7
          obj("id", i64(-3), "tags", arr())); // 8: empty shredded list

  /** Row 0's id.value holds bytes that would fail to parse: typed_value must win unread. */
  static final byte[] GARBAGE = {(byte) 0xFF};

  static Field pair(String name, Field typed) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            new Field("typed_value", typed.getFieldType(), typed.getChildren())));
  }

  static Field shreddedField() {
    Field tagsTyped =
        new Field(
            "typed_value",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(pair("element", Field.nullable("typed_value", ArrowType.Utf8.INSTANCE))));
    Field typed =
        new Field(
            "typed_value",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                pair("id", Field.nullable("typed_value", new ArrowType.Int(64, true))),
                pair("tags", tagsTyped)));
    return new Field(
        "v",
        new FieldType(true, VariantType.INSTANCE, null),
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            typed));
  }

  /** Encodes residual values against one shared dictionary. */
  static final class Residuals {
    final List<VariantValue> values = new ArrayList<>();

    int add(VariantValue v) {
      values.add(v);
      return values.size() - 1;
    }

    EncodedVariantColumn encode() {
      VariantColumnBuilder b = new VariantColumnBuilder();
      b.declareKeys(List.of("extra", "id", "tags"));
      for (VariantValue v : values) {
        v.writeTo(b.row());
        b.finishRow();
      }
      return b.finish();
    }
  }

  VariantVector build() {
    Residuals res = new Residuals();
    // residual index per (row, column); -1 = null
    int[] top = new int[ROWS.size()];
    int[] idValue = new int[ROWS.size()];
    int[] tagsValue = new int[ROWS.size()];
    Arrays.fill(top, -1);
    Arrays.fill(idValue, -1);
    Arrays.fill(tagsValue, -1);
    top[2] = res.add(obj("extra", VariantValue.of(VariantKind.BOOLEAN, true)));
    top[3] = res.add(ROWS.get(3));
    top[5] = res.add(NULL);
    idValue[1] = res.add(str("x"));
    idValue[7] = res.add(ROWS.get(7) instanceof ObjectValue o ? o.fields().get("id") : null);
    tagsValue[6] = res.add(NULL);
    int five = res.add(i64(5));
    EncodedVariantColumn col = res.encode();

    VariantVector v = (VariantVector) shreddedField().createVector(memory.allocator());
    StructVector storage = v.getUnderlyingVector();
    VarBinaryVector metadata = (VarBinaryVector) storage.getChild("metadata");
    VarBinaryVector value = (VarBinaryVector) storage.getChild("value");
    StructVector typed = (StructVector) storage.getChild("typed_value");
    StructVector id = (StructVector) typed.getChild("id");
    VarBinaryVector idV = (VarBinaryVector) id.getChild("value");
    BigIntVector idT = (BigIntVector) id.getChild("typed_value");
    StructVector tags = (StructVector) typed.getChild("tags");
    VarBinaryVector tagsV = (VarBinaryVector) tags.getChild("value");
    ListVector tagsT = (ListVector) tags.getChild("typed_value");
    StructVector elem = (StructVector) tagsT.getDataVector();
    VarBinaryVector elemV = (VarBinaryVector) elem.getChild("value");
    VarCharVector elemT = (VarCharVector) elem.getChild("typed_value");

    for (int i = 0; i < ROWS.size(); i++) {
      metadata.setSafe(i, col.metadata());
      if (ROWS.get(i) == null) {
        storage.setNull(i);
        value.setNull(i);
        typed.setNull(i);
        continue;
      }
      storage.setIndexDefined(i);
      if (top[i] >= 0) {
        value.setSafe(i, col.value(top[i]));
      } else {
        value.setNull(i);
      }
      if (!(ROWS.get(i) instanceof ObjectValue o)) {
        typed.setNull(i);
        continue;
      }
      typed.setIndexDefined(i);
      id.setIndexDefined(i);
      tags.setIndexDefined(i);
      VariantValue idVal = o.fields().get("id");
      if (idVal instanceof VariantValue.Primitive p && p.kind() == VariantKind.INT64) {
        idT.setSafe(i, (Long) p.value());
        if (i == 0) {
          idV.setSafe(i, GARBAGE);
        } else {
          idV.setNull(i);
        }
      } else {
        idT.setNull(i);
        if (idValue[i] >= 0) {
          idV.setSafe(i, col.value(idValue[i]));
        } else {
          idV.setNull(i);
        }
      }
      VariantValue tagsVal = o.fields().get("tags");
      if (tagsVal instanceof ArrayValue a) {
        tagsV.setNull(i);
        int start = tagsT.startNewValue(i);
        for (int k = 0; k < a.elements().size(); k++) {
          elem.setIndexDefined(start + k);
          VariantValue e = a.elements().get(k);
          if (e instanceof VariantValue.Primitive p && p.kind() == VariantKind.STRING) {
            elemT.setSafe(start + k, ((String) p.value()).getBytes(StandardCharsets.UTF_8));
            elemV.setNull(start + k);
          } else {
            elemT.setNull(start + k);
            elemV.setSafe(start + k, col.value(five));
          }
        }
        tagsT.endValue(i, a.elements().size());
      } else {
        tagsT.setNull(i);
        if (tagsValue[i] >= 0) {
          tagsV.setSafe(i, col.value(tagsValue[i]));
        } else {
          tagsV.setNull(i);
        }
      }
    }
    v.setValueCount(ROWS.size());
    return v;
  }

  static Stream<Arguments> cases() {
    Field i64 = Field.nullable("t", new ArrowType.Int(64, true));
    Field i32 = Field.nullable("t", new ArrowType.Int(32, true));
    Field dec = Field.nullable("t", new ArrowType.Decimal(10, 2, 128));
    Field utf8 = Field.nullable("t", ArrowType.Utf8.INSTANCE);
    Field bool = Field.nullable("t", ArrowType.Bool.INSTANCE);
    Field listUtf8 =
        new Field(
            "t",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE)));
    Field struct =
        new Field(
            "t",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("id", new ArrowType.Decimal(20, 1, 128)),
                Field.nullable("extra", ArrowType.Bool.INSTANCE)));
    return Stream.of(
        Arguments.of("$.id", i64),
        Arguments.of("$.id", i32),
        Arguments.of("$.id", dec),
        Arguments.of("$.id", utf8),
        Arguments.of("$.tags[0]", utf8),
        Arguments.of("$.tags[1]", utf8),
        Arguments.of("$.tags[1]", i64),
        Arguments.of("$.tags[5]", utf8),
        Arguments.of("$.tags", listUtf8),
        Arguments.of("$.extra", bool),
        Arguments.of("$[1]", i64),
        Arguments.of("$", struct),
        Arguments.of("$.id.x", i64));
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("cases")
  void shreddedGetMatchesReferenceOnLogicalRows(String path, Field target) {
    PathExpression p = PathExpression.parse(path);
    try (VariantVector in = build();
        KernelResult out =
            VariantKernels.get(in, p, target, GetOptions.defaults(), memory.allocator())) {
      KernelTestSupport.assertMatchesReference(out, ROWS, p, target, 10, memory.allocator());
    }
  }

  @Test
  void typedValueIsServedWithoutReadingTheResidual() {
    // Row 0 has id.typed_value = 1 and unparseable id.value bytes: typed_value wins, unread.
    try (VariantVector in = build();
        KernelResult out =
            VariantKernels.get(
                in,
                "$.id",
                Field.nullable("id", new ArrowType.Int(64, true)),
                GetOptions.defaults(),
                memory.allocator())) {
      BigIntVector ids = (BigIntVector) out.vector();
      assertEquals(1L, ids.get(0));
      assertTrue(ids.isNull(1), "id \"x\" is not an int64");
      assertEquals(7L, ids.get(2));
    }
  }

  @Test
  void variantTargetRebuildsShreddedSubValuesAndKeepsNullsApart() {
    Field target = VariantType.unshreddedField("v", true);
    try (VariantVector in = build();
        KernelResult out =
            VariantKernels.get(in, "$", target, GetOptions.defaults(), memory.allocator())) {
      VariantVector got = (VariantVector) out.vector();
      VarBinaryVector meta = (VarBinaryVector) got.metadataVector();
      VarBinaryVector val = (VarBinaryVector) got.valueVector();
      for (int i = 0; i < ROWS.size(); i++) {
        if (ROWS.get(i) == null) {
          assertTrue(got.isNull(i), "row " + i + " SQL NULL");
          continue;
        }
        VariantValue actual = VariantValue.read(Variant.of(meta.get(i), val.get(i)));
        assertEquals(ROWS.get(i), actual, "row " + i);
      }
      assertEquals(java.util.BitSet.valueOf(new long[] {1L << 5}), out.variantNullRows());
    }
  }

  @Test
  void variantTargetOfAShreddedFieldCopiesTypedAndResidualValues() {
    Field target = VariantType.unshreddedField("id", true);
    try (VariantVector in = build();
        KernelResult out =
            VariantKernels.get(in, "$.id", target, GetOptions.defaults(), memory.allocator())) {
      VariantVector got = (VariantVector) out.vector();
      VarBinaryVector meta = (VarBinaryVector) got.metadataVector();
      VarBinaryVector val = (VarBinaryVector) got.valueVector();
      for (int i = 0; i < ROWS.size(); i++) {
        VariantValue expected =
            ROWS.get(i) == null
                ? null
                : ReferenceDecoder.walk(ROWS.get(i), PathExpression.parse("$.id"));
        if (expected == null) {
          assertTrue(got.isNull(i), "row " + i + " missing");
        } else {
          assertEquals(
              expected, VariantValue.read(Variant.of(meta.get(i), val.get(i))), "row " + i);
        }
      }
    }
  }

  @Test
  void inferenceOverShreddedStorageEqualsInferenceOverItsUnshreddedValues() {
    try (VariantVector in = build()) {
      Field direct = VariantKernels.inferSchema(in, InferOptions.defaults());
      try (KernelResult unshredded =
          VariantKernels.get(
              in,
              "$",
              VariantType.unshreddedField("v", true),
              GetOptions.defaults(),
              memory.allocator())) {
        Field f =
            VariantKernels.inferSchema(
                (VariantVector) unshredded.vector(), InferOptions.defaults());
        assertEquals(
            "v: Union(Dense, null)<object: Struct<extra: Bool, id: Union(Dense, null)<exact_numeric:"
                + " Decimal(20, 1, 128), string: Utf8> not null, tags: List<element: Union(Dense,"
                + " null)<exact_numeric: Int(64, true), string: Utf8> not null>>, array:"
                + " List<element: Int(64, true) not null>> not null",
            f.toString());
        assertEquals(f, direct);
      }
    }
  }
}
