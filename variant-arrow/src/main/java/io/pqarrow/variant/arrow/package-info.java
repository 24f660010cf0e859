/**
 * <b>API.</b> Variant values in Arrow vectors ({@code arrow.parquet.variant}, {@link
 * io.pqarrow.extension.VariantVector}).
 *
 * <ul>
 *   <li>{@link io.pqarrow.variant.arrow.VariantColumnReader} — points a {@link
 *       io.pqarrow.variant.VariantReader} at row {@code i} in place, for Binary, LargeBinary and
 *       BinaryView children and dictionary-encoded metadata (dictionary from the caller's {@code
 *       DictionaryProvider}); SQL NULL ({@code read} returns false) apart from Variant null; one
 *       metadata per run of equal metadata bytes or dictionary index. Shredded rows are left to the
 *       kernels.
 *   <li>{@link io.pqarrow.variant.arrow.VariantVectors} — {@code wrap} existing binary vectors
 *       without copying (buffers retained), {@code fromColumn} copies an {@link
 *       io.pqarrow.variant.EncodedVariantColumn} into new Arrow memory.
 *   <li>{@link io.pqarrow.variant.arrow.VariantVectorWriter} — appends values, Variant nulls and
 *       SQL NULLs, then produces a vector with one shared metadata.
 *   <li>{@link io.pqarrow.variant.arrow.BinarySlots} — the bytes of one slot of any binary or
 *       string vector (Binary, LargeBinary, BinaryView and their Utf8 forms) without copying: the
 *       one decoder of the variable-width layouts, which the reader above, unshredding, JSON and
 *       the kernels all use.
 * </ul>
 *
 * This package sits on the codec ({@code io.pqarrow.variant}) and uses no package above it.
 *
 * <p>Structural problems raise {@link io.pqarrow.variant.arrow.VariantVectorException}; bad Variant
 * bytes raise {@link io.pqarrow.variant.VariantFormatException} with the row.
 */
package io.pqarrow.variant.arrow;
