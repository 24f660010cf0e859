/**
 * <b>Not API:</b> what every {@code bridge} command shares: its context ({@code CliContext}: the
 * output streams and the lazily made allocator), its errors ({@code CliException}, the library's
 * reworded by {@code LibraryErrors}) and exit codes ({@code ExitCode}), and the checks of the paths
 * it is given, file paths ({@code FileChecks}) and column paths ({@code ColumnSelection}, which
 * words an unknown column the same for every flag). Internal to the command line: may change in any
 * release.
 */
package io.pqarrow.cli.common;
