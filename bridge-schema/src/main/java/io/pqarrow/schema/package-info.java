/**
 * <b>API:</b> {@link io.pqarrow.schema.SchemaMapper} (the entry point, both directions), {@link
 * io.pqarrow.schema.MappingOptions}, {@link io.pqarrow.schema.SchemaMapping} / {@link
 * io.pqarrow.schema.FieldMapping} (the result), {@link io.pqarrow.schema.StoredArrowSchema} (the
 * {@code ARROW:schema} entry), {@link io.pqarrow.schema.ParquetFieldMetadata} (field metadata keys)
 * and {@link io.pqarrow.schema.SchemaException}.
 *
 * <p>The rest is package-private and named by direction:
 *
 * <pre>
 * Parquet → Arrow   ParquetTypeVisitor (the walk) → ParquetToArrow → ParquetPrimitiveToArrow,
 *                   ParquetShreddedToArrow, GeoCrsToArrow; StoredSchemaToArrow restores what
 *                   ARROW:schema says
 * Arrow → Parquet   ArrowToParquet → ArrowLeafToParquet, ArrowVariantToParquet,
 *                   ArrowShreddedToParquet, GeoCrsToParquet
 * </pre>
 *
 * The rules, as tables, are in {@code docs/type-mapping.md}.
 */
package io.pqarrow.schema;
