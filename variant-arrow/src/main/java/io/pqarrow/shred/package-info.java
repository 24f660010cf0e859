/**
 * <b>API.</b> Shredding and unshredding of {@code arrow.parquet.variant} vectors, by the shredding
 * rules of docs/variant.md §3 and §4.2.
 *
 * <h2>Entry points</h2>
 *
 * <ul>
 *   <li>{@link io.pqarrow.shred.Shredding#shred} — a Variant vector in, a shredded Variant vector
 *       out ({@code metadata}, {@code value}, {@code typed_value}), laid out exactly as the schema
 *       mapping ({@code io.pqarrow.schema.SchemaMapper#toParquet}) accepts, so it can be written to
 *       Parquet as it is. Misfits go to {@code value}; {@link io.pqarrow.shred.ShredOptions} {@code
 *       strict} turns them into errors.
 *   <li>{@link io.pqarrow.shred.Shredding#unshred} — any Variant vector in, a plain one ({@code
 *       metadata} + {@code value}) out; invalid storage is a {@link
 *       io.pqarrow.shred.ShredException} naming the row and path.
 *   <li>{@link io.pqarrow.shred.Shredding#inferType} — a shredding type from a sample (the kernels'
 *       schema inference, turned into an allowed type).
 *   <li>{@link io.pqarrow.shred.ShreddingTypes} — a compact text form of shredding types: {@code
 *       struct<id:int64,tags:list<string>,meta:variant>}.
 * </ul>
 *
 * <h2>For the CLI</h2>
 *
 * <pre>
 * bridge export --variant unshred        each Variant column: Shredding.unshred(column, alloc)
 * bridge import --shred v=infer          type = Shredding.inferType(first batch of v,
 *                                          Shredding.defaultInferOptions(), alloc); every batch
 *                                          shredded with that one type (a file has one schema)
 * bridge import --shred v=TYPE           type = ShreddingTypes.parse("v", TYPE), e.g.
 *                                          v='struct&lt;id:int64,tags:list&lt;string&gt;&gt;'
 * bridge import --shred v=TYPE --strict  ShredOptions.builder().strict(true): fail on misfits
 * </pre>
 *
 * The output field for a type, before any data, is {@link io.pqarrow.shred.Shredding#storageField};
 * the CLI can map it to Parquet up front.
 */
package io.pqarrow.shred;
