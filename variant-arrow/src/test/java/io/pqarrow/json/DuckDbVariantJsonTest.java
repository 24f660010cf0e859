package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.ValidationOptions;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantValidator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variant bytes written by DuckDB 1.5.6 (VARIANT to Parquet, read back with pyarrow) decode to the
 * JSON DuckDB itself prints for the same values ({@code v::JSON}).
 *
 * <p>The trees must be equal; scalars are compared by the type our reader sees, because DuckDB's
 * text differs from ours on purpose in these places:
 *
 * <ul>
 *   <li>timestamps: DuckDB {@code 1969-12-31 23:59:59.5} and {@code ...+00}, trailing zeros cut;
 *       ours ISO {@code 1969-12-31T23:59:59.500000} and {@code Z}, 6 or 9 digits: compared as
 *       instants / local date-times, and against the stored value;
 *   <li>times: DuckDB {@code 12:34:56.789}, ours {@code 12:34:56.789000}: compared as times;
 *   <li>FLOAT: DuckDB prints the widened double ({@code 0.10000000149011612}), we print the
 *       shortest float text ({@code 0.1}): compared as floats;
 *   <li>DOUBLE: DuckDB {@code 1e23}, ours {@code 1.0E23}: compared as doubles;
 *   <li>DECIMAL: DuckDB drops the leading zero ({@code -.123}, not valid JSON; read leniently);
 *       compared with scale;
 *   <li>BINARY: DuckDB escapes bytes as {@code \x00\xFF} text, we write base64: compared as bytes.
 * </ul>
 *
 * NaN and infinities are left out: DuckDB prints them as bare {@code NaN}, which is not JSON.
 * DuckDB does not keep SQL NULL and Variant null apart: a SQL NULL VARIANT is written to Parquet as
 * Variant null (a valid struct holding {@code 0x00}), and {@code v IS NULL} is true for Variant
 * null too; the test checks that the bytes say exactly that. DuckDB also writes object fields in
 * insertion order, not sorted by key as the spec requires (see {@link #validate}).
 */
class DuckDbVariantJsonTest {
  private static final ObjectMapper LINES = new ObjectMapper();
  private static final ObjectMapper EXACT =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
          .enable(JsonReadFeature.ALLOW_LEADING_DECIMAL_POINT_FOR_NUMBERS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private static final ObjectMapper DOUBLES =
      JsonMapper.builder().enable(JsonReadFeature.ALLOW_LEADING_DECIMAL_POINT_FOR_NUMBERS).build();

  @TempDir Path dir;

  @Test
  void duckDbVariantBytesDecodeToTheJsonDuckDbPrints() throws IOException {
    PythonEnv python = PythonEnv.require();
    String out = python.run(script(), dir.toString(), "20261122");
    VariantToJson json = new VariantToJson();
    Set<String> kinds = new HashSet<>();
    int rows = 0;
    int sqlNullAsVariantNull = 0;
    for (String line : out.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode row = LINES.readTree(line);
      rows++;
      String where = "row " + row.get("id") + " (" + row.path("sql").asText() + ")";
      if (row.get("sqlNull").asBoolean()) {
        assertTrue(row.get("duck").isNull(), where);
        continue;
      }
      byte[] metadata = Base64.getDecoder().decode(row.get("metadata").asText());
      byte[] value = Base64.getDecoder().decode(row.get("value").asText());
      validate(metadata, value, row.get("id").asLong());
      VariantReader reader = Variant.of(metadata, value).readInto(new VariantReader());
      if (row.get("duckIsNull").asBoolean()) {
        assertTrue(reader.isNull(), where + ": DuckDB's NULL is not Variant null");
      }
      if (row.get("sql").isNull()) { // the row inserted as SQL NULL
        assertTrue(reader.isNull(), where + ": DuckDB's SQL NULL was not written as Variant null");
        sqlNullAsVariantNull++;
      }
      String ours = json.toJson(reader);
      String duck = row.get("duck").asText();
      where += "\nduck: " + duck + "\nours: " + ours;
      Trees t =
          new Trees(
              EXACT.readTree(ours),
              EXACT.readTree(duck),
              DOUBLES.readTree(ours),
              DOUBLES.readTree(duck));
      compare(reader, t, kinds, where);
    }
    assertTrue(rows > 90, "DuckDB corpus too small: " + rows);
    assertEquals(1, sqlNullAsVariantNull);
    for (String kind :
        new String[] {
          "INT8",
          "INT32",
          "INT64",
          "DECIMAL4",
          "DECIMAL8",
          "DECIMAL16",
          "DOUBLE",
          "FLOAT",
          "BOOLEAN",
          "STRING",
          "DATE",
          "TIME_MICROS",
          "TIMESTAMP_MICROS",
          "TIMESTAMP_NTZ_MICROS",
          "TIMESTAMP_NTZ_NANOS",
          "UUID",
          "BINARY",
          "OBJECT",
          "ARRAY",
          "NULL"
        }) {
      assertTrue(kinds.contains(kind), "corpus lacks " + kind + ": " + kinds);
    }
  }

  /**
   * Full validation, except that DuckDB 1.5.6 writes object fields in insertion order rather than
   * sorted by key (the spec requires sorted): that one error is tolerated, the rest still checked
   * by a trusted-mode pass. Our reader and JSON writer follow the stored order, as DuckDB prints.
   */
  private static void validate(byte[] metadata, byte[] value, long row) {
    try {
      VariantValidator.validate(
          VariantMetadata.of(metadata),
          ByteBuffer.wrap(value),
          0,
          value.length,
          row,
          ValidationOptions.defaults());
    } catch (VariantFormatException e) {
      if (!e.getMessage().contains("expected keys in ascending UTF-8 byte order")) {
        throw e;
      }
      VariantValidator.validate(
          VariantMetadata.of(metadata),
          ByteBuffer.wrap(value),
          0,
          value.length,
          row,
          ValidationOptions.trusted());
    }
  }

  private static String script() throws IOException {
    try (InputStream in =
        DuckDbVariantJsonTest.class.getResourceAsStream("duckdb_variant_corpus.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Our and DuckDB's text read with exact decimals, and read with doubles (which keep -0.0). */
  private record Trees(JsonNode ours, JsonNode duck, JsonNode oursDouble, JsonNode duckDouble) {
    Trees field(String name) {
      return new Trees(ours.get(name), duck.get(name), oursDouble.get(name), duckDouble.get(name));
    }

    Trees element(int i) {
      return new Trees(ours.get(i), duck.get(i), oursDouble.get(i), duckDouble.get(i));
    }
  }

  private static void compare(VariantReader r, Trees t, Set<String> kinds, String where) {
    JsonNode ours = t.ours();
    JsonNode duck = t.duck();
    kinds.add(r.kind().name());
    switch (r.kind()) {
      case OBJECT -> {
        assertTrue(ours.isObject() && duck.isObject(), where);
        assertEquals(r.fieldCount(), duck.size(), where);
        assertEquals(r.fieldCount(), ours.size(), where);
        VariantReader child = new VariantReader();
        for (int i = 0; i < r.fieldCount(); i++) {
          String name = r.fieldName(i);
          assertTrue(duck.has(name), where + ": DuckDB lacks " + name);
          compare(r.fieldInto(i, child), t.field(name), kinds, where);
        }
      }
      case ARRAY -> {
        assertTrue(ours.isArray() && duck.isArray(), where);
        assertEquals(r.elementCount(), duck.size(), where);
        VariantReader child = new VariantReader();
        for (int i = 0; i < r.elementCount(); i++) {
          compare(r.elementInto(i, child), t.element(i), kinds, where);
        }
      }
      case NULL -> {
        assertTrue(ours.isNull() && duck.isNull(), where);
      }
      case BOOLEAN -> {
        assertEquals(r.getBoolean(), duck.booleanValue(), where);
        assertEquals(duck, ours, where);
      }
      case INT8, INT16, INT32, INT64 -> {
        assertTrue(duck.isIntegralNumber() && ours.isIntegralNumber(), where);
        assertEquals(r.getLong(), duck.longValue(), where);
        assertEquals(duck.bigIntegerValue(), ours.bigIntegerValue(), where);
      }
      case DECIMAL4, DECIMAL8, DECIMAL16 -> {
        BigDecimal d = r.getDecimal();
        assertEquals(d, duck.decimalValue(), where); // equals: value and scale
        assertEquals(d, ours.decimalValue(), where);
      }
      case DOUBLE -> {
        double d = r.getDouble();
        assertEquals(d, t.duckDouble().doubleValue(), where); // assertEquals tells -0.0 from 0.0
        assertEquals(d, t.oursDouble().doubleValue(), where);
      }
      case FLOAT -> {
        float f = r.getFloat();
        assertEquals(f, (float) Double.parseDouble(duck.asText()), where);
        assertEquals(f, Float.parseFloat(ours.asText()), where);
      }
      case STRING, UUID -> {
        assertEquals(duck, ours, where);
        String expected = r.kind().name().equals("UUID") ? r.getUuid().toString() : r.getString();
        assertEquals(expected, duck.asText(), where);
      }
      case DATE -> {
        assertEquals(duck, ours, where);
        assertEquals(LocalDate.ofEpochDay(r.getDate()).toString(), duck.asText(), where);
      }
      case TIME_MICROS -> {
        LocalTime time = LocalTime.ofNanoOfDay(r.getTimeMicros() * 1000);
        assertEquals(time, LocalTime.parse(duck.asText()), where);
        assertEquals(time, LocalTime.parse(ours.asText()), where);
      }
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS -> {
        Instant expected = instant(r);
        String d = duck.asText().replace(' ', 'T');
        if (d.endsWith("+00")) {
          d += ":00";
        }
        assertEquals(expected, OffsetDateTime.parse(d).toInstant(), where);
        assertEquals(expected, OffsetDateTime.parse(ours.asText()).toInstant(), where);
      }
      case TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS -> {
        LocalDateTime expected = LocalDateTime.ofInstant(instant(r), ZoneOffset.UTC);
        assertEquals(expected, LocalDateTime.parse(duck.asText().replace(' ', 'T')), where);
        assertEquals(expected, LocalDateTime.parse(ours.asText()), where);
      }
      case BINARY -> {
        ByteBuffer b = r.getBinary();
        byte[] expected = new byte[b.remaining()];
        b.get(b.position(), expected);
        assertArrayEquals(expected, duckBlob(duck.asText()), where);
        assertArrayEquals(expected, Base64.getDecoder().decode(ours.asText()), where);
      }
    }
  }

  private static Instant instant(VariantReader r) {
    long v = r.getTimestamp();
    boolean nanos =
        r.kind().name().equals("TIMESTAMP_NANOS") || r.kind().name().equals("TIMESTAMP_NTZ_NANOS");
    return Instant.EPOCH.plus(v, nanos ? ChronoUnit.NANOS : ChronoUnit.MICROS);
  }

  /** DuckDB's BLOB text: printable ASCII as itself, every other byte as {@code \xHH}. */
  private static byte[] duckBlob(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 3 < text.length() && text.charAt(i + 1) == 'x') {
        out.write(Integer.parseInt(text.substring(i + 2, i + 4), 16));
        i += 3;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }
}
