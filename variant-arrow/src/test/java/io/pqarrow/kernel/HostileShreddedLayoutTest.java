package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Shredded storage that breaks the layout rules of docs/variant.md §3.1–§3.4 — a {@code
 * typed_value} of a type no shredding allows, a {@code value} that is not binary, missing children,
 * an object field that is not a {@code value}/{@code typed_value} group, a list whose element group
 * is nullable or empty — filled with seeded random slots (valid Variant pieces against the row
 * metadata, now and then garbage), through every public kernel entry point. Only {@link
 * BridgeException}s naming the row or the path may escape, and nothing may stay allocated.
 */
class HostileShreddedLayoutTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Pattern WHERE = Pattern.compile("row \\d+| at v\\b");

  private static final Field META = Field.notNullable("metadata", ArrowType.Binary.INSTANCE);
  private static final Field VALUE = Field.nullable("value", ArrowType.Binary.INSTANCE);
  private static final ArrowType I64 = new ArrowType.Int(64, true);

  private static Field group(String name, boolean nullable, Field... children) {
    return new Field(
        name,
        nullable
            ? FieldType.nullable(ArrowType.Struct.INSTANCE)
            : FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(children));
  }

  private static Field typed(ArrowType type, Field... children) {
    return new Field("typed_value", FieldType.nullable(type), List.of(children));
  }

  private static Field variant(Field... children) {
    return new Field("v", FieldType.nullable(VariantType.INSTANCE), List.of(children));
  }

  private static Field list(Field element) {
    return typed(ArrowType.List.INSTANCE, element);
  }

  /** Layout name → storage field. */
  private static Map<String, Field> layouts() {
    Map<String, Field> m = new LinkedHashMap<>();
    m.put(
        "typed_value Duration",
        variant(META, VALUE, typed(new ArrowType.Duration(TimeUnit.SECOND))));
    m.put("typed_value UInt64", variant(META, VALUE, typed(new ArrowType.Int(64, false))));
    m.put(
        "typed_value Float16",
        variant(META, VALUE, typed(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))));
    m.put(
        "typed_value Interval",
        variant(META, VALUE, typed(new ArrowType.Interval(IntervalUnit.DAY_TIME))));
    m.put(
        "typed_value FixedSizeBinary",
        variant(META, VALUE, typed(new ArrowType.FixedSizeBinary(3))));
    m.put("typed_value Decimal256", variant(META, VALUE, typed(new ArrowType.Decimal(40, 2, 256))));
    m.put(
        "typed_value Timestamp(s)",
        variant(META, VALUE, typed(new ArrowType.Timestamp(TimeUnit.SECOND, null))));
    m.put(
        "value Int32",
        variant(META, Field.nullable("value", new ArrowType.Int(32, true)), typed(I64)));
    m.put(
        "value Utf8", variant(META, Field.nullable("value", ArrowType.Utf8.INSTANCE), typed(I64)));
    m.put("metadata Int64", variant(Field.notNullable("metadata", I64), VALUE, typed(I64)));
    m.put(
        "metadata Utf8",
        variant(Field.notNullable("metadata", ArrowType.Utf8.INSTANCE), VALUE, typed(I64)));
    m.put("no metadata", variant(VALUE, typed(I64)));
    m.put("no value", variant(META, typed(I64)));
    m.put("only metadata", variant(META));
    m.put("no children", variant());
    m.put("extra child", variant(META, VALUE, typed(I64), Field.nullable("extra", I64)));
    m.put(
        "object field not a group",
        variant(META, VALUE, typed(ArrowType.Struct.INSTANCE, Field.nullable("a", I64))));
    m.put(
        "object field group without children",
        variant(META, VALUE, typed(ArrowType.Struct.INSTANCE, group("a", false))));
    m.put(
        "object field value Int64",
        variant(
            META,
            VALUE,
            typed(
                ArrowType.Struct.INSTANCE,
                group("a", false, Field.nullable("value", I64), typed(I64)))));
    m.put(
        "object field typed_value Duration",
        variant(
            META,
            VALUE,
            typed(
                ArrowType.Struct.INSTANCE,
                group("a", false, VALUE, typed(new ArrowType.Duration(TimeUnit.SECOND))))));
    m.put("object without fields", variant(META, VALUE, typed(ArrowType.Struct.INSTANCE)));
    m.put(
        "list element nullable",
        variant(META, VALUE, list(group("element", true, VALUE, typed(I64)))));
    m.put("list element empty", variant(META, VALUE, list(group("element", false))));
    m.put("list element not a group", variant(META, VALUE, list(Field.nullable("element", I64))));
    m.put(
        "list element value Int32",
        variant(
            META,
            VALUE,
            list(group("element", false, Field.nullable("value", new ArrowType.Int(32, true))))));
    m.put(
        "list of lists",
        variant(
            META,
            VALUE,
            list(
                group("element", false, VALUE, list(group("element", false, VALUE, typed(I64)))))));
    m.put(
        "typed_value Map",
        variant(
            META,
            VALUE,
            new Field(
                "typed_value",
                FieldType.nullable(new ArrowType.Map(false)),
                List.of(
                    new Field(
                        "entries",
                        FieldType.notNullable(ArrowType.Struct.INSTANCE),
                        List.of(
                            Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                            Field.nullable("value", I64)))))));
    return m;
  }

  private int returned;
  private int rejected;
  private final List<String> escaped = new ArrayList<>();

  @Test
  void layoutsBreakingTheShreddingRulesRaiseOnlyBridgeExceptions() {
    Random r = new Random(Long.getLong("fuzz.seed", 777));
    for (Map.Entry<String, Field> e : layouts().entrySet()) {
      for (int round = 0; round < Integer.getInteger("fuzz.rounds", 6); round++) {
        VariantVector v = (VariantVector) e.getValue().createVector(memory.allocator());
        try (v) {
          fill(v, 1 + r.nextInt(5), r);
          exerciseAll(v, r, e.getKey() + " round " + round);
        }
      }
    }
    System.out.printf(
        "%s: %d calls returned, %d rejected%n", getClass().getSimpleName(), returned, rejected);
    assertTrue(escaped.isEmpty(), escaped.size() + " escaped:\n" + String.join("\n", escaped));
    assertTrue(rejected > 0, "nothing was rejected");
    assertTrue(returned > 0, "nothing returned");
  }

  /** Pieces encoded against one metadata whose dictionary has the keys a, b and x. */
  private static final class Pieces {
    final byte[] metadata;
    final List<byte[]> values = new ArrayList<>();

    Pieces(Random r) {
      VariantColumnBuilder c = new VariantColumnBuilder().declareKeys(List.of("a", "b", "x"));
      List<VariantValue> vs = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        vs.add(RandomVariants.generate(r, 2));
      }
      Map<String, VariantValue> fields = new LinkedHashMap<>();
      fields.put("b", RandomVariants.primitive(r));
      fields.put("x", RandomVariants.generate(r, 1));
      vs.add(new VariantValue.ObjectValue(fields));
      for (VariantValue v : vs) {
        v.writeTo(c.row());
        c.finishRow();
      }
      EncodedVariantColumn done = c.finish();
      metadata = done.metadata();
      for (int i = 0; i < vs.size(); i++) {
        values.add(done.value(i));
      }
    }
  }

  private static void fill(VariantVector v, int rows, Random r) {
    Pieces p = new Pieces(r);
    StructVector s = v.getUnderlyingVector();
    fillVector(s, rows, r, p);
    v.setValueCount(rows);
  }

  private static void fillVector(FieldVector v, int count, Random r, Pieces p) {
    v.setInitialCapacity(Math.max(count, 1));
    v.allocateNew();
    String name = v.getName();
    if (v instanceof BaseVariableWidthVector b) {
      for (int i = 0; i < count; i++) {
        int pick = r.nextInt(10);
        if (pick == 0) {
          continue;
        }
        byte[] bytes;
        if (name.equals("metadata")) {
          bytes = pick == 1 ? garbage(r) : p.metadata;
        } else {
          bytes = pick == 1 ? garbage(r) : p.values.get(r.nextInt(p.values.size()));
        }
        b.setSafe(i, bytes, 0, bytes.length);
      }
    } else if (v instanceof BaseFixedWidthVector f) {
      ArrowBuf data = f.getDataBuffer();
      for (long k = 0; k < data.capacity(); k++) {
        data.setByte(k, r.nextInt(256));
      }
      for (int i = 0; i < count; i++) {
        if (r.nextInt(3) != 0) {
          org.apache.arrow.vector.BitVectorHelper.setBit(f.getValidityBuffer(), i);
        }
      }
    } else if (v instanceof ListVector l) {
      int total = 0;
      int[] lengths = new int[count];
      for (int i = 0; i < count; i++) {
        lengths[i] = r.nextInt(4);
        total += lengths[i];
      }
      fillVector(l.getDataVector(), total, r, p);
      int start = 0;
      for (int i = 0; i < count; i++) {
        if (r.nextInt(5) == 0) {
          l.getOffsetBuffer().setInt(4L * (i + 1), start);
          continue;
        }
        l.startNewValue(i);
        l.endValue(i, lengths[i]);
        start += lengths[i];
      }
      l.getDataVector().setValueCount(total);
      l.setLastSet(count - 1);
    } else if (v instanceof StructVector st) {
      for (FieldVector c : st.getChildrenFromFields()) {
        fillVector(c, count, r, p);
        c.setValueCount(count);
      }
      for (int i = 0; i < count; i++) {
        if (r.nextInt(6) != 0) {
          st.setIndexDefined(i);
        }
      }
    } else {
      for (FieldVector c : v.getChildrenFromFields()) {
        fillVector(c, count, r, p);
        c.setValueCount(count);
      }
    }
  }

  private static byte[] garbage(Random r) {
    byte[] b = new byte[r.nextInt(6)];
    r.nextBytes(b);
    return b;
  }

  private void exerciseAll(VariantVector v, Random r, String what) {
    List<Field> targets =
        List.of(
            Field.nullable("t", I64),
            Field.nullable("t", ArrowType.Utf8.INSTANCE),
            new Field(
                "t",
                FieldType.nullable(VariantType.INSTANCE),
                List.of(META, Field.notNullable("value", ArrowType.Binary.INSTANCE))),
            new Field(
                "t",
                FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(Field.nullable("element", I64))));
    for (String path : List.of("$", "$.a", "$[1]", "$.a.b", "$.x[0]")) {
      Field target = targets.get(r.nextInt(targets.size()));
      for (GetOptions o : List.of(GetOptions.defaults(), GetOptions.strict())) {
        survive(
            what + " get " + path + " as " + target,
            () -> VariantKernels.get(v, path, target, o, memory.allocator()));
      }
    }
    for (DecodeOptions o : List.of(DecodeOptions.defaults(), DecodeOptions.strict())) {
      Field as = targets.get(r.nextInt(targets.size()));
      survive(what + " decode as " + as, () -> VariantKernels.decode(v, as, o, memory.allocator()));
    }
    try {
      VariantKernels.inferSchema(v, InferOptions.defaults());
      returned++;
    } catch (BridgeException e) {
      check(what + " inferSchema", e);
    } catch (Throwable t) {
      escaped.add(what + " inferSchema: " + trace(t));
    }
    survive(what + " unshred", () -> Shredding.unshred(v, memory.allocator()));
    survive(
        what + " shred",
        () ->
            Shredding.shred(
                v,
                ShreddingTypes.parse("v", "struct<a:int64>"),
                ShredOptions.defaults(),
                memory.allocator()));
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
    if (e.getMessage() == null || !WHERE.matcher(e.getMessage()).find()) {
      escaped.add(what + ": message names neither row nor path: " + e.getMessage());
    }
  }
}
