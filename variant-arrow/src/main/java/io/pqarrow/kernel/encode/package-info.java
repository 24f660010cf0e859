/**
 * <b>Internal, not API:</b> Arrow → Variant ({@code cast_to_variant}): one encoder per Arrow
 * vector, built once per call by {@link io.pqarrow.kernel.encode.Encoders} (the only switch on the
 * Arrow type), each appending the Variant value of one slot to a {@link
 * io.pqarrow.variant.VariantBuilder}. Reached through {@link
 * io.pqarrow.kernel.VariantKernels#castToVariant}; may change in any release.
 */
package io.pqarrow.kernel.encode;
