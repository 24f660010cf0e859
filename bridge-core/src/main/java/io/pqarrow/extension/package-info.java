/**
 * <b>API.</b> The Arrow extension types the bridge produces and reads, with their vectors: {@code
 * arrow.parquet.variant} ({@link io.pqarrow.extension.VariantType}, also read under the legacy name
 * {@code parquet.variant}), {@code arrow.json} ({@link io.pqarrow.extension.JsonType}) and {@code
 * geoarrow.wkb} ({@link io.pqarrow.extension.GeoWkbType}); {@code arrow.uuid} is Arrow Java's own
 * {@code UuidType}. {@link io.pqarrow.extension.ExtensionTypes#register()} registers them all with
 * Arrow's IPC readers.
 */
package io.pqarrow.extension;
