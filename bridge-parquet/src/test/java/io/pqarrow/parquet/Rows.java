package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Compares JSON rows, reporting the first column that differs instead of both whole lists. */
public final class Rows {
  private Rows() {}

  public static void assertSame(List<String> expected, List<String> actual) {
    assertSame("", expected, actual);
  }

  /**
   * As {@link #assertSame(List, List)}, with {@code where} (a file, say) leading every failure
   * message: {@code where: row 17, column f32 ==> expected: <1.5> but was: <1.25>}.
   */
  public static void assertSame(String where, List<String> expected, List<String> actual) {
    String prefix = where.isEmpty() ? "" : where + ": ";
    int n = Math.min(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      if (!expected.get(i).equals(actual.get(i))) {
        JsonNode e = parse(expected.get(i));
        JsonNode a = parse(actual.get(i));
        for (Iterator<Map.Entry<String, JsonNode>> it = e.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> field = it.next();
          assertEquals(
              field.getValue().toString(),
              String.valueOf(a.get(field.getKey())),
              prefix + "row " + i + ", column " + field.getKey());
        }
        assertEquals(expected.get(i), actual.get(i), prefix + "row " + i);
      }
    }
    assertEquals(expected.size(), actual.size(), prefix + "row count");
  }

  private static JsonNode parse(String line) {
    try {
      return ArrowJson.MAPPER.readTree(line);
    } catch (Exception ex) {
      throw new AssertionError("not JSON: " + line, ex);
    }
  }
}
