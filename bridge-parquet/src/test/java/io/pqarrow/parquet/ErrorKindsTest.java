package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ReaderHooks;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.SchemaException;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.StoredArrowSchema;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Representative Parquet and schema failures carry the kind and the location parts their site
 * knows, so that a caller needs no message text to tell them apart.
 */
class ErrorKindsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowType DOUBLE =
      new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  private static final Schema LONGS =
      new Schema(List.of(Field.notNullable("a", new ArrowType.Int(64, true))));

  /** Ten rows of {@code a: int64 not null}, written by our own writer. */
  private Path longs() {
    Path file = dir.resolve("longs.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(LONGS, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, LONGS, WriteOptions.defaults())) {
      BigIntVector a = (BigIntVector) root.getVector("a");
      for (int i = 0; i < 10; i++) {
        a.setSafe(i, i);
      }
      root.setRowCount(10);
      writer.write(root);
    }
    return file;
  }

  private ParquetFileException readFails(Path file, ReadOptions options) {
    return readFails(file, options, memory.allocator());
  }

  private static ParquetFileException readFails(
      Path file, ReadOptions options, BufferAllocator allocator) {
    return assertThrows(
        ParquetFileException.class,
        () -> {
          try (ParquetArrowReader r = ParquetArrowReader.open(file, allocator, options)) {
            while (r.loadNextBatch()) {
              // read everything
            }
          }
        });
  }

  private static void assertLocation(
      BridgeException e, String file, String column, int rowGroup, long row, long byteOffset) {
    assertEquals(
        new ErrorLocation(file, column, rowGroup, row, byteOffset), e.location(), e.getMessage());
  }

  @Test
  void aMissingFileIsIoNamingTheFile() {
    Path file = dir.resolve("nope.parquet");
    ParquetFileException e = readFails(file, ReadOptions.defaults());
    assertEquals(ErrorKind.IO, e.kind());
    assertLocation(e, file.toString(), null, -1, -1, -1);
    assertEquals("no such file", e.problem());
  }

  @Test
  void aDirectoryIsIo() {
    ParquetFileException e = readFails(dir, ReadOptions.defaults());
    assertEquals(ErrorKind.IO, e.kind());
    assertLocation(e, dir.toString(), null, -1, -1, -1);
  }

  @Test
  void aFileWithoutTheMagicIsInvalidDataAtByteZero() throws Exception {
    Path file = Files.writeString(dir.resolve("text.parquet"), "id,name\n1,ada\n2,grace\n");
    ParquetFileException e = readFails(file, ReadOptions.defaults());
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertLocation(e, file.toString(), null, -1, -1, 0);
    assertEquals(
        "Invalid Parquet file at " + file + ": not a Parquet file (no PAR1 magic at byte 0)",
        e.getMessage());
  }

  @Test
  void aTruncatedFileIsInvalidDataAtItsLastFourBytes() throws Exception {
    Path file = longs();
    byte[] bytes = Files.readAllBytes(file);
    int size = bytes.length - 3;
    Files.write(file, Arrays.copyOf(bytes, size));
    ParquetFileException e = readFails(file, ReadOptions.defaults());
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertLocation(e, file.toString(), null, -1, -1, size - 4);
  }

  @Test
  void anEncryptedFooterIsUnsupported() throws Exception {
    Path file = longs();
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 1] = 'E';
    Files.write(file, bytes);
    ParquetFileException e = readFails(file, ReadOptions.defaults());
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertLocation(e, file.toString(), null, -1, -1, bytes.length - 4);
  }

  @Test
  void aDamagedPageIsInvalidDataInItsRowGroup() throws Exception {
    Path file = longs();
    byte[] bytes = Files.readAllBytes(file);
    // the first page header of column a starts right after the 4-byte magic
    Arrays.fill(bytes, 4, 24, (byte) 0xFF);
    Files.write(file, bytes);
    ParquetFileException e = readFails(file, ReadOptions.defaults());
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(file.toString(), e.location().file());
    assertEquals(0, e.location().rowGroup(), e.getMessage());
    assertEquals("a", e.location().column(), e.getMessage());
    // The page path names the page and where its header starts.
    assertTrue(
        e.getMessage().contains("row group 0, page 0 at file byte 4: invalid page header"),
        e.getMessage());
    assertEquals(4, e.location().byteOffset(), e.getMessage());
  }

  @Test
  void anUnknownColumnIsNotFoundNamingTheColumn() {
    Path file = longs();
    ParquetFileException e =
        readFails(file, ReadOptions.builder().columns(List.of("nope")).build());
    assertEquals(ErrorKind.NOT_FOUND, e.kind());
    assertLocation(e, file.toString(), "nope", -1, -1, -1);
    assertEquals(
        "Invalid Parquet file at " + file + ", column nope: no such column", e.getMessage());
    assertEquals("no such column", e.problem());
  }

  @Test
  void anUnknownRowGroupIsNotFoundNamingTheRowGroup() {
    Path file = longs();
    ParquetFileException e = readFails(file, ReadOptions.builder().rowGroups(List.of(9)).build());
    assertEquals(ErrorKind.NOT_FOUND, e.kind());
    assertLocation(e, file.toString(), null, 9, -1, -1);
    assertEquals(
        "Invalid Parquet file at " + file + ": no row group 9 (the file has 1)", e.getMessage());
  }

  @Test
  void dataTheSchemaForbidsIsInvalidDataAtItsColumnAndRow() {
    Path file = dir.resolve("lists.parquet");
    Schema lists =
        new Schema(
            List.of(
                new Field(
                    "fl",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(Field.nullable("element", DOUBLE)))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(lists, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, lists, WriteOptions.defaults())) {
      ListVector fl = (ListVector) root.getVector("fl");
      Float8Vector values =
          (Float8Vector) fl.addOrGetVector(FieldType.nullable(DOUBLE)).getVector();
      int[] sizes = {3, 2, 3};
      int v = 0;
      for (int row = 0; row < sizes.length; row++) {
        fl.startNewValue(row);
        for (int i = 0; i < sizes[row]; i++) {
          values.setSafe(v++, i);
        }
        fl.endValue(row, sizes[row]);
      }
      values.setValueCount(v);
      root.setRowCount(sizes.length);
      writer.write(root);
    }
    // read back as FixedSizeList(3): row 1 holds 2 elements
    Map<String, String> stored =
        Map.of(
            StoredArrowSchema.KEY,
            StoredArrowSchema.encode(
                new Schema(
                    List.of(
                        new Field(
                            "fl",
                            FieldType.nullable(new ArrowType.FixedSizeList(3)),
                            List.of(Field.nullable("element", DOUBLE)))))));
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> {
              try (ParquetArrowReader r =
                  ReaderHooks.open(
                      file,
                      memory.allocator(),
                      ReadOptions.defaults(),
                      (schema, kv) ->
                          SchemaMapper.toArrow(schema, stored, ReadOptions.defaults().mapping()))) {
                while (r.loadNextBatch()) {
                  // read everything
                }
              }
            });
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertLocation(e, file.toString(), "fl", -1, 1, -1);
    assertEquals("list of 2 elements where Arrow FixedSizeList(3) needs exactly 3", e.problem());
  }

  @Test
  void anAllocatorTooSmallIsOutOfMemoryNotInvalid() {
    Path file = longs();
    try (BufferAllocator tiny = memory.allocator().newChildAllocator("tiny", 0, 64)) {
      ParquetFileException e = readFails(file, ReadOptions.defaults(), tiny);
      assertEquals(ErrorKind.OUT_OF_MEMORY, e.kind());
      assertEquals(file.toString(), e.location().file());
      assertTrue(e.getMessage().startsWith("Cannot read Parquet file at " + file), e.getMessage());
    }
  }

  @Test
  void anInvalidParquetSchemaIsInvalidSchemaAtItsPath() {
    MessageType message =
        new MessageType(
            "m",
            new GroupType(
                Repetition.OPTIONAL,
                "a",
                new PrimitiveType(Repetition.OPTIONAL, PrimitiveTypeName.INT32, "s")
                    .withLogicalTypeAnnotation(LogicalTypeAnnotation.stringType())));
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toArrow(message, Map.of(), ReadOptions.defaults().mapping()));
    assertEquals(ErrorKind.INVALID_SCHEMA, e.kind());
    assertEquals(ErrorLocation.inColumn("a.s"), e.location());
    assertEquals("Invalid Parquet type at a.s: STRING on INT32", e.getMessage());
  }

  @Test
  void anUnsupportedArrowTypeIsUnsupportedAtItsPathAndSoIsTheWriterFailingOnIt() {
    // a union below the top level has no Parquet form (a top-level one has, ParquetFormsTest)
    Schema union =
        new Schema(
            List.of(
                new Field(
                    "l",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(
                        new Field(
                            "u",
                            FieldType.nullable(
                                new ArrowType.Union(UnionMode.Sparse, new int[] {0, 1})),
                            List.of(
                                Field.nullable("i", new ArrowType.Int(64, true)),
                                Field.nullable("s", ArrowType.Utf8.INSTANCE)))))));
    SchemaException schema =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toParquet(union, WriteOptions.defaults().mapping()));
    assertEquals(ErrorKind.UNSUPPORTED, schema.kind());
    assertEquals(ErrorLocation.inColumn("l.list.element"), schema.location());

    Path file = dir.resolve("union.parquet");
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowWriter.open(file, union, WriteOptions.defaults()).close());
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    // the file error names the file; the schema error it wraps names the column
    assertLocation(e, file.toString(), null, -1, -1, -1);
    assertEquals(
        "l.list.element",
        assertInstanceOf(SchemaException.class, e.getCause()).location().column());
    assertEquals(
        "Cannot write Parquet file at " + file + ": " + schema.getMessage(), e.getMessage());
  }

  @Test
  void aNullWhereTheSchemaForbidsOneIsInvalidDataAtItsRow() {
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(LONGS, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, LONGS, WriteOptions.defaults())) {
      BigIntVector a = (BigIntVector) root.getVector("a");
      a.setSafe(0, 1);
      a.setNull(1);
      root.setRowCount(2);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertLocation(e, file.toString(), "a", -1, 1, -1);
    }
  }

  @Test
  void writingToAClosedWriterIsAnInvalidArgument() {
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(LONGS, memory.allocator())) {
      ParquetArrowWriter writer = ParquetArrowWriter.open(file, LONGS, WriteOptions.defaults());
      writer.close();
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
      assertLocation(e, file.toString(), null, -1, -1, -1);
      assertFalse(e.location().hasRow());
    }
  }

  @Test
  void unsupportedDataWordsItsProblemToStandAlone() {
    ParquetFileException e =
        ParquetFileException.unsupported(Path.of("/x.parquet"), "l", "list without a node");
    assertEquals(
        "Unsupported Parquet data at /x.parquet, column l: list without a node", e.getMessage());
    assertEquals("unsupported list without a node", e.problem());
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
  }
}
