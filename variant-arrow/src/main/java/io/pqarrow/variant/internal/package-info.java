/**
 * <b>Internal, not API:</b> helpers the Variant packages share (UTF-8 checks and comparison, the
 * one decoder of Arrow's variable-width binary layouts). Public only for the other packages of this
 * module; may change in any release.
 */
package io.pqarrow.variant.internal;
