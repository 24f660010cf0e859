/**
 * <b>Internal, not API:</b> the reader's leaves: one {@link
 * io.pqarrow.parquet.read.leaf.LeafDecoder} per Parquet leaf column reads its values and levels a
 * page at a time into one Arrow vector. {@link io.pqarrow.parquet.read.leaf.ChunkLeaves} chooses
 * one leaf per physical layout ({@link io.pqarrow.parquet.read.leaf.ChunkLeafDecoder}'s children:
 * {@link io.pqarrow.parquet.read.leaf.FixedWidthLeaf}, {@link
 * io.pqarrow.parquet.read.leaf.BinaryLeaf}, {@link io.pqarrow.parquet.read.leaf.BoolLeaf}, {@link
 * io.pqarrow.parquet.read.leaf.DictionaryLeaf}, {@link io.pqarrow.parquet.read.leaf.NullLeaf}) with
 * a {@link io.pqarrow.parquet.read.leaf.Conversion} plugged in where a value changes on its way
 * into its slot. A value with no Arrow value in its column's type is refused with {@link
 * io.pqarrow.parquet.read.leaf.BadValueException}, which the reader turns into an error naming the
 * row. Knows nothing of the node tree above ({@code parquet.read.node}) or of the reader ({@code
 * parquet.read}); late materialization reaches it as {@link
 * io.pqarrow.parquet.read.leaf.SelectedRuns}. Public only for those two packages (the architecture
 * test holds every other module off it); may change in any release.
 */
package io.pqarrow.parquet.read.leaf;
