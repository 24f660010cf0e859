package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link VariantKernels#inferSchema} and {@link VariantKernels#decode}. */
class DecodeTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static VariantValue v(VariantKind k, Object value) {
    return VariantValue.of(k, value);
  }

  static VariantValue obj(Object... kv) {
    Map<String, VariantValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (VariantValue) kv[i + 1]);
    }
    return new VariantValue.ObjectValue(m);
  }

  static VariantValue arr(VariantValue... e) {
    return new VariantValue.ArrayValue(List.of(e));
  }

  static final VariantValue NULL = v(VariantKind.NULL, null);

  static Stream<Arguments> inference() {
    return Stream.of(
        Arguments.of(
            "integers widen to the widest kind",
            Arrays.asList(v(VariantKind.INT8, (byte) 1), v(VariantKind.INT32, 7)),
            "v: Int(32, true) not null"),
        Arguments.of(
            "nulls make the field nullable",
            Arrays.asList(v(VariantKind.INT8, (byte) 1), NULL, null),
            "v: Int(8, true)"),
        Arguments.of(
            "decimals and integers share a decimal holding all",
            Arrays.asList(
                obj("a", v(VariantKind.INT8, (byte) 1)),
                obj("a", v(VariantKind.INT16, (short) 300), "b", v(VariantKind.STRING, "x")),
                null,
                obj("a", v(VariantKind.DECIMAL4, new BigDecimal("1.50")))),
            "v: Struct<a: Decimal(6, 1, 128) not null, b: Utf8>"),
        Arguments.of(
            "different classes become a dense union",
            Arrays.asList(
                v(VariantKind.STRING, "s"),
                v(VariantKind.INT64, 1L),
                arr(v(VariantKind.BOOLEAN, true))),
            "v: Union(Dense, null)<exact_numeric: Int(64, true), string: Utf8, array: List<element: Bool not null>> not null"),
        Arguments.of(
            "nanosecond timestamps widen the class",
            Arrays.asList(v(VariantKind.TIMESTAMP_MICROS, 1L), v(VariantKind.TIMESTAMP_NANOS, 1L)),
            "v: Timestamp(NANOSECOND, UTC) not null"),
        Arguments.of(
            "arrays of objects",
            Arrays.asList(
                arr(
                    obj("x", v(VariantKind.DATE, 1)),
                    obj("y", v(VariantKind.UUID, new java.util.UUID(1, 2))))),
            "v: List<element: Struct<x: Date(DAY), y: ExtensionType(arrow.uuid, FixedSizeBinary(16))> not null> not null"),
        Arguments.of("only nulls give the Null type", Arrays.asList(NULL, null), "v: Null"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inference")
  void infersTheSchemaOfTheRows(String name, List<VariantValue> rows, String expected) {
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      Field f = VariantKernels.inferSchema(in, "v", InferOptions.defaults());
      assertEquals(expected, f.toString());
    }
  }

  @Test
  void keyLimitsKeepTheMostFrequentKeys() {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rows.add(
          i < 2
              ? obj("rare", NULL, "common", v(VariantKind.INT8, (byte) 1), "half", NULL)
              : i < 5
                  ? obj("common", v(VariantKind.INT8, (byte) 1), "half", NULL)
                  : obj("common", v(VariantKind.INT8, (byte) 2)));
    }
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      assertEquals(
          "v: Struct<common: Int(8, true) not null, half: Null> not null",
          VariantKernels.inferSchema(in, "v", InferOptions.builder().minFrequency(0.3).build())
              .toString());
      assertEquals(
          "v: Struct<common: Int(8, true) not null> not null",
          VariantKernels.inferSchema(
                  in,
                  "v",
                  InferOptions.builder()
                      .limits(Limits.builder().maxInferredFields(1).build())
                      .build())
              .toString());
    }
  }

  /**
   * Batches added to one accumulator give the field of all their rows together: the same as one
   * batch of every row, whatever the split; key frequencies count over every batch.
   */
  @Test
  void anAccumulatorInfersFromEveryBatchAsFromOne() {
    Random random = new Random(11);
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      rows.add(
          i % 17 == 0
              ? null
              : i < 20
                  ? obj("a", v(VariantKind.INT8, (byte) i))
                  : i < 40
                      ? obj("a", v(VariantKind.INT64, (long) i), "b", v(VariantKind.STRING, "x"))
                      : obj(
                          "a",
                          v(VariantKind.DECIMAL8, new BigDecimal("2.25")),
                          "c",
                          arr(v(VariantKind.DOUBLE, random.nextDouble()))));
    }
    InferOptions options = InferOptions.builder().minFrequency(0.3).build();
    String whole;
    try (VariantVector all = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      whole = VariantKernels.inferSchema(all, "v", options).toString();
    }
    // Keys b and c are each in a third of the rows: in every batch but the first of a 20/20/20
    // split, below 0.3 in none; the first batch alone infers neither.
    assertEquals(
        "v: Struct<a: Decimal(21, 2, 128) not null, b: Utf8, c: List<element: FloatingPoint(DOUBLE)"
            + " not null>>",
        whole);
    for (int[] split : new int[][] {{20, 40}, {1, 59}, {7, 8, 33}}) {
      var acc = VariantKernels.inferSchemaAccumulator(options);
      int from = 0;
      for (int cut : append(split, rows.size())) {
        try (VariantVector batch =
            KernelTestSupport.vectorOf(rows.subList(from, cut), memory.allocator())) {
          acc.add(batch, "v");
        }
        from = cut;
      }
      assertEquals(rows.size(), acc.rows(), Arrays.toString(split));
      assertEquals(whole, acc.toField("v").toString(), Arrays.toString(split));
    }
    try (VariantVector first =
        KernelTestSupport.vectorOf(rows.subList(0, 20), memory.allocator())) {
      assertEquals(
          "v: Struct<a: Int(8, true) not null>",
          VariantKernels.inferSchema(first, "v", options).toString());
    }
    assertEquals("v: Null", VariantKernels.inferSchemaAccumulator(options).toField("v").toString());
  }

  private static int[] append(int[] a, int last) {
    int[] out = Arrays.copyOf(a, a.length + 1);
    out[a.length] = last;
    return out;
  }

  @Test
  void containersBelowTheDepthLimitBecomeVariantAndDecodeVerbatim() {
    List<VariantValue> rows =
        Arrays.asList(
            obj("a", obj("b", v(VariantKind.INT8, (byte) 1)), "n", v(VariantKind.INT8, (byte) 2)),
            obj("a", arr(v(VariantKind.STRING, "x")), "n", v(VariantKind.INT8, (byte) 3)));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      Field f =
          VariantKernels.inferSchema(
              in,
              "v",
              InferOptions.builder().limits(Limits.builder().maxInferDepth(1).build()).build());
      assertEquals(
          "v: Struct<a: ExtensionType(arrow.parquet.variant, Struct)<metadata: Binary not null,"
              + " value: Binary not null>, n: Int(8, true) not null> not null",
          f.toString());
      try (KernelResult out =
          VariantKernels.decode(in, f, DecodeOptions.defaults(), memory.allocator())) {
        assertEquals(0, out.failedRowCount());
        VariantVector a =
            (VariantVector)
                ((org.apache.arrow.vector.complex.StructVector) out.vector()).getChild("a");
        for (int i = 0; i < rows.size(); i++) {
          byte[] meta = ((org.apache.arrow.vector.VarBinaryVector) a.metadataVector()).get(i);
          byte[] value = ((org.apache.arrow.vector.VarBinaryVector) a.valueVector()).get(i);
          assertEquals(
              ((VariantValue.ObjectValue) rows.get(i)).fields().get("a"),
              VariantValue.read(io.pqarrow.variant.Variant.of(meta, value)));
        }
      }
    }
  }

  @Test
  void decodeFillsStructsFromKeysAndCountsRowsThatDoNotFit() {
    List<VariantValue> rows =
        Arrays.asList(
            obj("id", v(VariantKind.INT8, (byte) 1), "tags", arr(v(VariantKind.STRING, "a"))),
            obj("id", v(VariantKind.STRING, "two")),
            null,
            NULL,
            v(VariantKind.INT8, (byte) 5),
            obj("tags", arr()));
    Field field =
        new Field(
            "v",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("id", new ArrowType.Int(64, true)),
                new Field(
                    "tags",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE)))));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.decode(in, field, DecodeOptions.defaults(), memory.allocator())) {
      KernelTestSupport.assertMatchesReference(
          out, rows, PathExpression.root(), field, 10, memory.allocator());
      assertEquals(2, out.failedRowCount());
      assertArrayEquals(new int[] {1, 4}, out.firstFailedRows());
      assertEquals("{\"tags\":[]}", out.vector().getObject(5).toString());
    }
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () ->
                  VariantKernels.decode(
                      in,
                      field,
                      DecodeOptions.builder().mode(CastMode.STRICT).build(),
                      memory.allocator()));
      assertEquals(
          "Invalid Variant value at row 1, path $: STRING does not fit v.id (Int(64, true))",
          e.getMessage());
    }
  }

  static Stream<Arguments> batches() {
    List<Arguments> out = new ArrayList<>();
    for (int n : VariantGetRandomTest.BATCH_SIZES) {
      out.add(Arguments.of(n, false));
      out.add(Arguments.of(n, true));
    }
    return out.stream();
  }

  /** Random nested rows: infer their schema, decode into it, compare with the reference. */
  @ParameterizedTest(name = "{0} rows, nulls={1}")
  @MethodSource("batches")
  void decodeOfTheInferredSchemaMatchesReference(int n, boolean nulls) {
    Random r = new Random(n * 7919L + (nulls ? 1 : 0));
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(nulls && r.nextInt(10) == 0 ? null : RandomVariants.generate(r, 3));
    }
    decodeInferredSchemaAndCompare(rows);
  }

  /** Homogeneous records decode into their inferred schema with no failed row. */
  @ParameterizedTest(name = "{0} rows, nulls={1}")
  @MethodSource("batches")
  void homogeneousRecordsDecodeWithoutLoss(int n, boolean nulls) {
    Random r = new Random(n);
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (nulls && i % 5 == 0) {
        rows.add(null);
        continue;
      }
      List<VariantValue> tags = new ArrayList<>();
      for (int k = r.nextInt(3); k > 0; k--) {
        tags.add(v(VariantKind.STRING, RandomVariants.string(r, 5)));
      }
      rows.add(
          obj(
              "id",
              r.nextBoolean()
                  ? v(VariantKind.INT8, (byte) r.nextInt(100))
                  : v(VariantKind.INT64, r.nextLong()),
              "price",
              v(VariantKind.DECIMAL8, BigDecimal.valueOf(r.nextInt(100000), 2)),
              "tags",
              new VariantValue.ArrayValue(tags),
              "at",
              v(VariantKind.TIMESTAMP_NTZ_MICROS, (long) r.nextInt())));
    }
    assertEquals(0, decodeInferredSchemaAndCompare(rows));
  }

  /**
   * Infers the schema of {@code rows}, decodes them into it and compares with the reference;
   * returns the number of failed rows.
   */
  private int decodeInferredSchemaAndCompare(List<VariantValue> rows) {
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      Field field = VariantKernels.inferSchema(in, "v", InferOptions.defaults());
      try (KernelResult out =
          VariantKernels.decode(in, field, DecodeOptions.defaults(), memory.allocator())) {
        KernelTestSupport.assertMatchesReference(
            out, rows, PathExpression.root(), field, 10, memory.allocator());
        return out.failedRowCount();
      }
    }
  }
}
