package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriterHooks;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Variant columns: DuckDB's files, shredded and not, read into {@link VariantVector} with the
 * values pyarrow reads; our rewrite read by DuckDB as the same Variants; a group without {@code
 * value}; and invalid shredded data.
 */
class VariantFilesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  /** argv: file, shredding size (-1 disables shredding). */
  static final String DUCKDB_VARIANTS =
      PyRender.PRELUDE
          + """
          import duckdb
          f, shred = sys.argv[1], sys.argv[2]
          con = duckdb.connect()
          con.sql('SET variant_minimum_shredding_size = ' + shred)
          con.sql('''
            COPY (
              SELECT i,
                CASE WHEN i % 7 = 0 THEN NULL
                     WHEN i % 5 = 0 THEN '"text"'::JSON::VARIANT
                     WHEN i % 11 = 0 THEN 'null'::JSON::VARIANT
                     ELSE ('{"a":' || i || ',"b":[1,' || i || ',null],"c":{"d":"x' || i || '"}}')::JSON::VARIANT
                END AS v,
                CASE WHEN i % 3 = 0 THEN 'true'::JSON::VARIANT ELSE (i * 2)::VARIANT END AS w
              FROM range(700) t(i)
            ) TO 'FILE' (FORMAT parquet, ROW_GROUP_SIZE 256)'''.replace('FILE', f))
          dump(pq.read_table(f))
          """;

  /** argv: file; prints each Variant as JSON, as DuckDB sees it. */
  static final String DUCKDB_AS_JSON =
      """
      import sys, duckdb
      for row in duckdb.sql("SELECT i, v::JSON, w::JSON FROM read_parquet('%s') ORDER BY i" % sys.argv[1]).fetchall():
          print(row)
      """;

  // DuckDB 1.5.6 always shreds Variants it writes to Parquet (variant_minimum_shredding_size and
  // the SHREDDING copy option do not turn it off), so its files are shredded; the unshredded
  // layout is covered by unshreddedVariantsWrittenHereReadInDuckDbAndBackHere.
  /** argv: file; 6000 rows whose shredded object fields are all null after row 999. */
  static final String DUCKDB_TRAILING_NON_OBJECTS =
      PyRender.PRELUDE
          + """
          import duckdb
          f = sys.argv[1]
          duckdb.sql('''
            COPY (
              SELECT i,
                CASE WHEN i < 1000 THEN ('{"a":' || i || ',"b":"x' || i || '"}')::JSON::VARIANT
                     ELSE ('"s' || i || '"')::JSON::VARIANT
                END AS v
              FROM range(6000) t(i)
            ) TO 'FILE' (FORMAT parquet, ROW_GROUP_SIZE 6000)'''.replace('FILE', f))
          dump(pq.read_table(f))
          """;

  // The shredded-pair check once read validity bits past the buffers of object-field children
  // that had only null slots at the end of a large batch (IndexOutOfBounds at 4096 rows).
  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {4096, 5000, 8192})
  void shreddedObjectFieldsNullToTheEndOfALargeBatchRead(int batchRows) {
    Path file = dir.resolve("trailing.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(DUCKDB_TRAILING_NON_OBJECTS, file.toString());
    assertEquals(6000, expected.size());
    Rows.assertSame(
        expected,
        ArrowJson.readAll(
            file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
  }

  @ParameterizedTest(name = "shredding size {0}")
  @ValueSource(strings = {"1"})
  void duckDbVariantsReadIntoVariantVectorsWithPyarrowsValues(String shredding) {
    Path file = dir.resolve("variants.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(DUCKDB_VARIANTS, file.toString(), shredding);
    assertEquals(700, expected.size());
    Rows.assertSame(
        expected,
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(7).build()));
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      assertTrue(reader.loadNextBatch());
      FieldVector v = reader.getVectorSchemaRoot().getVector("v");
      VariantVector variant = assertInstanceOf(VariantVector.class, v);
      assertTrue(variant.typedValueVector() != null, "typed_value present");
    }
  }

  @ParameterizedTest(name = "shredding size {0}")
  @ValueSource(strings = {"1"})
  void ourRewriteOfDuckDbVariantsReadsBackInDuckDbAsTheSameValues(String shredding) {
    Path file = dir.resolve("variants.parquet");
    ReaderLevelsTest.pyarrowRows(DUCKDB_VARIANTS, file.toString(), shredding);
    Path ours = dir.resolve("ours.parquet");
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                file, memory.allocator(), ReadOptions.builder().batchRows(100).build());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(ours, reader.schema(), WriteOptions.defaults())) {
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot());
      }
    }
    var python = io.pqarrow.testing.PythonEnv.require();
    String theirs = python.run(DUCKDB_AS_JSON, file.toString());
    assertTrue(theirs.lines().count() == 700, "DuckDB read 700 rows");
    assertEquals(theirs, python.run(DUCKDB_AS_JSON, ours.toString()));
  }

  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00};
  private static final byte[] INT8_FIVE = {0x0C, 0x05};

  private static Field variant(String name, Field... children) {
    return new Field(name, new FieldType(true, VariantType.INSTANCE, null), List.of(children));
  }

  /** A shredded pair {@code name} (not nullable) whose {@code typed_value} is int64. */
  private static Field int64Pair(String name) {
    return new Field(
        name,
        FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("typed_value", new ArrowType.Int(64, true))));
  }

  /**
   * A Variant {@code v} whose {@code typed_value} of {@code type} has the one child {@code child}.
   */
  private static Schema typedVariant(ArrowType type, Field child) {
    return new Schema(
        List.of(
            variant(
                "v",
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.nullable("value", ArrowType.Binary.INSTANCE),
                new Field("typed_value", FieldType.nullable(type), List.of(child)))));
  }

  private Path writeHandBuilt(String parquetSchema, Schema arrow, boolean[] valueSet)
      throws Exception {
    Path file = dir.resolve("hand.parquet");
    MessageType parquet = MessageTypeParser.parseMessageType(parquetSchema);
    SchemaMapping mapping = TestMappings.pair(arrow, parquet);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer = WriterHooks.open(file, mapping, WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      VarBinaryVector metadata = (VarBinaryVector) v.metadataVector();
      VarBinaryVector value = (VarBinaryVector) v.valueVector();
      BigIntVector typed = (BigIntVector) v.typedValueVector();
      for (int i = 0; i < valueSet.length; i++) {
        v.getUnderlyingVector().setIndexDefined(i);
        metadata.setSafe(i, EMPTY_METADATA);
        typed.setSafe(i, 100 + i);
        if (value != null && valueSet[i]) {
          value.setSafe(i, INT8_FIVE);
        }
      }
      root.setRowCount(valueSet.length);
      writer.write(root);
    }
    return file;
  }

  @Test
  void shreddedGroupWithoutValueReadsWithAnAllNullValue() throws Exception {
    Schema arrow =
        new Schema(
            List.of(
                variant(
                    "v",
                    Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                    Field.nullable("typed_value", new ArrowType.Int(64, true)))));
    Path file =
        writeHandBuilt(
            "message m { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional int64 typed_value; } }",
            arrow,
            new boolean[3]);
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      Field v = reader.schema().findField("v");
      assertEquals(
          List.of("metadata", "value", "typed_value"),
          v.getChildren().stream().map(Field::getName).toList());
      assertTrue(reader.loadNextBatch());
      VariantVector vector = (VariantVector) reader.getVectorSchemaRoot().getVector("v");
      assertEquals(3, vector.valueVector().getValueCount());
      assertEquals(3, vector.valueVector().getNullCount());
      assertEquals(102L, ((BigIntVector) vector.typedValueVector()).get(2));
    }
  }

  @Test
  void valueAndPrimitiveTypedValueBothSetIsAnErrorNamingColumnAndRow() throws Exception {
    Schema arrow =
        new Schema(
            List.of(
                variant(
                    "v",
                    Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                    Field.nullable("value", ArrowType.Binary.INSTANCE),
                    Field.nullable("typed_value", new ArrowType.Int(64, true)))));
    boolean[] valueSet = new boolean[40];
    valueSet[33] = true;
    Path file =
        writeHandBuilt(
            "message m { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional int64 typed_value; } }",
            arrow,
            valueSet);
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(16).build())) {
      assertTrue(reader.loadNextBatch());
      assertTrue(reader.loadNextBatch());
      ParquetFileException e = assertThrows(ParquetFileException.class, reader::loadNextBatch);
      assertEquals(
          "Invalid Parquet file at "
              + file
              + ", column v, row 33: shredded Variant has both value and typed_value,"
              + " and typed_value is not an object",
          e.getMessage());
      assertEquals(33, e.row());
    }
  }

  @Test
  void bothSetInAShreddedArrayElementNamesTheRowOfThatElement() throws Exception {
    Field element = int64Pair("element");
    Schema arrow = typedVariant(ArrowType.List.INSTANCE, element);
    MessageType parquet =
        MessageTypeParser.parseMessageType(
            "message m { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value (LIST) {"
                + " repeated group list { required group element {"
                + " optional binary value; optional int64 typed_value; } } } } }");
    Path file = dir.resolve("array.parquet");
    int rows = 150;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer =
            WriterHooks.open(file, TestMappings.pair(arrow, parquet), WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      ListVector list = (ListVector) v.typedValueVector();
      StructVector elements = (StructVector) list.getDataVector();
      VarBinaryVector elementValue = (VarBinaryVector) elements.getChild("value");
      BigIntVector elementTyped = (BigIntVector) elements.getChild("typed_value");
      int e = 0;
      for (int i = 0; i < rows; i++) {
        v.getUnderlyingVector().setIndexDefined(i);
        ((VarBinaryVector) v.metadataVector()).setSafe(i, EMPTY_METADATA);
        list.startNewValue(i);
        for (int k = 0; k < 2; k++, e++) {
          elements.setIndexDefined(e);
          elementTyped.setSafe(e, e);
          if (i == 130 && k == 1) {
            elementValue.setSafe(e, INT8_FIVE);
          }
        }
        list.endValue(i, 2);
      }
      elements.setValueCount(e);
      root.setRowCount(rows);
      writer.write(root);
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(100).build())) {
      assertTrue(reader.loadNextBatch());
      ParquetFileException e = assertThrows(ParquetFileException.class, reader::loadNextBatch);
      assertEquals(130, e.row(), e.getMessage());
      assertTrue(e.getMessage().contains("column v.typed_value.list.element,"), e.getMessage());
    }
  }

  @Test
  void disallowedTypedValueTypeIsAnErrorNamingFileAndColumn() throws Exception {
    Schema arrow =
        new Schema(
            List.of(
                variant(
                    "v",
                    Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                    Field.nullable("value", ArrowType.Binary.INSTANCE),
                    Field.nullable("typed_value", new ArrowType.Int(64, true)))));
    Path file =
        writeHandBuilt(
            "message m { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional int64 typed_value (INTEGER(64,false)); } }",
            arrow,
            new boolean[2]);
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults()));
    assertTrue(e.getMessage().startsWith("Invalid Parquet file at " + file + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("v.typed_value"), e.getMessage());
  }

  /**
   * Unshredded Variants built here byte by byte, written through the real schema mapping; DuckDB
   * must read them as the JSON they encode, and we must read back the same bytes.
   */
  @Test
  void unshreddedVariantsWrittenHereReadInDuckDbAndBackHere() {
    // metadata: version 1, one key "a" (header 01, size 1, offsets 0 1, "a")
    byte[] metadata = {0x01, 0x01, 0x00, 0x01, 'a'};
    byte[][] values = {
      // int8 7: primitive header (type 3 << 2 | 0), payload 07
      {0x0C, 0x07},
      // short string "hi": header (2 << 2 | 1), bytes
      {0x09, 'h', 'i'},
      // object {"a": true}: header 0x02 (object, 1-byte ids and offsets), 1 field, id 0,
      // offsets 0 1, value: primitive true (1 << 2 | 0)
      {0x02, 0x01, 0x00, 0x00, 0x01, 0x04},
      null,
      // Variant null: primitive type 0
      {0x00},
    };
    Schema arrow = new Schema(List.of(VariantType.unshreddedField("v", true)));
    Path file = dir.resolve("unshredded.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, arrow, WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      for (int i = 0; i < values.length; i++) {
        if (values[i] == null) {
          v.getUnderlyingVector().setNull(i);
          continue;
        }
        v.getUnderlyingVector().setIndexDefined(i);
        ((VarBinaryVector) v.metadataVector()).setSafe(i, metadata);
        ((VarBinaryVector) v.valueVector()).setSafe(i, values[i]);
      }
      root.setRowCount(values.length);
      writer.write(root);
    }
    String json =
        io.pqarrow.testing.PythonEnv.require()
            .run(
                "import sys, duckdb\n"
                    + "for r in duckdb.sql(\"SELECT v IS NULL, v::JSON FROM read_parquet('%s')\""
                    + " % sys.argv[1]).fetchall(): print('SQL NULL' if r[0] else r[1])",
                file.toString());
    // DuckDB reads a Variant null (00) as SQL NULL too; the read-back below checks the byte.
    assertEquals(
        List.of("7", "\"hi\"", "{\"a\":true}", "SQL NULL", "SQL NULL"), json.lines().toList());
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      assertTrue(reader.loadNextBatch());
      VariantVector v = (VariantVector) reader.getVectorSchemaRoot().getVector("v");
      for (int i = 0; i < values.length; i++) {
        if (values[i] == null) {
          assertTrue(v.isNull(i));
        } else {
          assertArrayEquals(metadata, ((VarBinaryVector) v.metadataVector()).get(i));
          assertArrayEquals(values[i], ((VarBinaryVector) v.valueVector()).get(i));
        }
      }
    }
  }

  /** A Variant vector without {@code value} is still written with a (null) {@code value} field. */
  @Test
  void variantWithoutValueIsWrittenWithAnAllNullValueField() {
    Schema arrow =
        new Schema(
            List.of(
                variant(
                    "v",
                    Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                    Field.nullable("typed_value", new ArrowType.Int(64, true)))));
    Path file = dir.resolve("novalue.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, arrow, WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      for (int i = 0; i < 4; i++) {
        v.getUnderlyingVector().setIndexDefined(i);
        ((VarBinaryVector) v.metadataVector()).setSafe(i, EMPTY_METADATA);
        ((BigIntVector) v.typedValueVector()).setSafe(i, 10 * i);
      }
      root.setRowCount(4);
      writer.write(root);
    }
    String out =
        io.pqarrow.testing.PythonEnv.require()
            .run(
                "import sys, duckdb, pyarrow.parquet as pq\n"
                    + "print([f.name for f in pq.read_schema(sys.argv[1]).field('v').type])\n"
                    + "print(duckdb.sql(\"SELECT list(v::JSON) FROM read_parquet('%s')\""
                    + " % sys.argv[1]).fetchall()[0][0])",
                file.toString());
    assertEquals("['metadata', 'value', 'typed_value']\n['0', '10', '20', '30']\n", out);
  }

  @Test
  void shreddedObjectFieldWithValueAndPrimitiveTypedValueIsAnErrorNamingFieldAndRow() {
    Field a = int64Pair("a");
    Schema arrow = typedVariant(ArrowType.Struct.INSTANCE, a);
    MessageType parquet =
        MessageTypeParser.parseMessageType(
            "message m { optional group v (VARIANT(1)) { required binary metadata;"
                + " optional binary value; optional group typed_value { required group a {"
                + " optional binary value; optional int64 typed_value; } } } }");
    // metadata with the one key "a"
    byte[] metadata = {0x01, 0x01, 0x00, 0x01, 'a'};
    Path file = dir.resolve("nested-conflict.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer =
            WriterHooks.open(file, TestMappings.pair(arrow, parquet), WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      org.apache.arrow.vector.complex.StructVector typed =
          (org.apache.arrow.vector.complex.StructVector) v.typedValueVector();
      org.apache.arrow.vector.complex.StructVector field =
          (org.apache.arrow.vector.complex.StructVector) typed.getChild("a");
      for (int i = 0; i < 8; i++) {
        v.getUnderlyingVector().setIndexDefined(i);
        ((VarBinaryVector) v.metadataVector()).setSafe(i, metadata);
        typed.setIndexDefined(i);
        field.setIndexDefined(i);
        ((BigIntVector) field.getChild("typed_value")).setSafe(i, i);
        if (i == 5) {
          ((VarBinaryVector) field.getChild("value")).setSafe(i, INT8_FIVE);
        }
      }
      root.setRowCount(8);
      writer.write(root);
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      ParquetFileException e = assertThrows(ParquetFileException.class, reader::loadNextBatch);
      assertEquals(
          "Invalid Parquet file at "
              + file
              + ", column v.typed_value.a, row 5: shredded Variant has both value and"
              + " typed_value, and typed_value is not an object",
          e.getMessage());
    }
  }
}
