package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** Compares JSON rows, reporting the first row that differs instead of both whole lists. */
final class Rows {
  private Rows() {}

  static void assertSame(List<String> expected, List<String> actual) {
    int n = Math.min(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i);
    }
    assertEquals(expected.size(), actual.size(), "row count");
  }
}
