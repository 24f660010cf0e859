package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.BridgeException;
import io.pqarrow.Limits;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.CastMode;
import io.pqarrow.kernel.DecodeOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Variant caps of {@link Limits} reach shredding, unshredding, variant_get and schema inference
 * through {@link ShredOptions#limits()}, {@link GetOptions#limits()} and {@link
 * InferOptions#limits()}.
 */
class ShredLimitsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** One row whose key {@code deep} holds four nested arrays, which shredding {@code id} leaves. */
  private static final String ROW = "{\"id\": 1, \"deep\": [[[[1]]]]}";

  private VariantVector variants(String... rows) {
    try (VarCharVector json = new VarCharVector("j", memory.allocator())) {
      for (int i = 0; i < rows.length; i++) {
        json.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
      }
      json.setValueCount(rows.length);
      return JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator());
    }
  }

  private static ShredOptions depth(int levels) {
    return ShredOptions.builder().limits(Limits.builder().maxVariantDepth(levels).build()).build();
  }

  private String json(VariantVector v) {
    try (FieldVector text =
        JsonColumns.toJson(
            v, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), memory.allocator())) {
      return text.getObject(0).toString();
    }
  }

  @Test
  void theVariantDepthDecidesWhetherAResidualValueIsCopiedWhenShredding() {
    Field request = ShreddingTypes.parse("v", "struct<id:int64>");
    try (VariantVector in = variants(ROW);
        VariantVector shredded = Shredding.shred(in, request, depth(4), memory.allocator());
        VariantVector back = Shredding.unshred(shredded, memory.allocator())) {
      assertEquals("{\"deep\":[[[[1]]]],\"id\":1}", json(back));
      BridgeException e =
          assertThrows(
              BridgeException.class,
              () -> Shredding.shred(in, request, depth(3), memory.allocator()).close());
      assertEquals(
          "Invalid shredded Variant at v, row 0: Invalid Variant value at row 0, byte 21: expected"
              + " nesting depth at most 3, found deeper",
          e.getMessage());
    }
  }

  @Test
  void theVariantDepthDecidesWhetherUnshreddingCopiesAResidualValue() {
    Field request = ShreddingTypes.parse("v", "struct<id:int64>");
    try (VariantVector in = variants(ROW);
        VariantVector shredded =
            Shredding.shred(in, request, ShredOptions.defaults(), memory.allocator())) {
      Shredding.unshred(shredded, null, depth(4), memory.allocator()).close();
      BridgeException e =
          assertThrows(
              BridgeException.class,
              () -> Shredding.unshred(shredded, null, depth(3), memory.allocator()).close());
      assertEquals(
          "Invalid shredded Variant at v, row 0: Invalid Variant value at row 0, byte 17: expected"
              + " nesting depth at most 3, found deeper",
          e.getMessage());
    }
  }

  @Test
  void theVariantDepthDecidesWhetherVariantGetRebuildsAShreddedValue() {
    Field request = ShreddingTypes.parse("v", "struct<id:int64>");
    Field target = VariantType.unshreddedField("out", true);
    try (VariantVector in = variants(ROW);
        VariantVector shredded =
            Shredding.shred(in, request, ShredOptions.defaults(), memory.allocator())) {
      GetOptions four =
          GetOptions.builder()
              .mode(CastMode.STRICT)
              .limits(Limits.builder().maxVariantDepth(4).build())
              .build();
      try (KernelResult r = VariantKernels.get(shredded, "$", target, four, memory.allocator())) {
        assertEquals("{\"deep\":[[[[1]]]],\"id\":1}", json((VariantVector) r.vector()));
      }
      GetOptions three = GetOptions.builder().mode(CastMode.STRICT).limits(limits(3)).build();
      BridgeException e =
          assertThrows(
              BridgeException.class,
              () -> VariantKernels.get(shredded, "$", target, three, memory.allocator()).close());
      assertEquals(
          "Invalid Variant value at row 0, path $: Invalid Variant value at row 0, byte 17:"
              + " expected nesting depth at most 3, found deeper",
          e.getMessage());
      assertEquals(limits(3), DecodeOptions.builder().limits(limits(3)).build().limits());
    }
  }

  private static Limits limits(int variantDepth) {
    return Limits.builder().maxVariantDepth(variantDepth).build();
  }

  @Test
  void theInferenceLimitsDecideHowDeepAndWideAShreddingTypeIs() {
    try (VariantVector in = variants("{\"a\": {\"b\": {\"c\": 1}}, \"z\": 2}")) {
      assertEquals(
          "struct<a:struct<b:struct<c:int8>>,z:int8>",
          ShreddingTypes.format(
              Shredding.inferType(in, Shredding.defaultInferOptions(), memory.allocator())));
      InferOptions shallow =
          InferOptions.builder()
              .limits(Limits.builder().maxInferDepth(2).maxInferredFields(1).build())
              .build();
      assertEquals(
          "struct<a:struct<b:variant>>",
          ShreddingTypes.format(Shredding.inferType(in, shallow, memory.allocator())));
    }
  }

  @Test
  void optionsCarryLimitsWithDefaultsAndRefuseNull() {
    assertEquals(Limits.defaults(), ShredOptions.defaults().limits());
    assertEquals(Limits.defaults(), GetOptions.defaults().limits());
    assertEquals(Limits.defaults(), DecodeOptions.defaults().limits());
    assertEquals(Limits.defaults(), InferOptions.defaults().limits());
    assertEquals(32, Shredding.defaultInferOptions().limits().maxInferDepth());
    assertEquals(256, Shredding.defaultInferOptions().limits().maxInferredFields());
    assertEquals(
        Limits.defaults().toBuilder().maxInferDepth(32).maxInferredFields(256).build(),
        Limits.shreddingInferenceDefaults(),
        "only the two inference caps are tighter than the defaults");
    assertEquals(Limits.shreddingInferenceDefaults(), Shredding.defaultInferOptions().limits());
    assertEquals(0.1, Shredding.defaultInferOptions().minFrequency());
    assertEquals(
        "limits",
        assertThrows(NullPointerException.class, () -> ShredOptions.builder().limits(null))
            .getMessage());
    assertEquals(
        "limits",
        assertThrows(NullPointerException.class, () -> GetOptions.builder().limits(null))
            .getMessage());
    assertEquals(
        "limits",
        assertThrows(NullPointerException.class, () -> InferOptions.builder().limits(null))
            .getMessage());
  }
}
