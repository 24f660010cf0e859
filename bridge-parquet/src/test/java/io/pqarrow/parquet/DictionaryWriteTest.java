package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded fields take their values from the caller's dictionaries, which become the page
 * dictionaries; pyarrow and this library's reader read them back as dictionaries of those values.
 */
class DictionaryWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);
  private static final String[] COLOURS = {"red", "grün", "", "a long blue-ish value", null};

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field(
                  "colour",
                  new FieldType(true, INT32, new DictionaryEncoding(7, false, INT32)),
                  null),
              new Field(
                  "colours",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(
                      new Field(
                          "element",
                          new FieldType(true, INT32, new DictionaryEncoding(7, false, INT32)),
                          null)))));

  /** argv: file; pyarrow's types, then its rows. */
  private static final String PYARROW_READ =
      PyRender.PRELUDE
          + """
          t = pq.read_table(sys.argv[1])
          print(json.dumps({'types': [str(f.type) for f in t.schema]}))
          dump(t)
          """;

  /** Index per row of {@code colour}; -1 is null. */
  private static final int[] INDICES = {0, 1, -1, 2, 3, 4, 1, 0};

  @Test
  void dictionaryEncodedFieldsAreWrittenAsTheirValues() {
    Path file = dir.resolve("dict.parquet");
    List<String> expected = new ArrayList<>();
    try (VarCharVector values = new VarCharVector("colours", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      for (int i = 0; i < COLOURS.length; i++) {
        if (COLOURS[i] == null) {
          values.setNull(i);
        } else {
          values.setSafe(i, COLOURS[i].getBytes(StandardCharsets.UTF_8));
        }
      }
      values.setValueCount(COLOURS.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, new DictionaryEncoding(7, false, INT32)));
      IntVector colour = (IntVector) root.getVector("colour");
      ListVector colours = (ListVector) root.getVector("colours");
      IntVector element = (IntVector) colours.getDataVector();
      int at = 0;
      for (int row = 0; row < INDICES.length; row++) {
        if (INDICES[row] < 0) {
          colour.setNull(row);
        } else {
          colour.setSafe(row, INDICES[row]);
        }
        // colours: row r holds indices r % 5, (r + 1) % 5, ..., r % 3 of them; row 5 is null.
        StringBuilder list = new StringBuilder("[");
        if (row == 5) {
          colours.setNull(row);
        } else {
          colours.startNewValue(row);
          for (int k = 0; k < row % 3; k++) {
            int index = (row + k) % COLOURS.length;
            element.setSafe(at++, index);
            list.append(k == 0 ? "" : ",").append(json(COLOURS[index]));
          }
          colours.endValue(row, row % 3);
        }
        expected.add(
            ArrowJson.canonical(
                "{\"colour\":"
                    + (INDICES[row] < 0 ? "null" : json(COLOURS[INDICES[row]]))
                    + ",\"colours\":"
                    + (row == 5 ? "null" : list + "]")
                    + "}"));
      }
      element.setValueCount(at);
      root.setRowCount(INDICES.length);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, SCHEMA, WriteOptions.defaults(), provider)) {
        writer.write(root, provider);
        writer.write(root, provider);
      }
    }
    expected.addAll(new ArrayList<>(expected));
    List<String> pyarrow = ReaderLevelsTest.pyarrowRows(PYARROW_READ, file.toString());
    assertEquals(
        "{\"types\":[\"dictionary<values=string, indices=int32, ordered=0>\","
            + "\"list<element: dictionary<values=string, indices=int32, ordered=0>>\"]}",
        pyarrow.get(0));
    Rows.assertSame(expected, pyarrow.subList(1, pyarrow.size()));
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      assertEquals(
          "Schema<colour: Int(32, true)[dictionary: 0],"
              + " colours: List<element: Int(32, true)[dictionary: 1]>>",
          reader.schema().toString());
      assertEquals(
          "Utf8", reader.lookup(1).getVector().getField().getType().toString().split("\\(")[0]);
    }
    Rows.assertSame(
        expected,
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(3).build()));
  }

  @Test
  void indexOutsideTheDictionaryIsAnErrorNamingColumnAndRow() {
    Path file = dir.resolve("bad.parquet");
    Schema schema = new Schema(List.of(SCHEMA.getFields().get(0)));
    try (VarCharVector values = new VarCharVector("colours", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      values.setSafe(0, "red".getBytes(StandardCharsets.UTF_8));
      values.setValueCount(1);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, new DictionaryEncoding(7, false, INT32)));
      IntVector colour = (IntVector) root.getVector("colour");
      colour.setSafe(0, 0);
      colour.setSafe(1, 1);
      root.setRowCount(2);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults(), provider)) {
        ParquetFileException e =
            assertThrows(ParquetFileException.class, () -> writer.write(root, provider));
        assertEquals(
            "Cannot write Parquet file at "
                + file
                + ", column colour, row 1: dictionary index 1 out of range (dictionary 7 has 1"
                + " values)",
            e.getMessage());
      }
      Path other = dir.resolve("other.parquet");
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(other, schema, WriteOptions.defaults(), provider)) {
        ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
        assertEquals(
            "Cannot write Parquet file at "
                + other
                + ", column colour, row 0: no dictionary with id 7 in the DictionaryProvider"
                + " given with the batch",
            e.getMessage());
      }
    }
  }

  @Test
  void aDictionaryOfAnotherTypeThanAtOpenIsRefusedNamingTheColumn() {
    Path file = dir.resolve("retyped.parquet");
    Schema schema = new Schema(List.of(SCHEMA.getFields().get(0)));
    try (IntVector numbers = new IntVector("numbers", memory.allocator());
        VarCharVector names = new VarCharVector("names", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      numbers.setSafe(0, 42);
      numbers.setValueCount(1);
      names.setSafe(0, "red".getBytes(StandardCharsets.UTF_8));
      names.setValueCount(1);
      DictionaryProvider.MapDictionaryProvider atOpen =
          new DictionaryProvider.MapDictionaryProvider();
      atOpen.put(new Dictionary(numbers, new DictionaryEncoding(7, false, INT32)));
      DictionaryProvider.MapDictionaryProvider atWrite =
          new DictionaryProvider.MapDictionaryProvider();
      atWrite.put(new Dictionary(names, new DictionaryEncoding(7, false, INT32)));
      ((IntVector) root.getVector("colour")).setSafe(0, 0);
      root.setRowCount(1);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.defaults(), atOpen)) {
        ParquetFileException e =
            assertThrows(ParquetFileException.class, () -> writer.write(root, atWrite));
        assertEquals(
            "Cannot write Parquet file at "
                + file
                + ", column colour, row 0: vector VarCharVector, expected a"
                + " BaseFixedWidthVector",
            e.getMessage());
      }
    }
  }

  @Test
  void dictionaryEncodedSchemaWithoutDictionariesIsRefusedNamingTheField() {
    Path file = dir.resolve("none.parquet");
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowWriter.open(file, SCHEMA, WriteOptions.defaults()));
    assertEquals(
        "Unsupported Parquet data at "
            + file
            + ", column colour: dictionary-encoded Arrow field without dictionaries (open the"
            + " writer with the batches' DictionaryProvider)",
        e.getMessage());
  }

  /** argv: file; per row group its rows, the column's encodings and its dictionary; then rows. */
  private static final String PAGE_DICTIONARIES =
      PyRender.PRELUDE
          + """
          f = pq.ParquetFile(sys.argv[1])
          for g in range(f.metadata.num_row_groups):
              c = f.metadata.row_group(g).column(0)
              chunk = f.read_row_group(g).column(0).chunks[0]
              print(json.dumps([c.num_values, sorted(c.encodings), c.has_dictionary_page,
                                [v[:3] for v in chunk.dictionary.to_pylist()[:3]],
                                len(chunk.dictionary)]))
          dump(pq.read_table(sys.argv[1]))
          """;

  /**
   * The Arrow dictionary is the page dictionary, even past the size at which a dictionary built
   * from values falls back to PLAIN; repeated and null dictionary values are folded, and indices
   * are written against the folded page. A delta (the dictionary grows) keeps the row group, a
   * replaced dictionary starts one.
   */
  @Test
  void theArrowDictionaryIsThePageDictionaryAcrossDeltasAndReplacements() {
    Path file = dir.resolve("pages.parquet");
    Schema schema = new Schema(List.of(SCHEMA.getFields().get(0)));
    String pad = "x".repeat(600);
    List<String> expected = new ArrayList<>();
    try (VarCharVector values = new VarCharVector("values", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, new DictionaryEncoding(7, false, INT32)));
      IntVector colour = (IntVector) root.getVector("colour");
      WriteOptions options = WriteOptions.builder().dictionaryPageBytes(64 << 10).build();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options, provider)) {
        // batch 1: 2000 long values (1.2 MB, past the 64 KiB a value-built dictionary may
        // reach), with a repeat ("v0" again at 2000) and a null at 2001
        String[] first = new String[2002];
        for (int i = 0; i < 2000; i++) {
          first[i] = "v" + i + pad;
        }
        first[2000] = first[0];
        fill(values, first);
        int[] rows1 = {0, 2000, 1999, 2001, 5};
        writeRows(root, colour, rows1, first, expected);
        writer.write(root, provider);
        // batch 2: a delta, two values appended
        String[] grown = java.util.Arrays.copyOf(first, 2004);
        grown[2002] = "new";
        grown[2003] = "v7" + pad;
        fill(values, grown);
        writeRows(root, colour, new int[] {2002, 2003, 7}, grown, expected);
        writer.write(root, provider);
        // batch 3: replaced
        String[] other = {"a", "b"};
        fill(values, other);
        writeRows(root, colour, new int[] {1, 0, 1}, other, expected);
        writer.write(root, provider);
      }
    }
    List<String> out = ReaderLevelsTest.pyarrowRows(PAGE_DICTIONARIES, file.toString());
    assertEquals(
        "[8,[\"BIT_PACKED\",\"PLAIN_DICTIONARY\",\"RLE\"],true,[\"v0x\",\"v1x\",\"v2x\"],2001]",
        out.get(0));
    assertEquals(
        "[3,[\"BIT_PACKED\",\"PLAIN_DICTIONARY\",\"RLE\"],true,[\"a\",\"b\"],2]", out.get(1));
    Rows.assertSame(expected, out.subList(2, out.size()));
    Rows.assertSame(expected, ArrowJson.readAll(file, memory.allocator(), ReadOptions.defaults()));
  }

  private static void fill(VarCharVector values, String[] content) {
    values.reset();
    for (int i = 0; i < content.length; i++) {
      if (content[i] == null) {
        values.setNull(i);
      } else {
        values.setSafe(i, content[i].getBytes(StandardCharsets.UTF_8));
      }
    }
    values.setValueCount(content.length);
  }

  private static void writeRows(
      VectorSchemaRoot root, IntVector colour, int[] rows, String[] values, List<String> expected) {
    for (int i = 0; i < rows.length; i++) {
      colour.setSafe(i, rows[i]);
      expected.add(ArrowJson.canonical("{\"colour\":" + json(values[rows[i]]) + "}"));
    }
    root.setRowCount(rows.length);
  }

  private static String json(String s) {
    return s == null ? "null" : ArrowJson.MAPPER.valueToTree(s).toString();
  }
}
