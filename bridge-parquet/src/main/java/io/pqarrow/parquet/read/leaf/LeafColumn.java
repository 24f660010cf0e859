package io.pqarrow.parquet.read.leaf;

import java.util.List;

/**
 * What a {@link LeafDecoder} is told about its column when {@link
 * io.pqarrow.parquet.read.node.AssemblerBuilder} builds it; all of it holds for the life of the
 * reader.
 *
 * @param column the dotted column path, for messages
 * @param parquetPath the column's Parquet path
 * @param maxDef the column's maximum definition level: a triple at it holds a value
 * @param slotDef the definition level at which the innermost enclosing list element exists: a
 *     triple below it takes no slot
 * @param nullFill the bytes written into the slot of a null (a null ancestor group) instead of
 *     leaving it null, or {@code null} to leave it null: set for the non-nullable children of a
 *     Variant, which must stay valid under a null Variant; only binary decoders support it
 * @param padding the null slots a null fixed-size list above the column takes; {@link Padding#NONE}
 *     unless the column is the element of a FixedSizeList
 */
public record LeafColumn(
    String column,
    List<String> parquetPath,
    int maxDef,
    int slotDef,
    byte[] nullFill,
    Padding padding) {

  /** Copies the path. */
  public LeafColumn {
    parquetPath = List.copyOf(parquetPath);
  }

  /**
   * A triple with a definition level in [{@code fromDef}, {@code toDef}) is a null list of fixed
   * size above the column and takes {@code slots} null slots: Parquet writes no elements for a null
   * list, Arrow keeps the list size of null elements.
   */
  public record Padding(int fromDef, int toDef, int slots) {
    /** No padding: no definition level is in the range. */
    public static final Padding NONE = new Padding(Integer.MAX_VALUE, Integer.MIN_VALUE, 0);
  }
}
