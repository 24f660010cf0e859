package io.pqarrow.cli;

/**
 * The exit codes of {@code bridge}, part of its public contract.
 *
 * <table>
 *   <caption>Exit codes</caption>
 *   <tr><th>code</th><th>meaning</th></tr>
 *   <tr><td>0</td><td>success (also {@code --help} and {@code --version})</td></tr>
 *   <tr><td>1</td><td>bad input: one line on standard error says what is wrong and where</td></tr>
 *   <tr><td>2</td><td>bad usage: unknown option, missing or malformed argument</td></tr>
 * </table>
 */
public final class ExitCode {
  /** The command did what was asked. */
  public static final int OK = 0;

  /** The input could not be read or converted; a one-line message says why. */
  public static final int BAD_INPUT = 1;

  /** The command line itself was wrong; picocli's message and the usage follow. */
  public static final int BAD_USAGE = 2;

  private ExitCode() {}
}
