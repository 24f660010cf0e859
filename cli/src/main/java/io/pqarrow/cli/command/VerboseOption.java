package io.pqarrow.cli.command;

import picocli.CommandLine.Option;

/**
 * The {@code --verbose} flag, accepted before the command name and after it: with it, an error is
 * followed by its stack trace.
 */
public final class VerboseOption {
  @Option(names = "--verbose", description = "On error, print the stack trace after the message.")
  boolean verbose;
}
