package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** RLE booleans (data page v2) as parquet-java's RLE values writer produces them. */
public class RleBooleanDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void booleansInRunsAndBitPackedGroupsLandInABitmap() {
    Random random = new Random(9);
    for (int count : COUNTS) {
      for (double trueRate : new double[] {0.0, 1.0, 0.5}) {
        boolean[] expected = new boolean[count];
        int i = 0;
        while (i < count) {
          boolean v = random.nextDouble() < trueRate;
          int run = random.nextBoolean() ? 1 : 1 + random.nextInt(100);
          for (int k = 0; k < run && i < count; k++, i++) {
            expected[i] = random.nextBoolean() ? v : random.nextDouble() < trueRate;
          }
        }
        RunLengthBitPackingHybridValuesWriter writer =
            new RunLengthBitPackingHybridValuesWriter(1, 64, 1 << 20, HEAP);
        for (boolean b : expected) {
          writer.writeBoolean(b);
        }
        byte[] encoded = bytes(writer);
        Source source = Source.values()[count % 3];
        DecoderChecks.booleans(
            () -> new RleBooleanDecoder(page(encoded, source)),
            expected,
            memory.allocator(),
            random);
      }
    }
  }

  @Test
  void theDocumentedExampleDecodesAndTheCursorEndsAfterIt() {
    byte[] bytes = {4, 0, 0, 0, 0x10, 0x01, 0x03, 0x0B, 99};
    boolean[] expected = new boolean[16];
    Arrays.fill(expected, 0, 8, true);
    expected[8] = true;
    expected[9] = true;
    expected[11] = true;
    DecoderChecks.booleans(
        () -> new RleBooleanDecoder(PageBytes.wrap(bytes)),
        expected,
        memory.allocator(),
        new Random(0));
    PageBytes page = PageBytes.wrap(bytes);
    new RleBooleanDecoder(page);
    assertEquals(8, page.position());
  }
}
