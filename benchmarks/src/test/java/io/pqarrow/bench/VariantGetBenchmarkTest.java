package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Runs each {@link VariantGetBenchmark} method once, so that the benchmark cannot rot. */
class VariantGetBenchmarkTest {

  @Test
  void kernelAndBaselineProduceTheSameIds() {
    VariantGetBenchmark b = new VariantGetBenchmark();
    b.rows = 100;
    b.setup();
    try {
      long kernel = b.kernel();
      assertNotEquals(0, kernel);
      assertEquals(kernel, b.rowAtATime());
    } finally {
      b.tearDown();
    }
  }
}
