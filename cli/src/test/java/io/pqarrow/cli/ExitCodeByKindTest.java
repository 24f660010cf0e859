package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The exit code and the wording of a failure follow its {@link ErrorKind} and {@link
 * ErrorLocation}, never its text: bad usage (exit 2, message and usage) for {@link
 * ErrorKind#INVALID_ARGUMENT}, bad input (exit 1, {@code bridge: <message>}) for every other kind.
 */
class ExitCodeByKindTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<Arguments> exitCodes() {
    return Stream.of(
        Arguments.of(ErrorKind.INVALID_DATA, 1),
        Arguments.of(ErrorKind.INVALID_SCHEMA, 1),
        Arguments.of(ErrorKind.UNSUPPORTED, 1),
        Arguments.of(ErrorKind.NOT_FOUND, 1),
        Arguments.of(ErrorKind.INVALID_ARGUMENT, 2),
        Arguments.of(ErrorKind.IO, 1),
        Arguments.of(ErrorKind.OUT_OF_MEMORY, 1),
        Arguments.of(ErrorKind.ENVIRONMENT, 1));
  }

  @Test
  void everyKindHasAnExitCode() {
    assertEquals(ErrorKind.values().length, exitCodes().count());
  }

  @ParameterizedTest
  @MethodSource("exitCodes")
  void theExitCodeFollowsTheKind(ErrorKind kind, int code) {
    assertEquals(code, ExitCode.of(kind));
    Result r = runFailing(new BridgeException(kind, "Invalid thing at x: broken"));
    assertEquals(code, r.code(), r.err());
    if (code == ExitCode.BAD_USAGE) {
      assertEquals(
          "bridge: Invalid thing at x: broken\nTry 'bridge fail --help' for more information.\n",
          r.err());
    } else {
      assertEquals("bridge: Invalid thing at x: broken\n", r.err());
    }
  }

  @ParameterizedTest
  @EnumSource(ErrorKind.class)
  void theCommandLinesOwnErrorsFollowTheSameRule(ErrorKind kind) {
    Result r = runFailing(CliException.cannotRead("in.arrow", kind, "broken", null));
    assertEquals(ExitCode.of(kind), r.code(), r.err());
    assertTrue(r.err().contains("cannot read in.arrow: broken\n"), r.err());
  }

  @Test
  void aFileErrorIsRewordedFromItsLocationAndProblem() {
    Path file = Path.of("/x/y.parquet");
    ParquetFileException dataError =
        ParquetFileException.invalid(
            file, "v.typed_value", 17, "value and typed_value are both non-null", null);
    CliException e = LibraryErrors.reword(file, dataError, false);
    assertEquals(
        "cannot read /x/y.parquet: column v.typed_value, row 17: value and typed_value are both"
            + " non-null",
        e.getMessage());
    assertSame(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.inFile(file).withColumn("v.typed_value").withRow(17), e.location());
    assertSame(dataError, e.getCause());

    ParquetFileException unsupported =
        ParquetFileException.unsupported(file, "l", "list without a repeated node");
    assertEquals(
        "cannot read /x/y.parquet: column l: unsupported list without a repeated node",
        LibraryErrors.reword(file, unsupported, false).getMessage());

    ParquetFileException missing =
        ParquetFileException.invalid(
            ErrorKind.IO, ErrorLocation.inFile(file), "no such file", null);
    CliException io = LibraryErrors.reword(file, missing, false);
    assertEquals("cannot read /x/y.parquet: no such file", io.getMessage());
    assertSame(ErrorKind.IO, io.kind());

    ParquetFileException memory =
        ParquetFileException.read(file, "id", -1, "out of Arrow memory (limit 64 bytes)", null);
    CliException oom = LibraryErrors.reword(file, memory, false);
    assertEquals(
        "cannot read /x/y.parquet: column id: out of Arrow memory (limit 64 bytes)",
        oom.getMessage());
    assertSame(ErrorKind.OUT_OF_MEMORY, oom.kind());

    ParquetFileException write =
        ParquetFileException.write(file, "a", 2, "null in non-nullable field a", null);
    assertEquals(
        "cannot write /x/y.parquet: column a, row 2: null in non-nullable field a",
        LibraryErrors.reword(file, write, true).getMessage());
  }

  @Test
  void aLibraryCallTheCommandGotWrongIsBadInputNotBadUsage() {
    // the user's options were fine: the library's INVALID_ARGUMENT came from the command's own call
    ParquetFileException closed =
        ParquetFileException.write(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile("out.parquet"),
            "the writer is closed",
            null);
    CliException e = LibraryErrors.reword(Path.of("out.parquet"), closed, true);
    assertSame(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ExitCode.BAD_INPUT, runFailing(e).code());
    assertSame(
        ErrorKind.INVALID_DATA,
        CliException.inColumn("v", "cannot decode Variant column v: …", closed).kind());
  }

  @Test
  void anErrorThatIsNotAboutTheFilesContentKeepsItsWholeMessage() {
    BridgeException schema =
        new BridgeException(
            ErrorKind.UNSUPPORTED,
            ErrorLocation.inColumn("u"),
            "Unsupported Arrow type at u: Union",
            null);
    CliException e = LibraryErrors.reword(Path.of("out.parquet"), schema, true);
    assertEquals("cannot write out.parquet: Unsupported Arrow type at u: Union", e.getMessage());
    assertSame(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals(ErrorLocation.inFile("out.parquet").withColumn("u"), e.location());
  }

  @Test
  void aMalformedShreddingTypeIsBadUsageAndAnUnknownColumnBadInput() {
    // the library's kinds reach the exit code through the command line's own exceptions
    Result malformed =
        runFailing(
            () -> {
              throw new CliException(
                  ErrorKind.INVALID_ARGUMENT,
                  ErrorLocation.inColumn("v"),
                  "Invalid value for option '--shred': v=strin: Invalid shredding type at position 0",
                  null);
            });
    assertEquals(2, malformed.code());
    Result unknown =
        runFailing(
            () -> {
              throw new CliException(ErrorKind.NOT_FOUND, "unknown column 'nope' in in.arrow");
            });
    assertEquals(1, unknown.code());
    assertEquals("bridge: unknown column 'nope' in in.arrow\n", unknown.err());
  }

  private record Result(int code, String err) {}

  @Command(name = "fail", description = "Fails as the test says.")
  static final class Failing implements Callable<Integer> {
    private final Callable<Integer> body;

    Failing(Callable<Integer> body) {
      this.body = body;
    }

    @Override
    public Integer call() throws Exception {
      return body.call();
    }
  }

  private Result runFailing(RuntimeException e) {
    return runFailing(
        () -> {
          throw e;
        });
  }

  /** Runs {@code bridge fail} with a subcommand whose body is {@code body}. */
  private Result runFailing(Callable<Integer> body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      CommandLine cli = BridgeCommand.commandLine(new CliContext(o, e, memory.allocator(), false));
      cli.addSubcommand(new Failing(body));
      // out and err again, so that the subcommand added last gets them too
      cli.setOut(new PrintWriter(o, true, StandardCharsets.UTF_8));
      cli.setErr(new PrintWriter(e, true, StandardCharsets.UTF_8));
      code = cli.execute("fail");
      cli.getErr().flush();
    }
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    return new Result(code, err.toString(StandardCharsets.UTF_8));
  }
}
