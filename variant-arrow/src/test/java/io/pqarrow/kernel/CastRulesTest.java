package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.arrow.VariantVectors;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The casting table of {@link VariantKernels}, case by case, and the two modes. */
class CastRulesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static VariantValue v(VariantKind k, Object value) {
    return VariantValue.of(k, value);
  }

  static VariantValue.ObjectValue row(VariantValue a) {
    Map<String, VariantValue> m = new LinkedHashMap<>();
    m.put("a", a);
    return new VariantValue.ObjectValue(m);
  }

  static final ArrowType I8 = new ArrowType.Int(8, true);
  static final ArrowType I32 = new ArrowType.Int(32, true);
  static final ArrowType I64 = new ArrowType.Int(64, true);
  static final ArrowType U8 = new ArrowType.Int(8, false);
  static final ArrowType F32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  static final ArrowType F64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
  static final ArrowType F16 = new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
  static final ArrowType DEC_5_2 = new ArrowType.Decimal(5, 2, 128);
  static final ArrowType TS_MS_UTC = new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC");
  static final ArrowType TS_NS = new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);

  /** value, target, expected {@code getObject(0)} as a string, or null for a null slot. */
  static Stream<Arguments> table() {
    return Stream.of(
        // exact numerics are one class: int8 1 = int64 1 = decimal 1.00
        Arguments.of(v(VariantKind.INT8, (byte) 1), I64, "1"),
        Arguments.of(v(VariantKind.DECIMAL4, new BigDecimal("1.00")), I64, "1"),
        Arguments.of(
            v(VariantKind.DECIMAL16, new BigDecimal("12345678901234567890.000")), I64, null),
        Arguments.of(
            v(VariantKind.DECIMAL16, new BigDecimal("-9223372036854775808.0")),
            I64,
            "-9223372036854775808"),
        Arguments.of(v(VariantKind.INT64, 1L), DEC_5_2, "1.00"),
        Arguments.of(v(VariantKind.DECIMAL8, new BigDecimal("1.2500")), DEC_5_2, "1.25"),
        Arguments.of(v(VariantKind.DECIMAL4, new BigDecimal("1.255")), DEC_5_2, null),
        Arguments.of(v(VariantKind.INT32, 1000), DEC_5_2, null),
        Arguments.of(v(VariantKind.INT32, 999), DEC_5_2, "999.00"),
        Arguments.of(v(VariantKind.DECIMAL4, new BigDecimal("1.5")), I32, null),
        Arguments.of(v(VariantKind.INT16, (short) 128), I8, null),
        Arguments.of(v(VariantKind.INT16, (short) -128), I8, "-128"),
        Arguments.of(v(VariantKind.INT8, (byte) -1), U8, null),
        Arguments.of(v(VariantKind.INT16, (short) 255), U8, "255"),
        // no cast from strings, floats or booleans to integers
        Arguments.of(v(VariantKind.STRING, "1"), I64, null),
        Arguments.of(v(VariantKind.DOUBLE, 1.0), I64, null),
        Arguments.of(v(VariantKind.BOOLEAN, true), I64, null),
        // floating point
        Arguments.of(v(VariantKind.FLOAT, 1.5f), F64, "1.5"),
        Arguments.of(v(VariantKind.DECIMAL4, new BigDecimal("0.1")), F64, "0.1"),
        Arguments.of(v(VariantKind.INT64, Long.MAX_VALUE), F64, "9.223372036854776E18"),
        Arguments.of(v(VariantKind.DOUBLE, 0.5), F32, "0.5"),
        Arguments.of(v(VariantKind.DOUBLE, 0.1), F32, null),
        Arguments.of(v(VariantKind.DOUBLE, Double.NaN), F32, "NaN"),
        Arguments.of(v(VariantKind.INT32, 2048), F16, "2048.0"),
        Arguments.of(v(VariantKind.INT32, 2049), F16, null),
        Arguments.of(v(VariantKind.STRING, "1.5"), F64, null),
        // temporal: tz-ness must match, units convert exactly (getObject of a zoned timestamp,
        // a Date32 and a Time32 is the raw number)
        Arguments.of(v(VariantKind.TIMESTAMP_MICROS, 1_500_000L), TS_MS_UTC, "1500"),
        Arguments.of(v(VariantKind.TIMESTAMP_NANOS, 1_500_000_000L), TS_MS_UTC, "1500"),
        Arguments.of(v(VariantKind.TIMESTAMP_MICROS, 1_500_001L), TS_MS_UTC, null),
        Arguments.of(v(VariantKind.TIMESTAMP_NTZ_MICROS, 1_500_000L), TS_MS_UTC, null),
        Arguments.of(v(VariantKind.TIMESTAMP_NTZ_MICROS, 2L), TS_NS, "1970-01-01T00:00:00.000002"),
        Arguments.of(v(VariantKind.TIMESTAMP_NTZ_MICROS, Long.MAX_VALUE), TS_NS, null),
        Arguments.of(v(VariantKind.TIMESTAMP_MICROS, 2L), TS_NS, null),
        Arguments.of(v(VariantKind.DATE, 1), new ArrowType.Date(DateUnit.DAY), "1"),
        Arguments.of(
            v(VariantKind.DATE, 1), new ArrowType.Date(DateUnit.MILLISECOND), "1970-01-02T00:00"),
        Arguments.of(
            v(VariantKind.TIMESTAMP_NTZ_MICROS, 0L), new ArrowType.Date(DateUnit.DAY), null),
        Arguments.of(
            v(VariantKind.TIME_MICROS, 3_000_000L), new ArrowType.Time(TimeUnit.SECOND, 32), "3"),
        Arguments.of(
            v(VariantKind.TIME_MICROS, 3_000_001L), new ArrowType.Time(TimeUnit.SECOND, 32), null),
        // strings and bytes
        Arguments.of(v(VariantKind.STRING, "h\u00e9"), ArrowType.Utf8.INSTANCE, "h\u00e9"),
        Arguments.of(v(VariantKind.INT8, (byte) 1), ArrowType.Utf8.INSTANCE, null),
        Arguments.of(
            v(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {1, 2})),
            ArrowType.Utf8.INSTANCE,
            null),
        Arguments.of(
            v(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {1, 2})),
            ArrowType.Binary.INSTANCE,
            "[1, 2]"),
        Arguments.of(v(VariantKind.STRING, "ab"), ArrowType.Binary.INSTANCE, null),
        Arguments.of(
            v(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {1, 2, 3, 4})),
            new ArrowType.FixedSizeBinary(4),
            "[1, 2, 3, 4]"),
        Arguments.of(
            v(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {1, 2, 3})),
            new ArrowType.FixedSizeBinary(4),
            null),
        Arguments.of(
            v(VariantKind.UUID, new UUID(0x0102030405060708L, 0x090a0b0c0d0e0f10L)),
            new ArrowType.FixedSizeBinary(16),
            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]"),
        Arguments.of(
            v(VariantKind.UUID, new UUID(1, 2)),
            org.apache.arrow.vector.extension.UuidType.INSTANCE,
            new UUID(1, 2).toString()),
        Arguments.of(v(VariantKind.BOOLEAN, false), ArrowType.Bool.INSTANCE, "false"),
        // Variant null is a null slot for every scalar target
        Arguments.of(v(VariantKind.NULL, null), I64, null));
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("table")
  void castsFollowTheTable(VariantValue value, ArrowType type, String expected) {
    Field target = Field.nullable("a", type);
    try (VariantVector in = KernelTestSupport.vectorOf(List.of(row(value)), memory.allocator());
        KernelResult out =
            VariantKernels.get(in, "$.a", target, GetOptions.defaults(), memory.allocator())) {
      FieldVector vec = out.vector();
      Object got =
          vec instanceof org.apache.arrow.vector.UInt1Vector u
              ? (u.isNull(0) ? null : u.getObjectNoOverflow(0))
              : vec instanceof org.apache.arrow.vector.Float2Vector h
                  ? (h.isNull(0) ? null : h.getValueAsFloat(0))
                  : vec.getObject(0);
      String s = got instanceof byte[] b ? Arrays.toString(b) : got == null ? null : got.toString();
      assertEquals(expected, s);
      boolean variantNull =
          value instanceof VariantValue.Primitive p && p.kind() == VariantKind.NULL;
      assertEquals(expected == null && !variantNull ? 1 : 0, out.failedRowCount());
    }
  }

  @Test
  void strictModeNamesRowPathKindAndTarget() {
    List<VariantValue> rows =
        List.of(row(v(VariantKind.INT8, (byte) 1)), row(v(VariantKind.STRING, "x")));
    Field target = Field.nullable("n", I64);
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> VariantKernels.get(in, "$.a", target, GetOptions.strict(), memory.allocator()));
      assertEquals(
          "Invalid Variant value at row 1, path $.a: STRING does not fit n (Int(64, true))",
          e.getMessage());
    }
  }

  @Test
  void strictModeReportsTheNestedFieldThatDoesNotFit() {
    Map<String, VariantValue> inner = new LinkedHashMap<>();
    inner.put("b", v(VariantKind.DOUBLE, 2.5));
    List<VariantValue> rows = List.of(row(new VariantValue.ObjectValue(inner)));
    Field target =
        new Field(
            "s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(Field.nullable("b", I32)));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> VariantKernels.get(in, "$.a", target, GetOptions.strict(), memory.allocator()));
      assertEquals(
          "Invalid Variant value at row 0, path $.a: DOUBLE does not fit s.b (Int(32, true))",
          e.getMessage());
    }
  }

  @Test
  void missingPathIsNullAndNotAFailureEvenInStrictMode() {
    List<VariantValue> rows =
        Arrays.asList(
            row(v(VariantKind.INT8, (byte) 4)),
            v(VariantKind.INT8, (byte) 1),
            null,
            new VariantValue.ObjectValue(Map.of()));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(
                in, "$.a", Field.nullable("a", I64), GetOptions.strict(), memory.allocator())) {
      FieldVector vec = out.vector();
      assertEquals(4L, vec.getObject(0));
      assertTrue(vec.isNull(1) && vec.isNull(2) && vec.isNull(3));
      assertEquals(0, out.failedRowCount());
    }
  }

  @Test
  void safeModeCountsFailuresAndListsTheFirstRows() {
    List<VariantValue> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(row(i % 3 == 0 ? v(VariantKind.STRING, "s") : v(VariantKind.INT32, i)));
    }
    GetOptions options = GetOptions.builder().maxReportedRows(3).build();
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        KernelResult out =
            VariantKernels.get(in, "$.a", Field.nullable("a", I64), options, memory.allocator())) {
      assertEquals(7, out.failedRowCount());
      assertArrayEquals(new int[] {0, 3, 6}, out.firstFailedRows());
      assertEquals(5L, out.vector().getObject(5));
    }
  }

  @Test
  void sqlNullAndVariantNullStayApart() {
    List<VariantValue> rows =
        Arrays.asList(
            null,
            v(VariantKind.NULL, null),
            row(v(VariantKind.NULL, null)),
            row(v(VariantKind.INT8, (byte) 2)));
    Field variant = VariantType.unshreddedField("v", true);
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      // Variant target: SQL NULL is a null slot, Variant null the byte 00.
      try (KernelResult out =
          VariantKernels.get(in, "$", variant, GetOptions.defaults(), memory.allocator())) {
        VariantVector got = (VariantVector) out.vector();
        assertTrue(got.isNull(0));
        assertFalse(got.isNull(1));
        assertArrayEquals(new byte[] {0}, ((VarBinaryVector) got.valueVector()).get(1));
        assertEquals(bits(1), out.variantNullRows());
      }
      // Scalar target: both null slots; the result says which rows were Variant null.
      try (KernelResult out =
          VariantKernels.get(
              in, "$.a", Field.nullable("a", I64), GetOptions.strict(), memory.allocator())) {
        assertTrue(out.vector().isNull(0) && out.vector().isNull(1) && out.vector().isNull(2));
        assertEquals(bits(2), out.variantNullRows());
        assertEquals(0, out.failedRowCount());
      }
      // Union with a Null child: Variant null goes there, SQL NULL to a null slot of it too but
      // only Variant-null rows are listed; a union without one falls back to a null slot.
      Field union =
          new Field(
              "u",
              FieldType.notNullable(new ArrowType.Union(UnionMode.Dense, null)),
              List.of(Field.nullable("n", I64), Field.nullable("z", ArrowType.Null.INSTANCE)));
      try (KernelResult out =
          VariantKernels.get(in, "$.a", union, GetOptions.defaults(), memory.allocator())) {
        DenseUnionVector u = (DenseUnionVector) out.vector();
        assertEquals(1, u.getTypeId(2));
        assertEquals(0, u.getTypeId(3));
        assertEquals(2L, u.getObject(3));
      }
    }
  }

  static BitSet bits(int... rows) {
    BitSet b = new BitSet();
    for (int r : rows) {
      b.set(r);
    }
    return b;
  }

  @Test
  void variantTargetCopiesSubValueBytesVerbatimWithTheRowMetadata() {
    Map<String, VariantValue> inner = new LinkedHashMap<>();
    inner.put("x", v(VariantKind.STRING, "deep"));
    inner.put("y", new VariantValue.ArrayValue(List.of(v(VariantKind.INT8, (byte) 1))));
    EncodedVariant row = row(new VariantValue.ObjectValue(inner)).encode();
    Variant source = row.toVariant().field("a");
    byte[] expectedBytes = new byte[source.encodedSize()];
    source
        .readInto(new io.pqarrow.variant.VariantReader())
        .buffer()
        .get(source.readInto(new io.pqarrow.variant.VariantReader()).offset(), expectedBytes);
    try (VarBinaryVector meta = new VarBinaryVector("m", memory.allocator());
        VarBinaryVector value = new VarBinaryVector("v", memory.allocator())) {
      meta.setSafe(0, row.metadata());
      value.setSafe(0, row.value());
      meta.setValueCount(1);
      value.setValueCount(1);
      try (VariantVector in = VariantVectors.wrap("v", meta, value, memory.allocator());
          KernelResult out =
              VariantKernels.get(
                  in,
                  "$.a",
                  VariantType.unshreddedField("a", true),
                  GetOptions.defaults(),
                  memory.allocator())) {
        VariantVector got = (VariantVector) out.vector();
        assertArrayEquals(expectedBytes, ((VarBinaryVector) got.valueVector()).get(0));
        assertArrayEquals(row.metadata(), ((VarBinaryVector) got.metadataVector()).get(0));
      }
    }
  }

  enum Layout {
    BINARY,
    LARGE_BINARY,
    VIEW
  }

  /**
   * Each row with its own dictionary, in every binary layout: ids are re-resolved per dictionary.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(Layout.class)
  void keysResolveAgainstEachRowsOwnDictionary(Layout layout) {
    List<EncodedVariant> rows = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Map<String, VariantValue> m = new LinkedHashMap<>();
      // Different key sets give different dictionaries, so "a" has a different id per row.
      for (int k = 0; k < i % 5; k++) {
        m.put("a" + (char) ('0' + k), v(VariantKind.INT8, (byte) k));
      }
      m.put(i % 2 == 0 ? "a" : "b", v(VariantKind.INT32, i));
      rows.add(new VariantValue.ObjectValue(m).encode());
    }
    try (FieldVector meta =
            binary(layout, "m", rows.stream().map(EncodedVariant::metadata).toList());
        FieldVector value = binary(layout, "v", rows.stream().map(EncodedVariant::value).toList());
        VariantVector in = VariantVectors.wrap("v", meta, value, memory.allocator());
        KernelResult out =
            VariantKernels.get(
                in, "$.a", Field.nullable("a", I64), GetOptions.strict(), memory.allocator())) {
      for (int i = 0; i < 40; i++) {
        assertEquals(i % 2 == 0 ? (Object) (long) i : null, out.vector().getObject(i), "row " + i);
      }
    }
  }

  FieldVector binary(Layout layout, String name, List<byte[]> rows) {
    FieldVector v =
        switch (layout) {
          case BINARY -> new VarBinaryVector(name, memory.allocator());
          case LARGE_BINARY -> new LargeVarBinaryVector(name, memory.allocator());
          case VIEW -> new ViewVarBinaryVector(name, memory.allocator());
        };
    for (int i = 0; i < rows.size(); i++) {
      switch (layout) {
        case BINARY -> ((VarBinaryVector) v).setSafe(i, rows.get(i));
        case LARGE_BINARY -> ((LargeVarBinaryVector) v).setSafe(i, rows.get(i));
        case VIEW -> ((ViewVarBinaryVector) v).setSafe(i, rows.get(i));
      }
    }
    v.setValueCount(rows.size());
    return v;
  }

  @Test
  void unsupportedTargetFailsBeforeReadingRows() {
    Field target = Field.nullable("d", new ArrowType.Duration(TimeUnit.SECOND));
    try (VariantVector in =
        KernelTestSupport.vectorOf(
            List.of(row(v(VariantKind.INT8, (byte) 1))), memory.allocator())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () ->
                  VariantKernels.get(in, "$.a", target, GetOptions.defaults(), memory.allocator()));
      assertEquals("Unsupported target type at d: Duration(SECOND)", e.getMessage());
    }
  }

  @Test
  void malformedValueIsAFailedRowInSafeModeAndAnErrorInStrictMode() {
    EncodedVariant good = row(v(VariantKind.INT8, (byte) 3)).encode();
    // 0x02 = object header with 1-byte sizes, count 5, but nothing after it: truncated.
    byte[] bad = {0x02, 0x05};
    try (VarBinaryVector meta = new VarBinaryVector("m", memory.allocator());
        VarBinaryVector value = new VarBinaryVector("v", memory.allocator())) {
      meta.setSafe(0, good.metadata());
      meta.setSafe(1, good.metadata());
      value.setSafe(0, bad);
      value.setSafe(1, good.value());
      meta.setValueCount(2);
      value.setValueCount(2);
      try (VariantVector in = VariantVectors.wrap("v", meta, value, memory.allocator())) {
        Field target = Field.nullable("a", I64);
        try (KernelResult out =
            VariantKernels.get(in, "$.a", target, GetOptions.defaults(), memory.allocator())) {
          assertTrue(out.vector().isNull(0));
          assertEquals(3L, out.vector().getObject(1));
          assertEquals(1, out.failedRowCount());
        }
        KernelException e =
            assertThrows(
                KernelException.class,
                () ->
                    VariantKernels.get(in, "$.a", target, GetOptions.strict(), memory.allocator()));
        assertTrue(
            e.getMessage()
                .startsWith(
                    "Invalid Variant value at row 0, path $.a: Invalid Variant value at row 0, byte 1: "),
            e.getMessage());
      }
    }
  }

  /** Rows alternate between two dictionary-encoded metadata entries where "a" has different ids. */
  @Test
  void dictionaryEncodedMetadataAlternatingBetweenDictionaries() {
    EncodedVariant first =
        new VariantValue.ObjectValue(
                Map.of("a", v(VariantKind.INT32, 1), "b", v(VariantKind.INT32, 0)))
            .encode();
    EncodedVariant second =
        new VariantValue.ObjectValue(
                Map.of("a", v(VariantKind.INT32, 2), "0", v(VariantKind.INT32, 0)))
            .encode();
    org.apache.arrow.vector.types.pojo.DictionaryEncoding encoding =
        new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
            7, false, new ArrowType.Int(32, true));
    int n = 50;
    try (FieldVector blobs =
            binary(Layout.BINARY, "dict", List.of(first.metadata(), second.metadata()));
        org.apache.arrow.vector.IntVector indices =
            new org.apache.arrow.vector.IntVector(
                "m",
                new FieldType(false, new ArrowType.Int(32, true), encoding),
                memory.allocator());
        FieldVector value =
            binary(
                Layout.BINARY,
                "v",
                java.util.stream.IntStream.range(0, n)
                    .mapToObj(i -> i % 2 == 0 ? first.value() : second.value())
                    .toList())) {
      indices.allocateNew(n);
      for (int i = 0; i < n; i++) {
        indices.set(i, i % 2);
      }
      indices.setValueCount(n);
      org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider provider =
          new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider();
      provider.put(new org.apache.arrow.vector.dictionary.Dictionary(blobs, encoding));
      try (VariantVector in = VariantVectors.wrap("v", indices, value, memory.allocator());
          KernelResult out =
              VariantKernels.get(
                  io.pqarrow.variant.arrow.VariantColumnReader.of(in, provider),
                  PathExpression.parse("$.a"),
                  Field.nullable("a", I64),
                  GetOptions.strict(),
                  memory.allocator())) {
        for (int i = 0; i < n; i++) {
          assertEquals(i % 2 == 0 ? 1L : 2L, out.vector().getObject(i), "row " + i);
        }
      }
    }
  }
}
