package io.pqarrow.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ArrowVariantVectorsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  enum Layout {
    BINARY,
    LARGE_BINARY,
    VIEW
  }

  static FieldVector binaryVector(
      String name, Layout layout, List<byte[]> rows, BufferAllocator allocator) {
    FieldVector v =
        switch (layout) {
          case BINARY -> new VarBinaryVector(name, allocator);
          case LARGE_BINARY -> new LargeVarBinaryVector(name, allocator);
          case VIEW -> new ViewVarBinaryVector(name, allocator);
        };
    v.allocateNew();
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

  /** Seeded values with short (inline in views) and long encodings, each with its own metadata. */
  static List<VariantValue> sample(int n, long seed) {
    Random r = new Random(seed);
    List<VariantValue> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(RandomVariants.generate(r, i % 3));
    }
    return out;
  }

  static Stream<Arguments> layoutPairs() {
    List<Arguments> out = new ArrayList<>();
    for (Layout m : Layout.values()) {
      for (Layout v : Layout.values()) {
        out.add(Arguments.of(m, v));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "metadata {0}, value {1}")
  @MethodSource("layoutPairs")
  void readsEveryRowOfEachBinaryLayoutInPlace(Layout metaLayout, Layout valueLayout) {
    List<VariantValue> expected = sample(40, 7);
    List<byte[]> metas = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    for (VariantValue v : expected) {
      EncodedVariant e = v.encode();
      metas.add(e.metadata());
      values.add(e.value());
    }
    BufferAllocator a = memory.allocator();
    try (FieldVector meta = binaryVector("m", metaLayout, metas, a);
        FieldVector value = binaryVector("v", valueLayout, values, a);
        VariantVector vector = VariantVectors.wrap("col", meta, value, a)) {
      VariantColumnReader reader = VariantColumnReader.of(vector);
      VariantReader row = new VariantReader();
      assertEquals(expected.size(), reader.rowCount());
      for (int i = 0; i < expected.size(); i++) {
        assertTrue(reader.read(i, row));
        assertEquals(expected.get(i), VariantValue.read(row), "row " + i);
        assertEquals(i, row.row());
      }
    }
  }

  /**
   * A writer given an allocator (rows straight into Arrow memory) gives the same vector as one that
   * keeps them on the heap: keys in order, keys out of order (rows re-encoded at finish), SQL NULL
   * and Variant null rows; one closed unfinished frees its memory.
   */
  @Test
  void aWriterIntoArrowMemoryGivesTheSameVector() {
    BufferAllocator a = memory.allocator();
    Random random = new Random(3);
    for (boolean declared : new boolean[] {true, false}) {
      VariantVectorWriter heap = new VariantVectorWriter();
      try (VariantVectorWriter direct = new VariantVectorWriter(io.pqarrow.Limits.defaults(), a)) {
        for (VariantVectorWriter w : List.of(heap, direct)) {
          if (declared) {
            w.declareKeys(List.of("a", "m", "z"));
          }
          w.reserve(8, 64);
        }
        for (int i = 0; i < 300; i++) {
          int kind = random.nextInt(5);
          for (VariantVectorWriter w : List.of(heap, direct)) {
            switch (kind) {
              case 0 -> w.appendSqlNull();
              case 1 -> w.appendVariantNull();
              default -> {
                VariantBuilder b = w.row().startObject();
                b.appendKey(kind == 2 ? "z" : "m").appendInt(i);
                if (kind == 4) {
                  b.appendKey("a").appendString("s" + i);
                }
                b.endObject();
                w.finishRow();
              }
            }
          }
        }
        try (VariantVector h = heap.finish("v", a);
            VariantVector d = direct.finish("v", a)) {
          assertEquals(h.getValueCount(), d.getValueCount());
          for (int i = 0; i < h.getValueCount(); i++) {
            assertEquals(h.isNull(i), d.isNull(i), "row " + i);
            assertArrayEquals(
                ((VarBinaryVector) h.metadataVector()).get(i),
                ((VarBinaryVector) d.metadataVector()).get(i),
                "metadata of row " + i);
            // The same value (renumbered keys may leave the fields' bytes in another order).
            assertEquals(
                VariantValue.read(
                    io.pqarrow.variant.Variant.of(
                        ((VarBinaryVector) h.metadataVector()).get(i),
                        ((VarBinaryVector) h.valueVector()).get(i))),
                VariantValue.read(
                    io.pqarrow.variant.Variant.of(
                        ((VarBinaryVector) d.metadataVector()).get(i),
                        ((VarBinaryVector) d.valueVector()).get(i))),
                "value of row " + i);
          }
        }
      }
    }
    try (VariantVectorWriter abandoned = new VariantVectorWriter(io.pqarrow.Limits.defaults(), a)) {
      abandoned.row().appendInt(1);
      abandoned.finishRow();
      assertTrue(a.getAllocatedMemory() > 0);
    }
    assertEquals(0, a.getAllocatedMemory(), "an unfinished writer's memory is freed by close");
  }

  @Test
  void viewLayoutCoversInlineAndOutOfLineSlots() {
    byte[] shortValue = new VariantBuilder().appendInt(7).build().value(); // 5 bytes, inline
    VariantBuilder b = new VariantBuilder();
    EncodedVariant longString = b.appendString("a string longer than twelve bytes").build();
    assertTrue(longString.value().length > 12);
    BufferAllocator a = memory.allocator();
    try (FieldVector meta =
            binaryVector(
                "m", Layout.VIEW, List.of(longString.metadata(), longString.metadata()), a);
        FieldVector value =
            binaryVector("v", Layout.VIEW, List.of(shortValue, longString.value()), a);
        VariantVector vector = VariantVectors.wrap("col", meta, value, a)) {
      assertEquals(1, ((ViewVarBinaryVector) value).getDataBuffers().size());
      VariantColumnReader reader = VariantColumnReader.of(vector);
      VariantReader row = new VariantReader();
      reader.read(0, row);
      assertEquals(7, row.getInt());
      reader.read(1, row);
      assertEquals("a string longer than twelve bytes", row.getString());
    }
  }

  @Test
  void consecutiveRowsWithEqualMetadataBytesShareOneMetadata() {
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < 5; i++) {
      w.row().startObject().appendKey("k").appendInt(i).endObject();
      w.finishRow();
    }
    try (VariantVector v = w.finish("v", memory.allocator())) {
      VariantColumnReader reader = VariantColumnReader.of(v);
      assertSame(reader.metadata(0), reader.metadata(1));
      assertSame(reader.metadata(0), reader.metadata(4));
      VariantReader row = new VariantReader();
      reader.read(3, row);
      assertSame(reader.metadata(0), row.metadata());
    }
  }

  @Test
  void differentMetadataBytesGiveANewMetadata() {
    List<byte[]> metas = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    for (String key : List.of("a", "a", "b")) {
      EncodedVariant e =
          new VariantBuilder().startObject().appendKey(key).appendNull().endObject().build();
      metas.add(e.metadata());
      values.add(e.value());
    }
    BufferAllocator a = memory.allocator();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, metas, a);
        FieldVector value = binaryVector("v", Layout.BINARY, values, a);
        VariantVector vector = VariantVectors.wrap("col", meta, value, a)) {
      VariantColumnReader reader = VariantColumnReader.of(vector);
      assertSame(reader.metadata(0), reader.metadata(1));
      assertNotSame(reader.metadata(1), reader.metadata(2));
      VariantReader row = new VariantReader();
      reader.read(2, row);
      assertEquals("b", row.fieldName(0));
    }
  }

  /** Dictionary [meta("x"), meta("y")], indices [1, 1, 0, 1]. */
  @Test
  void dictionaryEncodedMetadataIsLookedUpThroughTheProvider() {
    EncodedVariant x =
        new VariantBuilder().startObject().appendKey("x").appendInt(1).endObject().build();
    EncodedVariant y =
        new VariantBuilder().startObject().appendKey("y").appendInt(2).endObject().build();
    BufferAllocator a = memory.allocator();
    DictionaryEncoding encoding = new DictionaryEncoding(42, false, new ArrowType.Int(32, true));
    int[] idx = {1, 1, 0, 1};
    List<byte[]> values = new ArrayList<>();
    for (int i : idx) {
      values.add(i == 0 ? x.value() : y.value());
    }
    try (FieldVector blobs =
            binaryVector("dict", Layout.BINARY, List.of(x.metadata(), y.metadata()), a);
        IntVector indices =
            new IntVector("m", new FieldType(false, new ArrowType.Int(32, true), encoding), a);
        FieldVector value = binaryVector("v", Layout.LARGE_BINARY, values, a)) {
      indices.allocateNew(idx.length);
      for (int i = 0; i < idx.length; i++) {
        indices.set(i, idx[i]);
      }
      indices.setValueCount(idx.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(blobs, encoding));
      try (VariantVector vector = VariantVectors.wrap("col", indices, value, a)) {
        assertEquals(encoding, vector.metadataVector().getField().getDictionary());
        VariantColumnReader reader = VariantColumnReader.of(vector, provider);
        VariantReader row = new VariantReader();
        for (int i = 0; i < idx.length; i++) {
          reader.read(i, row);
          String key = idx[i] == 0 ? "x" : "y";
          assertEquals(key, row.fieldName(0));
          assertEquals(idx[i] + 1, row.fieldInto(0, new VariantReader()).getInt());
        }
        assertSame(reader.metadata(0), reader.metadata(3));
        assertNotSame(reader.metadata(1), reader.metadata(2));

        VariantVectorException missing =
            assertThrows(VariantVectorException.class, () -> VariantColumnReader.of(vector));
        assertEquals(
            "Invalid Variant vector at col: metadata is dictionary-encoded (dictionary id 42)"
                + " but no such dictionary was supplied",
            missing.getMessage());
      }
    }
  }

  @Test
  void sqlNullAndVariantNullAreDistinct() {
    VariantVectorWriter w = new VariantVectorWriter();
    w.appendSqlNull();
    w.appendVariantNull();
    w.row().appendString("x");
    w.finishRow();
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertTrue(v.getField().isNullable());
      VariantColumnReader reader = VariantColumnReader.of(v);
      VariantReader row = new VariantReader();
      assertTrue(reader.isSqlNull(0));
      assertFalse(reader.read(0, row));
      assertFalse(reader.isSqlNull(1));
      assertTrue(reader.read(1, row));
      assertTrue(row.isNull());
      assertTrue(reader.read(2, row));
      assertFalse(row.isNull());
      assertEquals("x", row.getString());
      assertEquals(1, v.getNullCount());
    }
  }

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 7, 8, 9, 31, 32, 33, 1024})
  void writerRoundTripsRowsAndNullsAtAwkwardSizes(int n) {
    List<VariantValue> expected = sample(n, n);
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < n; i++) {
      if (i % 5 == 3) {
        w.appendSqlNull();
      } else {
        expected.get(i).writeTo(w.row());
        w.finishRow();
      }
    }
    try (VariantVector v = w.finish("v", memory.allocator())) {
      assertEquals(n, v.getValueCount());
      VariantColumnReader reader = VariantColumnReader.of(v);
      VariantReader row = new VariantReader();
      for (int i = 0; i < n; i++) {
        if (i % 5 == 3) {
          assertFalse(reader.read(i, row), "row " + i);
        } else {
          assertTrue(reader.read(i, row), "row " + i);
          assertEquals(expected.get(i), VariantValue.read(row), "row " + i);
        }
      }
    }
  }

  @Test
  void wrappingSharesBuffersAndClosingSourcesFirstFreesEverything() {
    checkWrapLifetimes(true);
  }

  @Test
  void wrappingSharesBuffersAndClosingWrapperFirstFreesEverything() {
    checkWrapLifetimes(false);
  }

  private void checkWrapLifetimes(boolean sourcesFirst) {
    List<VariantValue> expected = sample(20, 3);
    List<byte[]> metas = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    for (VariantValue v : expected) {
      metas.add(v.encode().metadata());
      values.add(v.encode().value());
    }
    BufferAllocator a = memory.allocator();
    FieldVector meta = binaryVector("m", Layout.BINARY, metas, a);
    FieldVector value = binaryVector("v", Layout.VIEW, values, a);
    ArrowBuf validity = a.buffer(BitVectorHelper.getValidityBufferSizeFromCount(20));
    validity.setZero(0, validity.capacity());
    for (int i = 0; i < 20; i++) {
      if (i != 4 && i != 11) {
        BitVectorHelper.setBit(validity, i);
      }
    }
    long before = a.getAllocatedMemory();
    VariantVector wrapped = VariantVectors.wrap("w", meta, value, validity, a);
    assertEquals(before, a.getAllocatedMemory(), "wrapping allocated new memory");
    assertEquals(
        value.getDataBuffer().memoryAddress(),
        wrapped.valueVector().getDataBuffer().memoryAddress());
    assertEquals(
        ((VarBinaryVector) meta).getDataBuffer().memoryAddress(),
        wrapped.metadataVector().getDataBuffer().memoryAddress());
    validity.close();
    if (sourcesFirst) {
      meta.close();
      value.close();
    }
    VariantColumnReader reader = VariantColumnReader.of(wrapped);
    VariantReader row = new VariantReader();
    for (int i = 0; i < 20; i++) {
      if (i == 4 || i == 11) {
        assertFalse(reader.read(i, row));
      } else {
        assertTrue(reader.read(i, row));
        assertEquals(expected.get(i), VariantValue.read(row));
      }
    }
    assertEquals(2, wrapped.getNullCount());
    wrapped.close();
    if (!sourcesFirst) {
      assertTrue(a.getAllocatedMemory() > 0, "sources' buffers freed while still open");
      assertEquals(20, value.getValueCount());
      meta.close();
      value.close();
    }
    assertEquals(0, a.getAllocatedMemory());
  }

  @Test
  void wrapRejectsChildrenOfDifferentLengths() {
    BufferAllocator a = memory.allocator();
    byte[] m = new VariantBuilder().appendNull().build().metadata();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(m, m), a);
        FieldVector value = binaryVector("v", Layout.BINARY, List.of(new byte[] {0}), a)) {
      VariantVectorException e =
          assertThrows(
              VariantVectorException.class, () -> VariantVectors.wrap("c", meta, value, a));
      assertEquals(
          "Invalid Variant vector at c: metadata has 2 rows but value has 1", e.getMessage());
    }
  }

  @Test
  void wrapRejectsANonBinaryValue() {
    BufferAllocator a = memory.allocator();
    byte[] m = new VariantBuilder().appendNull().build().metadata();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(m), a);
        IntVector value = new IntVector("v", a)) {
      value.allocateNew(1);
      value.set(0, 1);
      value.setValueCount(1);
      VariantVectorException e =
          assertThrows(
              VariantVectorException.class, () -> VariantVectors.wrap("c", meta, value, a));
      assertEquals(
          "Invalid Variant vector at c: value must be Binary, LargeBinary or BinaryView, found"
              + " Int(32, true)",
          e.getMessage());
    }
  }

  @Test
  void nullValueInUnshreddedRowIsReportedWithRow() {
    BufferAllocator a = memory.allocator();
    byte[] m = new VariantBuilder().appendNull().build().metadata();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(m, m), a);
        VarBinaryVector value = new VarBinaryVector("v", a)) {
      value.allocateNew();
      value.setSafe(0, new byte[] {0});
      value.setNull(1);
      value.setValueCount(2);
      try (VariantVector v = VariantVectors.wrap("c", meta, value, a)) {
        VariantColumnReader reader = VariantColumnReader.of(v);
        VariantReader row = new VariantReader();
        assertTrue(reader.read(0, row));
        VariantVectorException e =
            assertThrows(VariantVectorException.class, () -> reader.read(1, row));
        assertEquals(
            "Invalid Variant vector at c, row 1: value is null in a non-null row", e.getMessage());
      }
    }
  }

  @Test
  void shreddedRowsAreLeftToTheKernels() {
    BufferAllocator a = memory.allocator();
    byte[] m = new VariantBuilder().appendNull().build().metadata();
    Field field =
        new Field(
            "s",
            new FieldType(true, VariantType.INSTANCE, null),
            List.of(
                Field.notNullable(VariantType.METADATA, ArrowType.Binary.INSTANCE),
                Field.nullable(VariantType.VALUE, ArrowType.Binary.INSTANCE),
                Field.nullable(VariantType.TYPED_VALUE, new ArrowType.Int(32, true))));
    try (VariantVector v = (VariantVector) field.createVector(a)) {
      v.allocateNew();
      StructVector storage = v.getUnderlyingVector();
      ((VarBinaryVector) v.metadataVector()).setSafe(0, m);
      ((VarBinaryVector) v.metadataVector()).setSafe(1, m);
      ((VarBinaryVector) v.valueVector()).setSafe(0, new byte[] {0});
      ((VarBinaryVector) v.valueVector()).setNull(1);
      ((IntVector) v.typedValueVector()).setNull(0);
      ((IntVector) v.typedValueVector()).setSafe(1, 34);
      storage.setIndexDefined(0);
      storage.setIndexDefined(1);
      v.setValueCount(2);
      VariantColumnReader reader = VariantColumnReader.of(v);
      assertTrue(reader.isShredded());
      assertSame(v.typedValueVector(), reader.typedValueVector());
      VariantReader row = new VariantReader();
      assertTrue(reader.read(0, row));
      assertTrue(row.isNull());
      VariantVectorException e =
          assertThrows(VariantVectorException.class, () -> reader.read(1, row));
      assertEquals(
          "Unsupported Variant vector at s: row 1 is shredded (typed_value is set);"
              + " reconstruct it with the kernels",
          e.getMessage());
    }
  }

  /** A long view whose buffer index (bytes 8–11 of the 16-byte view) names a missing buffer. */
  @Test
  void corruptViewBufferIndexIsReportedNotThrownAsIndexError() {
    BufferAllocator a = memory.allocator();
    EncodedVariant e =
        new VariantBuilder().appendString("a string longer than twelve bytes").build();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(e.metadata()), a);
        FieldVector value = binaryVector("v", Layout.VIEW, List.of(e.value()), a);
        VariantVector v = VariantVectors.wrap("c", meta, value, a)) {
      v.valueVector().getDataBuffer().setInt(8, 5);
      VariantColumnReader reader = VariantColumnReader.of(v);
      VariantVectorException ex =
          assertThrows(VariantVectorException.class, () -> reader.read(0, new VariantReader()));
      assertEquals(
          "Invalid Variant vector at c.value, row 0: view names data buffer 5 of 1 buffers",
          ex.getMessage());
    }
  }

  /** Binary offsets [0, 1000] over a data buffer holding far fewer bytes. */
  @Test
  void offsetPastTheDataBufferIsReported() {
    BufferAllocator a = memory.allocator();
    EncodedVariant e = new VariantBuilder().appendInt(5).build();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(e.metadata()), a);
        FieldVector value = binaryVector("v", Layout.BINARY, List.of(e.value()), a);
        VariantVector v = VariantVectors.wrap("c", meta, value, a)) {
      ((VarBinaryVector) v.valueVector()).getOffsetBuffer().setInt(4, 1_000_000);
      long capacity = v.valueVector().getDataBuffer().capacity();
      VariantColumnReader reader = VariantColumnReader.of(v);
      VariantVectorException ex =
          assertThrows(VariantVectorException.class, () -> reader.read(0, new VariantReader()));
      assertEquals(
          "Invalid Variant vector at c.value, row 0: slot of 1000000 bytes at 0 lies outside a"
              + " buffer of "
              + capacity
              + " bytes",
          ex.getMessage());
    }
  }

  /** A value whose header promises an INT32 but holds one byte: the codec names the row. */
  @Test
  void truncatedValueBytesNameTheRow() {
    BufferAllocator a = memory.allocator();
    byte[] m = new VariantBuilder().appendNull().build().metadata();
    try (FieldVector meta = binaryVector("m", Layout.BINARY, List.of(m, m), a);
        FieldVector value =
            binaryVector("v", Layout.BINARY, List.of(new byte[] {0}, new byte[] {0x14, 1}), a);
        VariantVector v = VariantVectors.wrap("c", meta, value, a)) {
      VariantColumnReader reader = VariantColumnReader.of(v);
      io.pqarrow.variant.VariantFormatException ex =
          assertThrows(
              io.pqarrow.variant.VariantFormatException.class,
              () -> reader.read(1, new VariantReader()));
      assertEquals(1, ex.row());
      assertTrue(
          ex.getMessage().startsWith("Invalid Variant value at row 1, byte "), ex.getMessage());
    }
  }
}
