package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every target type, checked against the row-at-a-time {@link ReferenceDecoder} on seeded random
 * rows, at the awkward batch sizes, with and without SQL NULL rows.
 */
class VariantGetRandomTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static final int[] BATCH_SIZES = {1, 7, 8, 9, 31, 32, 33, 1024};

  static Field f(String name, ArrowType type, Field... children) {
    return new Field(
        name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
  }

  static List<Field> targets() {
    List<Field> t = new ArrayList<>();
    t.add(f("bool", ArrowType.Bool.INSTANCE));
    for (int bits : new int[] {8, 16, 32, 64}) {
      t.add(f("int" + bits, new ArrowType.Int(bits, true)));
      t.add(f("uint" + bits, new ArrowType.Int(bits, false)));
    }
    t.add(f("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    t.add(f("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    t.add(f("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    t.add(f("dec_5_2", new ArrowType.Decimal(5, 2, 128)));
    t.add(f("dec_18_0", new ArrowType.Decimal(18, 0, 128)));
    t.add(f("dec_38_10", new ArrowType.Decimal(38, 10, 128)));
    t.add(f("dec_38_38", new ArrowType.Decimal(38, 38, 128)));
    t.add(f("dec256_60_20", new ArrowType.Decimal(60, 20, 256)));
    t.add(f("date32", new ArrowType.Date(DateUnit.DAY)));
    t.add(f("date64", new ArrowType.Date(DateUnit.MILLISECOND)));
    t.add(f("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)));
    t.add(f("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
    t.add(f("time_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
    t.add(f("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    for (TimeUnit u : TimeUnit.values()) {
      t.add(f("ts_" + u, new ArrowType.Timestamp(u, null)));
      t.add(f("tstz_" + u, new ArrowType.Timestamp(u, "UTC")));
    }
    t.add(f("tstz_berlin", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Berlin")));
    t.add(f("utf8", ArrowType.Utf8.INSTANCE));
    t.add(f("large_utf8", ArrowType.LargeUtf8.INSTANCE));
    t.add(f("utf8_view", ArrowType.Utf8View.INSTANCE));
    t.add(f("binary", ArrowType.Binary.INSTANCE));
    t.add(f("large_binary", ArrowType.LargeBinary.INSTANCE));
    t.add(f("binary_view", ArrowType.BinaryView.INSTANCE));
    t.add(f("fsb16", new ArrowType.FixedSizeBinary(16)));
    t.add(f("fsb4", new ArrowType.FixedSizeBinary(4)));
    t.add(f("uuid", UuidType.INSTANCE));
    t.add(f("null", ArrowType.Null.INSTANCE));
    t.add(f("list_i64", ArrowType.List.INSTANCE, f("element", new ArrowType.Int(64, true))));
    t.add(
        f("large_list_utf8", ArrowType.LargeList.INSTANCE, f("element", ArrowType.Utf8.INSTANCE)));
    t.add(
        f(
            "struct",
            ArrowType.Struct.INSTANCE,
            f("k1", new ArrowType.Int(32, true)),
            f("k2", ArrowType.Utf8.INSTANCE),
            f("\u00e9", ArrowType.Bool.INSTANCE),
            f("k3", ArrowType.List.INSTANCE, f("element", ArrowType.Utf8.INSTANCE))));
    t.add(
        new Field(
            "map",
            FieldType.nullable(new ArrowType.Map(false)),
            List.of(
                new Field(
                    "entries",
                    FieldType.notNullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                        f("value", new ArrowType.Int(64, true)))))));
    t.add(
        new Field(
            "union",
            FieldType.notNullable(new ArrowType.Union(UnionMode.Dense, new int[] {0, 1, 2, 3})),
            List.of(
                f("num", new ArrowType.Decimal(38, 4, 128)),
                f("str", ArrowType.Utf8.INSTANCE),
                f("nul", ArrowType.Null.INSTANCE),
                f("arr", ArrowType.List.INSTANCE, f("element", ArrowType.Bool.INSTANCE)))));
    return t;
  }

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Field target : targets()) {
      for (boolean nulls : new boolean[] {false, true}) {
        out.add(Arguments.of(target.getName(), target, nulls));
      }
    }
    return out.stream();
  }

  /** A value likely to fit several targets: small numbers, strings, short containers. */
  static VariantValue friendly(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> VariantValue.of(VariantKind.INT8, (byte) r.nextInt(100));
      case 1 ->
          VariantValue.of(
              VariantKind.DECIMAL4, BigDecimal.valueOf(r.nextInt(20000) - 10000, r.nextInt(3)));
      case 2 -> VariantValue.of(VariantKind.STRING, RandomVariants.string(r, r.nextInt(30)));
      case 3 ->
          VariantValue.of(
              VariantKind.TIMESTAMP_MICROS,
              (long) r.nextInt() * (r.nextBoolean() ? 1000 : 1_000_000));
      case 9 ->
          VariantValue.of(
              VariantKind.BINARY,
              java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3, (byte) r.nextInt()}));
      case 4 -> VariantValue.of(VariantKind.TIMESTAMP_NTZ_NANOS, (long) r.nextInt() * 1_000_000);
      case 5 -> VariantValue.of(VariantKind.TIME_MICROS, (long) r.nextInt(86_400) * 1_000_000);
      case 6 -> {
        List<VariantValue> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          l.add(
              r.nextBoolean()
                  ? VariantValue.of(VariantKind.INT32, r.nextInt())
                  : VariantValue.of(VariantKind.STRING, "s" + i));
        }
        yield new VariantValue.ArrayValue(l);
      }
      case 7 -> {
        Map<String, VariantValue> m = new LinkedHashMap<>();
        m.put("k1", VariantValue.of(VariantKind.INT16, (short) r.nextInt(1000)));
        if (r.nextBoolean()) {
          m.put("k2", VariantValue.of(VariantKind.STRING, "x"));
        }
        m.put("\u00e9", VariantValue.of(VariantKind.BOOLEAN, r.nextBoolean()));
        yield new VariantValue.ObjectValue(m);
      }
      default -> VariantValue.of(VariantKind.DOUBLE, r.nextInt(1000) / 8.0);
    };
  }

  /** Rows of mostly objects with a key {@code a}; some without it, some not objects. */
  static List<VariantValue> rows(Random r, int n, boolean sqlNulls) {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int pick = r.nextInt(100);
      if (sqlNulls && pick < 8) {
        rows.add(null);
        continue;
      }
      if (pick < 14) {
        rows.add(RandomVariants.generate(r, 1));
        continue;
      }
      Map<String, VariantValue> m = new LinkedHashMap<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        m.put(RandomVariants.key(r), RandomVariants.primitive(r));
      }
      if (pick >= 20) {
        VariantValue a =
            pick < 25
                ? VariantValue.of(VariantKind.NULL, null)
                : pick < 55
                    ? RandomVariants.primitive(r)
                    : pick < 65 ? RandomVariants.generate(r, 2) : friendly(r);
        m.put("a", a);
      }
      rows.add(new VariantValue.ObjectValue(m));
    }
    return rows;
  }

  @ParameterizedTest(name = "{0} nulls={2}")
  @MethodSource("cases")
  void getMatchesReferenceAtEveryBatchSize(String name, Field target, boolean nulls) {
    PathExpression path = PathExpression.parse("$.a");
    long seed = name.hashCode() * 31L + (nulls ? 1 : 0);
    Random r = new Random(seed);
    int nonNull = 0;
    for (int n : BATCH_SIZES) {
      List<VariantValue> rows = rows(r, n, nulls);
      try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
          KernelResult out =
              VariantKernels.get(in, path, target, GetOptions.defaults(), memory.allocator())) {
        KernelTestSupport.assertMatchesReference(out, rows, path, target, 10, memory.allocator());
        nonNull += n - out.vector().getNullCount();
      }
    }
    // The comparison must not be vacuous: some values of every target class do fit.
    if (!(target.getType() instanceof ArrowType.Null)) {
      assertTrue(nonNull > 0, "no value fit " + target);
    }
  }
}
