package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantEdgeValues;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Values written by {@link VariantBuilder} read back equal through {@link VariantReader}. */
class VariantRoundTripTest {

  @Test
  void everyEdgePrimitiveReadsBackEqual() {
    for (VariantValue v : VariantEdgeValues.PRIMITIVES) {
      EncodedVariant e = v.encode();
      assertEquals(v, VariantValue.read(e.toVariant()), v.toString());
      assertEquals(e.value().length, e.toVariant().encodedSize(), v.toString());
    }
  }

  @Test
  void randomNestedValuesReadBackEqualAndValidate() {
    Random r = new Random(20261122L);
    for (int i = 0; i < 500; i++) {
      VariantValue v = RandomVariants.generate(r, 4);
      EncodedVariant e = v.encode();
      assertEquals(v, VariantValue.read(e.toVariant()), "value " + i);
      VariantMetadata md = VariantMetadata.of(e.metadata());
      assertTrue(md.isSorted(), "value " + i);
      VariantValidator.validate(
          md,
          java.nio.ByteBuffer.wrap(e.value()),
          0,
          e.value().length,
          i,
          ValidationOptions.defaults());
    }
  }

  @Test
  void copyingIntoAnotherBuilderKeepsTheValue() {
    Random r = new Random(7);
    for (int i = 0; i < 200; i++) {
      VariantValue v = RandomVariants.generate(r, 4);
      EncodedVariant e = v.encode();
      VariantBuilder b = new VariantBuilder();
      b.appendVariant(e.toVariant());
      EncodedVariant copy = b.build();
      assertEquals(v, VariantValue.read(copy.toVariant()), "value " + i);
    }
  }

  @Test
  void columnRowsShareOneSortedDictionaryWhateverTheKeyOrder() {
    Random r = new Random(99);
    List<VariantValue> rows = new ArrayList<>();
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < 300; i++) {
      VariantValue v = RandomVariants.generate(r, 3);
      rows.add(v);
      v.writeTo(col.row());
      assertEquals(i, col.finishRow());
    }
    EncodedVariantColumn out = col.finish();
    assertEquals(rows.size(), out.rowCount());
    assertTrue(VariantMetadata.of(out.metadata()).isSorted());
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), VariantValue.read(out.variant(i)), "row " + i);
    }
  }
}
