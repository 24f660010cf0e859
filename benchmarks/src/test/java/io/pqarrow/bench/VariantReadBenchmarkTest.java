package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Runs each {@link VariantReadBenchmark} method once, so that the benchmark cannot rot. */
class VariantReadBenchmarkTest {

  @Test
  void bothReadersSeeTheSameLeaves() {
    VariantReadBenchmark b = new VariantReadBenchmark();
    b.rows = 50;
    b.setup();
    long ours = b.pqarrowReader();
    assertNotEquals(0, ours);
    assertEquals(ours, b.parquetJavaReader());
  }
}
