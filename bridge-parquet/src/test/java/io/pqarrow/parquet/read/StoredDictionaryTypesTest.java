package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.DictionaryRows;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary columns come back with the index type and nesting {@code ARROW:schema} records, on
 * files the library writes from Arrow batches: Int8, UInt16 and Int16 indices, an Int64-valued
 * dictionary, a dictionary of lists of dictionary-encoded strings and one of structs of them; rows
 * equal with every dictionary resolved, for batches within a row group and across them (where the
 * page reader's dictionary repeats the values of each row group and is numbered again).
 */
class StoredDictionaryTypesTest {
  private static final ArrowType.Int INT8 = new ArrowType.Int(8, true);
  private static final ArrowType.Int UINT16 = new ArrowType.Int(16, false);
  private static final ArrowType.Int INT16 = new ArrowType.Int(16, true);
  private static final int ROWS = 60;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** Batches with one dictionary per id, made and closed together. */
  private static final class Batches implements AutoCloseable {
    final DictionaryProvider.MapDictionaryProvider dictionaries =
        new DictionaryProvider.MapDictionaryProvider();
    final List<FieldVector> owned = new ArrayList<>();
    VectorSchemaRoot root;

    FieldVector own(FieldVector v) {
      owned.add(v);
      return v;
    }

    @Override
    public void close() {
      if (root != null) {
        root.close();
      }
      owned.forEach(FieldVector::close);
    }
  }

  private static DictionaryEncoding encoding(long id, ArrowType.Int index) {
    return new DictionaryEncoding(id, false, index);
  }

  private static Field indices(String name, DictionaryEncoding e) {
    return new Field(name, new FieldType(true, e.getIndexType(), e), null);
  }

  /** 100 words (more than fit Int8 three times over), used by several columns. */
  private static VarCharVector words(BufferAllocator allocator, String prefix) {
    VarCharVector v = new VarCharVector("w", allocator);
    v.allocateNew();
    for (int i = 0; i < 100; i++) {
      v.setSafe(i, (prefix + i).getBytes(StandardCharsets.UTF_8));
    }
    v.setValueCount(100);
    return v;
  }

  private Batches batches(BufferAllocator allocator) {
    Batches b = new Batches();
    DictionaryEncoding words = encoding(1, INT8);
    DictionaryEncoding small = encoding(2, UINT16);
    DictionaryEncoding longs = encoding(3, INT16);
    DictionaryEncoding lists = encoding(4, INT8);
    DictionaryEncoding structs = encoding(5, INT16);
    b.dictionaries.put(new Dictionary(b.own(words(allocator, "w")), words));
    b.dictionaries.put(new Dictionary(b.own(words(allocator, "s")), small));
    BigIntVector longValues = (BigIntVector) b.own(new BigIntVector("n", allocator));
    longValues.allocateNew(5);
    for (int i = 0; i < 5; i++) {
      longValues.set(i, 1L << (40 + i));
    }
    longValues.setValueCount(5);
    b.dictionaries.put(new Dictionary(longValues, longs));
    // a dictionary of 7 lists of words (dictionary 1), one of them empty and one null
    Field element = indices("e", words);
    ListVector listValues =
        (ListVector)
            b.own(
                new Field("l", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element))
                    .createVector(allocator));
    listValues.allocateNew();
    BaseIntVector listWords = (BaseIntVector) listValues.getDataVector();
    int at = 0;
    for (int i = 0; i < 7; i++) {
      if (i == 5) {
        listValues.setNull(i);
        continue;
      }
      listValues.startNewValue(i);
      for (int k = 0; k < i % 4; k++) {
        listWords.setWithPossibleTruncate(at++, (i * 13 + k * 7) % 100);
      }
      listValues.endValue(i, i % 4);
    }
    listValues.getDataVector().setValueCount(at);
    listValues.setValueCount(7);
    b.dictionaries.put(new Dictionary(listValues, lists));
    // a dictionary of 6 structs {p: word, q: small word}
    StructVector structValues =
        (StructVector)
            b.own(
                new Field(
                        "s",
                        FieldType.nullable(ArrowType.Struct.INSTANCE),
                        List.of(indices("p", words), indices("q", small)))
                    .createVector(allocator));
    structValues.allocateNew();
    BaseIntVector p = (BaseIntVector) structValues.getChild("p");
    BaseIntVector q = (BaseIntVector) structValues.getChild("q");
    for (int i = 0; i < 6; i++) {
      structValues.setIndexDefined(i);
      p.setWithPossibleTruncate(i, 90 + i);
      if (i == 2) {
        ((FieldVector) q).setNull(i);
      } else {
        q.setWithPossibleTruncate(i, i * 11);
      }
    }
    structValues.setValueCount(6);
    b.dictionaries.put(new Dictionary(structValues, structs));

    Schema schema =
        new Schema(
            List.of(
                indices("a", words),
                indices("u", small),
                indices("n", longs),
                indices("l", lists),
                indices("s", structs)));
    b.root = VectorSchemaRoot.create(schema, allocator);
    b.root.allocateNew();
    int[] sizes = {100, 100, 5, 7, 6};
    for (int c = 0; c < 5; c++) {
      BaseIntVector v = (BaseIntVector) b.root.getVector(c);
      for (int i = 0; i < ROWS; i++) {
        if ((i + c) % 9 == 4) {
          ((FieldVector) v).setNull(i);
        } else {
          v.setWithPossibleTruncate(i, (i * 37 + c) % sizes[c]);
        }
      }
    }
    b.root.setRowCount(ROWS);
    return b;
  }

  private List<String> write(Path file, int rowGroupRows) {
    try (Batches b = batches(memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(
                file,
                b.root.getSchema(),
                WriteOptions.builder().rowGroupRows(rowGroupRows).build(),
                b.dictionaries)) {
      writer.write(b.root, b.dictionaries);
      return DictionaryRows.render(b.root, b.dictionaries);
    }
  }

  private static Schema messageForm(Schema schema, DictionaryProvider dictionaries) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(DictionaryUtility.toMessageFormat(f, dictionaries, new HashSet<>()));
    }
    return new Schema(fields);
  }

  @Test
  void indexTypesValueTypesAndNestingComeBackAsStored() {
    Path file = dir.resolve("d.parquet");
    List<String> written = write(file, 1_000_000);
    for (int batchRows : new int[] {1, 7, 33, ROWS}) {
      List<String> read = new ArrayList<>();
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(
              file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build())) {
        assertEquals(1, reader.rowGroupCount());
        Schema schema = reader.schema();
        assertEquals(INT8, schema.findField("a").getType());
        assertEquals(UINT16, schema.findField("u").getType());
        assertEquals(INT16, schema.findField("n").getType());
        assertEquals(INT8, schema.findField("l").getType());
        assertEquals(INT16, schema.findField("s").getType());
        while (reader.loadNextBatch()) {
          read.addAll(DictionaryRows.render(reader.getVectorSchemaRoot(), reader));
          Schema values = messageForm(reader.schema(), reader);
          assertEquals(new ArrowType.Int(64, true), values.findField("n").getType());
          Field list = values.findField("l");
          assertEquals(ArrowType.List.INSTANCE, list.getType());
          assertEquals(INT8, list.getChildren().get(0).getDictionary().getIndexType());
          Field struct = values.findField("s");
          assertEquals(ArrowType.Struct.INSTANCE, struct.getType());
          assertEquals(INT8, struct.getChildren().get(0).getDictionary().getIndexType());
          assertEquals(UINT16, struct.getChildren().get(1).getDictionary().getIndexType());
          assertEquals(ArrowType.Utf8.INSTANCE, struct.getChildren().get(1).getType());
        }
      }
      assertEquals(written, read, "batches of " + batchRows);
    }
  }

  @Test
  void aBatchOverRowGroupsNumbersTheirRepeatedDictionariesAgain() {
    Path file = dir.resolve("groups.parquet");
    List<String> written = write(file, 20);
    List<String> read = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(ROWS).build())) {
      assertTrue(reader.rowGroupCount() >= 3, "row groups: " + reader.rowGroupCount());
      assertTrue(reader.loadNextBatch());
      read.addAll(DictionaryRows.render(reader.getVectorSchemaRoot(), reader));
      // each row group's page dictionary holds the 100 words: 300 and more in the batch, which
      // Int8 cannot number; the distinct ones can
      long id = reader.schema().findField("a").getDictionary().getId();
      assertTrue(reader.lookup(id).getVector().getValueCount() <= 128);
      assertEquals(INT8, reader.lookup(id).getEncoding().getIndexType());
      while (reader.loadNextBatch()) {
        read.addAll(DictionaryRows.render(reader.getVectorSchemaRoot(), reader));
      }
    }
    assertEquals(written, read);
  }

  @Test
  void withStoredDictionariesOffEveryColumnIsItsValues() {
    Path file = dir.resolve("off.parquet");
    write(file, 1_000_000);
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().storedDictionaries(false).build())) {
      for (Field f : reader.schema().getFields()) {
        assertNull(f.getDictionary(), f.toString());
      }
      assertEquals(new ArrowType.Int(64, true), reader.schema().findField("n").getType());
      assertTrue(reader.loadNextBatch());
    }
  }

  @Test
  void withoutStoredTypesStringsAreInt32DictionariesAndTheRestValuesAsPyarrowReadsThem() {
    Path file = dir.resolve("pyarrow-like.parquet");
    write(file, 1_000_000);
    ReadOptions options = ReadOptions.builder().storedDictionaryTypes(false).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      Schema schema = reader.schema();
      assertEquals(new ArrowType.Int(32, true), schema.findField("a").getType());
      assertEquals(new ArrowType.Int(32, true), schema.findField("u").getType());
      assertNull(schema.findField("n").getDictionary());
      assertEquals(new ArrowType.Int(64, true), schema.findField("n").getType());
      assertEquals(ArrowType.List.INSTANCE, schema.findField("l").getType());
      assertEquals(ArrowType.Struct.INSTANCE, schema.findField("s").getType());
      assertTrue(reader.loadNextBatch());
    }
  }

  @Test
  void moreDistinctValuesThanTheStoredIndexTypeNumbersIsRefusedNamingTheColumn() {
    Path file = dir.resolve("replaced.parquet");
    DictionaryEncoding words = encoding(1, INT8);
    Schema schema = new Schema(List.of(indices("a", words)));
    try (VarCharVector first = words(memory.allocator(), "x");
        VarCharVector second = words(memory.allocator(), "y");
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      DictionaryProvider.MapDictionaryProvider dictionaries =
          new DictionaryProvider.MapDictionaryProvider();
      dictionaries.put(new Dictionary(first, words));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults(), dictionaries)) {
        for (VarCharVector d : List.of(first, second)) {
          dictionaries.put(new Dictionary(d, words)); // replaced: a new row group
          root.allocateNew();
          BaseIntVector a = (BaseIntVector) root.getVector(0);
          for (int i = 0; i < 100; i++) {
            a.setWithPossibleTruncate(i, i);
          }
          root.setRowCount(100);
          writer.write(root, dictionaries);
        }
      }
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(200).build())) {
      assertEquals(2, reader.rowGroupCount());
      ParquetFileException e = assertThrows(ParquetFileException.class, reader::loadNextBatch);
      assertTrue(e.getMessage().contains("column a"), e.getMessage());
      assertTrue(
          e.getMessage().contains("200 distinct values, more than the 8-bit dictionary indices"),
          e.getMessage());
    }
    // a batch within a row group reads
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(100).build())) {
      int rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
        assertEquals(INT8, reader.schema().findField("a").getType());
      }
      assertEquals(200, rows);
    }
  }
}
