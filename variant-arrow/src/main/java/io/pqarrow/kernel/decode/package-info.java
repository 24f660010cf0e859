/**
 * <b>Internal, not API:</b> Writers of nested targets (struct, list, map, dense union, Variant) and
 * the factory that builds a writer tree for a target field. Reached through {@link
 * io.pqarrow.kernel.VariantKernels}; public only for the other kernel packages; may change in any
 * release.
 */
package io.pqarrow.kernel.decode;
