/**
 * <b>Internal, not API:</b> the bottom of the Variant packages: UTF-8 checks, comparison and
 * decoding over buffer ranges ({@code Utf8}), the one rule the codec ({@code io.pqarrow.variant}),
 * JSON text and the kernels apply to strings and keys; the numbers of a value's header byte ({@code
 * ValueHeader}: basic types, primitive ids, payload sizes), shared by the codec and the JSON text
 * writer, which walks value bytes itself. It uses no other package of the project. Public only for
 * the other packages of this module; may change in any release.
 */
package io.pqarrow.variant.internal;
