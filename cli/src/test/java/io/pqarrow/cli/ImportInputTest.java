package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.IpcFormat;
import io.pqarrow.cli.input.IpcInput;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Arrow IPC side of {@code bridge import}: files and streams written by pyarrow, with and
 * without body compression, are detected and read; files that are not IPC, or are cut short, give
 * one line naming the file and what is wrong.
 */
class ImportInputTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** Writes 2500 rows {@code id: int64, name: utf8} in batches of 1000 with pyarrow. */
  private Path pyarrowIpc(String name, String format, String compression) {
    Path file = dir.resolve(name);
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            out, fmt, codec = sys.argv[1], sys.argv[2], sys.argv[3]
            t = pa.table({"id": pa.array(range(2500), pa.int64()),
                          "name": pa.array([None if i % 7 == 0 else f"n{i}" for i in range(2500)])})
            opts = ipc.IpcWriteOptions(compression=None if codec == "none" else codec)
            new = ipc.new_file if fmt == "file" else ipc.new_stream
            with new(out, t.schema, options=opts) as w:
                w.write_table(t, max_chunksize=1000)
            """,
            file.toString(), format, compression);
    return file;
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "file, none",
    "file, lz4",
    "file, zstd",
    "stream, none",
    "stream, lz4",
    "stream, zstd"
  })
  void readsPyarrowIpcWhateverTheFramingAndCompression(String format, String compression) {
    Path file = pyarrowIpc("in.arrow", format, compression);
    List<Integer> batchRows = new ArrayList<>();
    long idSum = 0;
    int nulls = 0;
    try (IpcInput in = IpcInput.open(file, memory.allocator())) {
      assertEquals(IpcFormat.valueOf(format.toUpperCase(java.util.Locale.ROOT)), in.format());
      assertEquals("Schema<id: Int(64, true), name: Utf8>", in.schema().toString());
      VectorSchemaRoot root = in.root();
      while (in.next()) {
        batchRows.add(root.getRowCount());
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < root.getRowCount(); i++) {
          long v = id.get(i);
          idSum += v;
          if (name.isNull(i)) {
            nulls++;
          } else {
            assertEquals("n" + v, name.getObject(i).toString());
          }
        }
      }
    }
    assertEquals(List.of(1000, 1000, 500), batchRows);
    assertEquals(2499L * 2500 / 2, idSum);
    assertEquals(358, nulls); // multiples of 7 below 2500
  }

  private void assertBadInput(Path file, String problem) {
    Path out = dir.resolve("out.parquet");
    Bridge.Result r = Bridge.run(memory.allocator(), "import", file.toString(), out.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("bridge: cannot read " + file + ": " + problem + "\n", r.err());
    assertEquals("", r.out());
    assertFalse(Files.exists(out));
  }

  @Test
  void missingFile() {
    assertBadInput(dir.resolve("nope.arrow"), "no such file");
  }

  @Test
  void emptyFile() throws IOException {
    assertBadInput(Files.createFile(dir.resolve("empty.arrow")), "empty file, not Arrow IPC");
  }

  @Test
  void parquetFileGivenToImport() {
    assertBadInput(
        Bridge.sample(), "this is a Parquet file, not Arrow IPC (bridge export reads Parquet)");
  }

  @Test
  void textIsNotAnIpcStream() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.arrow"), "id,name\n1,ada\n2,grace\n");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", file.toString(), dir.resolve("o.parquet").toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "bridge: "
            + file
            + " is not an Arrow IPC file or stream: it starts with the text"
            + " \"id,name\\n1,ada\\n2,\", not ARROW1 (a file) or FF FF FF FF (a stream)\n",
        r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @ParameterizedTest
  @CsvSource({"file, 0.5", "file, 0.95", "stream, 0.5", "stream, 0.95"})
  void truncatedPyarrowIpc(String format, double keep) throws IOException {
    byte[] whole = Files.readAllBytes(pyarrowIpc("whole.arrow", format, "none"));
    Path file =
        Files.write(dir.resolve("cut.arrow"), Arrays.copyOf(whole, (int) (whole.length * keep)));
    // a cut file has lost its footer and fails when opened; a cut stream fails at a batch
    String expected =
        format.equals("file")
            ? "cannot read " + file + ": not a valid Arrow IPC file ("
            : "cannot read " + file + ": invalid Arrow IPC stream at record batch ";
    CliException e =
        assertThrows(
            CliException.class,
            () -> {
              try (IpcInput in = IpcInput.open(file, memory.allocator())) {
                while (in.next()) {
                  // reads every batch until the cut
                }
              }
            });
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }
}
