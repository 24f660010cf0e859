package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.JsonVector;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cast_to_variant} of every Arrow type: {@code variant_get} of the result with the original
 * type gives the original values back (strict mode, so a value that does not come back fails), SQL
 * NULL rows stay SQL NULL, the Variant types are the documented ones, every row shares one sorted
 * metadata, and values that cannot be converted exactly are errors naming row and column.
 */
class CastToVariantTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private BufferAllocator alloc() {
    return memory.allocator();
  }

  // ---- helpers ----

  /** A vector of {@code field} with {@code rows} rows, slot i set by {@code set} (null = null). */
  private static FieldVector filled(
      Field field, BufferAllocator a, int rows, BiConsumer<FieldVector, Integer> set) {
    FieldVector v = field.createVector(a);
    v.allocateNew();
    for (int i = 0; i < rows; i++) {
      set.accept(v, i);
    }
    v.setValueCount(rows);
    return v;
  }

  /** Casts {@code in}, gets {@code path} as {@code target} strictly, and compares every row. */
  private void assertRoundTrip(FieldVector in, String path, Field target, List<Object> expected) {
    try (VariantVector v =
            VariantKernels.castToVariant(in, null, ToVariantOptions.defaults(), alloc());
        KernelResult r = VariantKernels.get(v, path, target, GetOptions.strict(), alloc())) {
      assertEquals(in.getValueCount(), v.getValueCount());
      assertSharedSortedMetadata(v);
      for (int i = 0; i < expected.size(); i++) {
        assertEquals(
            normal(expected.get(i)),
            normal(r.vector().getObject(i)),
            target + " at " + path + ", row " + i);
      }
    }
  }

  /** Round trip of the whole column: {@code $} as the column's own field. */
  private void assertRoundTrip(FieldVector in) {
    List<Object> expected = new ArrayList<>();
    for (int i = 0; i < in.getValueCount(); i++) {
      expected.add(in.getObject(i));
    }
    assertRoundTrip(in, "$", in.getField(), expected);
    try (VariantVector v = VariantKernels.castToVariant(in, alloc())) {
      for (int i = 0; i < in.getValueCount(); i++) {
        assertEquals(in.isNull(i), v.isNull(i), "SQL NULL at row " + i);
      }
    }
  }

  /** Values compared by content: bytes as hex, text as strings, maps sorted, lists element-wise. */
  static Object normal(Object o) {
    if (o instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    } else if (o instanceof Text t) {
      return t.toString();
    } else if (o instanceof Map<?, ?> m) {
      TreeMap<String, Object> out = new TreeMap<>();
      m.forEach((k, val) -> out.put(String.valueOf(normal(k)), normal(val)));
      return out;
    } else if (o instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object e : l) {
        out.add(normal(e));
      }
      if (!out.isEmpty() && out.stream().allMatch(CastToVariantTest::isMapEntry)) {
        // Map entries: an object's fields come back in key order.
        out.sort(
            (a, b) ->
                ((Map<?, ?>) a)
                    .get("key")
                    .toString()
                    .compareTo(((Map<?, ?>) b).get("key").toString()));
      }
      return out;
    }
    return o;
  }

  /** Slot i of {@code text} = {@code docs[i]} (null = a null slot). */
  static void fillText(VarCharVector text, String... docs) {
    text.allocateNew();
    for (int i = 0; i < docs.length; i++) {
      if (docs[i] == null) {
        text.setNull(i);
      } else {
        text.setSafe(i, docs[i].getBytes(StandardCharsets.UTF_8));
      }
    }
    text.setValueCount(docs.length);
  }

  private static boolean isMapEntry(Object o) {
    return o instanceof Map<?, ?> m && m.containsKey("key") && m.size() <= 2;
  }

  private static void assertSharedSortedMetadata(VariantVector v) {
    VarBinaryVector meta = (VarBinaryVector) v.metadataVector();
    byte[] first = v.getValueCount() == 0 ? null : meta.get(0);
    for (int i = 1; i < v.getValueCount(); i++) {
      assertArrayEquals(first, meta.get(i), "metadata of row " + i);
    }
    if (first != null) {
      assertTrue((first[0] & 0x10) != 0, "the shared metadata is sorted");
    }
  }

  private static Field field(String name, ArrowType type) {
    return Field.nullable(name, type);
  }

  // ---- scalars ----

  static Stream<Arguments> scalars() {
    return Stream.of(
        Arguments.of(
            "int8",
            field("c", new ArrowType.Int(8, true)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((TinyIntVector) v).setSafe(i, (byte) (i * 37 - 128)),
            VariantKind.INT8),
        Arguments.of(
            "int16",
            field("c", new ArrowType.Int(16, true)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((SmallIntVector) v).setSafe(i, (short) (i * 9973 - 32768)),
            VariantKind.INT16),
        Arguments.of(
            "int32",
            field("c", new ArrowType.Int(32, true)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((IntVector) v).setSafe(i, i == 1 ? Integer.MIN_VALUE : i * 1_000_003),
            VariantKind.INT32),
        Arguments.of(
            "int64",
            field("c", new ArrowType.Int(64, true)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((BigIntVector) v).setSafe(i, i == 1 ? Long.MAX_VALUE : -7L * i),
            VariantKind.INT64),
        Arguments.of(
            "uint8",
            field("c", new ArrowType.Int(8, false)),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((UInt1Vector) v).setSafe(i, 250 + i),
            VariantKind.INT16),
        Arguments.of(
            "uint16",
            field("c", new ArrowType.Int(16, false)),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((UInt2Vector) v).setSafe(i, 65530 + i),
            VariantKind.INT32),
        Arguments.of(
            "uint32",
            field("c", new ArrowType.Int(32, false)),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((UInt4Vector) v).setSafe(i, -1 - i),
            VariantKind.INT64),
        Arguments.of(
            "uint64 up to 2^63-1",
            field("c", new ArrowType.Int(64, false)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((UInt8Vector) v).setSafe(i, Long.MAX_VALUE - i),
            VariantKind.INT64),
        Arguments.of(
            "float16",
            field("c", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((Float2Vector) v).setSafeWithPossibleTruncate(i, i * 0.5f - 1),
            VariantKind.FLOAT),
        Arguments.of(
            "float32",
            field("c", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((Float4Vector) v).setSafe(i, i == 1 ? Float.NaN : i / 3f),
            VariantKind.FLOAT),
        Arguments.of(
            "float64",
            field("c", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((Float8Vector) v)
                        .setSafe(i, i == 1 ? Double.NEGATIVE_INFINITY : i == 2 ? -0.0 : i / 7.0),
            VariantKind.DOUBLE),
        Arguments.of(
            "decimal(5,2)",
            field("c", new ArrowType.Decimal(5, 2, 128)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((DecimalVector) v).setSafe(i, BigDecimal.valueOf(-99999 + i * 31, 2)),
            VariantKind.DECIMAL4),
        Arguments.of(
            "decimal(15,3)",
            field("c", new ArrowType.Decimal(15, 3, 128)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((DecimalVector) v).setSafe(i, BigDecimal.valueOf(999_999_999_999_999L - i, 3)),
            VariantKind.DECIMAL8),
        Arguments.of(
            "decimal(38,4)",
            field("c", new ArrowType.Decimal(38, 4, 128)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((DecimalVector) v)
                        .setSafe(
                            i,
                            new BigDecimal(
                                BigInteger.TEN
                                    .pow(38)
                                    .subtract(BigInteger.valueOf(i + 1))
                                    .multiply(BigInteger.valueOf(i % 2 == 0 ? 1 : -1)),
                                4)),
            VariantKind.DECIMAL16),
        Arguments.of(
            "decimal256(60,2) of at most 38 digits",
            field("c", new ArrowType.Decimal(60, 2, 256)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((Decimal256Vector) v).setSafe(i, BigDecimal.valueOf(-12345678901L * i, 2)),
            VariantKind.DECIMAL16),
        Arguments.of(
            "bool",
            field("c", ArrowType.Bool.INSTANCE),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((BitVector) v).setSafe(i, i % 2),
            VariantKind.BOOLEAN),
        Arguments.of(
            "date32",
            field("c", new ArrowType.Date(DateUnit.DAY)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((DateDayVector) v).setSafe(i, -719_162 + i * 100_000),
            VariantKind.DATE),
        Arguments.of(
            "date64",
            field("c", new ArrowType.Date(DateUnit.MILLISECOND)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((DateMilliVector) v).setSafe(i, (i - 2) * 86_400_000L * 365),
            VariantKind.DATE),
        Arguments.of(
            "time32(s)",
            field("c", new ArrowType.Time(TimeUnit.SECOND, 32)),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((TimeSecVector) v).setSafe(i, 86_399 - i),
            VariantKind.TIME_MICROS),
        Arguments.of(
            "time32(ms)",
            field("c", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((TimeMilliVector) v).setSafe(i, 86_399_999 - i),
            VariantKind.TIME_MICROS),
        Arguments.of(
            "time64(us)",
            field("c", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((TimeMicroVector) v).setSafe(i, 86_399_999_999L - i),
            VariantKind.TIME_MICROS),
        Arguments.of(
            "time64(ns) in whole microseconds",
            field("c", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((TimeNanoVector) v).setSafe(i, 1000L * (12_345_678 + i)),
            VariantKind.TIME_MICROS),
        timestamp(TimeUnit.SECOND, null, VariantKind.TIMESTAMP_NTZ_MICROS),
        timestamp(TimeUnit.MILLISECOND, null, VariantKind.TIMESTAMP_NTZ_MICROS),
        timestamp(TimeUnit.MICROSECOND, null, VariantKind.TIMESTAMP_NTZ_MICROS),
        timestamp(TimeUnit.NANOSECOND, null, VariantKind.TIMESTAMP_NTZ_NANOS),
        timestamp(TimeUnit.SECOND, "UTC", VariantKind.TIMESTAMP_MICROS),
        timestamp(TimeUnit.MILLISECOND, "Europe/Paris", VariantKind.TIMESTAMP_MICROS),
        timestamp(TimeUnit.MICROSECOND, "+05:30", VariantKind.TIMESTAMP_MICROS),
        timestamp(TimeUnit.NANOSECOND, "UTC", VariantKind.TIMESTAMP_NANOS),
        Arguments.of(
            "utf8",
            field("c", ArrowType.Utf8.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((VarCharVector) v).setSafe(i, text(i).getBytes(StandardCharsets.UTF_8)),
            VariantKind.STRING),
        Arguments.of(
            "large utf8",
            field("c", ArrowType.LargeUtf8.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((LargeVarCharVector) v).setSafe(i, text(i).getBytes(StandardCharsets.UTF_8)),
            VariantKind.STRING),
        Arguments.of(
            "utf8 view",
            field("c", ArrowType.Utf8View.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) ->
                    ((ViewVarCharVector) v).setSafe(i, text(i).getBytes(StandardCharsets.UTF_8)),
            VariantKind.STRING),
        Arguments.of(
            "binary",
            field("c", ArrowType.Binary.INSTANCE),
            (BiConsumer<FieldVector, Integer>) (v, i) -> ((VarBinaryVector) v).setSafe(i, bytes(i)),
            VariantKind.BINARY),
        Arguments.of(
            "large binary",
            field("c", ArrowType.LargeBinary.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((LargeVarBinaryVector) v).setSafe(i, bytes(i)),
            VariantKind.BINARY),
        Arguments.of(
            "binary view",
            field("c", ArrowType.BinaryView.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((ViewVarBinaryVector) v).setSafe(i, bytes(i)),
            VariantKind.BINARY),
        Arguments.of(
            "fixed-size binary(5)",
            field("c", new ArrowType.FixedSizeBinary(5)),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((FixedSizeBinaryVector) v).setSafe(i, Arrays.copyOf(bytes(i), 5)),
            VariantKind.BINARY),
        Arguments.of(
            "arrow.uuid",
            field("c", org.apache.arrow.vector.extension.UuidType.INSTANCE),
            (BiConsumer<FieldVector, Integer>)
                (v, i) -> ((UuidVector) v).setSafe(i, new UUID(0x0123456789ABCDEFL * i, -i)),
            VariantKind.UUID));
  }

  private static Arguments timestamp(TimeUnit unit, String zone, VariantKind kind) {
    return Arguments.of(
        "timestamp(" + unit + ", " + zone + ")",
        field("c", new ArrowType.Timestamp(unit, zone)),
        (BiConsumer<FieldVector, Integer>)
            (v, i) -> ((TimeStampVector) v).setSafe(i, (i - 3) * 1_234_567_890_123L / 1000),
        kind);
  }

  /** Row i's text: ASCII, non-ASCII, inline-sized, over 12 and over 63 UTF-8 bytes. */
  static String text(int i) {
    return switch (i % 4) {
      case 0 -> "";
      case 1 -> "é€😀" + i;
      case 2 -> "a string longer than twelve bytes " + i;
      default -> "x".repeat(70 + i);
    };
  }

  static byte[] bytes(int i) {
    byte[] b = new byte[(i * 7) % 80];
    for (int k = 0; k < b.length; k++) {
      b[k] = (byte) (k * 31 + i);
    }
    return b;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scalars")
  void everyScalarTypeComesBackUnchanged(
      String name, Field f, BiConsumer<FieldVector, Integer> set, VariantKind kind) {
    int rows = 9;
    try (FieldVector in =
        filled(
            f,
            alloc(),
            rows,
            (v, i) -> {
              if (i % 4 == 3) {
                v.setNull(i);
              } else {
                set.accept(v, i);
              }
            })) {
      assertRoundTrip(in);
      try (VariantVector v = VariantKernels.castToVariant(in, alloc())) {
        VariantColumnReader reader = VariantColumnReader.of(v);
        VariantReader row = new VariantReader();
        assertTrue(reader.read(0, row));
        assertEquals(kind, row.kind(), name + " becomes " + kind);
        assertFalse(reader.read(3, row), "a null slot is a SQL NULL row");
      }
    }
  }

  @Test
  void uint64AboveLongMaxBecomesAnExactDecimal() {
    try (UInt8Vector in = new UInt8Vector("u", alloc())) {
      in.allocateNew(3);
      in.set(0, -1L); // 2^64 - 1
      in.set(1, Long.MIN_VALUE); // 2^63
      in.set(2, 5);
      in.setValueCount(3);
      List<Object> expected =
          List.of(
              new BigDecimal("18446744073709551615"),
              new BigDecimal("9223372036854775808"),
              BigDecimal.valueOf(5));
      assertRoundTrip(in, "$", field("d", new ArrowType.Decimal(20, 0, 128)), expected);
    }
  }

  // ---- nested ----

  @Test
  void listsOfEveryLayoutBecomeArrays() {
    List<List<Integer>> values =
        Arrays.asList(List.of(1, 2, 3), List.of(), null, Arrays.asList(4, null, 6), List.of(7));
    Field intElement = field("element", new ArrowType.Int(32, true));
    Field listOfInt = new Field("l", FieldType.nullable(new ArrowType.List()), List.of(intElement));
    try (ListVector list = ListVector.empty("l", alloc());
        LargeListVector large = LargeListVector.empty("l", alloc());
        ListViewVector view = ListViewVector.empty("l", alloc());
        LargeListViewVector largeView = LargeListViewVector.empty("l", alloc())) {
      fillList(list.getWriter(), values);
      list.setValueCount(values.size());
      fillList(large.getWriter(), values);
      large.setValueCount(values.size());
      view.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
      fillListView(
          view,
          (IntVector) view.getDataVector(),
          (i, offset, size) -> {
            view.setValidity(i, 1);
            view.setOffset(i, offset);
            view.setSize(i, size);
          },
          values);
      largeView.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
      fillListView(
          largeView,
          (IntVector) largeView.getDataVector(),
          (i, offset, size) -> {
            largeView.setValidity(i, 1);
            largeView.setOffset(i, offset);
            largeView.setSize(i, size);
          },
          values);
      List<Object> expected = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        expected.add(list.getObject(i));
      }
      assertRoundTrip(list);
      assertRoundTrip(large, "$", listOfInt, expected);
      assertRoundTrip(view, "$", listOfInt, expected);
      assertRoundTrip(largeView, "$", listOfInt, expected);
      assertRoundTrip(list, "$[2]", intElement, Arrays.asList(3, null, null, 6, null));
    }
  }

  /** Writes {@code values} through a List or LargeList writer, one slot per row. */
  private static void fillList(
      org.apache.arrow.vector.complex.writer.FieldWriter w, List<List<Integer>> values) {
    for (int i = 0; i < values.size(); i++) {
      w.setPosition(i);
      List<Integer> l = values.get(i);
      if (l == null) {
        w.writeNull();
        continue;
      }
      w.startList();
      for (Integer x : l) {
        if (x == null) {
          w.writeNull();
        } else {
          w.integer().writeInt(x);
        }
      }
      w.endList();
    }
  }

  /** Sets slot {@code i} of a list view: validity, offset and size. */
  private interface ViewSlot {
    void set(int i, int offset, int size);
  }

  /** A list view whose slots point at the elements in reverse order of the rows. */
  private static void fillListView(
      FieldVector v, IntVector data, ViewSlot slot, List<List<Integer>> values) {
    v.setInitialCapacity(values.size());
    v.allocateNew();
    int total = 0;
    for (List<Integer> l : values) {
      total += l == null ? 0 : l.size();
    }
    int[] starts = new int[values.size()];
    int end = total;
    for (int i = 0; i < values.size(); i++) {
      List<Integer> l = values.get(i);
      if (l == null) {
        continue;
      }
      starts[i] = end - l.size();
      for (int k = 0; k < l.size(); k++) {
        if (l.get(k) == null) {
          data.setNull(starts[i] + k);
        } else {
          data.setSafe(starts[i] + k, l.get(k));
        }
      }
      end = starts[i];
    }
    data.setValueCount(total);
    for (int i = 0; i < values.size(); i++) {
      List<Integer> l = values.get(i);
      if (l == null) {
        v.setNull(i);
      } else {
        slot.set(i, starts[i], l.size());
      }
    }
    v.setValueCount(values.size());
  }

  @Test
  void fixedSizeListsBecomeArrays() {
    Field element = field("element", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
    Field fsl =
        new Field("f", FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(element));
    try (FixedSizeListVector v = (FixedSizeListVector) fsl.createVector(alloc())) {
      v.allocateNew();
      Float8Vector data = (Float8Vector) v.getDataVector();
      for (int i = 0; i < 4; i++) {
        if (i == 2) {
          v.setNull(i);
        } else {
          v.setNotNull(i);
        }
        data.setSafe(2 * i, i + 0.5);
        if (i == 1) {
          data.setNull(2 * i + 1);
        } else {
          data.setSafe(2 * i + 1, -i);
        }
      }
      data.setValueCount(8);
      v.setValueCount(4);
      List<Object> expected = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        expected.add(v.getObject(i));
      }
      Field asList = new Field("f", FieldType.nullable(new ArrowType.List()), List.of(element));
      assertRoundTrip(v, "$", asList, expected);
      assertRoundTrip(v, "$[1]", element, Arrays.asList(0.0, null, null, -3.0));
    }
  }

  /** Struct {@code s{a: int32, b: struct{c: struct{x: utf8, l: list<int64>}, e: struct{}}}}. */
  private static StructVector nestedStruct(BufferAllocator a, int rows) {
    Field x = field("x", ArrowType.Utf8.INSTANCE);
    Field l =
        new Field(
            "l",
            FieldType.nullable(new ArrowType.List()),
            List.of(field("element", new ArrowType.Int(64, true))));
    Field c = new Field("c", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x, l));
    Field e = new Field("e", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of());
    Field b = new Field("b", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(c, e));
    Field s =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(field("a", new ArrowType.Int(32, true)), b));
    StructVector v = (StructVector) s.createVector(a);
    v.allocateNew();
    IntVector av = (IntVector) v.getChild("a");
    StructVector bv = (StructVector) v.getChild("b");
    StructVector cv = (StructVector) bv.getChild("c");
    StructVector ev = (StructVector) bv.getChild("e");
    VarCharVector xv = (VarCharVector) cv.getChild("x");
    ListVector lv = (ListVector) cv.getChild("l");
    org.apache.arrow.vector.complex.impl.UnionListWriter lw = lv.getWriter();
    for (int i = 0; i < rows; i++) {
      if (i % 11 == 5) {
        v.setNull(i);
        continue;
      }
      v.setIndexDefined(i);
      if (i % 3 == 0) {
        av.setNull(i);
      } else {
        av.setSafe(i, i * 13);
      }
      if (i % 7 == 6) {
        bv.setNull(i);
        continue;
      }
      bv.setIndexDefined(i);
      if (i % 2 == 0) {
        ev.setIndexDefined(i);
      } else {
        ev.setNull(i);
      }
      if (i % 5 == 4) {
        cv.setNull(i);
        continue;
      }
      cv.setIndexDefined(i);
      xv.setSafe(i, text(i).getBytes(StandardCharsets.UTF_8));
      lw.setPosition(i);
      lw.startList();
      for (int k = 0; k < i % 4; k++) {
        lw.bigInt().writeBigInt((long) i * k);
      }
      lw.endList();
    }
    v.setValueCount(rows);
    return v;
  }

  @Test
  void structsNestedThreeDeepComeBackFieldByField() {
    try (StructVector s = nestedStruct(alloc(), 40)) {
      assertRoundTrip(s);
      StructVector b = (StructVector) s.getChild("b");
      StructVector c = (StructVector) b.getChild("c");
      assertRoundTrip(s, "$.a", s.getChild("a").getField(), objects(s.getChild("a"), s));
      assertRoundTrip(s, "$.b.c.x", c.getChild("x").getField(), objects(c.getChild("x"), s, b, c));
      assertRoundTrip(s, "$.b.c.l", c.getChild("l").getField(), objects(c.getChild("l"), s, b, c));
      assertRoundTrip(s, "$.b.e", b.getChild("e").getField(), objects(b.getChild("e"), s, b));
    }
  }

  /** Slot i of {@code leaf}, or null where one of {@code parents} is null. */
  private static List<Object> objects(FieldVector leaf, FieldVector... parents) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < leaf.getValueCount(); i++) {
      boolean hidden = false;
      for (FieldVector p : parents) {
        hidden |= p.isNull(i);
      }
      out.add(hidden ? null : leaf.getObject(i));
    }
    return out;
  }

  @Test
  void emptyStructsAndEmptyListsStayEmpty() {
    try (StructVector s = nestedStruct(alloc(), 12);
        VariantVector v = VariantKernels.castToVariant(s, alloc())) {
      VariantColumnReader reader = VariantColumnReader.of(v);
      VariantReader row = new VariantReader();
      assertTrue(reader.read(0, row));
      assertEquals(VariantKind.OBJECT, row.kind());
      try (KernelResult e =
              VariantKernels.get(
                  v,
                  "$.b.e",
                  Field.nullable("e", new ArrowType.Utf8()),
                  GetOptions.defaults(),
                  alloc());
          KernelResult l =
              VariantKernels.get(
                  v,
                  "$.b.c.l",
                  new Field(
                      "l",
                      FieldType.nullable(new ArrowType.List()),
                      List.of(field("element", new ArrowType.Int(64, true)))),
                  GetOptions.strict(),
                  alloc())) {
        assertEquals(1, e.failedRowCount() > 0 ? 1 : 0, "$.b.e is an object, not a string");
        assertEquals(List.of(), l.vector().getObject(0), "row 0 has an empty list");
      }
    }
  }

  @Test
  void mapsWithStringKeysBecomeObjects() {
    try (MapVector m = MapVector.empty("m", alloc(), false)) {
      org.apache.arrow.vector.complex.impl.UnionMapWriter w = m.getWriter();
      String[][] keys = {{"b", "a"}, {}, null, {"zeta", "a", "ü"}};
      for (int i = 0; i < keys.length; i++) {
        w.setPosition(i);
        if (keys[i] == null) {
          w.writeNull();
          continue;
        }
        w.startMap();
        for (int k = 0; k < keys[i].length; k++) {
          w.startEntry();
          w.key().varChar().writeVarChar(keys[i][k]);
          if (k == 1) {
            w.value().bigInt().writeNull();
          } else {
            w.value().bigInt().writeBigInt(i * 10L + k);
          }
          w.endEntry();
        }
        w.endMap();
      }
      m.setValueCount(keys.length);
      assertRoundTrip(m);
      assertRoundTrip(
          m, "$.a", field("a", new ArrowType.Int(64, true)), Arrays.asList(null, null, null, null));
      assertRoundTrip(
          m,
          "$.zeta",
          field("z", new ArrowType.Int(64, true)),
          Arrays.asList(null, null, null, 30L));
    }
  }

  @Test
  void dictionaryEncodedColumnsAreDecodedByIndex() {
    try (VarCharVector dict = new VarCharVector("d", alloc());
        IntVector indices =
            new IntVector(
                "c",
                new FieldType(
                    true,
                    new ArrowType.Int(32, true),
                    new DictionaryEncoding(7L, false, new ArrowType.Int(32, true))),
                alloc())) {
      dict.allocateNew();
      dict.setSafe(0, "red".getBytes(StandardCharsets.UTF_8));
      dict.setSafe(1, "green".getBytes(StandardCharsets.UTF_8));
      dict.setValueCount(2);
      indices.allocateNew(4);
      indices.set(0, 1);
      indices.set(1, 0);
      indices.setNull(2);
      indices.set(3, 1);
      indices.setValueCount(4);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider(
              new Dictionary(dict, indices.getField().getDictionary()));
      try (VariantVector v =
              VariantKernels.castToVariant(
                  indices, provider, ToVariantOptions.defaults(), alloc());
          KernelResult r =
              VariantKernels.get(
                  v, "$", field("s", ArrowType.Utf8.INSTANCE), GetOptions.strict(), alloc())) {
        assertEquals(
            Arrays.asList("green", "red", null, "green"),
            Arrays.asList(
                normal(r.vector().getObject(0)),
                normal(r.vector().getObject(1)),
                normal(r.vector().getObject(2)),
                normal(r.vector().getObject(3))));
        assertTrue(v.isNull(2), "a null index is a SQL NULL row");
      }
    }
  }

  @Test
  void jsonColumnsAreParsedIntoVariant() {
    try (JsonVector json = new JsonVector("j", alloc(), new FieldType(true, JsonType.UTF8, null))) {
      VarCharVector text = (VarCharVector) json.getUnderlyingVector();
      fillText(text, "{\"b\": 1, \"a\": [true, null, 2.5]}", "null", null, "\"s\"");
      json.setValueCount(4);
      try (VariantVector v = VariantKernels.castToVariant(json, alloc());
          FieldVector back =
              JsonColumns.toJson(
                  v, null, "t", JsonColumns.Output.UTF8, JsonOptions.defaults(), alloc())) {
        assertEquals("{\"a\":[true,null,2.5],\"b\":1}", String.valueOf(back.getObject(0)));
        assertEquals("null", String.valueOf(back.getObject(1)), "JSON null is Variant null");
        assertTrue(v.isNull(2), "a null slot is SQL NULL");
        assertEquals("\"s\"", String.valueOf(back.getObject(3)));
        assertSharedSortedMetadata(v);
      }
    }
  }

  @Test
  void variantColumnsPassThroughAndNestedOnesAreCopied() {
    VariantVectorWriter w = new VariantVectorWriter();
    w.row().startObject().appendKey("k").appendInt(7).endObject();
    w.finishRow();
    w.appendSqlNull();
    w.appendVariantNull();
    try (VariantVector in = w.finish("v", alloc())) {
      try (VariantVector same = VariantKernels.castToVariant(in, alloc());
          KernelResult r =
              VariantKernels.get(
                  same,
                  "$.k",
                  field("k", new ArrowType.Int(32, true)),
                  GetOptions.strict(),
                  alloc())) {
        assertEquals(7, r.vector().getObject(0));
        assertTrue(same.isNull(1));
        VariantReader row = new VariantReader();
        assertTrue(VariantColumnReader.of(same).read(2, row));
        assertEquals(VariantKind.NULL, row.kind(), "row 2 stays Variant null");
      }
      assertEquals(3, in.getValueCount(), "the input is left as it was");
      Field s =
          new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(in.getField()));
      try (StructVector struct = (StructVector) s.createVector(alloc())) {
        struct.allocateNew();
        for (int i = 0; i < 3; i++) {
          struct.setIndexDefined(i);
        }
        org.apache.arrow.vector.util.TransferPair tp = in.makeTransferPair(struct.getChild("v"));
        tp.splitAndTransfer(0, 3);
        struct.setValueCount(3);
        assertRoundTrip(
            struct, "$.v.k", field("k", new ArrowType.Int(32, true)), Arrays.asList(7, null, null));
      }
    }
  }

  // ---- errors ----

  private KernelException castFails(FieldVector in) {
    return assertThrows(
        KernelException.class, () -> VariantKernels.castToVariant(in, alloc()).close());
  }

  @Test
  void valuesThatWouldChangeAreErrorsNamingTheRow() {
    try (DateMilliVector d = new DateMilliVector("when", alloc());
        TimeNanoVector t = new TimeNanoVector("at", alloc());
        Decimal256Vector big = new Decimal256Vector("amount", alloc(), 60, 0)) {
      d.allocateNew(2);
      d.set(0, 86_400_000L);
      d.set(1, 86_400_001L);
      d.setValueCount(2);
      KernelException e = castFails(d);
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals(1, e.location().row());
      assertTrue(e.getMessage().contains("column when, row 1"), e.getMessage());
      t.allocateNew(1);
      t.set(0, 1_500L);
      t.setValueCount(1);
      assertTrue(castFails(t).getMessage().contains("not a whole number of microseconds"));
      big.allocateNew(2);
      big.set(0, BigDecimal.ONE);
      big.set(1, new BigDecimal(BigInteger.TEN.pow(39)));
      big.setValueCount(2);
      KernelException b = castFails(big);
      assertEquals(1, b.location().row(), b.getMessage());
      assertTrue(b.getMessage().contains("more than 38 digits"), b.getMessage());
    }
  }

  @Test
  void typesWithoutAVariantCounterpartAreRefusedNamingTheColumn() {
    try (DurationVector d =
            new DurationVector(field("took", new ArrowType.Duration(TimeUnit.SECOND)), alloc());
        MapVector m = MapVector.empty("m", alloc(), false)) {
      d.allocateNew(1);
      d.setValueCount(1);
      KernelException e = castFails(d);
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
      assertEquals("took", e.location().column());
      org.apache.arrow.vector.complex.impl.UnionMapWriter w = m.getWriter();
      w.setPosition(0);
      w.startMap();
      w.startEntry();
      w.key().integer().writeInt(1);
      w.value().integer().writeInt(2);
      w.endEntry();
      w.endMap();
      m.setValueCount(1);
      KernelException k = castFails(m);
      assertEquals(ErrorKind.UNSUPPORTED, k.kind());
      assertTrue(k.getMessage().contains("column m") && k.getMessage().contains("string keys"));
    }
  }

  @Test
  void aKeyTwiceInOneMapIsAnErrorNamingTheRow() {
    try (MapVector m = MapVector.empty("m", alloc(), false)) {
      org.apache.arrow.vector.complex.impl.UnionMapWriter w = m.getWriter();
      for (int i = 0; i < 2; i++) {
        w.setPosition(i);
        w.startMap();
        for (String k : i == 0 ? new String[] {"a", "b"} : new String[] {"a", "a"}) {
          w.startEntry();
          w.key().varChar().writeVarChar(k);
          w.value().integer().writeInt(1);
          w.endEntry();
        }
        w.endMap();
      }
      m.setValueCount(2);
      KernelException e = castFails(m);
      assertEquals(1, e.location().row(), e.getMessage());
      assertTrue(e.getMessage().contains("duplicate key"), e.getMessage());
    }
  }
}
