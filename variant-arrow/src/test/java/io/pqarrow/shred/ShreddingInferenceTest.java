package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.arr;
import static io.pqarrow.shred.ShredTestSupport.dec;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.i8;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.str;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Shredding types inferred from samples, written in the {@link ShreddingTypes} syntax. */
class ShreddingInferenceTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private String infer(List<VariantValue> rows, InferOptions options) {
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      return ShreddingTypes.format(Shredding.inferType(in, options, memory.allocator()));
    }
  }

  @Test
  void sharedStructureBecomesTheShreddingType() {
    // an INT64 beside decimals of scale 2 widens to 19 integer digits + 2 (the kernels' rule)
    List<VariantValue> rows =
        List.of(
            obj("id", i8(1), "tags", arr(str("a")), "price", dec("1.5")),
            obj("id", i64(300), "tags", arr(), "price", dec("12.25")),
            obj("id", i64(2), "price", i64(3)));
    assertEquals(
        "struct<id:int64,price:decimal(21,2),tags:list<string>>",
        infer(rows, InferOptions.defaults()));
  }

  @Test
  void positionsWithValuesOfSeveralClassesAreKeptInValueOnly() {
    List<VariantValue> rows =
        List.of(obj("a", i64(1), "b", str("x")), obj("a", str("y"), "b", str("z")));
    assertEquals("struct<a:variant,b:string>", infer(rows, InferOptions.defaults()));
    assertEquals("variant", infer(List.of(i64(1), str("x")), InferOptions.defaults()));
  }

  @Test
  void onlyVariantNullsAndEmptyObjectsAreNotShredded() {
    assertEquals("variant", infer(List.of(vnull(), vnull()), InferOptions.defaults()));
    assertEquals("variant", infer(List.of(obj(), obj()), InferOptions.defaults()));
    assertEquals("struct<a:variant>", infer(List.of(obj("a", vnull())), InferOptions.defaults()));
  }

  @Test
  void rareKeysAndTheEmptyKeyStayInTheResidual() {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(
          i == 0 ? obj("a", i64(i), "rare", i64(1), "", i64(2)) : obj("a", i64(i), "", i64(2)));
    }
    assertEquals("struct<a:int64>", infer(rows, Shredding.defaultInferOptions()));
    assertEquals("struct<a:int64,rare:int64>", infer(rows, InferOptions.defaults()));
  }

  @Test
  void aShreddedSampleIsInferredFromItsValues() {
    List<VariantValue> rows =
        List.of(obj("a", i64(1), "b", str("x")), obj("a", i64(2), "b", str("y")));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        VariantVector shredded =
            Shredding.shred(
                in,
                ShreddingTypes.parse("v", "struct<a:int64>"),
                ShredOptions.defaults(),
                memory.allocator())) {
      assertEquals(
          "struct<a:int64,b:string>",
          ShreddingTypes.format(
              Shredding.inferType(shredded, InferOptions.defaults(), memory.allocator())));
    }
  }
}
