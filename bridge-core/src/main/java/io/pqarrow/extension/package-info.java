/**
 * <b>API.</b> The Arrow extension types the bridge produces and reads, with their vectors: {@code
 * arrow.parquet.variant} ({@link io.pqarrow.extension.VariantType}, also read under the legacy name
 * {@code parquet.variant}), {@code arrow.json} ({@link io.pqarrow.extension.JsonType}) and {@code
 * geoarrow.wkb} ({@link io.pqarrow.extension.GeoWkbType}); {@code arrow.uuid} is Arrow Java's own
 * {@code UuidType}, recognised everywhere by {@link io.pqarrow.extension.UuidExtension}. {@link
 * io.pqarrow.extension.ExtensionTypes#register()} registers them all with Arrow's IPC readers.
 *
 * <p>The rules of shredded Variant storage that both the Parquet and the Variant modules follow
 * live here too, once: the shredded-type table {@link io.pqarrow.extension.ShreddedScalar} and the
 * pair layout {@link io.pqarrow.extension.ShreddedLayout} (docs/variant.md §3).
 */
package io.pqarrow.extension;
