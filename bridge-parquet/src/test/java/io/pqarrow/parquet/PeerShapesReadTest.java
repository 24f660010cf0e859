package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Type;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files other readers open whose shapes no writer of ours makes, each built here with the shape of
 * the parquet-testing file it stands for, and read with the values pyarrow reads (or, where pyarrow
 * refuses the file, those parquet-java and Spark read).
 */
class PeerShapesReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String PYARROW_ROWS =
      PyRender.PRELUDE + "dump(pq.read_table(sys.argv[1]))\n";

  private static byte[] b(int... bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = (byte) bytes[i];
    }
    return out;
  }

  private static PageHeader v2(
      int values, int nulls, int repBytes, int defBytes, int compressed, int uncompressed) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, uncompressed, compressed);
    h.setData_page_header_v2(
        new DataPageHeaderV2(values, nulls, values, Encoding.PLAIN, defBytes, repBytes));
    return h;
  }

  private List<String> read(Path file, int batchRows) {
    return ArrowJson.readAll(
        file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build());
  }

  private void assertReadsAsPyarrow(Path file, int rows) {
    List<String> expected = ReaderLevelsTest.pyarrowRows(PYARROW_ROWS, file.toString());
    assertEquals(rows, expected.size(), String.valueOf(expected));
    for (int batchRows : new int[] {1, 2, 1024}) {
      Rows.assertSame("batches of " + batchRows, expected, read(file, batchRows));
    }
  }

  /**
   * {@code datapage_v2_empty_datapage.snappy.parquet}: a SNAPPY v2 page of nulls whose compressed
   * body is its definition levels alone, no codec stream after them.
   */
  private HandBuiltFile emptyV2Body(int uncompressed) throws IOException {
    // Definition levels (bit width 1): one RLE run of 3 zeros, header 3 << 1.
    byte[] levels = b(0x06, 0x00);
    return new HandBuiltFile(
            List.of("value"),
            Type.FLOAT,
            1,
            HandBuiltFile.element("value", FieldRepetitionType.OPTIONAL, Type.FLOAT))
        .codec(CompressionCodec.SNAPPY)
        .page(v2(3, 3, 0, levels.length, levels.length, uncompressed), levels)
        .counts(3, 3);
  }

  @Test
  void aV2PageWithNoCompressedValuesReadsAsItsRowsOfNulls() throws IOException {
    Path file = emptyV2Body(2).write(dir.resolve("empty-v2.parquet"));
    assertReadsAsPyarrow(file, 3);
    assertEquals(
        List.of("{\"value\":null}", "{\"value\":null}", "{\"value\":null}"), read(file, 7));
  }

  @Test
  void aV2PageWithNoCompressedValuesWhoseHeaderPromisesValueBytesIsStillAnError()
      throws IOException {
    Path file = emptyV2Body(6).write(dir.resolve("empty-v2-lying.parquet"));
    ParquetFileException e = assertThrows(ParquetFileException.class, () -> read(file, 1024));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertTrue(
        e.getMessage().endsWith("the page decompresses to 2 bytes, not the 6 its header gives"),
        e.getMessage());
  }

  /**
   * {@code rle_boolean_encoding.parquet}: an optional boolean column (no repetition levels) whose
   * GZIP v2 page carries 2 bytes of repetition levels all the same, then definition levels and
   * RLE-encoded values.
   */
  private HandBuiltFile strayRepetitionLevels(int repBytes) throws IOException {
    // Rows: true null false true true null false true.
    byte[] rep = b(0x02, 0x00); // what the writer put there: an RLE run of one 0
    byte[] def = b(0x03, 0xDD); // one bit-packed group: 1 0 1 1 1 0 1 1 (LSB first)
    // RLE booleans: a 4-byte LE length, then one bit-packed group: 1 0 1 1 0 1 (0 0 padding).
    byte[] values = b(0x02, 0x00, 0x00, 0x00, 0x03, 0x2D);
    ByteArrayOutputStream gzip = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
      out.write(values);
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(rep);
    body.write(def);
    gzip.writeTo(body);
    PageHeader h = v2(8, 2, repBytes, def.length, body.size(), 4 + values.length);
    h.getData_page_header_v2().setEncoding(Encoding.RLE);
    return new HandBuiltFile(
            List.of("b"),
            Type.BOOLEAN,
            1,
            HandBuiltFile.element("b", FieldRepetitionType.OPTIONAL, Type.BOOLEAN))
        .codec(CompressionCodec.GZIP)
        .page(h, body.toByteArray())
        .counts(8, 8);
  }

  @Test
  void levelBytesForALevelWhoseMaximumIsZeroAreSkipped() throws IOException {
    Path file = strayRepetitionLevels(2).write(dir.resolve("stray-rep.parquet"));
    assertReadsAsPyarrow(file, 8);
    assertEquals(
        List.of(
            "{\"b\":true}",
            "{\"b\":null}",
            "{\"b\":false}",
            "{\"b\":true}",
            "{\"b\":true}",
            "{\"b\":null}",
            "{\"b\":false}",
            "{\"b\":true}"),
        read(file, 1024));
  }

  @Test
  void strayLevelBytesThatRunPastThePageAreStillAnError() throws IOException {
    Path file = strayRepetitionLevels(400).write(dir.resolve("stray-rep-long.parquet"));
    ParquetFileException e = assertThrows(ParquetFileException.class, () -> read(file, 1024));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertTrue(e.getMessage().contains("level lengths 400 and 2 do not fit"), e.getMessage());
  }

  /**
   * {@code incorrect_map_schema.parquet}: a MAP whose key is OPTIONAL (Hive's and old Spark's
   * writers), written by parquet-java. Rows 0-4; row {@code nullKeyRow} has one entry without a
   * key, or none when -1.
   */
  private Path optionalKeyMap(int nullKeyRow) throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message hive_schema { optional group my_map (MAP) { repeated group key_value {"
                + " optional binary key (UTF8); optional binary value (UTF8); } } }");
    Path file = dir.resolve("optional-key-" + nullKeyRow + ".parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < 5; i++) {
        Group row = groups.newGroup();
        if (i != 1) {
          Group map = row.addGroup("my_map");
          for (int k = 0; k < i; k++) {
            Group kv = map.addGroup("key_value");
            if (!(i == nullKeyRow && k == 1)) {
              kv.append("key", "k" + k);
            }
            if (k != 2) {
              kv.append("value", "v" + i + k);
            }
          }
        }
        writer.write(row);
      }
    }
    return file;
  }

  @Test
  void aMapWithAnOptionalKeyReadsWithNonNullKeys() throws IOException {
    Path file = optionalKeyMap(-1);
    // A map renders as its [key, value] pairs.
    List<String> expected =
        List.of(
            "{\"my_map\":[]}",
            "{\"my_map\":null}",
            "{\"my_map\":[[\"k0\",\"v20\"],[\"k1\",\"v21\"]]}",
            "{\"my_map\":[[\"k0\",\"v30\"],[\"k1\",\"v31\"],[\"k2\",null]]}",
            "{\"my_map\":[[\"k0\",\"v40\"],[\"k1\",\"v41\"],[\"k2\",null],[\"k3\",\"v43\"]]}");
    for (int batchRows : new int[] {1, 2, 1024}) {
      Rows.assertSame("batches of " + batchRows, expected, read(file, batchRows));
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      Field key =
          reader
              .getVectorSchemaRoot()
              .getSchema()
              .findField("my_map")
              .getChildren()
              .get(0)
              .getChildren()
              .get(0);
      assertEquals("key", key.getName());
      assertFalse(key.isNullable());
    }
  }

  @Test
  void aNullKeyOfAnOptionalKeyMapIsRefusedNamingItsRow() throws IOException {
    Path file = optionalKeyMap(3);
    for (int batchRows : new int[] {1, 2, 1024}) {
      ParquetFileException e =
          assertThrows(ParquetFileException.class, () -> read(file, batchRows));
      assertEquals(
          "Invalid Parquet file at "
              + file
              + ", column my_map.key_value.key, row 3: null map key (the file's MAP key is"
              + " OPTIONAL; an Arrow map key is never null)",
          e.getMessage(),
          "batches of " + batchRows);
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals(3, e.location().row());
    }
  }
}
