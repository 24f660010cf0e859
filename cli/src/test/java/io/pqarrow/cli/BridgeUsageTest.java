package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code --help}, {@code --version} and usage errors: exit codes 0 and 2, and what is printed. */
class BridgeUsageTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<Arguments> helpRequests() {
    return Stream.of(
        Arguments.of(new String[] {"--help"}, "Usage: bridge [-hV] [--verbose] COMMAND"),
        Arguments.of(new String[] {"-h"}, "Usage: bridge [-hV] [--verbose] COMMAND"),
        Arguments.of(new String[] {"schema", "--help"}, "Usage: bridge schema"),
        Arguments.of(new String[] {"cat", "--help"}, "Usage: bridge cat"),
        Arguments.of(new String[] {"export", "--help"}, "Usage: bridge export"),
        Arguments.of(new String[] {"import", "-h"}, "Usage: bridge import"),
        Arguments.of(new String[] {"--verbose", "export", "--help"}, "Usage: bridge export"));
  }

  @ParameterizedTest
  @MethodSource("helpRequests")
  void helpPrintsUsageOnStdoutAndExitsZero(String[] args, String usage) {
    Bridge.Result r = Bridge.run(memory.allocator(), args);
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith(usage), r.out());
    assertEquals("", r.err());
  }

  @Test
  void topLevelHelpListsEveryCommandAndExitCode() {
    String out = Bridge.run(memory.allocator(), "--help").out();
    for (String line :
        new String[] {
          "  schema  ",
          "  cat     ",
          "  export  ",
          "  import  ",
          "  0  success",
          "  1  bad input",
          "  2  bad usage"
        }) {
      assertTrue(out.contains(line), "missing '" + line + "' in\n" + out);
    }
  }

  @Test
  void exportHelpDocumentsEveryFlag() {
    String out = Bridge.run(memory.allocator(), "export", "--help").out();
    for (String flag :
        new String[] {
          "--format=file|stream",
          "--columns=a,b.c",
          "--batch-rows=N",
          "--variant=keep|unshred|json|decode",
          "--compression=none|lz4|zstd",
          "--verbose"
        }) {
      assertTrue(out.contains(flag), "missing " + flag + " in\n" + out);
    }
  }

  @Test
  void versionPrintsTheProjectVersion() {
    Bridge.Result r = Bridge.run(memory.allocator(), "--version");
    assertEquals(0, r.exitCode());
    assertTrue(r.out().matches("bridge \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\n"), r.out());
  }

  static Stream<Arguments> badUsage() {
    return Stream.of(
        Arguments.of(new String[] {}, "Missing required command"),
        Arguments.of(
            new String[] {"frobnicate"},
            "unknown command 'frobnicate' (commands: schema, cat, export, import, meta, serve)"),
        Arguments.of(new String[] {"cat"}, "Missing required parameter: 'FILE.parquet'"),
        Arguments.of(
            new String[] {"schema", "a.parquet", "b"}, "Unmatched argument at index 2: 'b'"),
        Arguments.of(new String[] {"export", "x.parquet"}, "Missing required parameter: 'OUT'"),
        Arguments.of(
            new String[] {"import", "x.arrow"}, "Missing required parameter: 'OUT.parquet'"),
        Arguments.of(new String[] {"cat", "x.parquet", "--nope"}, "Unknown option: '--nope'"),
        Arguments.of(new String[] {"--nope", "cat", "x.parquet"}, "Unknown option: '--nope'"),
        Arguments.of(
            new String[] {"export", "a", "b", "--format", "zip"},
            "Invalid value for option '--format': expected one of [FILE, STREAM]"
                + " (case-insensitive) but was 'zip'"),
        Arguments.of(
            new String[] {"export", "a", "b", "--variant", "explode"},
            "Invalid value for option '--variant': expected one of [KEEP, UNSHRED, JSON, DECODE]"
                + " (case-insensitive) but was 'explode'"),
        Arguments.of(
            new String[] {"export", "a", "b", "--compression", "snappy"},
            "Invalid value for option '--compression': expected one of [NONE, LZ4, ZSTD]"
                + " (case-insensitive) but was 'snappy'"),
        Arguments.of(
            new String[] {"import", "a", "b", "--compression", "brotli"},
            "Invalid value for option '--compression': expected one of"
                + " [NONE, SNAPPY, GZIP, ZSTD, LZ4] (case-insensitive) but was 'brotli'"),
        Arguments.of(
            new String[] {"cat", "x.parquet", "--limit", "abc"},
            "Invalid value for option '--limit': 'abc' is not a long"),
        Arguments.of(
            new String[] {"cat", "x.parquet", "--limit", "-1"}, "--limit must be >= 0, not -1"),
        Arguments.of(
            new String[] {"export", "a", "b", "--batch-rows", "0"},
            "--batch-rows must be >= 1, not 0"),
        Arguments.of(
            new String[] {"import", "a", "b", "--shred", "payload"},
            "Value for option option '--shred' (COLUMN=infer|TYPE) should be in KEY=VALUE format"
                + " but was payload"));
  }

  @ParameterizedTest
  @MethodSource("badUsage")
  void badUsageExitsTwoWithTheMessageAndOneLinePointingToHelp(String[] args, String message) {
    Bridge.Result r = Bridge.run(memory.allocator(), args);
    assertEquals(2, r.exitCode(), r.err());
    // the message, then one line naming the command whose help to read, and no usage
    String command =
        args.length > 0 && List.of("schema", "cat", "export", "import").contains(args[0])
            ? " " + args[0]
            : "";
    assertEquals(
        "bridge: " + message + "\nTry 'bridge" + command + " --help' for more information.\n",
        r.err());
    assertEquals("", r.out());
  }

  @Test
  void enumValuesAreCaseInsensitive() {
    // a usage error would exit 2; reaching the missing file means the values parsed
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            "/nonexistent/in.parquet",
            "out.arrow",
            "--format",
            "STREAM",
            "--compression",
            "Zstd",
            "--variant",
            "keep");
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("bridge: cannot read /nonexistent/in.parquet: no such file\n", r.err());
  }
}
