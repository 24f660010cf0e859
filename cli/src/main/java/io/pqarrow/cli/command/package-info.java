/**
 * <b>Not API:</b> the {@code bridge} subcommands, one picocli command class each ({@code
 * SchemaCommand}, {@code CatCommand}, {@code ExportCommand}, {@code ImportCommand}, {@code
 * MetaCommand}), the flags several of them share (mixins such as {@code VerboseOption} and {@code
 * DatasetFlags}), {@code --where} ({@code WhereFilter}) and {@code BatchPipeline}, the loop that
 * opens an input, rewrites its batches and writes them out whole or not at all. A command is
 * registered in {@link io.pqarrow.cli.BridgeCommand}'s {@code commands()}. Internal to the command
 * line: may change in any release.
 */
package io.pqarrow.cli.command;
