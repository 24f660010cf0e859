/**
 * <b>Not API:</b> the {@code bridge} command line ({@link io.pqarrow.cli.BridgeCommand} and its
 * subcommands), built on picocli. Its contract is the command line itself (commands, flags, output
 * formats, messages and exit codes), not these classes, which may change in any release; use the
 * library packages instead.
 *
 * <p>The packages, each depending only on those listed after it (checked by architecture-tests: no
 * package cycles):
 *
 * <ul>
 *   <li>{@code io.pqarrow.cli}: {@link io.pqarrow.cli.BridgeCommand}, the {@code Main-Class}:
 *       parses the arguments, reports errors with their exit codes, and registers the subcommands,
 *       all in {@code BridgeCommand.commands()} (a new command is one class in {@code cli.command}
 *       and one line there);
 *   <li>{@link io.pqarrow.cli.command}: one class per command ({@code schema}, {@code cat}, {@code
 *       export}, {@code import}, {@code meta}), their shared flags and the read-convert-write loop
 *       they run ({@code BatchPipeline});
 *   <li>{@link io.pqarrow.cli.output}: what the commands write: Arrow IPC, Parquet files and
 *       hive-partitioned datasets, JSON Lines of values and statistics, progress;
 *   <li>{@link io.pqarrow.cli.variant}: Variant columns on import ({@code --to-variant}, {@code
 *       --shred}) and export ({@code --variant}), as rewrites of each batch;
 *   <li>{@link io.pqarrow.cli.input}: what the commands read: Parquet files, datasets, Arrow IPC;
 *   <li>{@link io.pqarrow.cli.common}: what every command shares: its context, errors and exit
 *       codes, and the checks of file paths and column paths.
 * </ul>
 */
package io.pqarrow.cli;
