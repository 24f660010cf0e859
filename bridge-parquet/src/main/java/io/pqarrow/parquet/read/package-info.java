/**
 * <b>API:</b> {@link io.pqarrow.parquet.read.ParquetArrowReader} and {@link
 * io.pqarrow.parquet.read.ReadOptions}: a Parquet file as Arrow record batches.
 *
 * <p>The rest is package-private. {@code ParquetFraming} checks the file before parquet-java parses
 * its footer; {@code Projection} keeps the selected columns of the mapping; {@code RowGroupWalk}
 * walks the row groups and {@code BatchDecoder} reads each batch on the leaves and has the nodes
 * assemble it; {@code FilterStage} and {@code LateColumns} apply a filter. The node tree ({@code
 * AssemblerBuilder}, the {@code NodeAssembler}s) is in {@link io.pqarrow.parquet.read.node}, and
 * the leaves ({@code LeafDecoder}s, one per physical layout, chosen by {@code ChunkLeaves}, with a
 * {@code Conversion} plugged in where a value changes on its way into its slot) in {@link
 * io.pqarrow.parquet.read.leaf}: this package sits on the nodes, which sit on the leaves, never the
 * reverse. {@code ColumnTasks} reads the leaves of a batch on several threads when {@code
 * ReadOptions.threads} asks for it.
 */
package io.pqarrow.parquet.read;
