/**
 * <b>Internal, not API:</b> Following a path inside each row's value (plain or shredded storage):
 * the row loop of {@code variant_get}. Reached through {@link io.pqarrow.kernel.VariantKernels};
 * public only for the other kernel packages; may change in any release.
 */
package io.pqarrow.kernel.path;
