package io.pqarrow.ipc;

import static io.pqarrow.ipc.VectorAssertions.assertDictionaryEquals;
import static io.pqarrow.ipc.VectorAssertions.assertRootEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.cli.BridgeCommand;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.DictionaryRows;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Big-endian Arrow IPC streams and files, written by the test's own {@link BigEndianIpc} in the
 * shapes of arrow-testing's big-endian gold streams (every catalog type, a dictionary, batches with
 * no, some and all nulls): the library's {@link IpcReaders} gives the values that were written, and
 * {@code bridge import} writes the Parquet file the little-endian twin gives. Arrow Java alone
 * reads such input wrong without a word; types the library cannot swap are refused by field name.
 */
class BigEndianIpcTest {
  private static final int[] LENGTHS = {37, 5, 64, 9};

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  /** The catalog's columns but the views, which the library refuses big-endian. */
  private static List<TypeCatalog.Column> swappable() {
    return TypeCatalog.columns().stream().filter(c -> !c.name().endsWith("_view")).toList();
  }

  @ParameterizedTest
  @EnumSource(IpcFormat.class)
  void everyTypeReadsFromBigEndianBytesAsItWasWritten(IpcFormat format) throws IOException {
    BufferAllocator allocator = memory.allocator();
    try (GeneratedBatches data = GeneratedBatches.generate(allocator, swappable(), 27, LENGTHS)) {
      byte[] bigEndian = bigEndian(format, data);
      AtomicInteger seen = new AtomicInteger();
      try (ArrowReader reader = open(format, bigEndian)) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        assertEquals(data.schema(), root.getSchema());
        while (reader.loadNextBatch()) {
          int index = seen.getAndIncrement();
          String where = format + " batch " + index;
          assertRootEquals(data.batches().get(index), root, where);
          assertDictionaryEquals(data.dictionaries(), reader, TypeCatalog.DICTIONARY_ID, where);
        }
      }
      assertEquals(LENGTHS.length, seen.get(), "batches read");
    }
  }

  /**
   * A stream that cannot seek or mark (a pipe, a socket) reads as the channel does, big-endian and
   * little-endian alike: the schema is looked at under a mark and read again by the reader.
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void aStreamThatCannotSeekReadsAsTheChannelDoes(boolean bigEndianInput) throws IOException {
    BufferAllocator allocator = memory.allocator();
    try (GeneratedBatches data = GeneratedBatches.generate(allocator, swappable(), 31, LENGTHS)) {
      byte[] bytes =
          bigEndianInput
              ? bigEndian(IpcFormat.STREAM, data)
              : IpcFormat.STREAM.write(
                  allocator,
                  data.schema(),
                  data.batches(),
                  data.dictionaries(),
                  BodyCompression.NONE);
      java.io.InputStream pipe =
          new java.io.FilterInputStream(new java.io.ByteArrayInputStream(bytes)) {
            @Override
            public boolean markSupported() {
              return false;
            }
          };
      int seen = 0;
      try (ArrowStreamReader reader = IpcReaders.stream(pipe, allocator, IpcCompression.FACTORY)) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        assertEquals(data.schema(), root.getSchema());
        while (reader.loadNextBatch()) {
          String where = (bigEndianInput ? "big" : "little") + "-endian batch " + seen;
          assertRootEquals(data.batches().get(seen), root, where);
          assertDictionaryEquals(data.dictionaries(), reader, TypeCatalog.DICTIONARY_ID, where);
          seen++;
        }
      }
      assertEquals(LENGTHS.length, seen, "batches read");
    }
  }

  /**
   * The generator really writes big-endian (so the test above is not a swap undone by the same
   * mistake): an int64 of 0x0102030405060708 is on the wire as 01 02 … 08, and Arrow Java on its
   * own, which ignores the schema's byte order, reads it reversed.
   */
  @Test
  void theGeneratedBytesAreBigEndianAndArrowJavaAloneReadsThemWrong() throws IOException {
    BufferAllocator allocator = memory.allocator();
    long value = 0x0102030405060708L;
    byte[] bigEndian;
    try (VectorSchemaRoot root =
        VectorSchemaRoot.create(
            new Schema(List.of(Field.nullable("n", new ArrowType.Int(64, true)))), allocator)) {
      BigIntVector n = (BigIntVector) root.getVector("n");
      n.allocateNew(1);
      n.set(0, value);
      root.setRowCount(1);
      byte[] stream =
          IpcFormat.STREAM.write(
              allocator,
              root.getSchema(),
              List.of(root),
              new org.apache.arrow.vector.dictionary.DictionaryProvider.MapDictionaryProvider(),
              BodyCompression.NONE);
      assertTrue(HexFormat.of().formatHex(stream).contains("0807060504030201"));
      bigEndian = BigEndianIpc.stream(stream, allocator);
    }
    String hex = HexFormat.of().formatHex(bigEndian);
    assertTrue(hex.contains("0102030405060708"), hex);
    assertTrue(!hex.contains("0807060504030201"), hex);
    try (ArrowStreamReader plain =
        new ArrowStreamReader(new java.io.ByteArrayInputStream(bigEndian), allocator)) {
      plain.loadNextBatch();
      assertEquals(
          Long.reverseBytes(value),
          ((BigIntVector) plain.getVectorSchemaRoot().getVector(0)).get(0));
    }
    try (ArrowReader swapped = open(IpcFormat.STREAM, bigEndian)) {
      swapped.loadNextBatch();
      assertEquals(value, ((BigIntVector) swapped.getVectorSchemaRoot().getVector(0)).get(0));
    }
  }

  @ParameterizedTest
  @EnumSource(IpcFormat.class)
  void bridgeImportOfBigEndianInputWritesWhatItsLittleEndianTwinWrites(IpcFormat format)
      throws IOException {
    BufferAllocator allocator = memory.allocator();
    Path littleIn = dir.resolve("little.arrow");
    Path bigIn = dir.resolve("big.arrow");
    // random MONTH_DAY_NANO nanoseconds are not whole milliseconds: the writer refuses them
    List<TypeCatalog.Column> columns =
        swappable().stream().filter(c -> !c.name().equals("interval_mdn")).toList();
    try (GeneratedBatches data = GeneratedBatches.generate(allocator, columns, 31, LENGTHS)) {
      Files.write(
          littleIn,
          format.write(
              allocator, data.schema(), data.batches(), data.dictionaries(), BodyCompression.NONE));
      Files.write(bigIn, bigEndian(format, data));
    }
    Path little = dir.resolve("little.parquet");
    Path big = dir.resolve("big.parquet");
    assertEquals("", bridge(allocator, "import", littleIn.toString(), little.toString()));
    assertEquals("", bridge(allocator, "import", bigIn.toString(), big.toString()));
    List<String> expected = parquetRows(little);
    assertEquals(expected, parquetRows(big));
    assertEquals(LENGTHS[0] + LENGTHS[1] + LENGTHS[2] + LENGTHS[3], expected.size());
  }

  @ParameterizedTest
  @EnumSource(IpcFormat.class)
  void aViewFieldInBigEndianInputIsRefusedByName(IpcFormat format) throws IOException {
    BufferAllocator allocator = memory.allocator();
    List<TypeCatalog.Column> columns =
        TypeCatalog.columns().stream()
            .filter(c -> c.name().equals("int32") || c.name().equals("utf8_view"))
            .toList();
    Path in = dir.resolve("views.arrow");
    try (GeneratedBatches data = GeneratedBatches.generate(allocator, columns, 3, 4)) {
      byte[] stream =
          IpcFormat.STREAM.write(
              allocator, data.schema(), data.batches(), data.dictionaries(), BodyCompression.NONE);
      // the generator's table has no row for views: write their bytes as they are, only the
      // schema's flag matters for the refusal
      Files.write(in, BigEndianIpc.withoutSwapping(format, stream, allocator));
    }
    BridgeException e =
        assertThrows(
            BridgeException.class,
            () -> {
              try (ArrowReader reader = open(format, Files.readAllBytes(in))) {
                reader.getVectorSchemaRoot();
              }
            });
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals("utf8_view", e.location().column());
    assertEquals(
        "cannot read the big-endian field 'utf8_view' of type Utf8View: its byte order cannot be"
            + " swapped (views are not supported big-endian)",
        e.getMessage());
    String err = bridge(allocator, "import", in.toString(), dir.resolve("out.parquet").toString());
    assertEquals(
        "bridge: cannot read "
            + in
            + ": cannot read the big-endian field 'utf8_view' of type Utf8View: its byte order"
            + " cannot be swapped (views are not supported big-endian)\n",
        err);
  }

  @Test
  void aCompressedBigEndianBodyIsRefused() throws IOException {
    BufferAllocator allocator = memory.allocator();
    List<TypeCatalog.Column> columns =
        TypeCatalog.columns().stream().filter(c -> c.name().equals("int64")).toList();
    byte[] bigEndian;
    try (GeneratedBatches data = GeneratedBatches.generate(allocator, columns, 3, 40)) {
      byte[] stream =
          IpcFormat.STREAM.write(
              allocator, data.schema(), data.batches(), data.dictionaries(), BodyCompression.ZSTD);
      bigEndian = BigEndianIpc.withoutSwapping(IpcFormat.STREAM, stream, allocator);
    }
    BridgeException e =
        assertThrows(
            BridgeException.class,
            () -> {
              try (ArrowReader reader = open(IpcFormat.STREAM, bigEndian)) {
                reader.loadNextBatch();
              }
            });
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals(
        "cannot read a compressed big-endian Arrow IPC body (write it uncompressed or"
            + " little-endian)",
        e.getMessage());
  }

  private byte[] bigEndian(IpcFormat format, GeneratedBatches data) throws IOException {
    BufferAllocator allocator = memory.allocator();
    byte[] stream =
        IpcFormat.STREAM.write(
            allocator, data.schema(), data.batches(), data.dictionaries(), BodyCompression.NONE);
    return format == IpcFormat.FILE
        ? BigEndianIpc.file(stream, allocator)
        : BigEndianIpc.stream(stream, allocator);
  }

  private ArrowReader open(IpcFormat format, byte[] bytes) throws IOException {
    ByteArrayReadableSeekableByteChannel channel = new ByteArrayReadableSeekableByteChannel(bytes);
    return format == IpcFormat.FILE
        ? IpcReaders.file(channel, memory.allocator(), IpcCompression.FACTORY)
        : IpcReaders.stream(channel, memory.allocator(), IpcCompression.FACTORY);
  }

  /** Runs {@code bridge}; returns what it printed on standard error. */
  private static String bridge(BufferAllocator allocator, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (PrintStream o =
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      BridgeCommand.run(args, o, e, allocator, false);
    }
    return err.toString(StandardCharsets.UTF_8);
  }

  private List<String> parquetRows(Path parquet) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(parquet, memory.allocator(), ReadOptions.defaults())) {
      while (reader.loadNextBatch()) {
        rows.addAll(DictionaryRows.render(reader.getVectorSchemaRoot(), reader));
      }
    }
    return rows;
  }
}
