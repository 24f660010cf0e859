package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.BlockedExecutor;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Column chunks read page by page here give parquet-java's pages, and damage is named. */
class ColumnChunkPagesTest {
  @TempDir Path dir;

  /** argv: file, codec, data page version, dictionary (1/0). */
  private static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      random.seed(5)
      n = 7000
      t = pa.table({
          'i': pa.array([None if i % 7 == 0 else i * 3 for i in range(n)], pa.int64()),
          's': pa.array([None if i % 5 == 0 else 'v%d' % random.randrange(300) for i in range(n)]),
          'd': pa.array([random.random() for i in range(n)]),
          'b': pa.array([i % 3 == 0 for i in range(n)]),
          'l': pa.array([[j for j in range(i % 4)] for i in range(n)], pa.list_(pa.int32())),
      })
      pq.write_table(t, sys.argv[1], compression=sys.argv[2], data_page_version=sys.argv[3],
                     use_dictionary=sys.argv[4] == '1', write_page_checksum=True,
                     row_group_size=3000, data_page_size=1500)
      """;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    for (String codec : List.of("NONE", "SNAPPY", "GZIP", "ZSTD", "LZ4")) {
      for (String version : List.of("1.0", "2.0")) {
        out.add(Arguments.of(codec, version, codec.equals("SNAPPY") || codec.equals("NONE")));
      }
    }
    out.add(Arguments.of("ZSTD", "2.0", true));
    out.add(Arguments.of("NONE", "1.0", false));
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, data page {1}, dictionary {2}")
  @MethodSource("files")
  void pagesReadByRangeEqualParquetJavasPages(String codec, String version, boolean dictionary)
      throws IOException {
    Path file = dir.resolve("f.parquet");
    PythonEnv.require().run(WRITE, file.toString(), codec, version, dictionary ? "1" : "0");
    int pagesSeen = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options())) {
      List<ColumnDescriptor> columns = reader.getFileMetaData().getSchema().getColumns();
      for (int rg = 0; rg < reader.getRowGroups().size(); rg++) {
        PageReadStore store = reader.readRowGroup(rg);
        for (int c = 0; c < columns.size(); c++) {
          ColumnChunkMetaData chunk = reader.getRowGroups().get(rg).getColumns().get(c);
          PageReader expected = store.getPageReader(columns.get(c));
          try (ColumnChunkPages pages = pages(file, "c" + c)) {
            pages.startChunk(chunk, rg);
            DictionaryPage dict = expected.readDictionaryPage();
            if (dict != null) {
              assertTrue(pages.next());
              assertEquals(ColumnChunkPages.Kind.DICTIONARY, pages.kind());
              assertEquals(dict.getDictionarySize(), pages.valueCount());
              assertArrayEquals(dict.getBytes().toByteArray(), bytes(pages.data()));
            }
            for (DataPage page = expected.readPage(); page != null; page = expected.readPage()) {
              assertTrue(pages.next(), "page missing in row group " + rg + ", column " + c);
              assertEquals(page.getValueCount(), pages.valueCount());
              if (page instanceof DataPageV1 v1) {
                assertEquals(ColumnChunkPages.Kind.DATA_V1, pages.kind());
                assertEquals(v1.getValueEncoding().name(), pages.encoding().name());
                assertArrayEquals(v1.getBytes().toByteArray(), bytes(pages.data()));
              } else {
                DataPageV2 v2 = (DataPageV2) page;
                assertEquals(ColumnChunkPages.Kind.DATA_V2, pages.kind());
                assertEquals(v2.getDataEncoding().name(), pages.encoding().name());
                ByteArrayOutputStream whole = new ByteArrayOutputStream();
                whole.write(v2.getRepetitionLevels().toByteArray());
                whole.write(v2.getDefinitionLevels().toByteArray());
                whole.write(v2.getData().toByteArray());
                assertEquals((int) v2.getRepetitionLevels().size(), pages.repLevelBytes());
                assertEquals((int) v2.getDefinitionLevels().size(), pages.defLevelBytes());
                assertArrayEquals(whole.toByteArray(), bytes(pages.data()));
              }
              pagesSeen++;
            }
            assertFalse(pages.next(), "more pages than parquet-java's");
          }
        }
      }
    }
    assertTrue(pagesSeen > 20, "only " + pagesSeen + " pages");
  }

  @Test
  void aBadPageCrcNamesColumnRowGroupPageAndOffset() throws IOException {
    Path file = write();
    ColumnChunkMetaData chunk = chunk(file, 1, 0);
    long last = chunk.getStartingPos() + chunk.getTotalSize() - 1;
    flip(file, last);
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(chunk, 1);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> readAll(pages));
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals("s", e.location().column());
      assertEquals(1, e.location().rowGroup());
      assertTrue(e.location().byteOffset() > chunk.getStartingPos(), e.getMessage());
      assertTrue(
          e.getMessage()
              .contains(
                  ", column s: row group 1, page "
                      + pages.pageIndex()
                      + " at file byte "
                      + e.location().byteOffset()
                      + ": CRC mismatch: the header says "),
          e.getMessage());
    }
    // With the check off, the damaged page is handed out.
    try (ColumnChunkPages pages =
        new ColumnChunkPages(file, "s", new LocalInputFile(file).newStream(), codecs(), false)) {
      pages.startChunk(chunk, 1);
      readAll(pages);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"SNAPPY", "ZSTD", "GZIP"})
  void aCompressedBodyThatDoesNotDecompressIsNamedAtItsFirstByte(String codec) throws IOException {
    Path file = dir.resolve(codec + ".parquet");
    PythonEnv.require().run(WRITE, file.toString(), codec, "1.0", "0");
    ColumnChunkMetaData chunk = chunk(file, 1, 0);
    long body;
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(chunk, 1);
      assertTrue(pages.next());
      assertTrue(pages.next());
      assertEquals(ColumnChunkPages.Kind.DATA_V1, pages.kind());
      body = pages.bodyOffset();
    }
    // The first byte of the body: Snappy's length varint, ZSTD's frame magic, GZIP's magic.
    flip(file, body);
    try (ColumnChunkPages pages =
        new ColumnChunkPages(file, "s", new LocalInputFile(file).newStream(), codecs(), false)) {
      pages.startChunk(chunk, 1);
      assertTrue(pages.next());
      ParquetFileException e = assertThrows(ParquetFileException.class, pages::next);
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals("s", e.location().column());
      assertEquals(1, e.location().rowGroup());
      assertEquals(body, e.location().byteOffset());
      String m = e.getMessage();
      assertTrue(m.contains("row group 1, page 1 at file byte " + body + ": "), m);
      assertTrue(
          m.contains("cannot decompress the page (" + codec + "): ")
              || m.contains(": the page decompresses to "),
          m);
    }
  }

  @Test
  void aHeaderCutByTheChunkEndIsNamed() throws IOException {
    Path file = write();
    ColumnChunkMetaData chunk = chunk(file, 0, 0);
    long second = pageOffset(file, chunk, 1);
    ColumnChunkMetaData cut = resized(chunk, second + 3 - chunk.getStartingPos());
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(cut, 0);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> readAll(pages));
      assertEquals(second, e.location().byteOffset());
      assertTrue(
          e.getMessage()
              .endsWith(
                  "row group 0, page 1 at file byte "
                      + second
                      + ": page header runs past the column chunk (3 bytes left)"),
          e.getMessage());
    }
  }

  @Test
  void aBodyPastTheChunkEndIsNamed() throws IOException {
    Path file = write();
    ColumnChunkMetaData chunk = chunk(file, 0, 0);
    long second = pageOffset(file, chunk, 1);
    long third = pageOffset(file, chunk, 2);
    ColumnChunkMetaData cut = resized(chunk, third - 1 - chunk.getStartingPos());
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(cut, 0);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> readAll(pages));
      assertEquals(second, e.location().byteOffset());
      assertTrue(
          e.getMessage()
              .contains("row group 0, page 1 at file byte " + second + ": compressed size "),
          e.getMessage());
      assertTrue(e.getMessage().contains(" runs past the column chunk"), e.getMessage());
    }
  }

  @Test
  void aFileCutShortIsAnErrorNotAnEndOfChunk() throws IOException {
    Path file = write();
    ColumnChunkMetaData chunk = chunk(file, 1, 0);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(chunk.getStartingPos() + chunk.getTotalSize() / 2);
    }
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(chunk, 1);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> readAll(pages));
      assertEquals(1, e.location().rowGroup());
      assertTrue(e.location().hasByteOffset(), e.getMessage());
    }
  }

  @Test
  void aHeaderClaimingAHugePageIsRejectedBeforeAnythingIsAllocated() throws IOException {
    PageHeader header = new PageHeader(PageType.DATA_PAGE, 1 << 29, 4);
    header.setData_page_header(new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Util.writePageHeader(header, bytes);
    bytes.write(new byte[4]);
    Path file = dir.resolve("huge.bin");
    Files.write(file, bytes.toByteArray());
    ColumnChunkMetaData chunk =
        ColumnChunkMetaData.get(
            ColumnPath.get("x"),
            Types.required(PrimitiveTypeName.INT32).named("x"),
            CompressionCodecName.SNAPPY,
            null,
            Set.of(org.apache.parquet.column.Encoding.PLAIN),
            null,
            0,
            0,
            1,
            bytes.size(),
            100);
    try (ColumnChunkPages pages = pages(file, "x")) {
      pages.startChunk(chunk, 0);
      ParquetFileException e = assertThrows(ParquetFileException.class, pages::next);
      assertEquals(0, e.location().byteOffset());
      assertTrue(
          e.getMessage()
              .endsWith(
                  "row group 0, page 0 at file byte 0: uncompressed size 536870912 is negative or"
                      + " larger than the column chunk allows (67108864 bytes)"),
          e.getMessage());
    }
  }

  /**
   * With an executor the same pages come out, byte for byte, through seeks (which drop a page read
   * ahead) and chunk changes; a read waiting on a blocked executor is done by the caller, and
   * close() does not wait for the executor.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"NONE", "SNAPPY", "ZSTD"})
  void pagesReadAheadAreThePagesReadWhenAskedFor(String codec) throws Exception {
    Path file = dir.resolve("ahead-" + codec + ".parquet");
    PythonEnv.require()
        .run(
            """
            import sys, random
            import pyarrow as pa, pyarrow.parquet as pq
            random.seed(9); n = 7000
            t = pa.table({'x': pa.array(range(n), pa.int64()),
                          'd': pa.array([None if i % 9 == 0 else random.random() for i in range(n)])})
            pq.write_table(t, sys.argv[1], compression=sys.argv[2], data_page_version='2.0',
                           write_page_checksum=True, row_group_size=3000, data_page_size=1500,
                           write_batch_size=100, use_dictionary=False)
            """,
            file.toString(), codec);
    List<String> plain = new ArrayList<>();
    List<String> ahead = new ArrayList<>();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try (ColumnChunkPages a = pages(file, "d");
        ColumnChunkPages b = pagesAhead(file, "d", executor)) {
      for (int rowGroup : new int[] {1, 0, 2}) {
        ColumnChunkMetaData chunk = chunk(file, rowGroup, 0);
        for (ColumnChunkPages pages : List.of(a, b)) {
          List<String> out = pages == a ? plain : ahead;
          pages.startChunk(chunk, rowGroup);
          // Two pages, then a jump over the third to the fourth (the second was read ahead).
          for (int k = 0; k < 2; k++) {
            assertTrue(pages.next());
            out.add(describe(pages));
          }
          long fourth = pageOffset(file, chunk, 3);
          pages.seek(fourth, 3);
          while (pages.next()) {
            out.add(describe(pages));
          }
          out.add("end " + pages.pageIndex());
        }
      }
      assertTrue(plain.size() > 9, plain.toString());
      assertEquals(plain, ahead);
      assertEquals(a.pagesRead(), b.pagesRead());
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
    // A blocked executor: every read falls to the caller; close() returns at once.
    try (BlockedExecutor blocked = new BlockedExecutor()) {
      ColumnChunkPages c = pagesAhead(file, "d", blocked.executor());
      c.startChunk(chunk(file, 1, 0), 1);
      List<String> out = new ArrayList<>();
      while (c.next()) {
        out.add(describe(c));
      }
      assertFalse(c.next());
      assertTrue(out.size() > 3, out.toString());
      c.startChunk(chunk(file, 2, 0), 2);
      assertTrue(c.next());
      assertTimeoutPreemptively(Duration.ofSeconds(10), c::close);
      assertThrows(IllegalStateException.class, c::next);
    }
  }

  private static String describe(ColumnChunkPages pages) {
    return pages.rowGroup()
        + "/"
        + pages.pageIndex()
        + "@"
        + pages.pageOffset()
        + " "
        + pages.kind()
        + " "
        + pages.valueCount()
        + " "
        + java.util.Arrays.hashCode(bytes(pages.data()));
  }

  private static long pageOffset(Path file, ColumnChunkMetaData chunk, int index)
      throws IOException {
    try (ColumnChunkPages pages = pages(file, "s")) {
      pages.startChunk(chunk, 0);
      for (int i = 0; i <= index; i++) {
        assertTrue(pages.next());
      }
      assertEquals(index, pages.pageIndex());
      return pages.pageOffset();
    }
  }

  private static ColumnChunkMetaData resized(ColumnChunkMetaData c, long size) {
    return ColumnChunkMetaData.get(
        c.getPath(),
        c.getPrimitiveType(),
        c.getCodec(),
        c.getEncodingStats(),
        c.getEncodings(),
        c.getStatistics(),
        c.getFirstDataPageOffset(),
        c.getDictionaryPageOffset(),
        c.getValueCount(),
        size,
        c.getTotalUncompressedSize());
  }

  private Path write() {
    Path file = dir.resolve("d.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "NONE", "1.0", "0");
    return file;
  }

  private static ColumnChunkMetaData chunk(Path file, int rowGroup, int column) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options())) {
      ColumnChunkMetaData c = reader.getRowGroups().get(rowGroup).getColumns().get(column + 1);
      assertNotNull(c);
      return c;
    }
  }

  private static void flip(Path file, long offset) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offset);
      int b = f.read();
      f.seek(offset);
      f.write(b ^ 0x5A);
    }
  }

  private static int readAll(ColumnChunkPages pages) {
    int n = 0;
    while (pages.next()) {
      n++;
    }
    return n;
  }

  private static ColumnChunkPages pages(Path file, String column) throws IOException {
    return new ColumnChunkPages(file, column, new LocalInputFile(file).newStream(), codecs(), true);
  }

  private static ColumnChunkPages pagesAhead(Path file, String column, ExecutorService executor)
      throws IOException {
    return new ColumnChunkPages(
        file.toString(), column, new LocalInputFile(file).newStream(), codecs(), true, executor);
  }

  private static CompressionCodecFactory codecs() {
    return HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0);
  }

  private static ParquetReadOptions options() {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    return ParquetReadOptions.builder(conf)
        .withCodecFactory(HadoopCodecs.newFactory(conf, 0))
        .usePageChecksumVerification(true)
        .build();
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
