package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.kernel.SchemaAccumulator;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Differential: {@code inferSchema} reads a shredded column as stored, and must give exactly the
 * field that inference over its unshredded values gives (not always the field of the values before
 * shredding: a typed column may change a value's kind, as a nanosecond timestamp stored in a
 * microsecond column), for seeded random values shredded by our shredder with the schema they were
 * drawn for, the schema inferred from them and unrelated random schemas (so typed columns, residual
 * objects, misfits in {@code value}, arrays and SQL NULL rows all occur), under the default options
 * and under options that cut depth, keys and rare keys.
 */
class InferShreddedTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final List<InferOptions> OPTIONS =
      List.of(
          InferOptions.defaults(),
          InferOptions.builder()
              .minFrequency(0.3)
              .limits(Limits.builder().maxInferDepth(2).maxInferredFields(3).build())
              .build(),
          InferOptions.builder().limits(Limits.builder().maxInferDepth(0).build()).build());

  @Test
  void shreddedColumnsInferAsTheirUnshreddedValues() {
    Random r = new Random(20261126L);
    int compared = 0;
    for (int round = 0; round < 60; round++) {
      int batch = 1 + r.nextInt(round % 3 == 0 ? 300 : 40);
      Field request = ShreddingTypes.parse("v", ShredRoundTripPropertyTest.randomType(r, 3));
      List<VariantValue> rows = new ArrayList<>();
      for (int i = 0; i < batch; i++) {
        int pick = r.nextInt(10);
        if (pick == 0) {
          rows.add(null);
        } else if (pick < 4) {
          rows.add(RandomVariants.generate(r, 3));
        } else {
          rows.add(ShredRoundTripPropertyTest.valueFor(request, r));
        }
      }
      try (VariantVector input = KernelTestSupport.vectorOf(rows, memory.allocator())) {
        List<Field> schemas = new ArrayList<>();
        schemas.add(request);
        schemas.add(
            Shredding.inferType(input, Shredding.defaultInferOptions(), memory.allocator()));
        schemas.add(ShreddingTypes.parse("v", ShredRoundTripPropertyTest.randomType(r, 3)));
        for (Field s : schemas) {
          try (VariantVector shredded =
                  Shredding.shred(input, s, ShredOptions.defaults(), memory.allocator());
              VariantVector plain = Shredding.unshred(shredded, memory.allocator())) {
            assertNull(plain.typedValueVector());
            for (int k = 0; k < OPTIONS.size(); k++) {
              InferOptions o = OPTIONS.get(k);
              String context =
                  "round " + round + ", schema " + ShreddingTypes.format(s) + ", options " + k;
              Field expected = VariantKernels.inferSchema(plain, "v", o);
              assertEquals(expected, VariantKernels.inferSchema(shredded, "v", o), context);
              compared++;
            }
          }
        }
      }
    }
    assertEquals(60 * 3 * OPTIONS.size(), compared);
  }

  @Test
  void anAccumulatorMixesShreddedAndUnshreddedBatches() {
    Random r = new Random(7L);
    Field request = ShreddingTypes.parse("v", "struct<a:int64,b:list<string>,c:decimal(9,2)>");
    SchemaAccumulator mixed = VariantKernels.inferSchemaAccumulator(InferOptions.defaults());
    SchemaAccumulator plainOnly = VariantKernels.inferSchemaAccumulator(InferOptions.defaults());
    long typed = 0;
    for (int b = 0; b < 4; b++) {
      List<VariantValue> rows = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        rows.add(ShredRoundTripPropertyTest.valueFor(request, r));
      }
      try (VariantVector input = KernelTestSupport.vectorOf(rows, memory.allocator());
          VariantVector shredded =
              Shredding.shred(input, request, ShredOptions.defaults(), memory.allocator());
          VariantVector plain = Shredding.unshred(shredded, memory.allocator())) {
        FieldVector t = shredded.typedValueVector();
        typed += t.getValueCount() - t.getNullCount();
        mixed.add(b % 2 == 0 ? shredded : plain, "v");
        plainOnly.add(plain, "v");
      }
    }
    assertTrue(typed > 0, "values were shredded");
    assertEquals(200, mixed.rows());
    assertEquals(plainOnly.toField("v"), mixed.toField("v"));
  }
}
