package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.LazyAllocator;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bridge} builds only the command its arguments name ({@link
 * BridgeCommand#commandLine(CliContext, String[])}), none for a bare {@code --version}, and every
 * command when the usage or a suggestion may list them; each under the name its {@code @Command}
 * gives it.
 */
class CommandRegistrationTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private Set<String> built(String... args) {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream());
    CliContext context = new CliContext(sink, sink, memory.allocator(), false);
    return BridgeCommand.commandLine(context, args).getSubcommands().keySet();
  }

  @Test
  void everyCommandIsRegisteredUnderTheNameItsAnnotationGives() {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream());
    CliContext context = new CliContext(sink, sink, memory.allocator(), false);
    Map<String, CommandLine> all = BridgeCommand.commandLine(context).getSubcommands();
    assertEquals(
        List.of("schema", "cat", "export", "import", "meta", "serve"), List.copyOf(all.keySet()));
    all.forEach(
        (name, command) ->
            assertEquals(
                name, command.getCommand().getClass().getAnnotation(Command.class).name()));
  }

  @Test
  void aNamedCommandIsTheOnlyOneBuilt() {
    assertEquals(Set.of("meta"), built("meta", "x.parquet"));
    assertEquals(Set.of("export"), built("--verbose", "export", "a", "b", "--help"));
    assertEquals(Set.of(), built("--version"));
    assertEquals(Set.of(), built("-V", "--verbose"));
  }

  @Test
  void helpNoCommandAnUnknownOneOrAnotherOptionFirstBuildThemAll() {
    for (String[] args :
        new String[][] {
          {},
          {"--help"},
          {"-h", "meta"},
          {"frobnicate"},
          {"--nope", "cat", "x"},
          {"--version", "cat"}
        }) {
      assertEquals(6, built(args).size(), String.join(" ", args));
    }
  }

  @Test
  void versionHelpAndMetaRunWithoutMakingAnAllocatorAndCatMakesOne() {
    String sample = PythonEnv.repoRoot().resolve("samples/events.parquet").toString();
    for (String[] args :
        new String[][] {{"--version"}, {"--help"}, {"meta", "--help"}, {"meta", sample}}) {
      assertFalse(startsAllocator(args), String.join(" ", args));
    }
    assertTrue(startsAllocator("cat", sample, "--limit", "1"));
  }

  private static boolean startsAllocator(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream sink = new PrintStream(out);
    try (LazyAllocator allocator = new LazyAllocator()) {
      assertEquals(0, BridgeCommand.run(args, sink, sink, allocator, false), out.toString());
      assertTrue(out.size() > 0);
      return allocator.started();
    }
  }
}
