/**
 * <b>Internal, not API:</b> Schema inference: what a column's values have in common, as one Arrow
 * field. Reached through {@link io.pqarrow.kernel.VariantKernels}; public only for the other kernel
 * packages; may change in any release.
 */
package io.pqarrow.kernel.infer;
