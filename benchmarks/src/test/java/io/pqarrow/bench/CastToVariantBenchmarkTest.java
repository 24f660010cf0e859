package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Runs each {@link CastToVariantBenchmark} method once, so that the benchmark cannot rot. */
class CastToVariantBenchmarkTest {

  @Test
  void kernelAndBaselinesConvertEveryRow() {
    CastToVariantBenchmark b = new CastToVariantBenchmark();
    b.rows = 1000;
    b.setup();
    try {
      long kernel = b.kernel();
      assertTrue(kernel > 1000, "value bytes: " + kernel);
      assertEquals(kernel, b.rowAtATime(), "the same bytes from the row-at-a-time writer");
      assertTrue(b.parquetJavaRowAtATime() > 1000);
    } finally {
      b.tearDown();
    }
  }
}
