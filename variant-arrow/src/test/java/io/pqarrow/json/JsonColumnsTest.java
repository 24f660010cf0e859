package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.JsonVector;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JsonColumnsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  enum Text {
    UTF8,
    LARGE_UTF8,
    UTF8_VIEW,
    ARROW_JSON
  }

  /** Rows with SQL NULL as a Java {@code null}. */
  static FieldVector textVector(Text layout, List<String> rows, BufferAllocator a) {
    FieldVector v =
        switch (layout) {
          case UTF8 -> new VarCharVector("j", a);
          case LARGE_UTF8 -> new LargeVarCharVector("j", a);
          case UTF8_VIEW -> new ViewVarCharVector("j", a);
          case ARROW_JSON ->
              new JsonVector(
                  "j", a, new FieldType(true, new JsonType(ArrowType.Utf8View.INSTANCE), null));
        };
    v.allocateNew();
    FieldVector storage = v instanceof JsonVector j ? j.getUnderlyingVector() : v;
    for (int i = 0; i < rows.size(); i++) {
      String s = rows.get(i);
      if (s == null) {
        storage.setNull(i);
        continue;
      }
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      if (storage instanceof VarCharVector c) {
        c.setSafe(i, b);
      } else if (storage instanceof LargeVarCharVector c) {
        c.setSafe(i, b);
      } else {
        ((ViewVarCharVector) storage).setSafe(i, b);
      }
    }
    v.setValueCount(rows.size());
    return v;
  }

  /** Canonical texts (as VariantToJson writes them), with SQL NULL, Variant null and long rows. */
  static List<String> rows(int n) {
    String[] pool = {
      "{\"a\":1,\"b\":[true,null,\"x\"]}",
      "null",
      null,
      "1.50",
      "\"short\"",
      "{\"k\":{\"nested\":\"a string longer than twelve bytes\"}}",
      "[]",
      "-9223372036854775808",
      "{\"a\":\"\u00e9\ud83d\ude00\",\"z\":0.001}",
    };
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(pool[(i * 7 + n) % pool.length]);
    }
    return out;
  }

  static Stream<Arguments> sizesAndLayouts() {
    List<Arguments> out = new ArrayList<>();
    for (int n : new int[] {1, 7, 8, 9, 31, 32, 33, 1024}) {
      for (Text t : Text.values()) {
        out.add(Arguments.of(n, t));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} rows of {1}")
  @MethodSource("sizesAndLayouts")
  void jsonColumnToVariantAndBackKeepsSqlNullsApartFromVariantNull(int n, Text layout) {
    BufferAllocator a = memory.allocator();
    List<String> rows = rows(n);
    try (FieldVector json = textVector(layout, rows, a);
        VariantVector variants = JsonColumns.toVariant(json, "v", JsonOptions.defaults(), a);
        FieldVector back =
            JsonColumns.toJson(
                variants, null, "back", JsonColumns.Output.UTF8, JsonOptions.defaults(), a)) {
      assertEquals(n, variants.getValueCount());
      VariantColumnReader reader = VariantColumnReader.of(variants);
      VariantReader row = new VariantReader();
      VarCharVector text = (VarCharVector) back;
      for (int i = 0; i < n; i++) {
        String expected = rows.get(i);
        if (expected == null) {
          assertTrue(reader.isSqlNull(i), "row " + i);
          assertTrue(text.isNull(i), "row " + i);
          continue;
        }
        assertTrue(reader.read(i, row));
        assertEquals(expected.equals("null"), row.isNull(), "row " + i);
        assertSame(reader.metadata(0), reader.metadata(i));
        assertEquals(expected, new String(text.get(i), StandardCharsets.UTF_8), "row " + i);
      }
    }
  }

  private static void assertSame(Object a, Object b) {
    org.junit.jupiter.api.Assertions.assertSame(a, b);
  }

  @Test
  void variantToArrowJsonVectorHasTheExtensionType() {
    BufferAllocator a = memory.allocator();
    try (FieldVector json = textVector(Text.UTF8, List.of("{\"a\":1}", "null"), a);
        VariantVector variants = JsonColumns.toVariant(json, "v", JsonOptions.defaults(), a);
        FieldVector out =
            JsonColumns.toJson(
                variants, null, "j", JsonColumns.Output.ARROW_JSON, JsonOptions.defaults(), a)) {
      JsonVector j = assertInstanceOf(JsonVector.class, out);
      assertEquals(JsonType.UTF8, j.getField().getType());
      VarCharVector storage = (VarCharVector) j.getUnderlyingVector();
      assertEquals("{\"a\":1}", new String(storage.get(0), StandardCharsets.UTF_8));
      assertEquals("null", new String(storage.get(1), StandardCharsets.UTF_8));
      assertFalse(j.isNull(1));
    }
  }

  @Test
  void badRowIsNamedAndNothingLeaks() {
    BufferAllocator a = memory.allocator();
    try (FieldVector json = textVector(Text.UTF8_VIEW, List.of("1", "[2]", "{\"a\":}"), a)) {
      JsonConversionException e =
          assertThrows(
              JsonConversionException.class,
              () -> JsonColumns.toVariant(json, "v", JsonOptions.defaults(), a));
      assertEquals(2, e.row());
      assertEquals(
          "Invalid JSON at row 2, line 1, column 6: Unexpected character ('}' (code 125)):"
              + " expected a value",
          e.getMessage());
    }
  }

  @Test
  void nonFiniteErrorNamesTheRowAndFreesThePartialOutput() {
    BufferAllocator a = memory.allocator();
    io.pqarrow.variant.arrow.VariantVectorWriter w =
        new io.pqarrow.variant.arrow.VariantVectorWriter();
    w.row().appendDouble(1.5);
    w.finishRow();
    w.row().startArray().appendDouble(Double.NaN).endArray();
    w.finishRow();
    try (VariantVector v = w.finish("v", a)) {
      JsonOptions strict = JsonOptions.builder().nonFinite(JsonOptions.NonFinite.ERROR).build();
      JsonConversionException e =
          assertThrows(
              JsonConversionException.class,
              () -> JsonColumns.toJson(v, null, "j", JsonColumns.Output.UTF8, strict, a));
      assertEquals(
          "Invalid Variant value at row 1, $[0]: NaN cannot be written as JSON (nonFinite = ERROR)",
          e.getMessage());
      try (FieldVector ok =
          JsonColumns.toJson(v, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), a)) {
        assertEquals("[\"NaN\"]", new String(((VarCharVector) ok).get(1), StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  void columnTextMatchesTheOneValueWriterForStringsDecimalsAndKeys() {
    BufferAllocator a = memory.allocator();
    io.pqarrow.variant.arrow.VariantVectorWriter w =
        new io.pqarrow.variant.arrow.VariantVectorWriter();
    String[] strings = {"", "plain", "q\"b\\s/\n\t\u0001\u007f", "café ✓ 😀", "x".repeat(100)};
    for (String s : strings) {
      w.row().startObject().appendKey("s é").appendString(s).endObject();
      w.finishRow();
    }
    w.row().appendStringUtf8(new byte[] {'a', (byte) 0xC0, (byte) 0xAF, 'b'}); // ill-formed
    w.finishRow();
    long[] unscaled = {0, 5, -1, 150, 12, Long.MIN_VALUE, Long.MAX_VALUE, -123456789};
    for (long u : unscaled) {
      for (int scale : new int[] {0, 1, 2, 3, 9, 18, 19, 38}) {
        w.row().startArray().appendDecimal8(u, scale).appendDecimal4((int) u, scale).endArray();
        w.finishRow();
      }
    }
    VariantToJson one = new VariantToJson();
    try (VariantVector v = w.finish("v", a);
        FieldVector out =
            JsonColumns.toJson(v, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), a)) {
      VariantColumnReader col = VariantColumnReader.of(v);
      VariantReader r = new VariantReader();
      for (int i = 0; i < v.getValueCount(); i++) {
        assertTrue(col.read(i, r));
        String expected = one.toJson(r);
        assertEquals(expected, new String(((VarCharVector) out).get(i), StandardCharsets.UTF_8));
        if (i >= strings.length + 1) {
          java.math.BigDecimal d = r.elementInto(0, new VariantReader()).getDecimal();
          assertEquals(
              "[" + d.toPlainString() + ",", expected.substring(0, expected.indexOf(',') + 1));
        }
      }
      assertEquals(
          "\"a\uFFFD\uFFFDb\"",
          new String(((VarCharVector) out).get(strings.length), StandardCharsets.UTF_8));
    }
  }
}
