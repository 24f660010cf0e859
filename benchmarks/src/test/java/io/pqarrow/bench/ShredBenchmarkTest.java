package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Runs each {@link ShredBenchmark} method once, so that the benchmark cannot rot. */
class ShredBenchmarkTest {

  @Test
  void shredUnshredAndBaselineProduceEveryRow() {
    ShredBenchmark b = new ShredBenchmark();
    b.rows = 100;
    b.setup();
    try {
      assertEquals(200, b.copy());
      assertEquals(200, b.shred());
      assertEquals(200, b.unshred());
    } finally {
      b.tearDown();
    }
  }
}
