/**
 * <b>Not API:</b> Variant columns in the {@code bridge} commands, as rewrites of each batch ({@code
 * BatchRewrite}) between reading and writing: {@code import --to-variant} ({@code ToVariantImport})
 * and {@code --shred} ({@code ShredImport}, with the first pass that infers a shredding type,
 * {@code InferencePass}), and {@code export --variant} ({@code VariantExport}, {@code
 * VariantColumns}). Internal to the command line: may change in any release.
 */
package io.pqarrow.cli.variant;
