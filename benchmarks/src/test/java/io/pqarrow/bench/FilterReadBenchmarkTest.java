package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Runs {@link FilterReadBenchmark} once per filter on a small file, so that it cannot rot. */
class FilterReadBenchmarkTest {
  @Test
  void everyFilterReadsAndKeepsWhatItShould() throws IOException {
    long[] results = new long[4];
    String[] filters = {"", "v >= 0", "v < 100", "id = 1000"};
    for (int k = 0; k < filters.length; k++) {
      FilterReadBenchmark b = new FilterReadBenchmark();
      b.rows = 2_500;
      b.filter = filters[k];
      b.setup();
      try {
        results[k] = b.filteredRead();
      } finally {
        b.tearDown();
      }
    }
    assertEquals(results[0], results[1], "v >= 0 keeps every row");
    assertTrue(results[2] > 0 && results[2] < results[0] / 5, "v < 100 keeps about 10%");
    assertTrue(results[3] >= 1 && results[3] <= 1000, "one row: " + results[3]);
  }
}
