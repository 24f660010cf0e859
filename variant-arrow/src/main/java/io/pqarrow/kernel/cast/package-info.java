/**
 * <b>Internal, not API:</b> Casting one Variant value into one Arrow slot: the writers of scalar
 * targets and the state a kernel call shares. Reached through {@link
 * io.pqarrow.kernel.VariantKernels}; public only for the other kernel packages (nothing outside
 * {@code io.pqarrow.kernel} uses it); may change in any release.
 */
package io.pqarrow.kernel.cast;
