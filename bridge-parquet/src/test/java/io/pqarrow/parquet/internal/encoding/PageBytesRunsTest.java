package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link PageBytes#copyInts}, {@link PageBytes#copyLongs} and {@link PageBytes#getCheckedInt} (the
 * dictionary page's runs): the values the buffer's own reads give, from a heap array, a direct
 * buffer and a window of a larger array, and a run past the view's end refused.
 */
class PageBytesRunsTest {
  @ParameterizedTest
  @EnumSource(Source.class)
  void runsOfIntsAndLongsReadAsTheBuffersOwnReads(Source source) {
    byte[] bytes = new byte[8 * 33 + 5];
    new Random(29).nextBytes(bytes);
    ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    PageBytes page = page(bytes, source);
    for (int from : new int[] {0, 1, 5}) {
      for (int count : new int[] {0, 1, 7, 8, 9, 33}) {
        int[] ints = new int[count];
        int[] expectedInts = new int[count];
        page.copyInts(from, ints, count);
        for (int i = 0; i < count; i++) {
          expectedInts[i] = le.getInt(from + 4 * i);
          assertEquals(expectedInts[i], page.getCheckedInt(from + 4 * i));
        }
        assertArrayEquals(expectedInts, ints, source + " ints from " + from + ", " + count);
        long[] longs = new long[count];
        long[] expectedLongs = new long[count];
        page.copyLongs(from, longs, count);
        for (int i = 0; i < count; i++) {
          expectedLongs[i] = le.getLong(from + 8 * i);
        }
        assertArrayEquals(expectedLongs, longs, source + " longs from " + from + ", " + count);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void aRunPastTheViewsEndIsRefusedEvenWhereTheArrayGoesOn(Source source) {
    // WINDOW wraps 16 bytes of a longer array: the run must stop at the view, not the array
    PageBytes page = page(new byte[16], source);
    assertThrows(IndexOutOfBoundsException.class, () -> page.copyLongs(1, new long[2], 2));
    assertThrows(IndexOutOfBoundsException.class, () -> page.copyInts(13, new int[1], 1));
    assertThrows(IndexOutOfBoundsException.class, () -> page.copyInts(-1, new int[1], 1));
    page.copyLongs(0, new long[2], 2); // exactly the view
  }
}
