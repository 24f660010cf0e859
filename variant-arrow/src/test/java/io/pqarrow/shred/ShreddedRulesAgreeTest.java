package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.i8;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.arrow.VariantVectorException;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The two readers of shredded storage, {@link Shredding#unshred} and {@code variant_get}, read it
 * by the same rules (docs/variant.md §3.2, §3.5, §4.2, §8): the same types allowed, the same
 * Variant bytes for a typed slot, the same children refused; they differ only where the pair rule
 * has a strict and a lenient reading, each as documented.
 */
class ShreddedRulesAgreeTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Empty sorted metadata: version 1, sorted, no keys. */
  private static final byte[] META = {0x11, 0x00, 0x00};

  private static final byte[] INT8_5 = {0x0C, 0x05};
  private static final byte[] STRING_X = {0x05, 'x'};
  private static final byte[] VARIANT_NULL = {0x00};

  private static final Field VARIANT_TARGET = VariantType.unshreddedField("t", true);

  private static Field storage(Field typed, Field... extra) {
    List<Field> children =
        new java.util.ArrayList<>(
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.nullable("value", ArrowType.Binary.INSTANCE)));
    if (typed != null) {
      children.add(typed);
    }
    children.addAll(List.of(extra));
    return new Field("v", FieldType.nullable(VariantType.INSTANCE), children);
  }

  private static Field typed(ArrowType type, Field... children) {
    return new Field("typed_value", FieldType.nullable(type), List.of(children));
  }

  private static Field pair(String name, Field... children) {
    return new Field(name, FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  /** A vector of {@code rows} non-null rows with {@link #META}, filled by {@code fill}. */
  private VariantVector build(Field field, int rows, Consumer<VariantVector> fill) {
    VariantVector v = (VariantVector) field.createVector(memory.allocator());
    try {
      v.getUnderlyingVector().allocateNew();
      for (int i = 0; i < rows; i++) {
        ((VarBinaryVector) v.metadataVector()).setSafe(i, META);
        v.getUnderlyingVector().setIndexDefined(i);
      }
      fill.accept(v);
      v.setValueCount(rows);
      return v;
    } catch (RuntimeException e) {
      v.close();
      throw e;
    }
  }

  private List<VariantValue> unshred(VariantVector in) {
    try (VariantVector out = Shredding.unshred(in, memory.allocator())) {
      return ShredTestSupport.rowsOf(out);
    }
  }

  private List<VariantValue> get(VariantVector in, String path) {
    try (KernelResult r =
        VariantKernels.get(in, path, VARIANT_TARGET, GetOptions.defaults(), memory.allocator())) {
      return ShredTestSupport.rowsOf((VariantVector) r.vector());
    }
  }

  private static VariantValue decimal(VariantKind kind, String value) {
    return VariantValue.of(kind, new BigDecimal(value));
  }

  @Test
  void aDecimalSlotComesBackAtTheWidthOfItsColumnsPrecisionFromBothReaders() {
    Object[][] table = {
      {new ArrowType.Decimal(5, 2, 128), VariantKind.DECIMAL4},
      {new ArrowType.Decimal(12, 2, 128), VariantKind.DECIMAL8},
      {new ArrowType.Decimal(20, 2, 128), VariantKind.DECIMAL16},
    };
    for (Object[] row : table) {
      ArrowType type = (ArrowType) row[0];
      VariantValue expected = decimal((VariantKind) row[1], "1.50");
      Field field = storage(typed(ArrowType.Struct.INSTANCE, pair("a", typed(type))));
      try (VariantVector in =
          build(
              field,
              1,
              v -> {
                StructVector t = (StructVector) v.typedValueVector();
                t.setIndexDefined(0);
                StructVector a = (StructVector) t.getChild("a");
                a.setIndexDefined(0);
                ((DecimalVector) a.getChild("typed_value")).setSafe(0, new BigDecimal("1.50"));
              })) {
        assertEquals(List.of(obj("a", expected)), unshred(in), type + " unshredded");
        assertEquals(List.of(obj("a", expected)), get(in, "$"), type + " variant_get $");
        assertEquals(List.of(expected), get(in, "$.a"), type + " variant_get $.a");
      }
    }
  }

  @Test
  void aDecimalSlotWithMoreDigitsThanItsPrecisionIsARowFailureOfVariantGet() {
    Field field = storage(typed(new ArrowType.Decimal(5, 2, 128)));
    try (VariantVector in =
        build(
            field,
            2,
            v -> {
              DecimalVector d = (DecimalVector) v.typedValueVector();
              d.setSafe(0, new BigDecimal("1.50"));
              d.setBigEndianSafe(1, new BigInteger("123456").toByteArray());
            })) {
      try (KernelResult r =
          VariantKernels.get(in, "$", VARIANT_TARGET, GetOptions.defaults(), memory.allocator())) {
        assertEquals(1, r.failedRowCount());
        assertEquals(
            Arrays.asList(decimal(VariantKind.DECIMAL4, "1.50"), null),
            ShredTestSupport.rowsOf((VariantVector) r.vector()));
      }
      KernelException e =
          assertThrows(
              KernelException.class,
              () ->
                  VariantKernels.get(
                      in, "$", VARIANT_TARGET, GetOptions.strict(), memory.allocator()));
      assertEquals(
          "Invalid Variant value at row 1, path $: Invalid decimal at v.typed_value: slot 1 holds"
              + " 123456, more digits than the column's precision 5",
          e.getMessage());
      assertThrows(ShredException.class, () -> unshred(in));
    }
  }

  @Test
  void aDecimalSlotWithMoreDigitsThanItsPrecisionFailsEvenWhenTheTargetIsTheColumnsType() {
    ArrowType type = new ArrowType.Decimal(5, 2, 128);
    Field target = Field.nullable("t", type);
    try (VariantVector in =
        build(
            storage(typed(type)),
            2,
            v -> {
              DecimalVector d = (DecimalVector) v.typedValueVector();
              d.setSafe(0, new BigDecimal("1.50"));
              d.setBigEndianSafe(1, new BigInteger("123456").toByteArray());
            })) {
      try (KernelResult r =
          VariantKernels.get(in, "$", target, GetOptions.defaults(), memory.allocator())) {
        DecimalVector out = (DecimalVector) r.vector();
        assertEquals(1, r.failedRowCount());
        assertEquals(new BigDecimal("1.50"), out.getObject(0));
        assertTrue(out.isNull(1), "the slot with too many digits is not copied");
      }
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> VariantKernels.get(in, "$", target, GetOptions.strict(), memory.allocator()));
      assertEquals(io.pqarrow.ErrorKind.INVALID_DATA, e.kind());
      assertEquals(
          "Invalid Variant value at row 1, path $: Invalid decimal at v.typed_value: slot 1 holds"
              + " 123456, more digits than the column's precision 5",
          e.getMessage());
    }
  }

  @Test
  void decimal32And64AreRefusedByShreddingUnshreddingAndVariantGetAlike() {
    for (int width : new int[] {32, 64}) {
      ArrowType type = new ArrowType.Decimal(9, 2, width);
      String why = "Arrow Java holds decimals only in 128- and 256-bit vectors";
      ShredException request =
          assertThrows(
              ShredException.class,
              () -> Shredding.storageField("v", Field.nullable("v", type), true));
      assertEquals(
          "Unsupported typed_value type at v: " + type + " (" + why + ")", request.getMessage());
      try (VariantVector in = build(storage(typed(type)), 1, v -> {})) {
        ShredException e = assertThrows(ShredException.class, () -> unshred(in));
        assertEquals(
            "Unsupported typed_value type at v: " + type + " (" + why + ")", e.getMessage());
        KernelException k = assertThrows(KernelException.class, () -> get(in, "$"));
        assertEquals("Unsupported shredded typed_value at v.typed_value: " + type, k.getMessage());
      }
    }
  }

  @Test
  void aNullTypedValueIsReadAsNeverShreddedByBothReaders() {
    try (VariantVector in =
        build(
            storage(typed(ArrowType.Null.INSTANCE)),
            2,
            v -> {
              ((VarBinaryVector) v.valueVector()).setSafe(0, INT8_5);
              ((VarBinaryVector) v.valueVector()).setSafe(1, VARIANT_NULL);
            })) {
      List<VariantValue> expected = List.of(i8(5), vnull());
      assertEquals(expected, unshred(in));
      assertEquals(expected, get(in, "$"));
    }
    ShredException e =
        assertThrows(
            ShredException.class,
            () -> Shredding.storageField("v", Field.nullable("v", ArrowType.Null.INSTANCE), true));
    assertTrue(e.getMessage().contains("never in typed_value"), e.getMessage());
  }

  @Test
  void binaryViewValueColumnsAreReadByVariantGetAsByUnshredding() {
    String text = "a string longer than twelve bytes";
    byte[] longString = new byte[1 + text.length()];
    longString[0] = (byte) (text.length() << 2 | 1);
    System.arraycopy(
        text.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, longString, 1, text.length());
    Field field =
        new Field(
            "v",
            FieldType.nullable(VariantType.INSTANCE),
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.nullable("value", ArrowType.BinaryView.INSTANCE),
                typed(
                    ArrowType.Struct.INSTANCE,
                    pair(
                        "a",
                        Field.nullable("value", ArrowType.BinaryView.INSTANCE),
                        typed(new ArrowType.Int(64, true))))));
    try (VariantVector in =
        build(
            field,
            3,
            v -> {
              StructVector t = (StructVector) v.typedValueVector();
              StructVector a = (StructVector) t.getChild("a");
              for (int i = 0; i < 2; i++) {
                t.setIndexDefined(i);
                a.setIndexDefined(i);
              }
              ((BigIntVector) a.getChild("typed_value")).setSafe(0, 7);
              ((ViewVarBinaryVector) a.getChild("value")).setSafe(1, longString);
              ((ViewVarBinaryVector) v.valueVector()).setSafe(2, INT8_5);
            })) {
      List<VariantValue> expected =
          List.of(obj("a", i64(7)), obj("a", ShredTestSupport.str(text)), i8(5));
      assertEquals(expected, unshred(in));
      assertEquals(expected, get(in, "$"));
      assertEquals(Arrays.asList(i64(7), ShredTestSupport.str(text), null), get(in, "$.a"));
    }
  }

  @Test
  void rebuiltRowsOfVariantGetShareOneSortedMetadataOfTheBatchsKeys() {
    ArrowType int64 = new ArrowType.Int(64, true);
    Field field =
        storage(
            typed(
                ArrowType.Struct.INSTANCE,
                pair("b", Field.nullable("value", ArrowType.Binary.INSTANCE), typed(int64)),
                pair("a", Field.nullable("value", ArrowType.Binary.INSTANCE), typed(int64))));
    try (VariantVector in =
            build(
                field,
                2,
                v -> {
                  StructVector t = (StructVector) v.typedValueVector();
                  for (int i = 0; i < 2; i++) {
                    t.setIndexDefined(i);
                    ((StructVector) t.getChild("a")).setIndexDefined(i);
                    ((StructVector) t.getChild("b")).setIndexDefined(i);
                  }
                  ((BigIntVector) ((StructVector) t.getChild("b")).getChild("typed_value"))
                      .setSafe(0, 1);
                  ((BigIntVector) ((StructVector) t.getChild("a")).getChild("typed_value"))
                      .setSafe(1, 2);
                });
        KernelResult r =
            VariantKernels.get(
                in, "$", VARIANT_TARGET, GetOptions.defaults(), memory.allocator())) {
      VarBinaryVector metadata = (VarBinaryVector) ((VariantVector) r.vector()).metadataVector();
      // Rebuilt together (Shredding.unshredAt): version 1, sorted, two keys, offsets 0, 1 and 2,
      // then the keys, the same in both rows.
      byte[] shared = {0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'b'};
      assertArrayEquals(shared, metadata.get(0));
      assertArrayEquals(shared, metadata.get(1));
      assertEquals(
          List.of(obj("b", i64(1)), obj("a", i64(2))),
          ShredTestSupport.rowsOf((VariantVector) r.vector()));
    }
  }

  @Test
  void listViewArraysAreReadByVariantGetAsByUnshredding() {
    Field element =
        pair(
            "element",
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("typed_value", new ArrowType.Int(64, true)));
    try (VariantVector in =
        build(
            storage(typed(ArrowType.ListView.INSTANCE, element)),
            2,
            v -> {
              ListViewVector views = (ListViewVector) v.typedValueVector();
              StructVector pairs = (StructVector) views.getDataVector();
              BigIntVector ints = (BigIntVector) pairs.getChild("typed_value");
              for (int e = 0; e < 3; e++) {
                pairs.setIndexDefined(e);
                ints.setSafe(e, 10 + e);
              }
              pairs.setValueCount(3);
              // row 0 views elements 1..2, row 1 views element 0
              views.setValidity(0, 1);
              views.setOffset(0, 1);
              views.setSize(0, 2);
              views.setValidity(1, 1);
              views.setOffset(1, 0);
              views.setSize(1, 1);
            })) {
      List<VariantValue> expected =
          List.of(ShredTestSupport.arr(i64(11), i64(12)), ShredTestSupport.arr(i64(10)));
      assertEquals(expected, unshred(in));
      assertEquals(expected, get(in, "$"));
      assertEquals(Arrays.asList(i64(12), null), get(in, "$[1]"));
    }
  }

  @Test
  void aTimestampWithAnyZoneIsUtcAdjustedForBothReaders() {
    Field typed =
        Field.nullable("typed_value", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Asia/Tokyo"));
    try (VariantVector in =
        build(
            storage(typed),
            1,
            v -> ((TimeStampMicroTZVector) v.typedValueVector()).setSafe(0, 7))) {
      List<VariantValue> expected = List.of(VariantValue.of(VariantKind.TIMESTAMP_MICROS, 7L));
      assertEquals(expected, unshred(in));
      assertEquals(expected, get(in, "$"));
    }
  }

  @Test
  void invalidSlotsAreErrorsForUnshreddingAndReadAsTheSpecificationSaysByVariantGet() {
    // Row 0: value and typed_value both set at a primitive level.
    try (VariantVector in =
        build(
            storage(typed(new ArrowType.Int(64, true))),
            1,
            v -> {
              ((BigIntVector) v.typedValueVector()).setSafe(0, 7);
              ((VarBinaryVector) v.valueVector()).setSafe(0, STRING_X);
            })) {
      assertThrows(ShredException.class, () -> unshred(in));
      assertEquals(List.of(i64(7)), get(in, "$"), "typed_value wins");
    }
    // Row 0: an array element with neither value nor typed_value.
    Field element =
        pair(
            "element",
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("typed_value", new ArrowType.Int(64, true)));
    try (VariantVector in =
        build(
            storage(typed(ArrowType.List.INSTANCE, element)),
            1,
            v -> {
              org.apache.arrow.vector.complex.ListVector list =
                  (org.apache.arrow.vector.complex.ListVector) v.typedValueVector();
              StructVector pairs = (StructVector) list.getDataVector();
              list.startNewValue(0);
              pairs.setIndexDefined(0);
              pairs.setIndexDefined(1);
              ((BigIntVector) pairs.getChild("typed_value")).setSafe(1, 3);
              list.endValue(0, 2);
            })) {
      assertThrows(ShredException.class, () -> unshred(in));
      assertEquals(List.of(ShredTestSupport.arr(vnull(), i64(3))), get(in, "$"));
      assertEquals(List.of(vnull()), get(in, "$[0]"));
    }
  }

  @Test
  void underscoreChildrenAreRefusedByBothReadersAtEveryLevel() {
    Field a =
        pair(
            "a",
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("_stats", ArrowType.Binary.INSTANCE));
    try (VariantVector in = build(storage(typed(ArrowType.Struct.INSTANCE, a)), 1, v -> {})) {
      ShredException u = assertThrows(ShredException.class, () -> unshred(in));
      assertEquals(
          "Invalid shredding type at v.a: unexpected child \"_stats\" (only value and typed_value"
              + " are allowed)",
          u.getMessage());
      KernelException k = assertThrows(KernelException.class, () -> get(in, "$.a"));
      assertEquals(
          "Invalid shredded Variant storage at v.a: unexpected child \"_stats\" (only value and"
              + " typed_value)",
          k.getMessage());
    }
    Field top = Field.nullable("_metadata_key_paths", ArrowType.Binary.INSTANCE);
    try (VariantVector in = build(storage(null, top), 1, v -> {})) {
      String message =
          "Invalid Variant vector at v: unexpected child \"_metadata_key_paths\" (only metadata,"
              + " value and typed_value)";
      assertEquals(
          message, assertThrows(VariantVectorException.class, () -> unshred(in)).getMessage());
      assertEquals(
          message, assertThrows(VariantVectorException.class, () -> get(in, "$")).getMessage());
    }
  }

  @Test
  void aUuidNamedOnlyInFieldMetadataIsAUuidForBothReaders() {
    Field typed =
        new Field(
            "typed_value",
            new FieldType(
                true,
                new ArrowType.FixedSizeBinary(16),
                null,
                Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, "arrow.uuid")),
            null);
    UUID id = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
    try (VariantVector in =
        build(
            storage(typed),
            1,
            v -> {
              ByteBuffer b = ByteBuffer.allocate(16);
              b.putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits());
              ((FixedSizeBinaryVector) v.typedValueVector()).setSafe(0, b.array());
            })) {
      List<VariantValue> expected = List.of(VariantValue.of(VariantKind.UUID, id));
      assertEquals(expected, unshred(in));
      assertEquals(expected, get(in, "$"));
    }
  }

  @Test
  void everyRefusalIsABridgeExceptionNamingThePath() {
    // A type outside the table, as a typed_value of an object field.
    Field a = pair("a", typed(new ArrowType.Duration(TimeUnit.SECOND)));
    try (VariantVector in = build(storage(typed(ArrowType.Struct.INSTANCE, a)), 1, v -> {})) {
      BridgeException u = assertThrows(BridgeException.class, () -> unshred(in));
      BridgeException k = assertThrows(BridgeException.class, () -> get(in, "$.a"));
      assertTrue(u.getMessage().contains(" at v.a"), u.getMessage());
      assertTrue(k.getMessage().contains(" at v.a"), k.getMessage());
    }
  }
}
