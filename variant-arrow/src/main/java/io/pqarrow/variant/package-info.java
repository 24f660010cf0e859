/**
 * <b>API.</b> The Parquet Variant binary codec: reading values in place from buffers, validating
 * them, and building them.
 *
 * <h2>Reading</h2>
 *
 * <ul>
 *   <li>{@link io.pqarrow.variant.VariantMetadata} — a dictionary read in place; key lookups by
 *       binary search (sorted) or a lazy hash map (unsorted); one instance serves many rows.
 *   <li>{@link io.pqarrow.variant.VariantReader} — a re-pointable cursor: {@code reset(metadata,
 *       buffer, offset, length, row)}, {@code kind()}, primitive getters returning primitives,
 *       {@code fieldInto}/{@code elementInto}/{@code findFieldInto} to descend without allocating.
 *   <li>{@link io.pqarrow.variant.Variant} — the immutable view with the same getters and {@code
 *       field(String)}, {@code element(int)}.
 *   <li>{@link io.pqarrow.variant.arrow.VariantColumnReader} — rows of an Arrow Variant vector,
 *       zero-copy (Binary, LargeBinary, BinaryView, dictionary-encoded metadata).
 *   <li>{@link io.pqarrow.variant.VariantWalker} with a {@link io.pqarrow.variant.VariantVisitor} —
 *       depth-first walks with a {@link io.pqarrow.variant.VariantPath}.
 *   <li>{@link io.pqarrow.variant.VariantValidator} and {@link
 *       io.pqarrow.variant.ValidationOptions} — full or trusted checks with caps.
 * </ul>
 *
 * <h2>Writing</h2>
 *
 * <ul>
 *   <li>{@link io.pqarrow.variant.VariantBuilder} — one value and its metadata; {@code
 *       appendVariant} copies a value from a reader, re-keying it.
 *   <li>{@link io.pqarrow.variant.VariantColumnBuilder} — many rows, one shared metadata.
 * </ul>
 *
 * <p>Bad bytes raise {@link io.pqarrow.variant.VariantFormatException} (row, byte offset,
 * expectation); a getter of the wrong kind raises {@link io.pqarrow.variant.VariantTypeException}.
 * The byte layout itself is known only to the package-private {@code VariantLayout}.
 */
package io.pqarrow.variant;
