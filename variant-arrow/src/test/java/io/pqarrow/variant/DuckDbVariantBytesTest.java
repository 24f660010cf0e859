package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variant bytes from a real producer: DuckDB writes one primitive of each kind it supports to a
 * Parquet file, pyarrow reads back the raw {@code metadata} and {@code value} binaries (DuckDB
 * shreds the most common type into {@code typed_value}: padding rows make that strings, which are
 * therefore not in this table), and each must decode to the value DuckDB was given, pass the full
 * check, and be exactly what our builder writes.
 */
class DuckDbVariantBytesTest {
  private static final String SCRIPT =
      """
      import duckdb, pyarrow.parquet as pq, sys
      out = sys.argv[1]
      rows = [
       "true", "false", "(-7)::TINYINT", "300::SMALLINT", "(-70000)::INTEGER", "5000000000::BIGINT",
       "1.5::DOUBLE", "1.5::FLOAT", "12.34::DECIMAL(9,2)", "(-1234567890.123)::DECIMAL(18,3)",
       "12345678901234567890.1234567890::DECIMAL(38,10)", "DATE '2024-01-02'",
       "TIMESTAMP '2024-01-02 03:04:05.123456'", "TIMESTAMPTZ '2024-01-02 03:04:05.123456+00'",
       "TIMESTAMP_NS '2024-01-02 03:04:05.123456789'", "TIME '01:02:03'",
       "'00112233-4455-6677-8899-aabbccddeeff'::UUID", "'\\\\xAA\\\\xBB'::BLOB", "NULL"]
      # DuckDB shreds the most common type into typed_value: make that strings, checked elsewhere
      rows += ["'pad'"] * 30
      q = " union all ".join(f"select {i} as i, ({r})::VARIANT as v" for i, r in enumerate(rows))
      con = duckdb.connect()
      con.sql("SET TimeZone = 'UTC'")
      con.sql(f"copy ({q} order by i) to '{out}' (FORMAT parquet)")
      t = pq.read_table(out).combine_chunks()
      v = t.column('v').chunk(0)
      for i, m, val in zip(t.column('i').to_pylist(), v.field('metadata').to_pylist(),
                           v.field('value').to_pylist()):
          if val is not None:
              print(i, m.hex(), val.hex())
      """;

  private static Map<Integer, VariantValue> expected() {
    long micros =
        ChronoUnit.MICROS.between(
            LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000));
    Map<Integer, VariantValue> m = new LinkedHashMap<>();
    m.put(0, VariantValue.of(VariantKind.BOOLEAN, true));
    m.put(1, VariantValue.of(VariantKind.BOOLEAN, false));
    m.put(2, VariantValue.of(VariantKind.INT8, (byte) -7));
    m.put(3, VariantValue.of(VariantKind.INT16, (short) 300));
    m.put(4, VariantValue.of(VariantKind.INT32, -70000));
    m.put(5, VariantValue.of(VariantKind.INT64, 5_000_000_000L));
    m.put(6, VariantValue.of(VariantKind.DOUBLE, 1.5));
    m.put(7, VariantValue.of(VariantKind.FLOAT, 1.5f));
    m.put(8, VariantValue.of(VariantKind.DECIMAL4, new BigDecimal("12.34")));
    m.put(9, VariantValue.of(VariantKind.DECIMAL8, new BigDecimal("-1234567890.123")));
    m.put(
        10,
        VariantValue.of(VariantKind.DECIMAL16, new BigDecimal("12345678901234567890.1234567890")));
    m.put(11, VariantValue.of(VariantKind.DATE, (int) LocalDate.of(2024, 1, 2).toEpochDay()));
    m.put(12, VariantValue.of(VariantKind.TIMESTAMP_NTZ_MICROS, micros));
    m.put(13, VariantValue.of(VariantKind.TIMESTAMP_MICROS, micros));
    m.put(
        14,
        VariantValue.of(
            VariantKind.TIMESTAMP_NTZ_NANOS,
            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789).toEpochSecond(ZoneOffset.UTC)
                    * 1_000_000_000L
                + 123_456_789L));
    m.put(15, VariantValue.of(VariantKind.TIME_MICROS, 3_723_000_000L));
    m.put(
        16,
        VariantValue.of(VariantKind.UUID, UUID.fromString("00112233-4455-6677-8899-aabbccddeeff")));
    m.put(
        17,
        VariantValue.of(
            VariantKind.BINARY, ByteBuffer.wrap(new byte[] {(byte) 0xAA, (byte) 0xBB})));
    m.put(18, VariantValue.of(VariantKind.NULL, null));
    return m;
  }

  @Test
  void duckDbPrimitivesDecodeValidateAndMatchOurEncoding(@TempDir Path dir) {
    String out = PythonEnv.require().run(SCRIPT, dir.resolve("variants.parquet").toString());
    Map<Integer, VariantValue> expected = expected();
    int seen = 0;
    VariantValidator validator = new VariantValidator(ValidationOptions.defaults());
    for (String line : out.strip().split("\n")) {
      String[] parts = line.split(" ");
      int row = Integer.parseInt(parts[0]);
      byte[] metadata = HexFormat.of().parseHex(parts[1]);
      byte[] value = HexFormat.of().parseHex(parts[2]);
      VariantMetadata md = VariantMetadata.of(ByteBuffer.wrap(metadata), 0, metadata.length, row);
      VariantReader r = validator.validate(md, ByteBuffer.wrap(value), 0, value.length, row);
      VariantValue want = expected.get(row);
      assertEquals(want, VariantValue.read(r), "row " + row + ": " + parts[2]);
      assertArrayEquals(value, want.encode().value(), "row " + row + ": " + parts[2]);
      seen++;
    }
    assertEquals(expected.size(), seen);
  }
}
