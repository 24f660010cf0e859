package io.pqarrow.parquet.internal.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.SplittableRandom;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link BitWords} against bit-by-bit models. */
class BitWordsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void packKeepsTheMaskedBitsInOrderWhateverTheGaps() {
    SplittableRandom random = new SplittableRandom(5);
    for (int trial = 0; trial < 20_000; trial++) {
      long value = random.nextLong();
      // From a few gaps (run by run) to many (the fixed steps).
      long mask = -1L;
      int gaps = random.nextInt(65);
      for (int g = 0; g < gaps; g++) {
        mask &= ~(1L << random.nextInt(64));
      }
      if (trial % 100 == 0) {
        mask = random.nextLong();
      }
      long expected = 0;
      int at = 0;
      for (int k = 0; k < 64; k++) {
        if ((mask >>> k & 1) != 0) {
          expected |= (value >>> k & 1) << at++;
        }
      }
      assertEquals(expected, BitWords.pack(value, mask), "value " + value + ", mask " + mask);
      assertEquals(expected, BitWords.packRuns(value, mask), "runs: " + value + ", " + mask);
    }
  }

  @Test
  void bitWordsWritesEveryOffsetAndCountAndLeavesOtherBitsAlone() {
    SplittableRandom random = new SplittableRandom(7);
    try (ArrowBuf buf = memory.allocator().buffer(32)) {
      for (int first = 0; first < 80; first++) {
        for (int count = 0; count <= 64; count++) {
          boolean[] model = new boolean[256];
          for (int b = 0; b < 32; b++) {
            int v = random.nextInt(256);
            buf.setByte(b, v);
            for (int k = 0; k < 8; k++) {
              model[b * 8 + k] = (v >>> k & 1) != 0;
            }
          }
          long word = random.nextLong();
          for (int k = 0; k < count; k++) {
            model[first + k] = (word >>> k & 1) != 0;
          }
          BitWords.write(buf, first, word, count);
          for (int bit = 0; bit < 256; bit++) {
            boolean actual = (buf.getByte(bit >>> 3) >>> (bit & 7) & 1) != 0;
            assertEquals(model[bit], actual, "bit " + bit + " after " + count + " at " + first);
          }
        }
      }
    }
  }

  @Test
  void bitWordsWritesTheBitsOfSlotsAloneForAnyShareOfNonSlots() {
    SplittableRandom random = new SplittableRandom(11);
    for (double holes : new double[] {0, 0.01, 0.3, 0.9, 1}) {
      for (int n : new int[] {0, 1, 63, 64, 65, 200, 1000}) {
        int[] rep = new int[n];
        int[] def = new int[n];
        for (int i = 0; i < n; i++) {
          rep[i] = random.nextInt(3);
          // Slots have definition level 2 (null) or 3 (valid); non-slots 0 or 1.
          def[i] = random.nextDouble() < holes ? random.nextInt(2) : 2 + random.nextInt(2);
        }
        for (boolean withRep : new boolean[] {false, true}) {
          String what = n + " triples, " + holes + " non-slots, rep " + withRep;
          checkSlots(random, withRep ? rep : null, 1, def, 2, 3, what);
        }
      }
    }
  }

  @Test
  void bitWordsFillsTheBitsOfRangesWhoseSlotsAreAllValidOrAllNull() {
    SplittableRandom random = new SplittableRandom(13);
    int[][] levels = {{0, 2}, {2, 3}, {2, 2}, {3, 3}};
    for (int n : new int[] {1, 2, 63, 64, 65, 1000}) {
      for (int shape = 0; shape < 8; shape++) {
        int[] rep = new int[n];
        int[] def = new int[n];
        for (int i = 0; i < n; i++) {
          // Definition levels: 0 all 1, 1 all 3, 2 any of 0-3, 3 any of 1-2; shapes 4-7 as 0-3
          // with repetition levels above the node's maximum (1) in some triples.
          rep[i] = shape >= 4 && i % 5 == 1 ? 2 : random.nextInt(2);
          def[i] =
              switch (shape % 4) {
                case 0 -> 1;
                case 1 -> 3;
                case 2 -> random.nextInt(4);
                default -> 1 + random.nextInt(2);
              };
        }
        for (int[] slotAndValid : levels) {
          String what = n + " triples, shape " + shape + ", levels " + slotAndValid[0];
          checkSlots(
              random, rep, 1, def, slotAndValid[0], slotAndValid[1], what + "/" + slotAndValid[1]);
        }
      }
    }
  }

  /**
   * Writes the slots of the triples with {@link BitWords#writeSlots} over random bits from a random
   * first bit, and checks the counts and every bit of the buffer against a triple-by-triple model.
   */
  private void checkSlots(
      SplittableRandom random,
      int[] rep,
      int maxRep,
      int[] def,
      int slotDef,
      int validDef,
      String what) {
    int n = def.length;
    long first = random.nextInt(70);
    try (ArrowBuf buf = memory.allocator().buffer((first + n + 7) / 8 + 8)) {
      byte[] before = new byte[(int) buf.capacity()];
      for (int b = 0; b < before.length; b++) {
        before[b] = (byte) random.nextInt(256);
      }
      buf.setBytes(0, before);
      long written = BitWords.writeSlots(buf, first, rep, maxRep, def, 0, n, slotDef, validDef);
      boolean[] model = new boolean[before.length * 8];
      for (int bit = 0; bit < model.length; bit++) {
        model[bit] = (before[bit >>> 3] >>> (bit & 7) & 1) != 0;
      }
      int slots = 0;
      int set = 0;
      for (int i = 0; i < n; i++) {
        if (def[i] >= slotDef && (rep == null || rep[i] <= maxRep)) {
          model[(int) first + slots++] = def[i] >= validDef;
          set += def[i] >= validDef ? 1 : 0;
        }
      }
      assertEquals(slots, (int) (written >>> 32), what);
      assertEquals(set, (int) written, what);
      for (int bit = 0; bit < model.length; bit++) {
        boolean actual = (buf.getByte(bit >>> 3) >>> (bit & 7) & 1) != 0;
        assertEquals(model[bit], actual, what + ", bit " + bit);
      }
    }
  }

  @Test
  void bitWordsReadsWordsWithBitsPastTheBufferClear() {
    try (ArrowBuf buf = memory.allocator().buffer(16)) {
      for (int b = 0; b < 16; b++) {
        buf.setByte(b, 0xFF);
      }
      assertEquals(-1L, BitWords.wordAt(buf, 8, 16));
      assertEquals(0xFFFFL, BitWords.wordAt(buf, 8, 10));
      assertEquals(0L, BitWords.wordAt(buf, 16, 16));
    }
  }
}
