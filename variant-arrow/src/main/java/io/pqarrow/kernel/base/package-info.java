/**
 * <b>API.</b> The vocabulary of the Variant kernels, which their entry points ({@code
 * io.pqarrow.kernel.VariantKernels}) and the packages that do the work share: a path into a Variant
 * value ({@link io.pqarrow.kernel.base.PathExpression}), how a value that does not fit its target
 * is met ({@link io.pqarrow.kernel.base.CastMode}, {@link io.pqarrow.kernel.base.CastOptions} with
 * {@link io.pqarrow.kernel.base.GetOptions} and {@link io.pqarrow.kernel.base.DecodeOptions}), the
 * options of inference and of the cast into Variant ({@link io.pqarrow.kernel.base.InferOptions},
 * {@link io.pqarrow.kernel.base.ToVariantOptions}), the classes values are compared by ({@link
 * io.pqarrow.kernel.base.VariantClass}) and the one exception a kernel raises ({@link
 * io.pqarrow.kernel.base.KernelException}).
 *
 * <p>This package sits below the kernel's entry points and its packages by job ({@code cast},
 * {@code decode}, {@code encode}, {@code infer}, {@code path}) and below {@code io.pqarrow.shred},
 * whose {@code inferType} takes {@code InferOptions}; it uses none of them, so the kernel's
 * packages point one way: entry points on top, jobs below, this vocabulary at the bottom.
 */
package io.pqarrow.kernel.base;
