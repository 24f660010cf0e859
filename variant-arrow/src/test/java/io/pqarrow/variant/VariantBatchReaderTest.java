package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.schema.SchemaException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Variant rows read in place from Arrow binary vectors. */
class VariantBatchReaderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void rowsOfAVariantVectorReadBackEqualWithOneSharedMetadata() {
    Random r = new Random(11);
    List<VariantValue> rows = new ArrayList<>();
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < 100; i++) {
      VariantValue v = RandomVariants.generate(r, 3);
      rows.add(v);
      v.writeTo(col.row());
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    try (StructVector s = StructVector.empty("v", memory.allocator());
        VariantVector vector = new VariantVector("v", memory.allocator(), s)) {
      VarBinaryVector m =
          s.addOrGet(
              "metadata", FieldType.notNullable(ArrowType.Binary.INSTANCE), VarBinaryVector.class);
      VarBinaryVector val =
          s.addOrGet(
              "value", FieldType.notNullable(ArrowType.Binary.INSTANCE), VarBinaryVector.class);
      for (int i = 0; i < rows.size(); i++) {
        m.setSafe(i, c.metadata());
        val.setSafe(i, c.value(i));
        s.setIndexDefined(i);
      }
      m.setValueCount(rows.size());
      val.setValueCount(rows.size());
      s.setValueCount(rows.size());

      VariantBatchReader batch = VariantBatchReader.of(vector);
      assertEquals(rows.size(), batch.rowCount());
      VariantReader reader = new VariantReader();
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(rows.get(i), VariantValue.read(batch.read(i, reader)), "row " + i);
        assertEquals(i, reader.row());
      }
      assertSame(batch.metadata(0), batch.metadata(99), "equal metadata bytes share one instance");
    }
  }

  @Test
  void largeBinaryNullsDifferentMetadataAndCorruptRowsAreHandled() {
    EncodedVariant a =
        new VariantBuilder().startObject().appendKey("a").appendInt(1).endObject().build();
    EncodedVariant b =
        new VariantBuilder().startObject().appendKey("b").appendInt(2).endObject().build();
    try (LargeVarBinaryVector m = new LargeVarBinaryVector("metadata", memory.allocator());
        LargeVarBinaryVector v = new LargeVarBinaryVector("value", memory.allocator())) {
      m.setSafe(0, a.metadata());
      v.setSafe(0, a.value());
      m.setSafe(1, b.metadata());
      m.setSafe(2, b.metadata());
      v.setNull(1);
      v.setSafe(2, java.util.Arrays.copyOf(b.value(), 4)); // truncated
      m.setValueCount(3);
      v.setValueCount(3);

      VariantBatchReader batch = new VariantBatchReader(m, v);
      VariantReader r = new VariantReader();
      assertEquals(-1, batch.read(0, r).findField("b"), "no key b in row 0");
      assertEquals(0, r.findField("a"));
      assertEquals(1, r.fieldInto(0, new VariantReader()).getInt());
      assertTrue(batch.isNull(1));
      assertNotSame(batch.metadata(0), batch.metadata(1));
      VariantFormatException e = assertThrows(VariantFormatException.class, () -> batch.read(2, r));
      assertEquals(
          "Invalid Variant value at row 2, byte 1: expected 1 object elements with 1-byte field"
              + " ids and 2 offsets of 1 bytes, only 2 bytes remain",
          e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 7, 8, 9, 31, 32, 33, 1024})
  void awkwardBatchSizesReadEveryRowWithNullsInterleaved(int size) {
    Random r = new Random(size);
    List<VariantValue> rows = new ArrayList<>();
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < size; i++) {
      VariantValue v = RandomVariants.generate(r, 2);
      rows.add(v);
      v.writeTo(col.row());
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    try (VarBinaryVector m = new VarBinaryVector("metadata", memory.allocator());
        VarBinaryVector v = new VarBinaryVector("value", memory.allocator())) {
      for (int i = 0; i < size; i++) {
        m.setSafe(i, c.metadata());
        if (i % 3 == 2) {
          v.setNull(i);
        } else {
          v.setSafe(i, c.value(i));
        }
      }
      m.setValueCount(size);
      v.setValueCount(size);
      VariantBatchReader batch = new VariantBatchReader(m, v);
      assertEquals(size, batch.rowCount());
      VariantReader reader = new VariantReader();
      int read = 0;
      for (int i = 0; i < size; i++) {
        assertEquals(i % 3 == 2, batch.isNull(i), "row " + i);
        if (!batch.isNull(i)) {
          assertEquals(rows.get(i), VariantValue.read(batch.read(i, reader)), "row " + i);
          read++;
        }
      }
      assertEquals(size - size / 3, read);
    }
  }

  /**
   * BinaryView storage: values of at most 12 bytes sit inline in the view, longer ones in the data
   * buffers; every row reads the same value as written, with nulls interleaved.
   */
  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 7, 8, 9, 31, 32, 33, 1024})
  void binaryViewStorageReadsInlineAndOutOfLineRows(int size) {
    Random r = new Random(size + 17);
    List<VariantValue> rows = new ArrayList<>();
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < size; i++) {
      VariantValue v = RandomVariants.generate(r, i % 2);
      rows.add(v);
      v.writeTo(col.row());
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    try (ViewVarBinaryVector m = new ViewVarBinaryVector("metadata", memory.allocator());
        ViewVarBinaryVector v = new ViewVarBinaryVector("value", memory.allocator())) {
      int inline = 0;
      for (int i = 0; i < size; i++) {
        m.setSafe(i, c.metadata());
        if (i % 3 == 2) {
          v.setNull(i);
        } else {
          v.setSafe(i, c.value(i));
          inline += c.value(i).length <= 12 ? 1 : 0;
        }
      }
      m.setValueCount(size);
      v.setValueCount(size);
      VariantBatchReader batch = new VariantBatchReader(m, v);
      VariantReader reader = new VariantReader();
      int read = 0;
      for (int i = 0; i < size; i++) {
        if (!batch.isNull(i)) {
          assertEquals(rows.get(i), VariantValue.read(batch.read(i, reader)), "row " + i);
          read++;
        }
      }
      assertEquals(size - size / 3, read);
      if (size >= 31) {
        assertTrue(inline > 0 && inline < read, inline + " inline of " + read);
      }
    }
  }

  @Test
  void binaryViewWithABadBufferIndexNamesTheRow() {
    try (ViewVarBinaryVector m = new ViewVarBinaryVector("metadata", memory.allocator());
        ViewVarBinaryVector v = new ViewVarBinaryVector("value", memory.allocator())) {
      m.setSafe(0, new byte[] {0x11, 0x00, 0x00});
      v.setSafe(0, new byte[20]); // out of line: buffer index 0
      m.setValueCount(1);
      v.setValueCount(1);
      v.getDataBuffer().setInt(8, 5); // view of row 0: buffer index 5
      VariantBatchReader batch = new VariantBatchReader(m, v);
      VariantFormatException e =
          assertThrows(VariantFormatException.class, () -> batch.read(0, new VariantReader()));
      assertEquals(
          "Invalid Variant value at row 0, byte 0: expected a view data buffer index below 1,"
              + " found 5",
          e.getMessage());
    }
  }

  /**
   * Two metadata dictionaries shared by six rows through int8 indices; a bad index names its row.
   */
  @Test
  void dictionaryEncodedMetadataSharesOneParsedMetadataPerEntry() {
    EncodedVariant a =
        new VariantBuilder().startObject().appendKey("a").appendInt(1).endObject().build();
    EncodedVariant b =
        new VariantBuilder().startObject().appendKey("b").appendInt(2).endObject().build();
    try (VarBinaryVector dictionary = new VarBinaryVector("metadata", memory.allocator());
        TinyIntVector indices = new TinyIntVector("metadata", memory.allocator());
        VarBinaryVector v = new VarBinaryVector("value", memory.allocator())) {
      dictionary.setSafe(0, a.metadata());
      dictionary.setSafe(1, b.metadata());
      dictionary.setValueCount(2);
      int[] entry = {0, 0, 1, 1, 0, 7};
      for (int i = 0; i < entry.length; i++) {
        indices.setSafe(i, entry[i]);
        v.setSafe(i, entry[i] == 1 ? b.value() : a.value());
      }
      indices.setValueCount(entry.length);
      v.setValueCount(entry.length);
      VariantBatchReader batch = VariantBatchReader.dictionaryEncoded(indices, dictionary, v);
      VariantReader r = new VariantReader();
      assertEquals(1, batch.read(0, r).fieldInto(r.findField("a"), new VariantReader()).getInt());
      assertSame(batch.metadata(0), batch.metadata(1));
      assertEquals(2, batch.read(3, r).fieldInto(r.findField("b"), new VariantReader()).getInt());
      assertEquals(1, batch.read(4, r).fieldInto(r.findField("a"), new VariantReader()).getInt());
      VariantFormatException e = assertThrows(VariantFormatException.class, () -> batch.read(5, r));
      assertEquals(
          "Invalid Variant metadata at row 5, byte 0: expected a dictionary index below 2, found 7",
          e.getMessage());
      SchemaException s =
          assertThrows(
              SchemaException.class, () -> VariantBatchReader.dictionaryEncoded(v, dictionary, v));
      assertEquals(
          "Unsupported Variant storage at metadata: Binary dictionary indices (expected an integer"
              + " type)",
          s.getMessage());
    }
  }

  @Test
  void nonBinaryStorageIsUnsupported() {
    try (IntVector m = new IntVector("metadata", memory.allocator());
        VarBinaryVector v = new VarBinaryVector("value", memory.allocator())) {
      SchemaException e = assertThrows(SchemaException.class, () -> new VariantBatchReader(m, v));
      assertEquals(
          "Unsupported Variant storage at metadata: Int(32, true) (expected Binary, LargeBinary or"
              + " BinaryView)",
          e.getMessage());
    }
  }
}
