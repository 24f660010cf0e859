/**
 * <b>Internal, not API:</b> Schema inference: what a column's values have in common, as one Arrow
 * field, and the shredding type chosen from it ({@code ShreddingInference}). Reached through {@link
 * io.pqarrow.kernel.VariantKernels} and {@link io.pqarrow.shred.Shredding#inferType}; public only
 * for those; may change in any release.
 */
package io.pqarrow.kernel.infer;
