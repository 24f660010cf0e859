/**
 * <b>Internal, not API:</b> the readers of shredded storage that unshredding ({@code
 * io.pqarrow.shred}), {@code variant_get} over shredded storage ({@code io.pqarrow.kernel.path})
 * and schema inference ({@code io.pqarrow.kernel.infer}) share, so that all three accept the same
 * vectors and give the same bytes: the element range of a slot of any of the three list layouts
 * ({@code ListSlots}) and the encoding of a shredded primitive {@code typed_value} slot as a
 * Variant value by the shredded-type table ({@code TypedScalars}). It sits on the codec ({@code
 * io.pqarrow.variant}) and the vector layer ({@code io.pqarrow.variant.arrow}) and on nothing above
 * them. Public only for the other packages of this module; may change in any release.
 */
package io.pqarrow.shred.internal;
