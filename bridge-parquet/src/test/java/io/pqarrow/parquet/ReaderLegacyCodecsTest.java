package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lzo.LzoCompressor;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The codecs parquet-java reads only with Hadoop's native-backed codecs or a native library: LZ4
 * (codec 5) as parquet-java and Hadoop frame it and as a bare block, LZO in Hadoop's framing, and
 * Brotli as pyarrow and DuckDB write it; and every codec DuckDB writes.
 */
class ReaderLegacyCodecsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id; optional binary s (STRING); optional double d; }");

  private static final int ROWS = 20_000;

  /** How a test compressor lays out a page body. */
  enum Framing {
    /** Hadoop's block framing, blocks of at most 64 KiB, one chunk each. */
    HADOOP,
    /** Hadoop's block framing, each block split into two chunks compressed apart. */
    HADOOP_TWO_CHUNKS,
    /** One bare block (LZ4 only: what older Arrow C++ wrote under codec LZ4). */
    BARE
  }

  @ParameterizedTest(name = "LZ4, {0}")
  @EnumSource(Framing.class)
  void lz4PagesReadInEveryFramingWritersUse(Framing framing) throws IOException {
    Path file = write(CompressionCodecName.LZ4, framing);
    assertEquals(expectedRows(), read(file));
  }

  @ParameterizedTest(name = "LZO, {0}")
  @EnumSource(
      value = Framing.class,
      names = {"HADOOP", "HADOOP_TWO_CHUNKS"})
  void lzoPagesInHadoopFramingRead(Framing framing) throws IOException {
    Path file = write(CompressionCodecName.LZO, framing);
    assertEquals(expectedRows(), read(file));
  }

  /** pyarrow reads parquet-java's Hadoop-framed LZ4 too: its values are ours. */
  @Test
  void pyarrowReadsTheHadoopFramedLz4FileAsWeDo() throws IOException {
    Path file = write(CompressionCodecName.LZ4, Framing.HADOOP);
    String script =
        PyRender.PRELUDE
            + """
            dump(pq.read_table(sys.argv[1]))
            """;
    List<String> expected =
        PythonEnv.require().run(script, file.toString()).lines().map(ArrowJson::canonical).toList();
    assertEquals(ROWS, expected.size());
    Rows.assertSame(
        expected,
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(999).build()));
  }

  /** A corrupt LZ4 body is an error naming the page and codec, in our words. */
  @Test
  void aCorruptLz4BodyIsNamed() throws IOException {
    Path file = write(CompressionCodecName.LZ4, Framing.HADOOP);
    byte[] bytes = Files.readAllBytes(file);
    // The first page body follows its header near the start of the file: overwrite a stretch of
    // it (past the magic and the header's first bytes) so that neither framing decodes.
    Arrays.fill(bytes, 40, 400, (byte) 0xFF);
    Files.write(file, bytes);
    ParquetFileException e = assertThrows(ParquetFileException.class, () -> read(file));
    assertTrue(e.getMessage().contains("cannot decompress the page (LZ4)"), e.getMessage());
    assertTrue(e.getMessage().contains("row group 0, page 0"), e.getMessage());
    assertTrue(!e.getMessage().contains("Exception"), e.getMessage());
  }

  /** argv: file, codec; DuckDB's COPY in that codec, then the codec the footer names and rows. */
  private static final String DUCKDB =
      PyRender.PRELUDE
          + """
          import duckdb
          con = duckdb.connect()
          con.execute("create table t as select range::bigint as id, "
                      "case when range % 7 = 3 then null else 'value ' || (range * 7919 % 1000) end as s, "
                      "case when range % 5 = 0 then null else range / 3.0 end::double as d "
                      "from range(20000)")
          con.execute(f"copy t to '{sys.argv[1]}' (format parquet, compression {sys.argv[2]}, row_group_size 7000)")
          print(pq.ParquetFile(sys.argv[1]).metadata.row_group(0).column(0).compression)
          dump(pq.read_table(sys.argv[1]))
          """;

  @ParameterizedTest(name = "DuckDB {0}")
  @ValueSource(strings = {"uncompressed", "snappy", "gzip", "zstd", "brotli", "lz4", "lz4_raw"})
  void duckdbFilesInEveryCodecRead(String codec) {
    Path file = dir.resolve("duck-" + codec + ".parquet");
    List<String> lines = PythonEnv.require().run(DUCKDB, file.toString(), codec).lines().toList();
    List<String> expected =
        lines.subList(1, lines.size()).stream().map(ArrowJson::canonical).toList();
    assertEquals(ROWS, expected.size(), lines.get(0));
    Rows.assertSame(
        expected,
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(4096).build()));
  }

  private List<String> read(Path file) {
    List<String> rows = new ArrayList<>();
    for (String r :
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(777).build())) {
      rows.add(r);
    }
    return rows;
  }

  private List<String> expectedRows() throws IOException {
    Path file = write(CompressionCodecName.UNCOMPRESSED, Framing.HADOOP);
    return read(file);
  }

  private static String text(int i) {
    return i % 7 == 3 ? null : "value " + (i * 7919 % 1000) + "x".repeat(i % 13);
  }

  private Path write(CompressionCodecName codec, Framing framing) throws IOException {
    Path file = dir.resolve(codec + "-" + framing + "-" + System.nanoTime() + ".parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(SCHEMA)
            .withCompressionCodec(codec)
            .withCodecFactory(new TestCodecs(framing))
            .withPageSize(100_000)
            .withDictionaryEncoding(false)
            .withRowGroupSize(400_000L)
            .withPageWriteChecksumEnabled(false)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup();
        g.add("id", (long) i * 31);
        if (text(i) != null) {
          g.add("s", text(i));
        }
        if (i % 5 != 0) {
          g.add("d", i / 3.0);
        }
        writer.write(g);
      }
    }
    return file;
  }

  /** Compressors that frame LZ4 and LZO bodies the ways writers do; the test never decompresses. */
  private record TestCodecs(Framing framing) implements CompressionCodecFactory {
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
      return new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
          byte[] raw = bytes.toByteArray();
          return BytesInput.from(
              switch (codec) {
                case UNCOMPRESSED -> raw;
                case LZ4 -> frame(raw, true);
                case LZO -> frame(raw, false);
                default -> throw new IllegalArgumentException(codec.toString());
              });
        }

        @Override
        public CompressionCodecName getCodecName() {
          return codec;
        }

        @Override
        public void release() {}
      };
    }

    private byte[] frame(byte[] raw, boolean lz4) {
      if (framing == Framing.BARE) {
        return block(raw, 0, raw.length, lz4);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int blockSize = 64 * 1024;
      for (int at = 0; at < raw.length; at += blockSize) {
        int n = Math.min(blockSize, raw.length - at);
        out.writeBytes(ByteBuffer.allocate(4).putInt(n).array());
        int[] cuts =
            framing == Framing.HADOOP_TWO_CHUNKS && n > 1
                ? new int[] {at, at + n / 2, at + n}
                : new int[] {at, at + n};
        for (int c = 0; c + 1 < cuts.length; c++) {
          byte[] chunk = block(raw, cuts[c], cuts[c + 1] - cuts[c], lz4);
          out.writeBytes(ByteBuffer.allocate(4).putInt(chunk.length).array());
          out.writeBytes(chunk);
        }
      }
      return out.toByteArray();
    }

    private static byte[] block(byte[] raw, int from, int length, boolean lz4) {
      if (lz4) {
        Lz4Compressor c = new Lz4Compressor();
        byte[] out = new byte[c.maxCompressedLength(length)];
        return Arrays.copyOf(out, c.compress(raw, from, length, out, 0, out.length));
      }
      LzoCompressor c = new LzoCompressor();
      byte[] out = new byte[c.maxCompressedLength(length)];
      return Arrays.copyOf(out, c.compress(raw, from, length, out, 0, out.length));
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
      throw new UnsupportedOperationException("the test writes only");
    }

    @Override
    public void release() {}
  }
}
