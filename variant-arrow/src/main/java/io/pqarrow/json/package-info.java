/**
 * <b>API.</b> JSON text to and from Variant, with Jackson's streaming parser and generator.
 *
 * <ul>
 *   <li>{@link io.pqarrow.json.JsonToVariant} — one document into a {@link
 *       io.pqarrow.variant.VariantBuilder}: smallest integers, exact decimals or doubles,
 *       duplicate-key policy, errors with line and column.
 *   <li>{@link io.pqarrow.json.VariantToJson} — one value as JSON text: plain decimals with their
 *       scale, shortest doubles, ISO dates and times, base64 binary.
 *   <li>{@link io.pqarrow.json.JsonColumns} — whole Arrow columns: Utf8/LargeUtf8/Utf8View (or
 *       {@code arrow.json}) to a Variant vector, and a Variant vector to Utf8 or {@code
 *       arrow.json}; SQL NULL and Variant null kept apart.
 *   <li>{@link io.pqarrow.json.JsonOptions} — the options, with documented defaults.
 * </ul>
 *
 * Errors are {@link io.pqarrow.json.JsonConversionException}s.
 */
package io.pqarrow.json;
