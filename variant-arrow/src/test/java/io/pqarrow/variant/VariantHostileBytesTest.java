package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.Limits;
import io.pqarrow.variant.testing.RandomVariants;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hostile bytes through every public entry point of the codec: {@link VariantMetadata}, {@link
 * Variant}, {@link VariantReader}, {@link VariantWalker}, {@link VariantBuilder#appendVariant} and
 * {@link VariantValidator} in both modes. Seeded corruption (several overwritten bytes, inserted
 * and deleted bytes, truncated metadata) must either read or raise {@link VariantFormatException}
 * naming the row and a byte offset inside the bytes; no other exception or error escapes.
 */
class VariantHostileBytesTest {
  private static final long ROW = 11;

  private static final byte[] META_EMPTY = VariantBytesTest.bytes(0x11, 0x00, 0x00);

  @Test
  void corruptedValuesAndMetadataRaiseOnlyVariantFormatExceptionWithRowAndOffset() {
    Random r = new Random(90210);
    int read = 0;
    int rejected = 0;
    for (int i = 0; i < 5000; i++) {
      EncodedVariant e = RandomVariants.generate(r, 3).encode();
      byte[] metadata = r.nextInt(4) == 0 ? corrupt(r, e.metadata()) : e.metadata().clone();
      byte[] value = r.nextInt(4) == 0 && metadata.length > 0 ? e.value() : corrupt(r, e.value());
      try {
        exerciseEveryEntryPoint(metadata, value);
        read++;
      } catch (VariantFormatException expected) {
        rejected++;
        String m = expected.getMessage();
        assertTrue(m.matches("(Invalid|Unsupported) Variant \\w+ at row 11, byte \\d+: .+"), m);
        assertEquals(ROW, expected.row(), m);
        long limit = Math.max(metadata.length, value.length);
        assertTrue(
            expected.byteOffset() >= 0 && expected.byteOffset() <= limit, m + " past " + limit);
      } catch (RuntimeException | StackOverflowError escaped) {
        fail(
            "case "
                + i
                + ": metadata "
                + Arrays.toString(metadata)
                + " value "
                + Arrays.toString(value)
                + ": "
                + escaped,
            escaped);
      }
    }
    assertTrue(read > 500 && rejected > 1500, read + " read, " + rejected + " rejected");
  }

  @Test
  void depthCapsAboveTheStackSafeLimitAreRefused() {
    IllegalArgumentException options =
        assertThrows(
            IllegalArgumentException.class,
            () -> Limits.builder().maxValidationDepth(Integer.MAX_VALUE));
    assertEquals(
        "Invalid limit maxValidationDepth: 2147483647 (must be between 0 and "
            + Limits.VARIANT_DEPTH_CEILING
            + ")",
        options.getMessage());
    // A walker's cap is Limits.maxVariantDepth(), refused above the same ceiling.
    IllegalArgumentException walker =
        assertThrows(
            IllegalArgumentException.class,
            () -> Limits.builder().maxVariantDepth(Integer.MAX_VALUE));
    assertEquals(
        "Invalid limit maxVariantDepth: 2147483647 (must be between 0 and "
            + Limits.VARIANT_DEPTH_CEILING
            + ")",
        walker.getMessage());
  }

  /**
   * Run on a thread with half the default 1 MiB stack, first thing in a fresh JVM or not, so that
   * the cap keeps a margin before the JIT compiles the recursive walks.
   */
  @Test
  void depthBombAtTheLargestAllowedCapFailsCleanlyOnAHalfSizeStack() throws InterruptedException {
    Throwable[] failure = new Throwable[1];
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                depthBombAtTheLargestAllowedCapFailsCleanly();
              } catch (Throwable e) {
                failure[0] = e;
              }
            },
            "half-stack",
            512 * 1024);
    t.start();
    t.join();
    if (failure[0] != null) {
      fail("on a 512 KiB stack: " + failure[0], failure[0]);
    }
  }

  private void depthBombAtTheLargestAllowedCapFailsCleanly() {
    byte[] bomb = VariantMalformedTest.depthBomb(Limits.VARIANT_DEPTH_CEILING + 10);
    ValidationOptions deepest =
        ValidationOptions.builder()
            .limits(Limits.builder().maxValidationDepth(Limits.VARIANT_DEPTH_CEILING).build())
            .build();
    VariantFormatException validated =
        assertThrows(
            VariantFormatException.class,
            () ->
                VariantValidator.validate(
                    VariantMetadata.of(META_EMPTY),
                    ByteBuffer.wrap(bomb),
                    0,
                    bomb.length,
                    ROW,
                    deepest));
    assertEquals(
        "Invalid Variant value at row 11, byte "
            + (Limits.VARIANT_DEPTH_CEILING * 10)
            + ": expected nesting depth at most "
            + Limits.VARIANT_DEPTH_CEILING
            + ", found deeper",
        validated.getMessage());
    VariantReader root =
        new VariantReader()
            .reset(VariantMetadata.of(META_EMPTY), ByteBuffer.wrap(bomb), 0, bomb.length, ROW);
    VariantFormatException walked =
        assertThrows(
            VariantFormatException.class,
            () ->
                new VariantWalker(
                        Limits.builder().maxVariantDepth(Limits.VARIANT_DEPTH_CEILING).build())
                    .walk(root, (v, p) -> {}));
    assertEquals(validated.getMessage(), walked.getMessage());
  }

  @Test
  void copyingAnObjectWithTwoIdsOfOneKeyNamesTheSourceRowAndByte() {
    byte[] metadata =
        VariantBytesTest.bytes(
            0x01, // version 1, unsorted, 1-byte offsets
            0x02, // 2 keys
            0x00, 0x01, 0x02, // offsets
            0x61, 0x61); // "a", "a"
    byte[] value =
        VariantBytesTest.bytes(
            0x03, 0x01, 0x00, 0x09, // array of 1 element, offsets 0 and 9
            0x02, 0x02, // object, 2 fields
            0x00, 0x01, // field ids 0 and 1: both "a"
            0x00, 0x01, 0x02, // offsets
            0x00, 0x00); // null, null
    Variant v =
        Variant.of(
            VariantMetadata.of(ByteBuffer.wrap(metadata), 0, 7, ROW),
            ByteBuffer.wrap(value),
            0,
            value.length,
            ROW);
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> new VariantBuilder().appendVariant(v));
    assertEquals("Invalid Variant value at row 11, byte 4: duplicate key \"a\"", e.getMessage());
  }

  @Test
  void copyingAKeyWithInvalidUtf8FailsInsteadOfReplacingIt() {
    byte[] metadata =
        VariantBytesTest.bytes(
            0x01, // version 1, unsorted
            0x01, // 1 key
            0x00, 0x02, // offsets
            0x61, 0xFF); // "a" then a byte that is never UTF-8
    byte[] value = VariantBytesTest.bytes(0x02, 0x01, 0x00, 0x00, 0x01, 0x00); // {k0: null}
    Variant v =
        Variant.of(
            VariantMetadata.of(ByteBuffer.wrap(metadata), 0, metadata.length, ROW),
            ByteBuffer.wrap(value),
            0,
            value.length,
            ROW);
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> new VariantBuilder().appendVariant(v));
    assertEquals(
        "Invalid Variant metadata at row 11, byte 5: expected valid UTF-8 in key 0, found byte 0xFF",
        e.getMessage());
  }

  /** Reads everything the public API offers, the way a consumer of untrusted bytes would. */
  private static void exerciseEveryEntryPoint(byte[] metadataBytes, byte[] valueBytes) {
    ByteBuffer value = ByteBuffer.wrap(valueBytes);
    VariantMetadata md =
        VariantMetadata.of(ByteBuffer.wrap(metadataBytes), 0, metadataBytes.length, ROW);
    for (int id = 0; id < md.size() && id < 300; id++) {
      String key = md.key(id);
      md.find(key);
      md.find(key.getBytes(StandardCharsets.UTF_8));
    }
    md.find("missing\uE000");
    VariantReader reader = new VariantReader().reset(md, value, 0, valueBytes.length, ROW);
    readAll(reader, new VariantReader(), 0);
    new VariantWalker().walk(reader, (v, p) -> v.encodedSize());
    new VariantBuilder().appendVariant(reader).build();
    for (ValidationOptions o :
        new ValidationOptions[] {ValidationOptions.defaults(), ValidationOptions.trusted()}) {
      VariantValidator.validate(md, value, 0, valueBytes.length, ROW, o);
    }
  }

  private static void readAll(VariantReader r, VariantReader scratch, int depth) {
    r.encodedSize();
    switch (r.kind()) {
      case OBJECT:
        for (int i = 0; i < r.fieldCount(); i++) {
          String name = r.fieldName(i);
          r.findField(name);
          r.findFieldById(r.fieldId(i));
          readAll(r.fieldInto(i, new VariantReader()), scratch, depth + 1);
        }
        break;
      case ARRAY:
        for (int i = 0; i < r.elementCount(); i++) {
          readAll(r.elementInto(i, new VariantReader()), scratch, depth + 1);
        }
        break;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        r.getDecimal();
        break;
      case STRING:
        r.getString();
        r.getStringBytes();
        break;
      case BINARY:
        r.getBinary();
        break;
      case UUID:
        r.getUuid();
        break;
      default:
        r.toVariant().isNull();
    }
  }

  /** One to four overwritten bytes, an inserted or a deleted byte, or a truncation. */
  private static byte[] corrupt(Random r, byte[] bytes) {
    byte[] b = bytes.clone();
    switch (r.nextInt(4)) {
      case 0:
        for (int k = 1 + r.nextInt(4); k > 0 && b.length > 0; k--) {
          b[r.nextInt(b.length)] = (byte) (r.nextBoolean() ? r.nextInt(256) : 0xFF);
        }
        return b;
      case 1:
        {
          int at = r.nextInt(b.length + 1);
          byte[] out = new byte[b.length + 1];
          System.arraycopy(b, 0, out, 0, at);
          out[at] = (byte) r.nextInt(256);
          System.arraycopy(b, at, out, at + 1, b.length - at);
          return out;
        }
      case 2:
        if (b.length == 0) {
          return b;
        }
        {
          int at = r.nextInt(b.length);
          byte[] out = new byte[b.length - 1];
          System.arraycopy(b, 0, out, 0, at);
          System.arraycopy(b, at + 1, out, at, b.length - at - 1);
          return out;
        }
      default:
        return Arrays.copyOf(b, r.nextInt(b.length + 1));
    }
  }
}
