package io.pqarrow.ipc;

import java.util.List;

/**
 * Hand-built Variant encodings (metadata and value bytes) with the JSON they stand for, annotated
 * byte by byte against the Variant encoding spec. Used to fill {@code arrow.parquet.variant}
 * columns; the IPC tests only need the bytes to survive, but the bytes are real Variants so that
 * consumers that decode them (DuckDB) can be checked too.
 */
final class VariantSamples {
  /** One Variant: its metadata, its value and the JSON text of the value. */
  record Sample(byte[] metadata, byte[] value, String json) {}

  /**
   * Metadata with an empty dictionary.
   *
   * <pre>
   * 01  header: version 1, sorted_strings 0, offset_size 1
   * 00  dictionary_size 0
   * 00  offset[0] = 0
   * </pre>
   */
  static final byte[] EMPTY_METADATA = bytes(0x01, 0x00, 0x00);

  /**
   * Metadata with the sorted dictionary ["a", "b"].
   *
   * <pre>
   * 11        header: version 1, sorted_strings 1 (bit 4), offset_size 1
   * 02        dictionary_size 2
   * 00 01 02  offsets
   * 61 62     "a" "b"
   * </pre>
   */
  static final byte[] AB_METADATA = bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62);

  static final List<Sample> SAMPLES =
      List.of(
          // 00: primitive (basic type 0), type id 0 = null
          new Sample(EMPTY_METADATA, bytes(0x00), "null"),
          // 04: type id 1 = true
          new Sample(EMPTY_METADATA, bytes(0x04), "true"),
          // 08: type id 2 = false
          new Sample(EMPTY_METADATA, bytes(0x08), "false"),
          // 0C: type id 3 = int8, then 2A = 42
          new Sample(EMPTY_METADATA, bytes(0x0C, 0x2A), "42"),
          // 14: type id 5 = int32, then -100000 little-endian
          new Sample(EMPTY_METADATA, bytes(0x14, 0x60, 0x79, 0xFE, 0xFF), "-100000"),
          // 1C: type id 7 = double, then 1.5 (0x3FF8000000000000) little-endian
          new Sample(EMPTY_METADATA, bytes(0x1C, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F), "1.5"),
          // 09: basic type 1 = short string, length 2; "hi"
          new Sample(EMPTY_METADATA, bytes(0x09, 0x68, 0x69), "\"hi\""),
          // object {"a": 1, "b": "x"}:
          // 02 basic type 2, 1-byte ids and offsets, not large; 02 two fields;
          // 00 01 field ids (a, b); 00 02 04 offsets; 0C 01 int8 1; 05 78 short string "x"
          new Sample(
              AB_METADATA,
              bytes(0x02, 0x02, 0x00, 0x01, 0x00, 0x02, 0x04, 0x0C, 0x01, 0x05, 0x78),
              "{\"a\":1,\"b\":\"x\"}"),
          // array [1, null]:
          // 03 basic type 3, 1-byte offsets, not large; 02 two elements;
          // 00 02 03 offsets; 0C 01 int8 1; 00 null
          new Sample(
              EMPTY_METADATA, bytes(0x03, 0x02, 0x00, 0x02, 0x03, 0x0C, 0x01, 0x00), "[1,null]"));

  private VariantSamples() {}

  static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }
}
