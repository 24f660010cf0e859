package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.arrow.VariantVectors;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fast paths of {@code variant_get}: metadata recognised once per distinct dictionary (by slot,
 * by bytes, by dictionary index), scalar targets written straight into the output, and a fully
 * typed shredded path copied from {@code typed_value} in bulk with the rows that lack it read from
 * {@code value}. Each is checked against the values the rows hold, and the shredded column against
 * the same get on its unshredded form.
 */
class GetFastPathTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Field INT64 = Field.nullable("r", new ArrowType.Int(64, true));

  /** {@code {identifier: id, <other>: 0}}: "aaaaaaaa" sorts before the key, "zzzzzzzz" after. */
  private static EncodedVariant row(long id, String other) {
    VariantBuilder b = new VariantBuilder().startObject();
    b.appendKey("identifier").appendLong(id);
    b.appendKey(other).appendLong(-1);
    return b.endObject().build();
  }

  private VariantVector wrap(FieldVector meta, List<EncodedVariant> rows) {
    BufferAllocator a = memory.allocator();
    try (VarBinaryVector value = new VarBinaryVector("value", a)) {
      value.allocateNew();
      for (int i = 0; i < rows.size(); i++) {
        value.setSafe(i, rows.get(i).value());
      }
      value.setValueCount(rows.size());
      return VariantVectors.wrap("v", meta, value, a);
    }
  }

  private VariantVector plain(List<EncodedVariant> rows) {
    try (VarBinaryVector meta = new VarBinaryVector("metadata", memory.allocator())) {
      meta.allocateNew();
      for (int i = 0; i < rows.size(); i++) {
        meta.setSafe(i, rows.get(i).metadata());
      }
      meta.setValueCount(rows.size());
      return wrap(meta, rows);
    }
  }

  private static long[] longs(KernelResult r) {
    BigIntVector v = (BigIntVector) r.vector();
    long[] out = new long[v.getValueCount()];
    for (int i = 0; i < out.length; i++) {
      out[i] = v.isNull(i) ? Long.MIN_VALUE : v.get(i);
    }
    return out;
  }

  private KernelResult get(VariantVector v, String path, Field target, CastMode mode) {
    return VariantKernels.get(
        v,
        path,
        target,
        mode == CastMode.STRICT ? GetOptions.strict() : GetOptions.defaults(),
        memory.allocator());
  }

  @Test
  void metadataOfEqualLengthButOtherKeysIsNotReusedAcrossRows() {
    // The key's id is 0 in one dictionary and 1 in the other; both encode to the same length.
    List<EncodedVariant> rows = new ArrayList<>();
    long[] expected = new long[9];
    for (int i = 0; i < expected.length; i++) {
      rows.add(row(i * 10, (i / 2) % 2 == 0 ? "zzzzzzzz" : "aaaaaaaa"));
      expected[i] = i * 10;
    }
    assertEquals(rows.get(0).metadata().length, rows.get(2).metadata().length);
    assertFalse(java.util.Arrays.equals(rows.get(0).metadata(), rows.get(2).metadata()));
    try (VariantVector v = plain(rows);
        KernelResult r = get(v, "$.identifier", INT64, CastMode.STRICT)) {
      assertArrayEquals(expected, longs(r));
    }
  }

  @Test
  void anotherBatchWithOtherMetadataBytesAtTheSameOffsetsResolvesAgain() {
    List<EncodedVariant> first = List.of(row(1, "zzzzzzzz"), row(2, "zzzzzzzz"));
    List<EncodedVariant> second = List.of(row(3, "aaaaaaaa"), row(4, "aaaaaaaa"));
    try (VariantVector a = plain(first);
        VariantVector b = plain(second);
        KernelResult ra = get(a, "$.identifier", INT64, CastMode.STRICT);
        KernelResult rb = get(b, "$.identifier", INT64, CastMode.STRICT)) {
      assertArrayEquals(new long[] {1, 2}, longs(ra));
      assertArrayEquals(new long[] {3, 4}, longs(rb));
    }
  }

  @Test
  void viewsOfOneMetadataAreRecognisedByWhereTheyLieAndOthersAreNot() {
    // Rows 0-2 view the same bytes (one copy in the data buffer); rows 3-4 hold another
    // dictionary of the same length.
    List<EncodedVariant> rows =
        List.of(
            row(5, "zzzzzzzz"),
            row(6, "zzzzzzzz"),
            row(7, "zzzzzzzz"),
            row(8, "aaaaaaaa"),
            row(9, "aaaaaaaa"));
    try (ViewVarBinaryVector meta = new ViewVarBinaryVector("metadata", memory.allocator())) {
      meta.allocateNew();
      meta.setSafe(0, rows.get(0).metadata());
      assertTrue(rows.get(0).metadata().length > 12, "views into the data buffer");
      meta.setSafe(3, rows.get(3).metadata());
      meta.setSafe(4, rows.get(4).metadata());
      ArrowBuf views = meta.getDataBuffer();
      for (int i = 1; i <= 2; i++) {
        views.setBytes(16L * i, views, 0, 16);
        BitVectorHelper.setBit(meta.getValidityBuffer(), i);
      }
      meta.setValueCount(rows.size());
      try (VariantVector v = wrap(meta, rows);
          KernelResult r = get(v, "$.identifier", INT64, CastMode.STRICT)) {
        assertArrayEquals(new long[] {5, 6, 7, 8, 9}, longs(r));
      }
    }
  }

  @Test
  void dictionaryEncodedMetadataResolvesOncePerEntry() {
    EncodedVariant high = row(0, "zzzzzzzz");
    EncodedVariant low = row(0, "aaaaaaaa");
    int[] index = {0, 1, 1, 0, 1, 0, 0};
    List<EncodedVariant> rows = new ArrayList<>();
    long[] expected = new long[index.length];
    for (int i = 0; i < index.length; i++) {
      rows.add(row(100 + i, index[i] == 0 ? "zzzzzzzz" : "aaaaaaaa"));
      expected[i] = 100 + i;
    }
    BufferAllocator a = memory.allocator();
    DictionaryEncoding encoding = new DictionaryEncoding(7, false, new ArrowType.Int(32, true));
    try (IntVector indices =
            new IntVector("metadata", new FieldType(false, encoding.getIndexType(), encoding), a);
        VarBinaryVector blobs = new VarBinaryVector("dictionary", a)) {
      blobs.allocateNew();
      blobs.setSafe(0, high.metadata());
      blobs.setSafe(1, low.metadata());
      blobs.setValueCount(2);
      indices.allocateNew(index.length);
      for (int i = 0; i < index.length; i++) {
        indices.set(i, index[i]);
      }
      indices.setValueCount(index.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(blobs, encoding));
      try (VariantVector v = wrap(indices, rows);
          KernelResult r =
              VariantKernels.get(
                  VariantColumnReader.of(v, provider),
                  PathExpression.parse("$.identifier"),
                  INT64,
                  GetOptions.strict(),
                  a)) {
        assertArrayEquals(expected, longs(r));
      }
    }
  }

  /**
   * Rows of every kind a scalar get of {@code $.o.x} meets; {@code i % 10} picks the kind: SQL
   * NULL, Variant null, an array, a string, 10.50, 10.00, 2^40, a double, a boolean, an int8.
   */
  private static void mixed(VariantVectorWriter w, int i) {
    switch (i % 10) {
      case 0 -> w.appendSqlNull();
      case 2 -> {
        w.row().startArray().appendLong(i).endArray();
        w.finishRow();
      }
      default -> {
        VariantBuilder b = w.row().startObject();
        b.appendKey("pad").appendString("p" + i);
        b.appendKey("o").startObject();
        b.appendKey("x");
        switch (i % 10) {
          case 1 -> b.appendNull();
          case 3 -> b.appendString("s" + i);
          case 4 -> b.appendDecimal(new BigDecimal(i + ".50"));
          case 5 -> b.appendDecimal(new BigDecimal(i + ".00"));
          case 6 -> b.appendLong(1L << 40 | i);
          case 7 -> b.appendDouble(i + 0.25);
          case 8 -> b.appendBoolean(i % 20 == 8);
          default -> b.appendByte((byte) i);
        }
        b.endObject();
        if (i % 10 != 9) {
          b.appendKey("x").appendInt(-i);
        }
        b.endObject();
        w.finishRow();
      }
    }
  }

  private VariantVector mixedRows(int n) {
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < n; i++) {
      mixed(w, i);
    }
    return w.finish("v", memory.allocator());
  }

  private static Long expectedLong(int i) {
    return switch (i % 10) {
      case 5, 9 -> (long) i;
      case 6 -> 1L << 40 | i;
      default -> null;
    };
  }

  private static Double expectedDouble(int i) {
    return switch (i % 10) {
      case 4 -> i + 0.5;
      case 5, 9 -> (double) i;
      case 6 -> (double) (1L << 40 | i);
      case 7 -> i + 0.25;
      default -> null;
    };
  }

  @Test
  void directScalarTargetsKeepTheCastingRules() {
    try (VariantVector v = mixedRows(30);
        KernelResult big = get(v, "$.o.x", INT64, CastMode.SAFE);
        KernelResult small =
            get(v, "$.o.x", Field.nullable("r", new ArrowType.Int(32, true)), CastMode.SAFE);
        KernelResult dbl =
            get(
                v,
                "$.o.x",
                Field.nullable(
                    "r",
                    new ArrowType.FloatingPoint(
                        org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
                CastMode.SAFE);
        KernelResult bool =
            get(v, "$.o.x", Field.nullable("r", ArrowType.Bool.INSTANCE), CastMode.SAFE);
        KernelResult str =
            get(v, "$.o.x", Field.nullable("r", ArrowType.Utf8.INSTANCE), CastMode.SAFE)) {
      BigIntVector b = (BigIntVector) big.vector();
      IntVector s = (IntVector) small.vector();
      Float8Vector d = (Float8Vector) dbl.vector();
      BitVector t = (BitVector) bool.vector();
      VarCharVector u = (VarCharVector) str.vector();
      for (int i = 0; i < 30; i++) {
        int k = i % 10;
        String at = "row " + i;
        assertEquals(expectedLong(i), b.getObject(i), at);
        assertEquals(k == 5 || k == 9 ? Integer.valueOf(i) : null, s.getObject(i), at);
        assertEquals(expectedDouble(i), d.getObject(i), at);
        assertEquals(k == 8 ? Boolean.valueOf(i % 20 == 8) : null, t.getObject(i), at);
        assertEquals(
            k == 3 ? "s" + i : null, u.getObject(i) == null ? null : u.getObject(i).toString(), at);
      }
      // Failures are the values of the wrong class or out of range, in row order.
      assertArrayEquals(
          new int[] {3, 4, 7, 8, 13}, java.util.Arrays.copyOf(big.firstFailedRows(), 5));
      assertEquals(12, big.failedRowCount());
      assertEquals(15, small.failedRowCount());
      assertEquals(6, dbl.failedRowCount());
      assertEquals(18, bool.failedRowCount());
      assertEquals(18, str.failedRowCount());
      assertEquals(List.of(1, 11, 21), big.variantNullRows().stream().boxed().toList());
    }
  }

  @Test
  void strictModeNamesTheRowOnTheDirectPath() {
    try (VariantVector v = mixedRows(30)) {
      KernelException e =
          assertThrows(KernelException.class, () -> get(v, "$.o.x", INT64, CastMode.STRICT));
      assertTrue(
          e.getMessage()
              .startsWith("Invalid Variant value at row 3, path $.o.x: STRING does not fit"),
          e.getMessage());
    }
  }

  private static final String TYPE = "struct<o:struct<x:int64>,pad:string>";

  private void assertShreddedAgrees(
      int rows, String path, Field target, Consumer<KernelResult> also) {
    BufferAllocator a = memory.allocator();
    try (VariantVector plain = mixedRows(rows);
        VariantVector shredded =
            Shredding.shred(plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), a);
        KernelResult want = get(plain, path, target, CastMode.SAFE);
        KernelResult got = get(shredded, path, target, CastMode.SAFE)) {
      assertTrue(shredded.typedValueVector() != null);
      for (int i = 0; i < rows; i++) {
        assertEquals(want.vector().getObject(i), got.vector().getObject(i), "row " + i);
      }
      assertEquals(want.failedRowCount(), got.failedRowCount());
      assertArrayEquals(want.firstFailedRows(), got.firstFailedRows());
      assertEquals(want.variantNullRows(), got.variantNullRows());
      also.accept(got);
    }
  }

  @Test
  void typedColumnIsCopiedAndRowsWithoutTypedValueFallBackToValue() {
    // 200 rows: three full 64-row words and a tail; nine rows in ten lack a typed x somewhere.
    assertShreddedAgrees(
        200,
        "$.o.x",
        INT64,
        r -> {
          assertEquals(1L << 40 | 6, r.vector().getObject(6));
          assertEquals(9L, r.vector().getObject(9)); // typed int8 → int64 in the shredded column
          assertEquals(null, r.vector().getObject(3)); // a string in value: fails
          assertNotEquals(0, r.failedRowCount());
        });
  }

  @Test
  void typeMismatchesAndTailsAgreeWithTheUnshreddedGet() {
    Field int32 = Field.nullable("r", new ArrowType.Int(32, true));
    Field utf8 = Field.nullable("r", ArrowType.Utf8.INSTANCE);
    for (int rows : new int[] {1, 63, 64, 65, 130}) {
      assertShreddedAgrees(rows, "$.o.x", INT64, r -> {});
      assertShreddedAgrees(rows, "$.o.x", int32, r -> {}); // typed int64, target int32
      assertShreddedAgrees(rows, "$.o.x", utf8, r -> {});
      assertShreddedAgrees(rows, "$.pad", utf8, r -> {}); // variable width: row by row
      assertShreddedAgrees(rows, "$.o.y", INT64, r -> {}); // a key the schema does not shred
    }
  }

  @Test
  void typedStringsAreTransferredWholeWhenEveryRowIsTyped() {
    BufferAllocator a = memory.allocator();
    VariantVectorWriter w = new VariantVectorWriter();
    int rows = 150;
    for (int i = 0; i < rows; i++) {
      if (i % 7 == 0) {
        w.appendSqlNull();
      } else {
        w.row().startObject().appendKey("pad").appendString("p".repeat(i % 5) + i).endObject();
        w.finishRow();
      }
    }
    Field utf8 = Field.nullable("r", ArrowType.Utf8.INSTANCE);
    try (VariantVector plain = w.finish("v", a);
        VariantVector shredded =
            Shredding.shred(
                plain,
                ShreddingTypes.parse("v", "struct<pad:string>"),
                ShredOptions.defaults(),
                a);
        KernelResult want = get(plain, "$.pad", utf8, CastMode.STRICT);
        KernelResult got = get(shredded, "$.pad", utf8, CastMode.STRICT)) {
      VarCharVector v = (VarCharVector) got.vector();
      assertEquals(rows, v.getValueCount());
      for (int i = 0; i < rows; i++) {
        assertEquals(want.vector().getObject(i), v.getObject(i), "row " + i);
      }
      assertEquals(null, v.getObject(7));
      assertEquals("pp12", v.getObject(12).toString());
      // Transferred whole: a typed row's metadata is not read.
      spoilMetadata(shredded, 12);
      try (KernelResult again = get(shredded, "$.pad", utf8, CastMode.STRICT)) {
        assertEquals("pp12", again.vector().getObject(12).toString());
      }
    }
  }

  @Test
  void aFullyTypedColumnIsSharedNotCopied() {
    BufferAllocator a = memory.allocator();
    VariantVectorWriter w = new VariantVectorWriter();
    int rows = 140;
    for (int i = 0; i < rows; i++) {
      if (i % 9 == 4) {
        w.appendSqlNull();
      } else {
        w.row().startObject().appendKey("n").appendLong(i * 1_000_000_007L).endObject();
        w.finishRow();
      }
    }
    Field type = ShreddingTypes.parse("v", "struct<n:int64>");
    try (VariantVector plain = w.finish("v", a);
        VariantVector shredded = Shredding.shred(plain, type, ShredOptions.defaults(), a);
        KernelResult want = get(plain, "$.n", INT64, CastMode.STRICT)) {
      KernelResult got = get(shredded, "$.n", INT64, CastMode.STRICT);
      FieldVector typed =
          (FieldVector)
              ((org.apache.arrow.vector.complex.StructVector)
                      ((org.apache.arrow.vector.complex.StructVector) shredded.typedValueVector())
                          .getChild("n"))
                  .getChild("typed_value");
      assertEquals(
          typed.getDataBuffer().memoryAddress(), got.vector().getDataBuffer().memoryAddress());
      // The output outlives the input it shares memory with.
      shredded.close();
      try (got) {
        assertArrayEquals(longs(want), longs(got));
        assertEquals(want.vector().getNullCount(), got.vector().getNullCount());
      }
    }
  }

  /** Makes row {@code row}'s metadata unreadable (version 2) in place. */
  private static void spoilMetadata(VariantVector v, int row) {
    VarBinaryVector meta = (VarBinaryVector) v.metadataVector();
    meta.getDataBuffer().setByte(meta.getStartOffset(row), 0x02);
  }

  @Test
  void rowsServedFromTypedValueNeverReadTheirMetadata() {
    BufferAllocator a = memory.allocator();
    try (VariantVector plain = mixedRows(130);
        VariantVector shredded =
            Shredding.shred(plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), a)) {
      spoilMetadata(shredded, 6); // typed: served from the column
      spoilMetadata(shredded, 3); // a string in value: read row by row, fails on the metadata
      try (KernelResult r = get(shredded, "$.o.x", INT64, CastMode.SAFE)) {
        assertEquals(1L << 40 | 6, r.vector().getObject(6));
        assertEquals(3, r.firstFailedRows()[0]);
      }
      KernelException e =
          assertThrows(KernelException.class, () -> get(shredded, "$.o.x", INT64, CastMode.STRICT));
      assertTrue(e.getMessage().startsWith("Invalid Variant value at row 3, path $.o.x: "));
      assertTrue(e.getMessage().contains("version 2"), e.getMessage());
    }
  }

  @Test
  void strictModeOnTheShreddedColumnNamesTheFirstRowThatDoesNotFit() {
    BufferAllocator a = memory.allocator();
    try (VariantVector plain = mixedRows(100);
        VariantVector shredded =
            Shredding.shred(plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), a)) {
      KernelException want =
          assertThrows(KernelException.class, () -> get(plain, "$.o.x", INT64, CastMode.STRICT));
      KernelException got =
          assertThrows(KernelException.class, () -> get(shredded, "$.o.x", INT64, CastMode.STRICT));
      assertEquals(want.getMessage(), got.getMessage());
      assertTrue(got.getMessage().startsWith("Invalid Variant value at row 3, path $.o.x"));
    }
  }
}
