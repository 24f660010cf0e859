/**
 * <b>API:</b> {@link io.pqarrow.parquet.write.ParquetArrowWriter} and {@link
 * io.pqarrow.parquet.write.WriteOptions}: Arrow record batches written as a Parquet file.
 *
 * <p>The rest is package-private. {@code WritePlanBuilder} builds, once per file, a tree of {@code
 * WriteNode}s ({@code StructWriteNode}, {@code ListWriteNode}, {@code DictionaryWriteNode}) over
 * per-column {@code LeafEncoder}s chosen by {@code LeafEncoders}; per batch, each row is written as
 * Parquet triples into parquet-java's column writers, whose values writers {@code ValuesWriters}
 * chooses per column ({@code ColumnSettings} resolves the per-column options). A field whose every
 * leaf {@code BulkKind} takes (flat, or below lists, list views, maps and structs, whose levels
 * {@code NestedLevels} reads) is instead written from its Arrow buffers in bulk by a {@code
 * BulkColumnWriter} per leaf (its own {@code HybridRle} levels and indices, {@code
 * ValueDictionary}), whose pages go to parquet-java's page writer. A dictionary-encoded Arrow field
 * over such a leaf, top-level or below lists and structs, is written in bulk too: {@code
 * DictionaryEntries} reads each Arrow dictionary from its buffers and folds it once per column
 * chunk, and {@code IndexPages} writes the ids over it; over intervals or rescaled or narrowed
 * integers, at any depth, each dictionary is converted once. A dictionary-encoded field over a list
 * or struct has its levels read through its indices ({@code DictionaryIndices}). Only a field with
 * a leaf {@code BulkKind} refuses, or a dictionary over an all-null leaf, still takes the triples,
 * as does a writer opened with the bulk path off (the tests' reference). {@code FooterPatch} mends
 * the footer parquet-java writes (INTERVAL columns, sorting columns, no page index).
 */
package io.pqarrow.parquet.write;
