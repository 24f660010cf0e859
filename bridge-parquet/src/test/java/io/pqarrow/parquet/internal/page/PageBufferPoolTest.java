package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PageBufferPool}: the smallest kept buffer that fits, small ones not kept, a cap held. */
class PageBufferPoolTest {

  @Test
  void aGivenBufferIsTakenBackByTheSmallestRequestItFits() {
    // Odd sizes no other test's reader leaves in the pool.
    byte[] small = new byte[PageBufferPool.MIN_POOLED + 13];
    byte[] large = new byte[PageBufferPool.MIN_POOLED * 3 + 13];
    PageBufferPool.give(large);
    PageBufferPool.give(small);
    // (identity compared with ==: assertSame would print megabytes of zeros on failure)
    assertTrue(small == PageBufferPool.take(PageBufferPool.MIN_POOLED + 13), "small not reused");
    assertTrue(
        large == PageBufferPool.take(PageBufferPool.MIN_POOLED * 3 + 13), "large not reused");
    byte[] fresh = PageBufferPool.take(PageBufferPool.MIN_POOLED * 3 + 13);
    assertFalse(large == fresh, "a buffer was handed out twice");
    assertTrue(fresh.length >= PageBufferPool.MIN_POOLED * 3 + 13);
  }

  @Test
  void smallBuffersAreNotKept() {
    byte[] tiny = new byte[PageBufferPool.MIN_POOLED - 1];
    PageBufferPool.give(tiny);
    assertFalse(tiny == PageBufferPool.take(PageBufferPool.MIN_POOLED - 1), "a small one was kept");
  }

  @Test
  void thePoolHoldsNoMoreThanItsCap() {
    int size = (int) Math.max(PageBufferPool.MIN_POOLED, PageBufferPool.CAP / 8);
    List<byte[]> given = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      byte[] b = new byte[size];
      given.add(b);
      PageBufferPool.give(b);
    }
    assertTrue(
        PageBufferPool.heldBytes() <= PageBufferPool.CAP,
        PageBufferPool.heldBytes() + " bytes held, cap " + PageBufferPool.CAP);
    // Take them back out, so that the pool is as this test found it for the next one.
    int back = 0;
    for (int i = 0; i < 12; i++) {
      byte[] b = PageBufferPool.take(size);
      back += given.stream().anyMatch(g -> g == b) ? 1 : 0;
    }
    assertTrue(back >= 1 && back <= 8, back + " of the 12 buffers came back");
    assertEquals(size, PageBufferPool.take(size).length, "a new buffer is of the size asked");
  }
}
