package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command that reads Parquet, on files that are missing, not Parquet, truncated or damaged:
 * exit 1, one line {@code bridge: cannot read <file>: <problem>} on stderr, nothing on stdout, and
 * no output file left behind.
 */
class BadParquetInputTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** The command lines reading {@code FILE}; {@code OUT} is replaced by an output path. */
  static Stream<Arguments> commands() {
    return Stream.of(
        Arguments.of((Object) new String[] {"schema", "FILE"}),
        Arguments.of((Object) new String[] {"schema", "FILE", "--json"}),
        Arguments.of((Object) new String[] {"cat", "FILE"}),
        Arguments.of((Object) new String[] {"cat", "FILE", "--columns", "a", "--limit", "3"}),
        Arguments.of((Object) new String[] {"export", "FILE", "OUT"}),
        Arguments.of((Object) new String[] {"export", "FILE", "OUT", "--format", "stream"}));
  }

  private Bridge.Result run(String[] template, Path file) {
    List<String> args = new ArrayList<>();
    for (String a : template) {
      args.add(
          switch (a) {
            case "FILE" -> file.toString();
            case "OUT" -> dir.resolve("out.arrow").toString();
            default -> a;
          });
    }
    return Bridge.run(memory.allocator(), args.toArray(new String[0]));
  }

  private void assertBadInput(String[] command, Path file, String problem) {
    Bridge.Result r = run(command, file);
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("bridge: cannot read " + file + ": " + problem + "\n", r.err());
    assertEquals("", r.out());
    assertFalse(Files.exists(dir.resolve("out.arrow")), "a failed export left its output");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void missingFile(String[] command) {
    assertBadInput(command, dir.resolve("nope.parquet"), "no such file");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void emptyDirectory(String[] command) {
    // a directory is a dataset (issue 29); an empty one is bad input naming it
    assertBadInput(command, dir, "empty directory: no data files");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void textFileIsNotParquet(String[] command) throws IOException {
    Path file = Files.writeString(dir.resolve("notes.parquet"), "id,name\n1,ada\n2,grace\n");
    assertBadInput(command, file, "not a Parquet file (no PAR1 magic at byte 0)");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void fileShorterThanTheSmallestParquetFile(String[] command) throws IOException {
    Path file = Files.write(dir.resolve("tiny.parquet"), "PAR1\0".getBytes(StandardCharsets.UTF_8));
    assertBadInput(command, file, "not a Parquet file (5 bytes; the smallest Parquet file has 12)");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void truncatedSample(String[] command) throws IOException {
    byte[] sample = Files.readAllBytes(Bridge.sample());
    for (int length : new int[] {12, 4096, sample.length / 2, sample.length - 1}) {
      Path file = Files.write(dir.resolve("cut.parquet"), Arrays.copyOf(sample, length));
      assertBadInput(
          command,
          file,
          "truncated or damaged Parquet file (no PAR1 magic at byte "
              + (length - 4)
              + ", the last 4 of "
              + length
              + ")");
    }
  }

  @ParameterizedTest
  @MethodSource("commands")
  void footerLengthBeyondTheFile(String[] command) throws IOException {
    byte[] sample = Files.readAllBytes(Bridge.sample());
    // bytes [size-8, size-4) are the footer length, little-endian
    ByteBuffer.wrap(sample).order(ByteOrder.LITTLE_ENDIAN).putInt(sample.length - 8, 0x7fff_ffff);
    Path file = Files.write(dir.resolve("long-footer.parquet"), sample);
    assertBadInput(
        command,
        file,
        "damaged Parquet file (footer length 2147483647 at byte "
            + (sample.length - 8)
            + " exceeds the "
            + (sample.length - 12)
            + " bytes before it)");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void encryptedFooter(String[] command) throws IOException {
    byte[] sample = Files.readAllBytes(Bridge.sample());
    sample[sample.length - 1] = 'E';
    Path file = Files.write(dir.resolve("encrypted.parquet"), sample);
    assertBadInput(
        command, file, "encrypted Parquet footers are not supported (PARE magic at the end)");
  }

  @ParameterizedTest
  @MethodSource("commands")
  void garbledFooter(String[] command) throws IOException {
    byte[] sample = Files.readAllBytes(Bridge.sample());
    int footerLength =
        ByteBuffer.wrap(sample).order(ByteOrder.LITTLE_ENDIAN).getInt(sample.length - 8);
    // 0xff is no valid Thrift compact field header
    Arrays.fill(sample, sample.length - 8 - footerLength, sample.length - 8, (byte) 0xff);
    Path file = Files.write(dir.resolve("garbled.parquet"), sample);
    Bridge.Result r = run(command, file);
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(
        r.err().startsWith("bridge: cannot read " + file + ": invalid Parquet footer: "), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @Test
  void verboseAddsTheStackTraceAndOnlyThen() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.parquet"), "not parquet at all");
    Bridge.Result quiet = Bridge.run(memory.allocator(), "schema", file.toString());
    assertFalse(quiet.err().contains("\tat "), quiet.err());
    for (String[] args :
        new String[][] {
          {"--verbose", "schema", file.toString()}, {"schema", file.toString(), "--verbose"}
        }) {
      Bridge.Result verbose = Bridge.run(memory.allocator(), args);
      assertEquals(1, verbose.exitCode());
      assertTrue(verbose.err().startsWith(quiet.err()), verbose.err());
      assertTrue(
          verbose.err().contains("io.pqarrow.cli.common.CliException: cannot read"), verbose.err());
      assertTrue(verbose.err().contains("\tat io.pqarrow.cli."), verbose.err());
    }
  }

  @Test
  void exportRefusesToOverwriteItsInput() throws IOException {
    Path file = Files.copy(Bridge.sample(), dir.resolve("events.parquet"));
    Bridge.Result r = Bridge.run(memory.allocator(), "export", file.toString(), file.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("bridge: cannot write " + file + ": it is the input file\n", r.err());
    assertEquals(Files.size(Bridge.sample()), Files.size(file));
  }
}
