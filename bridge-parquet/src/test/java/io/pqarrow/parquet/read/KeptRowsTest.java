package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The filter stage's bulk compaction ({@link KeptRows}) against Arrow's per-row {@code
 * copyValueSafe}, the obviously correct reference, on every vector kind it takes, with and without
 * nulls, at awkward row counts and selection densities; and the joining of runs ({@link
 * RowSelection#coalesce}) that decides which rows the late columns decode.
 */
class KeptRowsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int[] SIZES = {1, 7, 8, 9, 31, 63, 64, 65, 1000, 8192};
  private static final double[] DENSITIES = {0.0, 0.01, 0.1, 0.5, 0.9, 1.0};

  @Test
  void bulkCompactionEqualsPerRowCopiesOnEveryVectorKindItTakes() {
    BufferAllocator a = memory.allocator();
    List<Function<Integer, FieldVector>> kinds =
        List.of(
            n -> fill(new BigIntVector("i64", a), n, (v, i) -> ((BigIntVector) v).set(i, i * 31L)),
            n -> fill(new IntVector("i32", a), n, (v, i) -> ((IntVector) v).set(i, -i)),
            n -> fill(new SmallIntVector("i16", a), n, (v, i) -> ((SmallIntVector) v).set(i, i)),
            n -> fill(new TinyIntVector("i8", a), n, (v, i) -> ((TinyIntVector) v).set(i, i)),
            n -> fill(new Float8Vector("f64", a), n, (v, i) -> ((Float8Vector) v).set(i, i / 3.0)),
            n -> fill(new BitVector("bool", a), n, (v, i) -> ((BitVector) v).set(i, i % 3 & 1)),
            n ->
                fill(
                    new DecimalVector("dec", a, 20, 2),
                    n,
                    (v, i) -> ((DecimalVector) v).set(i, BigDecimal.valueOf(i * 7L - 500, 2))),
            n ->
                fill(
                    new VarCharVector("str", a),
                    n,
                    (v, i) -> ((VarCharVector) v).setSafe(i, text(i))),
            n ->
                fill(
                    new VarBinaryVector("bin", a),
                    n,
                    (v, i) -> ((VarBinaryVector) v).setSafe(i, text(i * 13))));
    Random rnd = new Random(20261129);
    for (Function<Integer, FieldVector> kind : kinds) {
      for (int n : SIZES) {
        for (double density : DENSITIES) {
          for (boolean nulls : new boolean[] {false, true}) {
            try (FieldVector from = kind.apply(n)) {
              if (nulls) {
                for (int i = 0; i < n; i += 3) {
                  from.setNull(i);
                }
              }
              long[] keep = new long[(n + 63) >>> 6];
              int kept = 0;
              for (int i = 0; i < n; i++) {
                if (rnd.nextDouble() < density) {
                  keep[i >>> 6] |= 1L << i;
                  kept++;
                }
              }
              String what = from.getName() + " n " + n + " density " + density + " nulls " + nulls;
              assertTrue(KeptRows.takes(from, from), what);
              try (FieldVector bulk = empty(from);
                  FieldVector slow = empty(from)) {
                int[] listed = KeptRows.list(keep, n, new int[1]);
                KeptRows.copy(from, bulk, listed, kept);
                bulk.setValueCount(kept);
                TransferPair pair = from.makeTransferPair(slow);
                int out = 0;
                for (int i = 0; i < n; i++) {
                  if ((keep[i >>> 6] & (1L << i)) != 0) {
                    pair.copyValueSafe(i, out++);
                  }
                }
                slow.setValueCount(kept);
                for (int i = 0; i < kept; i++) {
                  assertEquals(slow.isNull(i), bulk.isNull(i), what + " row " + i);
                  assertEquals(
                      text(slow.getObject(i)), text(bulk.getObject(i)), what + " row " + i);
                }
                assertEquals(slow.getNullCount(), bulk.getNullCount(), what);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void nestedAndDifferentVectorsAreLeftToThePerRowCopy() {
    try (ListVector list = ListVector.empty("l", memory.allocator());
        IntVector ints = new IntVector("i", memory.allocator());
        BigIntVector longs = new BigIntVector("l", memory.allocator())) {
      assertFalse(KeptRows.takes(list, list));
      assertFalse(KeptRows.takes(ints, longs));
      assertTrue(KeptRows.takes(ints, ints));
    }
  }

  @Test
  void runsCloserThanTheGapAreJoinedAndTheEndsLeftToPassOver() {
    RowSelection s = new RowSelection();
    // keep rows 2..4, 7, 30, 33 of 40
    long[] keep = {(0b11100L) | (1L << 7) | (1L << 30) | (1L << 33)};
    s.set(keep, 40, 0);
    assertEquals(4, s.runs());
    s.coalesce(4);
    assertArrayEquals(new int[] {2, 30}, java.util.Arrays.copyOf(s.froms(), s.runs()));
    assertArrayEquals(new int[] {8, 34}, java.util.Arrays.copyOf(s.tos(), s.runs()));
    assertEquals(10, s.selected());
    s.set(keep, 40, 0);
    s.coalesce(0);
    assertEquals(4, s.runs());
    assertEquals(6, s.selected());
    s.set(keep, 40, 0);
    s.coalesce(Integer.MAX_VALUE);
    assertEquals(1, s.runs());
    assertEquals(2, s.from(0));
    assertEquals(34, s.to(0));
    assertEquals(32, s.selected());
  }

  private interface Setter {
    void set(FieldVector v, int i);
  }

  private static FieldVector fill(FieldVector v, int n, Setter setter) {
    v.setInitialCapacity(n);
    v.allocateNew();
    for (int i = 0; i < n; i++) {
      setter.set(v, i);
    }
    v.setValueCount(n);
    return v;
  }

  private FieldVector empty(FieldVector like) {
    FieldVector v = like.getField().createVector(memory.allocator());
    v.allocateNew();
    return v;
  }

  /** A value as text: byte arrays by content. */
  private static String text(Object value) {
    return value instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(value);
  }

  private static byte[] text(int i) {
    return ("v" + "x".repeat(i % 17) + i).getBytes(StandardCharsets.UTF_8);
  }
}
