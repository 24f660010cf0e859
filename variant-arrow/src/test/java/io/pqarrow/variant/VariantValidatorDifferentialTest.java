package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.variant.testing.RandomVariants;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantValidator}'s byte loop against {@link ReferenceVariantValidator}, the recursive
 * walker it replaced: over random valid Variants and seeded corruptions of them (bit flips,
 * truncations, overwritten offsets and field ids, bad UTF-8, depth and element caps, unsorted
 * dictionaries), both must accept the same inputs and reject the others with the same message,
 * kind, row and byte offset, whatever buffer holds the bytes.
 */
class VariantValidatorDifferentialTest {
  private static final long ROW = 7;

  /** Bytes that break UTF-8 (continuation, overlong lead, surrogate lead, past U+10FFFF). */
  private static final byte[] BAD_UTF8 = {(byte) 0x80, (byte) 0xC0, (byte) 0xED, (byte) 0xF5};

  @Test
  void randomValidAndCorruptedValuesGetTheSameVerdictAndMessage() {
    Random r = new Random(20261126);
    int accepted = 0;
    int rejected = 0;
    for (int i = 0; i < 30_000; i++) {
      EncodedVariant e = RandomVariants.generate(r, 1 + r.nextInt(4)).encode();
      byte[] metadata = e.metadata().clone();
      if (r.nextInt(4) == 0) {
        metadata[0] &= ~0x10; // not known sorted: keys compared by their bytes
      }
      byte[] value = r.nextInt(5) == 0 ? e.value().clone() : corrupt(r, e.value());
      ValidationOptions options = options(r);
      String verdict = compare("case " + i, metadata, value, options, r);
      if (verdict.startsWith("ok")) {
        accepted++;
      } else {
        rejected++;
      }
    }
    assertTrue(accepted > 5000 && rejected > 10_000, accepted + " accepted, " + rejected);
  }

  @Test
  void unsortedKeysAndDuplicatesUnderAnUnsortedDictionaryGetTheSameMessage() {
    // Dictionary ["b", "a"], not sorted; objects {b, a} (wrong order), {a, a} (duplicate), {a, b}.
    byte[] metadata = VariantBytesTest.bytes(0x01, 0x02, 0x00, 0x01, 0x02, 'b', 'a');
    byte[][] values = {
      VariantBytesTest.bytes(0x02, 0x02, 0x00, 0x01, 0x00, 0x01, 0x02, 0x00, 0x00),
      VariantBytesTest.bytes(0x02, 0x02, 0x01, 0x01, 0x00, 0x01, 0x02, 0x00, 0x00),
      VariantBytesTest.bytes(0x02, 0x02, 0x01, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00),
    };
    Random r = new Random(3);
    assertTrue(
        compare("b,a", metadata, values[0], ValidationOptions.defaults(), r)
            .contains("\"a\" after \"b\""));
    assertTrue(
        compare("a,a", metadata, values[1], ValidationOptions.defaults(), r)
            .contains("duplicate key \"a\""));
    assertEquals("ok 9", compare("a,b", metadata, values[2], ValidationOptions.defaults(), r));
  }

  @Test
  void depthBombsGetTheSameMessageAtEveryCap() {
    byte[] metadata = VariantBytesTest.bytes(0x11, 0x00, 0x00);
    Random r = new Random(5);
    for (int levels : new int[] {0, 1, 2, 17, 300}) {
      byte[] bomb = VariantMalformedTest.depthBomb(levels);
      for (int cap : new int[] {0, 1, 2, 16, 17, 256}) {
        ValidationOptions options =
            ValidationOptions.builder()
                .limits(Limits.builder().maxValidationDepth(cap).build())
                .build();
        String verdict = compare(levels + " levels, cap " + cap, metadata, bomb, options, r);
        assertEquals(levels <= cap, verdict.startsWith("ok"), verdict);
      }
    }
  }

  /** Options with small caps now and then, so that the cap checks are reached. */
  private static ValidationOptions options(Random r) {
    switch (r.nextInt(8)) {
      case 0:
        return ValidationOptions.builder()
            .limits(Limits.builder().maxValidationDepth(r.nextInt(4)).build())
            .build();
      case 1:
        return ValidationOptions.builder()
            .limits(Limits.builder().maxVariantElements(r.nextInt(10)).build())
            .build();
      default:
        return ValidationOptions.defaults();
    }
  }

  /** One to three seeded corruptions of a copy of {@code value}. */
  private static byte[] corrupt(Random r, byte[] value) {
    byte[] b = value.clone();
    for (int k = 1 + r.nextInt(3); k > 0; k--) {
      if (b.length == 0) {
        break;
      }
      int at = r.nextInt(b.length);
      switch (r.nextInt(5)) {
        case 0: // bit flip
          b[at] ^= (byte) (1 << r.nextInt(8));
          break;
        case 1: // truncation
          b = java.util.Arrays.copyOf(b, at);
          break;
        case 2: // any byte: offsets, counts, field ids past the dictionary, headers
          b[at] = (byte) r.nextInt(256);
          break;
        case 3: // a small number: offsets and ids moved a little
          b[at] = (byte) (b[at] + r.nextInt(5) - 2);
          break;
        default: // bad UTF-8 (lands in string bytes often enough)
          b[at] = BAD_UTF8[r.nextInt(BAD_UTF8.length)];
      }
    }
    return b;
  }

  /**
   * Validates {@code value} with both validators, in a buffer of a random kind (heap or direct,
   * either byte order, after some padding) and with fresh metadata each; asserts the same outcome
   * and returns it.
   */
  private static String compare(
      String what, byte[] metadata, byte[] value, ValidationOptions options, Random r) {
    int pad = r.nextInt(3) == 0 ? r.nextInt(9) : 0;
    boolean direct = r.nextBoolean();
    ByteOrder order = r.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    int trailing = r.nextInt(3);
    ByteBuffer placed = place(value, pad, trailing, direct, order);
    int length = value.length;
    String expected =
        outcome(
            () ->
                new ReferenceVariantValidator(options)
                    .validate(fresh(metadata), placed, pad, length, ROW));
    String actual =
        outcome(
            () ->
                new VariantValidator(options).validate(fresh(metadata), placed, pad, length, ROW));
    assertEquals(expected, actual, what + ": value " + java.util.Arrays.toString(value));
    return actual;
  }

  /** Metadata not yet validated, so that each validator checks it itself. */
  private static VariantMetadata fresh(byte[] metadata) {
    return VariantMetadata.of(ByteBuffer.wrap(metadata), 0, metadata.length, ROW);
  }

  private static ByteBuffer place(
      byte[] value, int pad, int trailing, boolean direct, ByteOrder order) {
    ByteBuffer b =
        direct
            ? ByteBuffer.allocateDirect(pad + value.length + trailing)
            : ByteBuffer.allocate(pad + value.length + trailing);
    for (int i = 0; i < pad; i++) {
      b.put(i, (byte) 0xFF);
    }
    b.put(pad, value);
    for (int i = 0; i < trailing; i++) {
      b.put(pad + value.length + i, (byte) 0x0C);
    }
    return b.order(order);
  }

  /** "ok" and the size the returned reader encodes, or the exception's kind, location and text. */
  private static String outcome(java.util.function.Supplier<VariantReader> validation) {
    try {
      VariantReader top = validation.get();
      return "ok " + top.encodedSize();
    } catch (VariantFormatException e) {
      return "rejected "
          + e.kind()
          + " row "
          + e.row()
          + " byte "
          + e.byteOffset()
          + ": "
          + e.getMessage();
    }
  }
}
