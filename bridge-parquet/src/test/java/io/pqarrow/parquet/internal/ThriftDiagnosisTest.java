package io.pqarrow.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The footer diagnosis on damaged Thrift bytes ends, however large the counts the bytes claim. */
class ThriftDiagnosisTest {

  /**
   * A FileMetaData whose unknown field 15 (compact type MAP) claims 2^35 entries of boolean keys
   * and values (0x11) in a few bytes: found by the parquet fuzz target, where the diagnosis skipped
   * booleans inside a map as if they took no byte and looped over the claimed count.
   */
  @Test
  void aMapClaimingMoreEntriesThanBytesIsACutNotALoop() {
    byte[] bytes = {
      (byte) 0xFB, // field 15 (not one of FileMetaData's: skipped), type MAP
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      0x01, // varint 2^35
      0x11, // key and value types: BOOLEAN_TRUE
      0x01,
      0x01,
      0x00 // three more bytes, far fewer than the entries claimed
    };
    String problem =
        assertTimeoutPreemptively(
            Duration.ofSeconds(5), () -> ThriftDiagnosis.footer(bytes, 0, bytes.length, 100));
    assertNotNull(problem, "a footer cut short must be diagnosed");
  }

  /** The same for a list of 2^35 booleans in a few bytes (compact type LIST). */
  @Test
  void aListClaimingMoreElementsThanBytesIsACutNotALoop() {
    byte[] bytes = {
      (byte) 0xF9, // field 15 (not one of FileMetaData's: skipped), type LIST
      (byte) 0xF1, // size in a varint that follows, elements BOOLEAN_TRUE
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      0x01, // 2^35
      0x01,
      0x00
    };
    String problem =
        assertTimeoutPreemptively(
            Duration.ofSeconds(5), () -> ThriftDiagnosis.footer(bytes, 0, bytes.length, 100));
    assertNotNull(problem, "a footer cut short must be diagnosed");
  }
}
