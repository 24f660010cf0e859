package io.pqarrow.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.arrow.VariantVectors;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The column writer ({@link JsonColumns#toJson}, which walks the bytes itself) against the
 * generator-based writer it replaced ({@link VariantToJson#writeUtf8}, kept as the reference): the
 * same bytes for every value, and for corrupt or unwritable values the same exception with the same
 * message.
 */
class JsonTextWriterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final JsonOptions DEFAULTS = JsonOptions.defaults();

  /** Strings the escape table and the UTF-8 check must get right. */
  private static final String[] HOSTILE = {
    "",
    "\u0000\u0001\u0008\u0009\n\u000b\u000c\r\u001f \u007f",
    "q\"b\\s/",
    "\u2028\u2029\ufeff\uffff\ud7ff\ue000",
    "caf\u00e9 \u2713 \ud83d\ude00 \udbff\udfff",
    "x".repeat(70) + "\"" + "\u00e9".repeat(40)
  };

  @Test
  void randomValuesWithARowsOwnMetadataMatchTheReference() {
    Random r = new Random(11);
    List<EncodedVariant> rows = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rows.add(i % 10 == 9 ? hostileObject(r).encode() : RandomVariants.generate(r, 4).encode());
    }
    long bytes = 0;
    try (VariantVector v = column(rows, 17)) {
      bytes = assertColumnMatches(v, DEFAULTS);
    }
    assertTrue(bytes > 1_000_000, "enough text to be copied into the vector in several parts");
  }

  @Test
  void randomValuesSharingOneMetadataMatchTheReference() {
    Random r = new Random(12);
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < 2000; i++) {
      if (i % 13 == 5) {
        w.appendSqlNull();
        continue;
      }
      VariantValue value = i % 10 == 9 ? hostileObject(r) : RandomVariants.generate(r, 4);
      value.writeTo(w.row());
      w.finishRow();
    }
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertTrue(assertColumnMatches(v, DEFAULTS) > 0);
    }
  }

  @Test
  void textOutgrowingTheSizeProjectedFromTheFirstRowsIsAllKept() {
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < 600; i++) {
      w.row().appendString((i < 300 ? "s" : "L\n").repeat(i < 300 ? 1000 : 5000) + i);
      w.finishRow();
    }
    w.appendSqlNull();
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertTrue(assertColumnMatches(v, DEFAULTS) > 4_500_000);
    }
  }

  @Test
  void theLoopWritesEveryWellFormedValueItself() {
    Random r = new Random(15);
    VariantVectorWriter w = new VariantVectorWriter();
    int rows = 500;
    for (int i = 0; i < rows; i++) {
      if (i == 100) {
        w.row().appendStringUtf8(new byte[] {'a', (byte) 0xFF}); // ill-formed: handed back
      } else {
        (i % 10 == 9 ? hostileObject(r) : RandomVariants.generate(r, 4)).writeTo(w.row());
      }
      w.finishRow();
    }
    BufferAllocator a = memory.allocator();
    try (VariantVector v = w.finish("v", a);
        VarCharVector text = new VarCharVector("j", a)) {
      VariantColumnReader col = VariantColumnReader.of(v);
      VariantReader row = new VariantReader();
      try (JsonTextWriter texts = new JsonTextWriter(new VariantToJson(), text, rows)) {
        for (int i = 0; i < rows; i++) {
          assertTrue(col.read(i, row));
          texts.append(i, row);
        }
        texts.finish();
        assertEquals(1, texts.handedBack());
      }
      text.setValueCount(rows);
      assertEquals("\"a\uFFFD\"", new String(text.get(100), UTF_8));
    }
  }

  @Test
  void unusualValuesAndOptionsMatchTheReference() {
    VariantVectorWriter w = new VariantVectorWriter();
    w.row().startArray().appendDouble(Double.NaN).appendFloat(Float.NEGATIVE_INFINITY).endArray();
    w.finishRow();
    w.row()
        .startObject()
        .appendKey("s")
        .appendStringUtf8(new byte[] {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80})
        .endObject();
    w.finishRow();
    w.row().appendStringUtf8(new byte[] {(byte) 0xC0, (byte) 0xAF, (byte) 0xF4, (byte) 0x90});
    w.finishRow();
    VariantBuilder deep = w.row();
    for (int d = 0; d < 5; d++) {
      deep.startArray();
    }
    deep.appendInt(1);
    for (int d = 0; d < 5; d++) {
      deep.endArray();
    }
    w.finishRow();
    w.row()
        .startObject()
        .appendKey("big")
        .appendDecimal16(BigInteger.TEN.pow(38).subtract(BigInteger.ONE), 38)
        .appendKey("neg")
        .appendDecimal16(BigInteger.TEN.pow(37).negate(), 0)
        .endObject();
    w.finishRow();
    w.row().appendTimeMicros(86_399_999_999L);
    w.finishRow();
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertTrue(assertColumnMatches(v, DEFAULTS) > 0);
    }
    JsonOptions strict =
        JsonOptions.builder()
            .nonFinite(JsonOptions.NonFinite.ERROR)
            .limits(Limits.builder().maxVariantDepth(3).build())
            .build();
    Random r = new Random(13);
    for (int i = 0; i < 300; i++) {
      EncodedVariant e = RandomVariants.generate(r, 5).encode();
      assertSameOutcome(e, strict);
    }
    assertTrue(assertSameOutcome(new EncodedVariant(onlyKeyMetadata(), nested(3)), strict));
    assertFalse(assertSameOutcome(new EncodedVariant(onlyKeyMetadata(), nested(4)), strict));
  }

  @Test
  void corruptBytesFailAsInTheReference() {
    Random r = new Random(14);
    int failures = 0;
    for (int i = 0; i < 3000; i++) {
      EncodedVariant e = RandomVariants.generate(r, 3).encode();
      byte[] value = e.value().clone();
      if (r.nextInt(4) == 0) {
        value = Arrays.copyOf(value, 1 + r.nextInt(value.length));
      } else {
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          value[r.nextInt(value.length)] = (byte) r.nextInt(256);
        }
      }
      failures += assertSameOutcome(new EncodedVariant(e.metadata(), value), DEFAULTS) ? 0 : 1;
    }
    // hand-made: a TIME outside a day, decimals of scale 39, an unknown type id
    byte[] md = onlyKeyMetadata();
    for (byte[] value :
        new byte[][] {
          {17 << 2, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80},
          {8 << 2, 39, 1, 0, 0, 0},
          {9 << 2, (byte) 200, -1, -1, -1, -1, -1, -1, -1, -1},
          {21 << 2},
          {3, 1, 0, 2, 21 << 2, 0}
        }) {
      assertSameOutcome(new EncodedVariant(md, value), DEFAULTS);
    }
    assertTrue(failures > 100, "mutations that break the value: " + failures);
  }

  @Test
  void aDictionaryTooLargeToCacheIsWrittenFieldByField() {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 70_000; i++) {
      keys.add("key" + i);
    }
    VariantVectorWriter w = new VariantVectorWriter().declareKeys(keys);
    for (int i = 0; i < 3; i++) {
      w.row().startObject().appendKey("key" + (i * 30_000)).appendInt(i).endObject();
      w.finishRow();
    }
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertTrue(assertColumnMatches(v, DEFAULTS) > 0);
    }
  }

  /** An object of hostile strings and keys, binaries of every length mod 3, and a UUID. */
  private static VariantValue hostileObject(Random r) {
    Map<String, VariantValue> fields = new LinkedHashMap<>();
    for (int i = 0; i < HOSTILE.length; i++) {
      fields.put(
          HOSTILE[(i + r.nextInt(3)) % HOSTILE.length] + i,
          VariantValue.of(VariantKind.STRING, HOSTILE[i]));
    }
    for (int n = 0; n < 5; n++) {
      byte[] bin = new byte[n];
      r.nextBytes(bin);
      fields.put("bin" + n, VariantValue.of(VariantKind.BINARY, ByteBuffer.wrap(bin)));
    }
    fields.put("uuid", VariantValue.of(VariantKind.UUID, new UUID(r.nextLong(), r.nextLong())));
    return new VariantValue.ObjectValue(fields);
  }

  /** A metadata of one key, {@code "a"}. */
  private static byte[] onlyKeyMetadata() {
    return new byte[] {0x11, 1, 0, 1, 'a'};
  }

  /** {@code depth} nested single-element arrays around the int8 1. */
  private static byte[] nested(int depth) {
    byte[] v = {3 << 2, 1};
    for (int d = 0; d < depth; d++) {
      byte[] a = new byte[v.length + 4];
      a[0] = 3; // array, 1-byte offsets
      a[1] = 1;
      a[2] = 0;
      a[3] = (byte) v.length;
      System.arraycopy(v, 0, a, 4, v.length);
      v = a;
    }
    return v;
  }

  /**
   * Writes {@code v} with {@link JsonColumns#toJson} and compares every row with the reference;
   * returns the text bytes.
   */
  private long assertColumnMatches(VariantVector v, JsonOptions options) {
    BufferAllocator a = memory.allocator();
    VariantToJson reference = new VariantToJson(options);
    try (FieldVector out = JsonColumns.toJson(v, null, "j", JsonColumns.Output.UTF8, options, a)) {
      VarCharVector text = (VarCharVector) out;
      VariantColumnReader col = VariantColumnReader.of(v);
      VariantReader row = new VariantReader();
      assertEquals(v.getValueCount(), text.getValueCount());
      for (int i = 0; i < v.getValueCount(); i++) {
        if (!col.read(i, row)) {
          assertTrue(text.isNull(i), "row " + i);
          continue;
        }
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        reference.writeUtf8(row, expected, i);
        assertEquals(
            new String(expected.toByteArray(), UTF_8), new String(text.get(i), UTF_8), "row " + i);
        assertTrue(Arrays.equals(expected.toByteArray(), text.get(i)), "bytes of row " + i);
      }
      return text.getOffsetBuffer().getInt(4L * v.getValueCount());
    }
  }

  /**
   * Writes the one value with {@link JsonColumns#toJson} and with the reference and checks that
   * both give the same text or the same exception; returns whether they wrote text.
   */
  private boolean assertSameOutcome(EncodedVariant e, JsonOptions options) {
    String expected;
    try (VariantVector v = column(List.of(e), 0)) {
      try {
        VariantReader row = new VariantReader();
        VariantColumnReader.of(v).read(0, row);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new VariantToJson(options).writeUtf8(row, out, 0);
        expected = "text " + new String(out.toByteArray(), UTF_8);
      } catch (RuntimeException x) {
        expected = x.getClass().getName() + ": " + x.getMessage();
      }
      String actual;
      try (FieldVector out =
          JsonColumns.toJson(v, null, "j", JsonColumns.Output.UTF8, options, memory.allocator())) {
        actual = "text " + new String(((VarCharVector) out).get(0), UTF_8);
      } catch (RuntimeException x) {
        actual = x.getClass().getName() + ": " + x.getMessage();
      }
      assertEquals(expected, actual, () -> "value " + VariantValue.hex(ByteBuffer.wrap(e.value())));
    }
    return expected.startsWith("text ");
  }

  /**
   * A Variant vector of {@code rows}, each with its own metadata bytes; every {@code nullEvery}-th
   * row (when positive) is SQL NULL.
   */
  private VariantVector column(List<EncodedVariant> rows, int nullEvery) {
    BufferAllocator a = memory.allocator();
    int n = rows.size();
    try (VarBinaryVector metadata = new VarBinaryVector("metadata", a);
        VarBinaryVector value = new VarBinaryVector("value", a);
        ArrowBuf validity = a.buffer(Math.max(1, (n + 7) / 8))) {
      metadata.allocateNew(n);
      value.allocateNew(n);
      validity.setZero(0, validity.capacity());
      for (int i = 0; i < n; i++) {
        metadata.setSafe(i, rows.get(i).metadata());
        value.setSafe(i, rows.get(i).value());
        if (nullEvery <= 0 || i % nullEvery != nullEvery - 1) {
          BitVectorHelper.setBit(validity, i);
        }
      }
      metadata.setValueCount(n);
      value.setValueCount(n);
      return VariantVectors.wrap("v", metadata, value, nullEvery > 0 ? validity : null, a);
    }
  }
}
