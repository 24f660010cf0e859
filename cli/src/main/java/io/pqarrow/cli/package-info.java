/**
 * <b>Not API:</b> the {@code bridge} command line ({@link io.pqarrow.cli.BridgeCommand} and its
 * subcommands), built on picocli. Its contract is the command line itself (commands, flags, output
 * formats, messages and exit codes), not these classes, which may change in any release; use the
 * library packages instead.
 */
package io.pqarrow.cli;
