package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link PartitionGroups}: rows grouped by partition values, one directory text per group. */
class PartitionGroupsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The directory text a slow, obviously right grouping gives row {@code r}. */
  private static String text(FieldVector[] keys, int r) {
    StringBuilder b = new StringBuilder();
    for (FieldVector v : keys) {
      b.append(v.getName()).append('=').append(v.isNull(r) ? "null" : v.getObject(r)).append('/');
    }
    return b.toString();
  }

  @Test
  void rowsInAnyOrderGroupAsTheirDirectoryTextsDoAskingOneTextPerDistinctValue() {
    Random random = new Random(29);
    for (int rows : new int[] {1, 7, 33, 1024, 5000}) {
      for (boolean sorted : new boolean[] {false, true}) {
        try (IntVector year = new IntVector("year", memory.allocator());
            LargeVarCharVector name = new LargeVarCharVector("name", memory.allocator())) {
          year.allocateNew(rows);
          name.allocateNew();
          for (int r = 0; r < rows; r++) {
            int k = sorted ? r * 40 / rows : random.nextInt(40);
            if (k % 7 == 3) {
              year.setNull(r);
            } else {
              year.set(r, 2000 + k % 5);
            }
            if (k % 11 == 5) {
              name.setNull(r);
            } else {
              name.setSafe(r, ("n" + k / 5).getBytes(StandardCharsets.UTF_8));
            }
          }
          year.setValueCount(rows);
          name.setValueCount(rows);
          FieldVector[] keys = {year, name};
          List<String> asked = new ArrayList<>();
          PartitionGroups g =
              PartitionGroups.of(
                  keys,
                  rows,
                  r -> {
                    asked.add(text(keys, r));
                    return text(keys, r);
                  });
          // the reference: rows by their text, in order of first appearance
          List<String> dirs = new ArrayList<>();
          List<List<Integer>> rowsOf = new ArrayList<>();
          for (int r = 0; r < rows; r++) {
            String t = text(keys, r);
            int d = dirs.indexOf(t);
            if (d < 0) {
              dirs.add(t);
              rowsOf.add(new ArrayList<>());
              d = dirs.size() - 1;
            }
            rowsOf.get(d).add(r);
          }
          assertEquals(dirs, g.directories(), rows + " rows");
          assertEquals(dirs, asked, "one text per distinct value");
          for (int d = 0; d < dirs.size(); d++) {
            int[] expected = rowsOf.get(d).stream().mapToInt(Integer::intValue).toArray();
            assertArrayEquals(expected, g.rowsOf(d));
            assertEquals(expected.length, g.count(d));
            boolean contiguous = expected[expected.length - 1] - expected[0] + 1 == expected.length;
            assertEquals(contiguous ? expected[0] : -1, g.contiguousStart(d));
          }
        }
      }
    }
  }

  @Test
  void valuesThatDifferInBytesButPrintAlikeShareTheirDirectory() {
    try (Float8Vector v = new Float8Vector("x", memory.allocator())) {
      v.allocateNew(4);
      v.set(0, Double.NaN);
      v.set(1, 1.5);
      v.set(2, Double.longBitsToDouble(0x7ff8000000000001L)); // another NaN
      v.set(3, Double.NaN);
      v.setValueCount(4);
      PartitionGroups g =
          PartitionGroups.of(new FieldVector[] {v}, 4, r -> "x=" + Double.toString(v.get(r)));
      assertEquals(List.of("x=NaN", "x=1.5"), g.directories());
      assertArrayEquals(new int[] {0, 2, 3}, g.rowsOf(0));
    }
  }
}
