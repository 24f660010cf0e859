/**
 * <b>API.</b> Batch kernels over {@code arrow.parquet.variant} vectors.
 *
 * <ul>
 *   <li>{@link io.pqarrow.kernel.VariantKernels#get} — {@code variant_get}: the value at a {@link
 *       io.pqarrow.kernel.base.PathExpression} of every row, cast to a target Arrow field (scalars,
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
 * What the calls take (paths, options, the exception) is in {@link io.pqarrow.kernel.base}, below
 * this package and the packages by job, which it calls: {@code path} ({@code variant_get} row
 * loops), {@code decode} and {@code cast} (the writers of the target vectors), {@code encode} (into
 * Variant), {@code infer} (schema inference). What they give back ({@link
 * io.pqarrow.kernel.KernelResult}, {@link io.pqarrow.kernel.SchemaAccumulator}) is here.
 *
 * <p>Internals: {@code WriterFactory} builds one writer per target field when a call starts (the
 * only switch on the target type); the row loop ({@code GetKernel}, {@code ShreddedGet}) then
 * positions a re-pointable reader per row and calls the writer, allocating nothing per row for
 * scalar results.
 */
package io.pqarrow.kernel;
