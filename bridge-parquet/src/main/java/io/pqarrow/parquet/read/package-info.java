/**
 * <b>API:</b> {@link io.pqarrow.parquet.read.ParquetArrowReader} and {@link
 * io.pqarrow.parquet.read.ReadOptions}: a Parquet file as Arrow record batches.
 *
 * <p>The rest is package-private. {@code ParquetFraming} checks the file before parquet-java parses
 * its footer; {@code Projection} keeps the selected columns of the mapping; {@code
 * AssemblerBuilder} builds, once per file, a tree of {@code NodeAssembler}s ({@code StructNode},
 * {@code ListNode}, {@code LeafNode}) over per-column {@code LeafDecoder}s, one leaf per physical
 * layout ({@code ChunkLeafDecoder}'s children, with a {@code Conversion} plugged into {@code
 * FixedWidthLeaf} where a value changes on its way into its slot) chosen by {@code ChunkLeaves};
 * per batch, the leaves read values and levels a page at a time and the nodes assemble validity and
 * offsets from the levels. {@code ColumnTasks} reads the leaves of a batch on several threads when
 * {@code ReadOptions.threads} asks for it.
 */
package io.pqarrow.parquet.read;
