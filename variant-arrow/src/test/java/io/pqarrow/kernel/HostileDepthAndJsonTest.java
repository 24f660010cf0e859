package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonConversionException;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.arrow.VariantVectors;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deep nesting and hostile JSON text: JSON of 100,000 nested arrays or objects, malformed and
 * truncated JSON, huge numbers and invalid UTF-8 through {@link JsonColumns#toVariant}; Variant
 * values nested past {@code Limits.VARIANT_DEPTH_CEILING} (built byte by byte) through every kernel
 * entry point. Each call returns or raises a {@link BridgeException} naming the row; no {@link
 * StackOverflowError} or other exception escapes and nothing stays allocated.
 */
class HostileDepthAndJsonTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Pattern ROW = Pattern.compile("row \\d+");

  private final List<String> escaped = new ArrayList<>();
  private int returned;
  private int rejected;

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void hostileJsonTextIsRejectedNamingTheRow() {
    String deepArrays = "[".repeat(100_000) + "]".repeat(100_000);
    String deepObjects = "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000);
    // {name, bytes, must be rejected}
    Object[][] table = {
      {"100k nested arrays", utf8(deepArrays), true},
      {"100k nested objects", utf8(deepObjects), true},
      {"100k unclosed arrays", utf8("[".repeat(100_000)), true},
      {"513 nested arrays", utf8("[".repeat(513) + "]".repeat(513)), true},
      {"513 nested objects", utf8("{\"a\":".repeat(513) + "1" + "}".repeat(513)), true},
      {"truncated object", utf8("{\"a\": [1, 2"), true},
      {"trailing garbage", utf8("[1] x"), true},
      {"bare word", utf8("nope"), true},
      {"empty text", new byte[0], true},
      {"lone high surrogate escape", utf8("\"\\ud800\""), false},
      {"2000-digit integer", utf8("1" + "0".repeat(2000)), true},
      {"999-digit integer", utf8("9".repeat(999)), false},
      {"exponent 1e999999", utf8("1e999999"), false},
      {"tiny exponent", utf8("1e-999999"), false},
      {"exponent beyond int", utf8("[577E25774630009745434766]"), false},
      {"40-digit decimal", utf8("0." + "1".repeat(40)), false},
      {"invalid UTF-8 in a string", new byte[] {'"', (byte) 0xC3, 0x28, '"'}, true},
      {"0xFF byte", new byte[] {'[', (byte) 0xFF, ']'}, true},
      {"truncated 3-byte sequence", new byte[] {'"', (byte) 0xE2, (byte) 0x82, '"'}, true},
      {"overlong encoding of /", new byte[] {'"', (byte) 0xC0, (byte) 0xAF, '"'}, true},
      {"encoded surrogate", new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}, true},
      {
        "code point above U+10FFFF",
        new byte[] {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'},
        true
      },
      {"NUL in text", new byte[] {'[', 0, ']'}, true},
    };
    for (Object[] c : table) {
      String name = (String) c[0];
      byte[] bad = (byte[]) c[1];
      boolean mustReject = (Boolean) c[2];
      try (VarCharVector json = new VarCharVector("j", memory.allocator())) {
        json.setSafe(0, utf8("{\"ok\": 1}"));
        json.setSafe(1, bad);
        json.setValueCount(2);
        int before = rejected;
        survive(
            name,
            () -> JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator()));
        if (mustReject && rejected == before) {
          escaped.add(name + ": accepted");
        }
      }
    }
    assertTrue(escaped.isEmpty(), escaped.size() + " failed:\n" + String.join("\n", escaped));
  }

  @Test
  void jsonNestedToTheDepthCapRoundTripsAndOneDeeperIsRejectedNamingTheRow() {
    String deepest = "[".repeat(512) + "1" + "]".repeat(512);
    String tooDeep = "[".repeat(513) + "1" + "]".repeat(513);
    try (VarCharVector json = new VarCharVector("j", memory.allocator());
        VarCharVector deeper = new VarCharVector("j", memory.allocator())) {
      json.setSafe(0, utf8(deepest));
      json.setValueCount(1);
      try (VariantVector v =
              JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator());
          FieldVector back =
              JsonColumns.toJson(
                  v,
                  null,
                  "j",
                  JsonColumns.Output.UTF8,
                  JsonOptions.defaults(),
                  memory.allocator())) {
        assertEquals(deepest, back.getObject(0).toString());
      }
      deeper.setSafe(0, utf8(deepest));
      deeper.setSafe(1, utf8(tooDeep));
      deeper.setValueCount(2);
      JsonConversionException e =
          assertThrows(
              JsonConversionException.class,
              () -> JsonColumns.toVariant(deeper, "v", JsonOptions.defaults(), memory.allocator()));
      assertEquals(1, e.row());
      // Jackson's constraint error carries no location, so the place is the start of the row
      assertEquals(
          "Invalid JSON at row 1, line 1, column 1: Document nesting depth (513) exceeds the"
              + " maximum allowed (512, from `StreamReadConstraints.getMaxNestingDepth()`)",
          e.getMessage());
    }
  }

  @Test
  void illFormedUtf8IsRejectedNamingRowLineAndColumnNotRepaired() {
    byte[] overlong = {'[', '\n', ' ', '"', (byte) 0xC0, (byte) 0xAF, '"', ']'};
    try (VarCharVector json = new VarCharVector("j", memory.allocator())) {
      json.setSafe(0, utf8("1"));
      json.setSafe(1, overlong);
      json.setValueCount(2);
      JsonConversionException e =
          assertThrows(
              JsonConversionException.class,
              () -> JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator()));
      assertEquals(
          "Invalid JSON at row 1, line 2, column 3: ill-formed UTF-8 at byte 4 (0xC0)",
          e.getMessage());
    }
  }

  /** {@code depth} arrays of one element around a null; 4-byte offsets at every level. */
  static byte[] nestedArrays(int depth) {
    return nested(depth, (byte) 0x0F, false);
  }

  /** {@code depth} objects {@code {"a": ...}} around a null (key id 0 of the metadata). */
  static byte[] nestedObjects(int depth) {
    return nested(depth, (byte) 0x0E, true);
  }

  private static byte[] nested(int depth, byte header, boolean object) {
    byte[] inner = {0x00}; // primitive null
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int d = 0; d < depth; d++) {
      out.reset();
      out.write(header); // array: basic type 3, offset size 4; object: basic type 2, id size 1
      out.write(1); // one element
      if (object) {
        out.write(0); // field id 0 ("a")
      }
      writeInt(out, 0);
      writeInt(out, inner.length);
      out.writeBytes(inner);
      inner = out.toByteArray();
    }
    return inner;
  }

  private static void writeInt(ByteArrayOutputStream out, int v) {
    for (int k = 0; k < 4; k++) {
      out.write((v >>> (8 * k)) & 0xFF);
    }
  }

  /** Version 1, sorted, 1-byte offsets, one key "a". */
  private static final byte[] META_A = {0x11, 0x01, 0x00, 0x01, 'a'};

  @Test
  void variantsNestedPastTheDepthCapRaiseOnlyBridgeExceptions() {
    // {name, value bytes}; row 0 is a plain 1
    Object[][] table = {
      {"513 nested arrays", nestedArrays(513)},
      {"600 nested objects", nestedObjects(600)},
      {"100k nested arrays", nestedArrays(100_000)},
      {"100k nested objects", nestedObjects(100_000)},
    };
    for (Object[] c : table) {
      String name = (String) c[0];
      int before = rejected;
      try (VariantVector v = vector((byte[]) c[1])) {
        exerciseAll(v, name);
      }
      if (rejected == before) {
        escaped.add(name + ": nothing rejected it");
      }
    }
    System.out.printf("deep Variants: %d calls returned, %d rejected%n", returned, rejected);
    assertTrue(escaped.isEmpty(), escaped.size() + " failed:\n" + String.join("\n", escaped));
  }

  private VariantVector vector(byte[] deep) {
    BufferAllocator a = memory.allocator();
    try (VarBinaryVector meta = new VarBinaryVector("metadata", a);
        VarBinaryVector value = new VarBinaryVector("value", a)) {
      meta.setSafe(0, META_A);
      value.setSafe(0, new byte[] {0x0C, 0x01}); // INT8 1
      meta.setSafe(1, META_A);
      value.setSafe(1, deep);
      meta.setValueCount(2);
      value.setValueCount(2);
      return VariantVectors.wrap("v", meta, value, null, a);
    }
  }

  private void exerciseAll(VariantVector v, String what) {
    Field i64 = Field.nullable("t", new ArrowType.Int(64, true));
    Field nested =
        new Field(
            "t",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(
                new Field(
                    "element",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(Field.nullable("element", i64.getType())))));
    for (String path : List.of("$", "$[0]", "$.a.a", "$[0][0][0]")) {
      for (Field target : List.of(i64, nested, Field.nullable("t", ArrowType.Utf8.INSTANCE))) {
        for (GetOptions o : List.of(GetOptions.defaults(), GetOptions.strict())) {
          survive(
              what + " get " + path + " as " + target,
              () -> VariantKernels.get(v, path, target, o, memory.allocator()));
        }
      }
    }
    Field inferred = null;
    try {
      inferred = VariantKernels.inferSchema(v, InferOptions.defaults());
      returned++;
    } catch (BridgeException e) {
      check(what + " inferSchema", e);
    } catch (Throwable t) {
      escaped.add(what + " inferSchema: " + trace(t));
    }
    for (Field as : inferred == null ? List.of(i64, nested) : List.of(i64, nested, inferred)) {
      for (DecodeOptions o : List.of(DecodeOptions.defaults(), DecodeOptions.strict())) {
        survive(
            what + " decode as " + as, () -> VariantKernels.decode(v, as, o, memory.allocator()));
      }
    }
    survive(what + " unshred", () -> Shredding.unshred(v, memory.allocator()));
    for (String type : List.of("int64", "list<list<int64>>", "struct<a:struct<a:int64>>")) {
      survive(
          what + " shred " + type,
          () ->
              Shredding.shred(
                  v, ShreddingTypes.parse("v", type), ShredOptions.defaults(), memory.allocator()));
    }
    try {
      Shredding.inferType(v, Shredding.defaultInferOptions(), memory.allocator());
      returned++;
    } catch (BridgeException e) {
      check(what + " inferType", e);
    } catch (Throwable t) {
      escaped.add(what + " inferType: " + trace(t));
    }
    survive(
        what + " toJson",
        () ->
            JsonColumns.toJson(
                v, null, "j", JsonColumns.Output.UTF8, JsonOptions.defaults(), memory.allocator()));
  }

  private void survive(String what, Supplier<? extends AutoCloseable> call) {
    try (AutoCloseable result = call.get()) {
      returned++;
      if (result instanceof FieldVector f && f.getValueCount() != 2) {
        escaped.add(what + ": returned " + f.getValueCount() + " rows");
      }
    } catch (BridgeException e) {
      check(what, e);
    } catch (Throwable t) {
      escaped.add(what + ": " + trace(t));
    }
  }

  private static String trace(Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    return t + " at " + List.of(st).subList(0, Math.min(5, st.length));
  }

  private void check(String what, BridgeException e) {
    rejected++;
    if (e.getMessage() == null || !ROW.matcher(e.getMessage()).find()) {
      escaped.add(what + ": message names no row: " + e.getMessage());
    }
  }
}
