/**
 * <b>Internal, not API:</b> the reader's node tree: {@link
 * io.pqarrow.parquet.read.node.AssemblerBuilder} builds, once per file, a tree of {@link
 * io.pqarrow.parquet.read.node.NodeAssembler}s ({@link io.pqarrow.parquet.read.node.StructNode},
 * {@link io.pqarrow.parquet.read.node.ListNode}, {@link io.pqarrow.parquet.read.node.LeafNode},
 * {@link io.pqarrow.parquet.read.node.AllNullNode}) over the leaves of {@code parquet.read.leaf};
 * per batch ({@link io.pqarrow.parquet.read.node.BatchRows}) the nodes assemble validity and
 * offsets from the levels the leaves read. Sits between the reader ({@code parquet.read}) and the
 * leaves, and depends on neither the reader nor anything above it. Public only for {@code
 * parquet.read} (the architecture test holds every other module off it); may change in any release.
 */
package io.pqarrow.parquet.read.node;
