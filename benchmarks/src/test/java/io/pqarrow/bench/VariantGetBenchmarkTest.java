package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs each {@link VariantGetBenchmark} method once, so that the benchmark cannot rot. */
class VariantGetBenchmarkTest {

  @ParameterizedTest
  @CsvSource({"10, top", "10, depth3", "100, top", "100, depth3"})
  void everyContenderProducesTheSameIds(int width, String path) {
    VariantGetBenchmark b = new VariantGetBenchmark();
    b.rows = 200;
    b.width = width;
    b.path = path;
    b.setup();
    try {
      long kernel = b.kernel();
      assertNotEquals(0, kernel);
      assertEquals(kernel, b.handLoop(), "hand loop");
      assertEquals(kernel, b.parquetJava(), "parquet-java");
      assertEquals(kernel, b.kernelShredded(), "shredded");
    } finally {
      b.tearDown();
    }
  }
}
