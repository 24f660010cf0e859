/**
 * <b>API.</b> Batch kernels over {@code arrow.parquet.variant} vectors.
 *
 * <ul>
 *   <li>{@link io.pqarrow.kernel.VariantKernels#get} — {@code variant_get}: the value at a {@link
 *       io.pqarrow.kernel.PathExpression} of every row, cast to a target Arrow field (scalars,
 *       lists, structs, maps, dense unions, or the Variant type itself), over unshredded or
 *       shredded storage;
 *   <li>{@link io.pqarrow.kernel.VariantKernels#inferSchema} — one Arrow field describing a column
 *       (also the starting point of a shredding schema);
 *   <li>{@link io.pqarrow.kernel.VariantKernels#decode} — whole values into vectors of a given
 *       field, with the rows that do not fit counted in the {@link io.pqarrow.kernel.KernelResult};
 *   <li>{@link io.pqarrow.kernel.VariantKernels#castToVariant} — the way in: any Arrow column as a
 *       Variant vector whose rows share one metadata ({@code io.pqarrow.kernel.encode}).
 * </ul>
 *
 * <p>The calls take their vocabulary from this package too: paths ({@link
 * io.pqarrow.kernel.PathExpression}), what a value that does not fit its target becomes ({@link
 * io.pqarrow.kernel.CastMode}, {@link io.pqarrow.kernel.GetOptions}, {@link
 * io.pqarrow.kernel.DecodeOptions}), the options of inference and of the cast into Variant ({@link
 * io.pqarrow.kernel.InferOptions}, {@link io.pqarrow.kernel.ToVariantOptions}), the classes values
 * are compared by ({@link io.pqarrow.kernel.VariantClass}) and the one exception the kernels raise
 * ({@link io.pqarrow.kernel.KernelException}). The packages by job that {@code VariantKernels}
 * calls ({@code path}: {@code variant_get}'s row loops; {@code decode} and {@code cast}: the
 * writers of the target vectors; {@code encode}: into Variant; {@code infer}: schema inference; all
 * internal) use that vocabulary, so this package and they depend on each other: the one package
 * cycle the architecture test allows, kept because these API types do not move
 * (docs/architecture.md, "No package cycles"). The jobs use nothing else of this package.
 *
 * <p>Internals: {@code WriterFactory} builds one writer per target field when a call starts (the
 * only switch on the target type); the row loop ({@code GetKernel}, {@code ShreddedGet}) then
 * positions a re-pointable reader per row and calls the writer, allocating nothing per row for
 * scalar results.
 */
package io.pqarrow.kernel;
