package io.pqarrow.cli.common;

import io.pqarrow.ErrorKind;

/**
 * The exit codes of {@code bridge}, part of its public contract.
 *
 * <table>
 *   <caption>Exit codes</caption>
 *   <tr><th>code</th><th>meaning</th></tr>
 *   <tr><td>0</td><td>success (also {@code --help} and {@code --version})</td></tr>
 *   <tr><td>1</td><td>bad input: one line on standard error says what is wrong and where</td></tr>
 *   <tr><td>2</td><td>bad usage: unknown option, command or column (in any flag), missing or
 *       malformed argument</td></tr>
 * </table>
 *
 * <p>A failure reported as a {@link io.pqarrow.BridgeException} (the library's or the command
 * line's own {@link CliException}) gets its code from its {@link ErrorKind} ({@link #of}):
 *
 * <table>
 *   <caption>Kinds and exit codes</caption>
 *   <tr><th>kind</th><th>code</th><th>standard error</th></tr>
 *   <tr><td>{@code INVALID_DATA}, {@code INVALID_SCHEMA}, {@code UNSUPPORTED}, {@code NOT_FOUND},
 *       {@code IO}, {@code OUT_OF_MEMORY}, {@code ENVIRONMENT} (a JVM without the flag Arrow
 *       needs)</td><td>1</td><td>{@code bridge: <message>}</td></tr>
 *   <tr><td>{@code INVALID_ARGUMENT}</td><td>2</td><td>{@code bridge: <message>}, then one line
 *       {@code Try 'bridge COMMAND --help' for more information.}; picocli's own usage errors are
 *       printed so too</td></tr>
 * </table>
 */
public final class ExitCode {
  /** The command did what was asked. */
  public static final int OK = 0;

  /** The input could not be read or converted; a one-line message says why. */
  public static final int BAD_INPUT = 1;

  /** The command line itself was wrong; the message and a pointer to the command's help follow. */
  public static final int BAD_USAGE = 2;

  private ExitCode() {}

  /** The exit code of a failure of {@code kind}: see the table above. */
  public static int of(ErrorKind kind) {
    return switch (kind) {
      case INVALID_ARGUMENT -> BAD_USAGE;
      case INVALID_DATA, INVALID_SCHEMA, UNSUPPORTED, NOT_FOUND, IO, OUT_OF_MEMORY, ENVIRONMENT ->
          BAD_INPUT;
    };
  }
}
