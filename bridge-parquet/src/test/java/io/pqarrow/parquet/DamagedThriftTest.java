package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Footers and page headers that Thrift cannot decode, damaged the way parquet-testing's {@code
 * bad_data/} files are, refused in one line that names the structure, field, column and byte, and
 * no Java class, struct dump or schema dump.
 */
class DamagedThriftTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** One required int32 column v of 2 rows, PLAIN in one v1 page. */
  private static HandBuiltFile twoInts() throws IOException {
    byte[] values = {1, 0, 0, 0, 2, 0, 0, 0};
    PageHeader h = new PageHeader(PageType.DATA_PAGE, values.length, values.length);
    h.setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    return new HandBuiltFile(
            List.of("v"),
            Type.INT32,
            1,
            HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
        .page(h, values)
        .counts(2, 2);
  }

  private ParquetFileException refused(Path file) {
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () ->
                ArrowJson.readAll(
                    file, memory.allocator(), ReadOptions.builder().batchRows(1024).build()));
    String problem = e.problem();
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertFalse(problem.contains("org.apache") || problem.contains("Struct"), problem);
    assertFalse(problem.contains("\n"), problem);
    assertTrue(problem.length() <= 200, problem.length() + ": " + problem);
    return e;
  }

  private static int indexOf(byte[] bytes, int... pattern) {
    for (int i = 0; i + pattern.length <= bytes.length; i++) {
      boolean match = true;
      for (int k = 0; k < pattern.length && match; k++) {
        match = (bytes[i + k] & 0xFF) == pattern[k];
      }
      if (match) {
        return i;
      }
    }
    throw new AssertionError("pattern not found");
  }

  @Test
  void aPageHeaderFieldOfTheWrongThriftTypeIsNamedWithItsByte() throws IOException {
    // ARROW-RS-GH-6229-DICTHEADER.parquet: num_values written as an i16.
    HandBuiltFile built = twoInts();
    byte[] footer = built.footer();
    Path file = built.write(dir.resolve("good.parquet"), footer);
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    // data_page_header (field 5, a struct: 0x2C), then its num_values (field 1, an i32: 0x15).
    int at = indexOf(bytes, 0x2C, 0x15) + 1;
    bytes[at] = 0x14; // an i16
    Path damaged = dir.resolve("dict-header.parquet");
    java.nio.file.Files.write(damaged, bytes);
    ParquetFileException e = refused(damaged);
    assertEquals(
        "row group 0, page 0 at file byte 4: invalid page header:"
            + " PageHeader.data_page_header.num_values (field 1) is an i16, not an i32, at file"
            + " byte "
            + at,
        e.problem());
    assertEquals("v", e.column());
  }

  @Test
  void aFooterEnumOutOfRangeIsNamedWithItsColumnAndByte() throws IOException {
    // PARQUET-1481.parquet: a type that is no physical type.
    HandBuiltFile built = twoInts();
    byte[] footer = built.footer();
    // ColumnMetaData: type (field 1, an i32: 0x15) INT32 (zigzag 2), then encodings (0x19).
    int at = indexOf(footer, 0x15, 0x02, 0x19);
    footer[at + 1] = 0x10; // 8
    Path file = built.write(dir.resolve("type.parquet"), footer);
    long footerStart = java.nio.file.Files.size(file) - 8 - footer.length;
    ParquetFileException e = refused(file);
    assertEquals(
        "invalid Parquet footer: FileMetaData.row_groups[0].columns[0].meta_data.type (column v)"
            + " holds 8, not one of BOOLEAN INT32 INT64 INT96 FLOAT DOUBLE BYTE_ARRAY"
            + " FIXED_LEN_BYTE_ARRAY, at file byte "
            + (footerStart + at),
        e.problem());
  }

  @Test
  void aFooterCutShortIsNamed() throws IOException {
    HandBuiltFile built = twoInts();
    byte[] footer = built.footer();
    byte[] cut = java.util.Arrays.copyOf(footer, footer.length - 12);
    Path file = built.write(dir.resolve("cut.parquet"), cut);
    ParquetFileException e = refused(file);
    assertTrue(
        e.problem().startsWith("invalid Parquet footer: FileMetaData.")
            && e.problem().contains(" runs past the end of the FileMetaData bytes, at file byte "),
        e.problem());
  }

  @Test
  void aRequiredFooterFieldMissingIsNamed() throws IOException {
    HandBuiltFile built = twoInts();
    org.apache.parquet.format.FileMetaData f =
        Util.readFileMetaData(new java.io.ByteArrayInputStream(built.footer()));
    // Thrift's writer refuses to leave a required field out: write num_rows as another field id.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(f, out);
    byte[] footer = out.toByteArray();
    // FileMetaData.num_rows: field 3, an i64 (0x16 after the schema list); renumber it to 13.
    int at = lastFieldHeader(footer, 0x16);
    footer[at] = (byte) 0xA6; // delta 10: field 13, an i64, which no reader knows
    Path file = built.write(dir.resolve("missing.parquet"), footer);
    ParquetFileException e = refused(file);
    assertTrue(
        e.problem()
            .startsWith(
                "invalid Parquet footer: FileMetaData.num_rows (field 3, required)"
                    + " is missing, at file byte "),
        e.problem());
  }

  /** The schema list's end: the i64 field header 0x16 that follows the last schema element. */
  private static int lastFieldHeader(byte[] footer, int header) {
    // FileMetaData: version (0x15, varint), schema (0x19 list ...), then num_rows (0x16).
    // The schema elements end with a stop byte 0x00 followed by 0x16.
    return indexOf(footer, 0x00, header) + 1;
  }

  @Test
  void aColumnChunkNamingNoColumnOfTheSchemaIsNamed() throws IOException {
    // ARROW-GH-41317.parquet: a chunk's path_in_schema names a column the schema lacks.
    HandBuiltFile built =
        new HandBuiltFile(
                List.of("w"),
                Type.INT32,
                1,
                HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
            .counts(2, 2);
    byte[] values = {1, 0, 0, 0, 2, 0, 0, 0};
    PageHeader h = new PageHeader(PageType.DATA_PAGE, values.length, values.length);
    h.setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    built.page(h, values);
    Path file = built.write(dir.resolve("unknown-column.parquet"));
    ParquetFileException e = refused(file);
    assertEquals(
        "invalid Parquet footer: row group 0, column chunk 0: its path_in_schema w names no column"
            + " of the schema (chunk 0 of the schema is v)",
        e.problem());
  }

  @Test
  void aFooterParquetJavaRefusesForAReasonNotDiagnosedIsStillRefusedInOurWords()
      throws IOException {
    // The Thrift decodes and every chunk names a column, but the root claims two children and the
    // schema holds one: parquet-java fails building the schema, and nothing here names that case.
    byte[] values = {1, 0, 0, 0, 2, 0, 0, 0};
    PageHeader h = new PageHeader(PageType.DATA_PAGE, values.length, values.length);
    h.setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    Path file =
        new HandBuiltFile(
                List.of("v"),
                Type.INT32,
                2,
                HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
            .page(h, values)
            .counts(2, 2)
            .write(dir.resolve("root-children.parquet"));
    ParquetFileException e = refused(file);
    assertTrue(e.problem().startsWith("invalid Parquet footer: the FileMetaData of "), e.problem());
    assertTrue(e.problem().contains(" bytes at byte "), e.problem());
    assertFalse(e.problem().contains("Exception"), e.problem());
  }

  /** A file of column v whose one page is {@code header} then the two values' 8 bytes. */
  private Path onePage(String name, PageHeader header) throws IOException {
    byte[] values = {1, 0, 0, 0, 2, 0, 0, 0};
    return new HandBuiltFile(
            List.of("v"),
            Type.INT32,
            1,
            HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
        .page(header, values)
        .counts(2, 2)
        .write(dir.resolve(name));
  }

  private static PageHeader dataPage(int size, int numValues) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, size, size);
    h.setData_page_header(
        new DataPageHeader(numValues, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    return h;
  }

  @Test
  void aPageHeaderCutShortIsNamedWithItsByte() throws IOException {
    // The chunk ends inside the page header: its Thrift runs past the chunk's bytes.
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    Util.writePageHeader(dataPage(8, 2), header);
    byte[] cut = java.util.Arrays.copyOf(header.toByteArray(), 7);
    Path file =
        new HandBuiltFile(
                List.of("v"),
                Type.INT32,
                1,
                HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
            .raw(cut)
            .counts(2, 2)
            .write(dir.resolve("cut-header.parquet"));
    ParquetFileException e = refused(file);
    assertEquals(
        "row group 0, page 0 at file byte 4: page header runs past the column chunk (7 bytes left)",
        e.problem());
    assertEquals("v", e.column());
  }

  @Test
  void aPageTypeThatIsNoPageTypeIsNamedWithItsByte() throws IOException {
    Path file = onePage("type-id.parquet", dataPage(8, 2));
    byte[] bytes = java.nio.file.Files.readAllBytes(file);
    // The header at byte 4 opens with its type (field 1, an i32: 0x15), DATA_PAGE (zigzag 0).
    assertEquals(0x15, bytes[4]);
    bytes[5] = 0x12; // 9
    java.nio.file.Files.write(file, bytes);
    ParquetFileException e = refused(file);
    assertEquals(
        "row group 0, page 0 at file byte 4: invalid page header: PageHeader.type holds 9, not one"
            + " of DATA_PAGE INDEX_PAGE DICTIONARY_PAGE DATA_PAGE_V2, at file byte 4",
        e.problem());
    assertEquals("v", e.column());
  }

  @Test
  void aNegativePageSizeIsNamed() throws IOException {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, 8, -8);
    h.setData_page_header(new DataPageHeader(2, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    ParquetFileException e = refused(onePage("negative-size.parquet", h));
    // parquet-java's own check refuses it in Java's words; the diagnosis names the field.
    assertEquals(
        "row group 0, page 0 at file byte 4: invalid page header:"
            + " PageHeader.compressed_page_size holds -8, a negative size, at file byte 8",
        e.problem());
    assertEquals("v", e.column());
  }

  @Test
  void anAbsurdValueCountInAPageHeaderIsNamed() throws IOException {
    // The page and the footer claim 2,000,000,000 values; the page's body holds 8 bytes.
    byte[] values = {1, 0, 0, 0, 2, 0, 0, 0};
    Path file =
        new HandBuiltFile(
                List.of("v"),
                Type.INT32,
                1,
                HandBuiltFile.element("v", FieldRepetitionType.REQUIRED, Type.INT32))
            .page(dataPage(8, 2_000_000_000), values)
            .counts(2_000_000_000L, 2_000_000_000L)
            .write(dir.resolve("absurd-count.parquet"));
    ParquetFileException e = refused(file);
    assertEquals(
        "row group 0, page 0 (header at file byte 4), byte 0 of its data: PLAIN values 0..1023 of"
            + " 4 bytes each: 4096 bytes needed but only 8 remain",
        e.problem());
    assertEquals("v", e.column());
  }

  @Test
  void aNegativeValueCountInAPageHeaderIsNamed() throws IOException {
    // ARROW-RS-GH-6229-DICTHEADER.parquet's title: a page's value count below zero.
    ParquetFileException e = refused(onePage("negative-count.parquet", dataPage(8, -2)));
    assertEquals(
        "row group 0, page 0 (header at file byte 4), byte 0 of its data: value count -2 is"
            + " negative",
        e.problem());
    assertEquals("v", e.column());
  }
}
