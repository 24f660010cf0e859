package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opentest4j.AssertionFailedError;

/**
 * The generator and the comparator the round trips rely on: batches really hold values and nulls
 * where the tests claim, and a difference of one value is caught and located.
 */
class GeneratedBatchesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void batchesFollowTheirNullRates() {
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 1, 50, 50, 50)) {
      VectorSchemaRoot noNulls = data.batches().get(1);
      VectorSchemaRoot allNulls = data.batches().get(2);
      for (FieldVector v : noNulls.getFieldVectors()) {
        boolean nullType = v.getName().equals("null");
        assertEquals(nullType ? 50 : 0, v.getNullCount(), "nulls in " + v.getName());
      }
      for (FieldVector v : allNulls.getFieldVectors()) {
        boolean nullable = v.getField().isNullable();
        assertEquals(nullable ? 50 : 0, v.getNullCount(), "nulls in " + v.getName());
      }
    }
  }

  @Test
  void nullsAndValuesAppearAtNestedLevels() {
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 1, 200)) {
      VectorSchemaRoot batch = data.batches().get(0);
      StructVector struct = (StructVector) batch.getVector("struct");
      FieldVector a = (FieldVector) struct.getChild("a");
      int nullChildOfValidParent = 0;
      for (int i = 0; i < 200; i++) {
        if (!struct.isNull(i) && a.isNull(i)) {
          nullChildOfValidParent++;
        }
      }
      assertTrue(nullChildOfValidParent > 0, "struct.a null under a valid struct");
      FieldVector elements = ((ListVector) batch.getVector("list_int32")).getDataVector();
      assertTrue(elements.getNullCount() > 0, "null list elements");
      assertTrue(elements.getNullCount() < elements.getValueCount(), "non-null list elements");
      for (FieldVector v : batch.getFieldVectors()) {
        if (!v.getName().equals("null")) {
          assertTrue(
              v.getNullCount() > 0 && v.getNullCount() < 200 || !v.getField().isNullable(),
              "values and nulls in " + v.getName());
        }
      }
    }
  }

  @Test
  void sameSeedGivesEqualBatchesAndAnotherSeedIsCaughtAtItsRow() {
    try (GeneratedBatches one =
            GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 5, 40);
        GeneratedBatches same =
            GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 5, 40);
        GeneratedBatches other =
            GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 6, 40)) {
      VectorAssertions.assertRootEquals(one.batches().get(0), same.batches().get(0), "same");
      AssertionFailedError e =
          assertThrows(
              AssertionFailedError.class,
              () ->
                  VectorAssertions.assertRootEquals(
                      one.batches().get(0), other.batches().get(0), "other"));
      assertTrue(
          e.getMessage().startsWith("other, column bool: first difference at row "),
          e.getMessage());
    }
  }
}
