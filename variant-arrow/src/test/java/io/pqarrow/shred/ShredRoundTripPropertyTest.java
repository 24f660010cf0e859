package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Property: for seeded random values and random shredding types, unshred(shred(x)) means the same
 * as x, row by row, for the awkward batch sizes, with and without SQL NULL rows. Values are drawn
 * half from {@link RandomVariants} (almost never fitting a schema: exercises {@code value}) and
 * half from a generator that follows the schema with some misfits, missing and extra keys
 * (exercises {@code typed_value}, partial objects and residuals). Each batch is shredded by the
 * schema its values were drawn for, by the schema inferred from the batch, and by four unrelated
 * random schemas.
 */
class ShredRoundTripPropertyTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String[] PRIMITIVES = {
    "boolean",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "float",
    "double",
    "decimal(9,2)",
    "decimal(18,4)",
    "decimal(38,10)",
    "date",
    "time",
    "timestamp(us)",
    "timestamp(ns)",
    "timestamptz(us)",
    "timestamptz(ns)",
    "string",
    "large_string",
    "string_view",
    "binary",
    "large_binary",
    "binary_view",
    "uuid",
    "variant"
  };

  @ParameterizedTest(name = "batch of {0}, SQL nulls {1}")
  @CsvSource({
    "1, false",
    "1, true",
    "7, false",
    "7, true",
    "8, false",
    "8, true",
    "9, false",
    "9, true",
    "31, false",
    "31, true",
    "32, false",
    "32, true",
    "33, false",
    "33, true",
    "1024, false",
    "1024, true"
  })
  void unshredOfShredMeansTheInput(int batch, boolean sqlNulls) {
    Random r = new Random(7919L * batch + (sqlNulls ? 1 : 0));
    long typedSlots = 0;
    for (int round = 0; round < (batch >= 1024 ? 3 : 12); round++) {
      String schema = randomType(r, 3);
      Field request = ShreddingTypes.parse("v", schema);
      List<VariantValue> rows = new ArrayList<>();
      for (int i = 0; i < batch; i++) {
        int pick = r.nextInt(10);
        if (sqlNulls && pick == 0) {
          rows.add(null);
        } else if (pick < 5) {
          rows.add(RandomVariants.generate(r, 3));
        } else {
          rows.add(valueFor(request, r));
        }
      }
      try (VariantVector input = KernelTestSupport.vectorOf(rows, memory.allocator())) {
        List<Field> schemas = new ArrayList<>();
        schemas.add(request);
        schemas.add(
            Shredding.inferType(input, Shredding.defaultInferOptions(), memory.allocator()));
        for (int k = 0; k < 4; k++) {
          schemas.add(ShreddingTypes.parse("v", randomType(r, 3)));
        }
        for (Field s : schemas) {
          String context = "schema " + ShreddingTypes.format(s) + ", round " + round;
          try (VariantVector shredded =
                  Shredding.shred(input, s, ShredOptions.defaults(), memory.allocator());
              VariantVector back = Shredding.unshred(shredded, memory.allocator())) {
            assertEquals(batch, shredded.getValueCount(), context);
            for (int i = 0; i < batch; i++) {
              assertEquals(rows.get(i) == null, shredded.isNull(i), context + " SQL NULL row " + i);
            }
            typedSlots += typedCount(shredded.typedValueVector());
            ShredTestSupport.assertSameLogicalRows(rows, ShredTestSupport.rowsOf(back), context);
          }
        }
      }
    }
    if (batch >= 8) {
      assertTrue(typedSlots > 0, "some values were shredded into typed_value");
    }
  }

  private static long typedCount(FieldVector typed) {
    if (typed == null) {
      return 0;
    }
    return typed.getValueCount() - typed.getNullCount();
  }

  /** A random shredding type in the {@link ShreddingTypes} syntax. */
  static String randomType(Random r, int depth) {
    int pick = r.nextInt(10);
    if (depth > 0 && pick < 4) {
      int n = 1 + r.nextInt(4);
      List<String> keys = new ArrayList<>();
      while (keys.size() < n) {
        String k = "k" + r.nextInt(12);
        if (!keys.contains(k)) {
          keys.add(k);
        }
      }
      StringBuilder sb = new StringBuilder("struct<");
      for (int i = 0; i < n; i++) {
        sb.append(i == 0 ? "" : ",")
            .append(keys.get(i))
            .append(':')
            .append(randomType(r, depth - 1));
      }
      return sb.append('>').toString();
    } else if (depth > 0 && pick < 6) {
      return (r.nextInt(4) == 0 ? "large_list<" : "list<") + randomType(r, depth - 1) + ">";
    }
    return PRIMITIVES[r.nextInt(PRIMITIVES.length)];
  }

  /** A value that mostly follows {@code type}: 1 in 8 values (at any level) is random instead. */
  static VariantValue valueFor(Field type, Random r) {
    if (r.nextInt(8) == 0) {
      return r.nextInt(4) == 0
          ? VariantValue.of(VariantKind.NULL, null)
          : RandomVariants.generate(r, 1);
    }
    ArrowType t = type.getType();
    if (t instanceof ArrowType.Struct) {
      Map<String, VariantValue> m = new LinkedHashMap<>();
      for (Field c : type.getChildren()) {
        if (r.nextInt(5) != 0) {
          m.put(c.getName(), valueFor(c, r));
        }
      }
      if (r.nextInt(4) == 0) {
        m.put("extra" + r.nextInt(3), RandomVariants.generate(r, 1));
      }
      return new VariantValue.ObjectValue(m);
    }
    if (t instanceof ArrowType.List || t instanceof ArrowType.LargeList) {
      List<VariantValue> l = new ArrayList<>();
      int n = r.nextInt(5);
      for (int i = 0; i < n; i++) {
        l.add(valueFor(type.getChildren().get(0), r));
      }
      return new VariantValue.ArrayValue(l);
    }
    return primitiveFor(ShreddingTypes.format(type), r);
  }

  private static VariantValue primitiveFor(String word, Random r) {
    return switch (word) {
      case "boolean" -> VariantValue.of(VariantKind.BOOLEAN, r.nextBoolean());
      case "int8", "uint8" -> VariantValue.of(VariantKind.INT8, (byte) r.nextInt(128));
      case "int16", "uint16" -> VariantValue.of(VariantKind.INT16, (short) r.nextInt(30000));
      case "int32", "uint32" ->
          r.nextBoolean()
              ? VariantValue.of(VariantKind.INT32, r.nextInt(1 << 30))
              : VariantValue.of(
                  VariantKind.DECIMAL4,
                  new BigDecimal(BigInteger.valueOf(r.nextInt(1000) * 100L), 2));
      case "int64" -> VariantValue.of(VariantKind.INT64, r.nextLong());
      case "float" -> VariantValue.of(VariantKind.FLOAT, r.nextFloat());
      case "double" -> VariantValue.of(VariantKind.DOUBLE, r.nextDouble());
      case "decimal(9,2)", "decimal(18,4)", "decimal(38,10)" ->
          r.nextBoolean()
              ? VariantValue.of(VariantKind.INT16, (short) r.nextInt(1000))
              : VariantValue.of(
                  VariantKind.DECIMAL4, BigDecimal.valueOf(r.nextInt(100000), r.nextInt(3)));
      case "date" -> VariantValue.of(VariantKind.DATE, r.nextInt(40000));
      case "time" -> VariantValue.of(VariantKind.TIME_MICROS, (long) r.nextInt(Integer.MAX_VALUE));
      case "timestamp(us)", "timestamp(ns)" ->
          r.nextBoolean()
              ? VariantValue.of(VariantKind.TIMESTAMP_NTZ_MICROS, r.nextLong() / 2000)
              : VariantValue.of(VariantKind.TIMESTAMP_NTZ_NANOS, r.nextLong() / 1000 * 1000);
      case "timestamptz(us)", "timestamptz(ns)" ->
          r.nextBoolean()
              ? VariantValue.of(VariantKind.TIMESTAMP_MICROS, r.nextLong() / 2000)
              : VariantValue.of(VariantKind.TIMESTAMP_NANOS, r.nextLong());
      case "string", "large_string", "string_view" ->
          VariantValue.of(VariantKind.STRING, RandomVariants.string(r, r.nextInt(30)));
      case "binary", "large_binary", "binary_view" -> {
        byte[] b = new byte[r.nextInt(20)];
        r.nextBytes(b);
        yield VariantValue.of(VariantKind.BINARY, ByteBuffer.wrap(b));
      }
      case "uuid" -> VariantValue.of(VariantKind.UUID, new UUID(r.nextLong(), r.nextLong()));
      default -> {
        assertNotNull(word);
        yield RandomVariants.generate(r, 2);
      }
    };
  }
}
