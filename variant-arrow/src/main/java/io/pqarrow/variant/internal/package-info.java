/**
 * <b>Internal, not API:</b> helpers the Variant packages share: UTF-8 checks and comparison ({@code
 * Utf8}), the one decoder of Arrow's variable-width binary layouts ({@code BinarySlots}) and of the
 * list layouts ({@code ListSlots}), the encoding of a shredded {@code typed_value} slot as a
 * Variant value by the shredded-type table ({@code TypedScalars}, used by unshredding and {@code
 * variant_get} alike), and the way these helpers raise the API's {@code VariantVectorException}
 * (package-private {@code VectorErrors}, through the exception's public constructor). Public only
 * for the other packages of this module; may change in any release.
 */
package io.pqarrow.variant.internal;
