package io.pqarrow.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.Limits;
import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetSource} over any {@link InputFile} and {@link ChannelInputFile}: the rows are those
 * of the local file, the footer is read once however many readers (on however many threads) use it,
 * and errors name the source by its display name.
 */
class ParquetSourceTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  static Path file;

  /** argv: path. 6 row groups of 500 rows and one of 37; flat, nested and dictionary columns. */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      rnd = random.Random(3); n = 3037
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          's': pa.array([None if i % 7 == 0 else 'v%d' % rnd.randrange(50) for i in range(n)]),
          'l': pa.array([[rnd.randrange(9) for _ in range(i % 4)] for i in range(n)],
                        pa.list_(pa.int32())),
          'st': pa.array([{'a': i, 'b': str(i)} for i in range(n)]),
      })
      pq.write_table(t, sys.argv[1], row_group_size=500, use_dictionary=['s'])
      """;

  @BeforeAll
  static void writeFile() {
    file = dir.resolve("source.parquet");
    PythonEnv.require().run(WRITE, file.toString());
  }

  static List<String> rows(ParquetArrowReader reader) {
    List<String> out = new ArrayList<>();
    while (reader.loadNextBatch()) {
      for (String r : ArrowJson.rows(reader.getVectorSchemaRoot(), reader)) {
        out.add(ArrowJson.canonical(r));
      }
    }
    return out;
  }

  private List<String> pathRows(ReadOptions options) {
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      return rows(reader);
    }
  }

  @Test
  void channelsReadTheRowsOfTheFile() throws IOException {
    ReadOptions options = ReadOptions.builder().batchRows(300).readDictionary(List.of("s")).build();
    List<String> expected = pathRows(options);
    assertEquals(3037, expected.size());
    byte[] bytes = Files.readAllBytes(file);
    try (FileChannel fc = FileChannel.open(file, StandardOpenOption.READ);
        ByteArrayReadableSeekableByteChannel mem =
            new ByteArrayReadableSeekableByteChannel(bytes)) {
      for (ChannelInputFile input :
          List.of(new ChannelInputFile(fc, "fc"), new ChannelInputFile(mem, "mem://a"))) {
        ParquetSource source = ParquetSource.open(input, Limits.defaults());
        assertEquals(input.toString(), source.name());
        assertEquals(7, source.rowGroups().size());
        assertEquals(3037, source.rowCount());
        try (ParquetArrowReader reader = source.newReader(memory.allocator(), options)) {
          assertEquals(expected, rows(reader));
        }
      }
    }
  }

  @Test
  void manyThreadsShareOneSource() throws Exception {
    CountingChannel counting = new CountingChannel(file);
    ParquetSource source =
        ParquetSource.open(new ChannelInputFile(counting, file.toString()), Limits.defaults());
    long readsAfterOpen = counting.footerReads.get();
    assertTrue(readsAfterOpen > 0, "opening reads the footer");
    List<List<String>> expected = new ArrayList<>();
    for (int rg = 0; rg < 7; rg++) {
      expected.add(pathRows(ReadOptions.builder().rowGroups(List.of(rg)).threads(1).build()));
    }
    BufferAllocator allocator = memory.allocator();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int task = 0; task < 28; task++) {
        int rg = task % 7;
        results.add(
            pool.submit(
                () -> {
                  ReadOptions options =
                      ReadOptions.builder().rowGroups(List.of(rg)).batchRows(128).build();
                  try (ParquetArrowReader reader = source.newReader(allocator, options)) {
                    return expected.get(rg).equals(rows(reader));
                  }
                }));
      }
      for (Future<Boolean> r : results) {
        assertTrue(r.get());
      }
    } finally {
      pool.shutdown();
      counting.close();
    }
    assertEquals(readsAfterOpen, counting.footerReads.get(), "readers re-read the footer");
  }

  @Test
  void theMappingIsComputedOncePerOptions() {
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    ReadOptions options = ReadOptions.defaults();
    assertTrue(source.mapping(options.mapping()) == source.mapping(options.mapping()));
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), options)) {
      assertTrue(reader.mapping() == source.mapping(options.mapping()));
    }
  }

  @Test
  void errorsNameTheSource() throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    byte[] truncated = Arrays.copyOf(bytes, bytes.length - 3);
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () ->
                ParquetSource.open(
                    new ChannelInputFile(
                        new ByteArrayReadableSeekableByteChannel(truncated), "mem://cut"),
                    Limits.defaults()));
    assertTrue(
        e.getMessage().startsWith("Invalid Parquet file at mem://cut: truncated or damaged"),
        e.getMessage());
    assertEquals("mem://cut", e.file());

    ParquetSource source =
        ParquetSource.open(
            new ChannelInputFile(new ByteArrayReadableSeekableByteChannel(bytes), "mem://ok"),
            Limits.defaults());
    ParquetFileException missing =
        assertThrows(
            ParquetFileException.class,
            () ->
                source.newReader(
                    memory.allocator(), ReadOptions.builder().columns(List.of("nope")).build()));
    assertEquals("mem://ok", missing.file());
    assertEquals(ErrorKind.NOT_FOUND, missing.kind());
    ParquetFileException group =
        assertThrows(
            ParquetFileException.class,
            () ->
                source.newReader(
                    memory.allocator(), ReadOptions.builder().rowGroups(List.of(7)).build()));
    assertTrue(group.getMessage().contains("mem://ok"), group.getMessage());

    // A page damaged in the middle: the error names the source, the column and the row group.
    byte[] damaged = bytes.clone();
    for (int i = 200; i < 260; i++) {
      damaged[i] = (byte) 0xff;
    }
    ParquetSource bad =
        ParquetSource.open(
            new ChannelInputFile(new ByteArrayReadableSeekableByteChannel(damaged), "mem://bad"),
            Limits.defaults());
    ParquetFileException data =
        assertThrows(
            ParquetFileException.class,
            () -> {
              try (ParquetArrowReader reader =
                  bad.newReader(memory.allocator(), ReadOptions.defaults())) {
                rows(reader);
              }
            });
    assertTrue(
        data.getMessage().startsWith("Invalid Parquet file at mem://bad"), data.getMessage());
  }

  @Test
  void aPathSourceKeepsThePathMessages() {
    Path missing = dir.resolve("missing.parquet");
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class, () -> ParquetSource.open(missing, Limits.defaults()));
    assertEquals("Invalid Parquet file at " + missing + ": no such file", e.getMessage());
    assertEquals(ErrorKind.IO, e.kind());
  }

  @Test
  void streamsKeepPositionsOfTheirOwn() throws IOException {
    byte[] bytes = new byte[100];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) i;
    }
    ChannelInputFile input =
        new ChannelInputFile(new ByteArrayReadableSeekableByteChannel(bytes), "mem");
    assertEquals(100, input.getLength());
    try (SeekableInputStream a = input.newStream();
        SeekableInputStream b = input.newStream()) {
      a.seek(10);
      b.seek(90);
      assertEquals(10, a.read());
      assertEquals(90, b.read());
      byte[] two = new byte[2];
      a.readFully(two);
      assertEquals(11, two[0]);
      assertEquals(13, a.getPos());
      assertEquals(91, b.getPos());
      byte[] tooMany = new byte[20];
      assertThrows(java.io.EOFException.class, () -> b.readFully(tooMany));
      b.seek(99);
      assertEquals(99, b.read());
      assertEquals(-1, b.read());
      assertFalse(b.getPos() > 100);
    }
  }

  /** A channel over a file that counts the reads touching the footer's last 8 bytes. */
  static final class CountingChannel implements SeekableByteChannel {
    final FileChannel file;
    final long length;
    final AtomicLong footerReads = new AtomicLong();

    CountingChannel(Path path) throws IOException {
      this.file = FileChannel.open(path);
      this.length = file.size();
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      if (file.position() + dst.remaining() > length - 8) {
        footerReads.incrementAndGet();
      }
      return file.read(dst);
    }

    @Override
    public int write(ByteBuffer src) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long position() throws IOException {
      return file.position();
    }

    @Override
    public SeekableByteChannel position(long p) throws IOException {
      file.position(p);
      return this;
    }

    @Override
    public long size() {
      return length;
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isOpen() {
      return file.isOpen();
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }
}
