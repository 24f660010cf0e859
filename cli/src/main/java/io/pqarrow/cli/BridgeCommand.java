package io.pqarrow.cli;

import io.pqarrow.ArrowAccess;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorText;
import io.pqarrow.Suggestions;
import io.pqarrow.cli.command.CatCommand;
import io.pqarrow.cli.command.ExportCommand;
import io.pqarrow.cli.command.ImportCommand;
import io.pqarrow.cli.command.MetaCommand;
import io.pqarrow.cli.command.SchemaCommand;
import io.pqarrow.cli.command.VerboseOption;
import io.pqarrow.cli.command.VersionProvider;
import io.pqarrow.cli.common.ArrowFree;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.LazyAllocator;
import io.pqarrow.cli.common.SchemaWarmUp;
import io.pqarrow.extension.ExtensionTypes;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code bridge} command line: {@code schema}, {@code cat}, {@code export} and {@code import}
 * between Parquet files and Arrow IPC.
 *
 * <p>{@link #run(String[], PrintStream, PrintStream)} is the whole program without {@code
 * System.exit}: it parses the arguments, runs the command and returns the exit code ({@link
 * ExitCode}). Every error is caught here: bad input prints one line {@code bridge: <what is wrong>}
 * on standard error and returns 1; bad usage prints {@code bridge: <what is wrong>} (with, for an
 * expression, the expression and a caret under the place) and one line {@code Try 'bridge COMMAND
 * --help' for more information.}, and returns 2. Which of the two an error is comes from its {@link
 * io.pqarrow.ErrorKind} ({@link ExitCode#of}), never from its text. {@code --verbose} adds the
 * stack trace; no stack trace is printed otherwise.
 */
@Command(
    name = "bridge",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Parquet files as Apache Arrow, and back.",
    synopsisSubcommandLabel = "COMMAND",
    commandListHeading = "%nCommands:%n",
    footerHeading = "%nExit codes:%n",
    footer = {
      "  0  success",
      "  1  bad input: one line says what is wrong, and where",
      "  2  bad usage (unknown option or column, missing or malformed argument)"
    })
public final class BridgeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  /**
   * The Netty property that turns off its allocator's Flight Recorder events. They are disabled
   * events anyway, but with the property unset, Netty's first allocation loads the Flight Recorder
   * and has it generate event handler classes at run time, which costs a command about a tenth of a
   * second of start-up; {@link #main} sets it unless it is set already.
   */
  static final String NETTY_JFR_PROPERTY = "io.netty.jfr.enabled";

  /** Runs {@code bridge} and exits the JVM with its exit code. */
  public static void main(String[] args) {
    if (System.getProperty(NETTY_JFR_PROPERTY) == null) {
      System.setProperty(NETTY_JFR_PROPERTY, "false");
    }
    int code;
    try (LazyAllocator allocator = new LazyAllocator()) {
      code = run(args, System.out, System.err, allocator, System.console() != null);
    }
    System.out.flush();
    System.exit(code);
  }

  /**
   * Runs {@code bridge} with the given arguments, writing data to {@code out} and messages to
   * {@code err}; never exits the JVM and never shows progress.
   *
   * @return the exit code: 0 success, 1 bad input, 2 bad usage
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try (LazyAllocator allocator = new LazyAllocator()) {
      return run(args, out, err, allocator, false);
    }
  }

  /**
   * Runs {@code bridge} with every Arrow buffer taken from {@code allocator} (which the caller owns
   * and closes).
   *
   * @param interactive whether {@code err} is a terminal; progress is shown only then
   * @return the exit code: 0 success, 1 bad input, 2 bad usage
   */
  public static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      BufferAllocator allocator,
      boolean interactive) {
    return run(args, out, err, () -> allocator, interactive);
  }

  /** As above, with the allocator made (or not) by {@code allocator} when a command asks. */
  static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      Supplier<BufferAllocator> allocator,
      boolean interactive) {
    CliContext context = new CliContext(out, err, allocator, interactive);
    CommandLine cli = commandLine(context, args);
    try {
      return cli.execute(args);
    } catch (RuntimeException | Error e) {
      // picocli hands exceptions of the commands to the handler below; this is the last net for
      // anything thrown while it prints usage or handles an error.
      return report(e, cli, verbose(cli.getParseResult()));
    } finally {
      cli.getOut().flush();
      cli.getErr().flush();
      out.flush();
      err.flush();
    }
  }

  /** The commands, by name, in the order {@code bridge --help} lists them. */
  static Map<String, Function<CliContext, Object>> commands() {
    Map<String, Function<CliContext, Object>> commands = new LinkedHashMap<>();
    commands.put("schema", SchemaCommand::new);
    commands.put("cat", CatCommand::new);
    commands.put("export", ExportCommand::new);
    commands.put("import", ImportCommand::new);
    commands.put("meta", MetaCommand::new);
    commands.put("serve", ServeCommand::new);
    return commands;
  }

  /** {@code bridge} with every command. */
  static CommandLine commandLine(CliContext context) {
    return commandLine(context, null);
  }

  /**
   * {@code bridge} with the commands {@code args} may need. picocli builds a command's model by
   * reflection over its annotated fields (a good part of a short command's start-up), so when
   * {@code args} name a known command after nothing but {@code --verbose}, only that command is
   * built, and for a bare {@code --version} none; anything else ({@code --help}, no command, an
   * unknown one, another option first) gets all of them, for the usage and the suggestions.
   */
  static CommandLine commandLine(CliContext context, String[] args) {
    CommandLine cli = new CommandLine(new BridgeCommand());
    Map<String, Function<CliContext, Object>> commands = commands();
    String named = args == null ? null : namedCommand(args, commands);
    if (named != null) {
      if (!named.isEmpty()) {
        cli.addSubcommand(named, commands.get(named).apply(context));
      }
    } else {
      commands.forEach((name, command) -> cli.addSubcommand(name, command.apply(context)));
    }
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setOut(new PrintWriter(context.out(), true, StandardCharsets.UTF_8));
    cli.setErr(new PrintWriter(context.err(), true, StandardCharsets.UTF_8));
    cli.setExecutionStrategy(BridgeCommand::execute);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> report(e, commandLine, verbose(cli.getParseResult())));
    cli.setParameterExceptionHandler(
        (e, unmatched) ->
            report(e, e.getCommandLine(), verbose(e.getCommandLine().getParseResult())));
    return cli;
  }

  /**
   * Runs the parsed command as picocli would ({@link CommandLine.RunLast}), setting Arrow up first
   * (the JVM-flag check, {@link SchemaWarmUp} and the extension types) unless no command is named,
   * only help or the version is asked for, or the command is {@link ArrowFree}: those start without
   * loading Arrow.
   */
  private static int execute(ParseResult parsed) {
    ParseResult last = parsed;
    boolean helpOnly = parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested();
    while (last.hasSubcommand()) {
      last = last.subcommand();
      helpOnly |= last.isUsageHelpRequested() || last.isVersionHelpRequested();
    }
    if (last != parsed && !helpOnly && !(last.commandSpec().userObject() instanceof ArrowFree)) {
      try {
        ArrowAccess.check();
      } catch (BridgeException e) {
        // to the execution exception handler, which reports it as the command's own failure
        throw new CommandLine.ExecutionException(last.commandSpec().commandLine(), "", e);
      }
      SchemaWarmUp.start();
      ExtensionTypes.register();
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  /**
   * The one command {@code args} run: its name when it is the first argument after any {@code
   * --verbose}, {@code ""} (none) when the arguments are only {@code --version} or {@code -V} (and
   * {@code --verbose}), {@code null} when they may need every command.
   */
  private static String namedCommand(String[] args, Map<String, ?> commands) {
    boolean version = false;
    for (String arg : args) {
      if (arg.equals("--verbose")) {
        continue;
      }
      if (arg.equals("--version") || arg.equals("-V")) {
        version = true;
        continue;
      }
      return !version && commands.containsKey(arg) ? arg : null;
    }
    return version ? "" : null;
  }

  /** Without a command, {@code bridge} is a usage error. */
  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "Missing required command");
  }

  private static boolean verbose(ParseResult result) {
    for (ParseResult r = result; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Prints {@code e} for the user and returns its exit code: for a {@link BridgeException} the code
   * of its kind ({@link ExitCode#of}), for picocli's own {@link ParameterException} {@link
   * ExitCode#BAD_USAGE}, else {@link ExitCode#BAD_INPUT}. Either way the message follows {@code
   * bridge: }; bad usage adds one line pointing to the help of {@code command}, never the usage
   * itself.
   */
  private static int report(Throwable e, CommandLine command, boolean verbose) {
    PrintWriter err = command.getErr();
    int code =
        e instanceof ParameterException
            ? ExitCode.BAD_USAGE
            : e instanceof BridgeException b ? ExitCode.of(b.kind()) : ExitCode.BAD_INPUT;
    if (code == ExitCode.BAD_USAGE) {
      err.println("bridge: " + usageMessage(e, command));
      err.println(
          "Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
    } else {
      err.println("bridge: " + describe(e));
    }
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /**
   * The message of a usage error; for a word where a command was expected, which command was meant
   * ({@link Suggestions#closest}), or the commands there are when none is close.
   */
  private static String usageMessage(Throwable e, CommandLine command) {
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String word = u.getUnmatched().get(0);
      if (u.isUnknownOption()) {
        List<String> close =
            Suggestions.closest(word, command.getCommandSpec().optionsMap().keySet());
        return close.isEmpty()
            ? e.getMessage()
            : e.getMessage() + " (" + Suggestions.didYouMean(close) + ")";
      }
      if (command.getParent() == null) {
        List<String> names = new ArrayList<>(command.getSubcommands().keySet());
        List<String> close = Suggestions.closest(word, names);
        return "unknown command '"
            + word
            + "' ("
            + Suggestions.hint(close, "commands", names)
            + ")";
      }
    }
    return e.getMessage();
  }

  /** The one-line description of an error, without the {@code bridge: } prefix. */
  static String describe(Throwable e) {
    if (e instanceof BridgeException) {
      return e.getMessage();
    }
    if (e instanceof OutOfMemoryError) {
      return "out of memory (" + e.getMessage() + "); try a smaller --batch-rows or a larger -Xmx";
    }
    return "internal error: " + ErrorText.describe(e) + " (run with --verbose for the stack trace)";
  }
}
