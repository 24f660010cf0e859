package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.filter.ParquetPredicates;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.schema.SchemaMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.SchemaCompatibilityValidator;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexFilter;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.schema.MessageType;

/**
 * The row groups a {@link ParquetArrowReader} reads, and where it is in them: which row groups the
 * options select and the filter's statistics leave ({@link FooterPruning}), the rows of each that
 * the page filter's column indexes leave ({@link #ranges}), and the position of the next row to
 * read. It starts each leaf on its chunk of the next row group, moves the leaves over the rows a
 * page filter rules out, and names the next row group's chunks to the leaves for read-ahead. The
 * reader asks it for the next run of rows ({@link #nextRun}) and tells it what it read ({@link
 * #consumed}).
 */
final class RowGroupWalk {
  private final String file;
  private final OnDemandFileReader parquet;

  /** The reader's leaves, in its order. */
  private final List<LeafDecoder> leaves;

  /** Late materialization's plan, given after the walk is built; null when the read has none. */
  private LateColumns late;

  /** The Parquet path of each of {@link #leaves}. */
  private final List<ColumnPath> leafPaths = new ArrayList<>();

  /**
   * The position of each of {@link #leaves} among the file schema's leaves, where a row group
   * written to the format holds its chunk ({@link #chunk}); -1 when the schema has no such leaf.
   */
  private int[] leafOrdinals = new int[0];

  private final List<Integer> rowGroups;

  /**
   * The rows read, from the first, that hold every row the options' offset and limit can return
   * (without a filter, which would make that unknown); {@link Long#MAX_VALUE} for all.
   */
  private final long rowsWanted;

  private final long totalRows;

  private int nextRowGroup;
  private long rowGroupRemaining;
  private long nextRow;
  private long rowGroupFirstRow;

  /** {@link ReadOptions#pageFilter()}, or null. */
  private final FilterPredicate userPageFilter;

  /**
   * The predicate pages are pruned by: {@link ReadOptions#pageFilter()} and what parquet-java can
   * test of {@link ReadOptions#filter()}, or null for neither.
   */
  private FilterPredicate pageFilter;

  /** Every column path of the file, for {@link ColumnIndexFilter}. */
  private final Set<ColumnPath> filePaths = new HashSet<>();

  /**
   * The rows of the current row group to read, relative to its first row, when a page filter left
   * out some; null when every row is read.
   */
  private List<RowRanges.Range> ranges;

  private int nextRange;

  /** Rows left in the current range. */
  private long rangeLeft;

  /** The offset index of each leaf's chunk in the current row group, when pages are skipped. */
  private OffsetIndex[] offsetIndexes;

  /** The data pages of the row groups whose every page the page filter ruled out. */
  private long pagesPassedOver;

  /** The row group being read (a batch may span several; an error in one names it). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  /** The row groups the options select, before pruning. */
  private final long rowGroupsInScope;

  /**
   * Plans the read of {@code parquet}'s row groups for {@code leaves}: the row groups of {@code
   * options} (all by default), checked against the footer and pruned by the filter's statistics,
   * and the page filter, checked against the file's schema.
   */
  RowGroupWalk(
      String file,
      OnDemandFileReader parquet,
      MessageType schema,
      SchemaMapping mapping,
      ReadOptions options,
      List<LeafDecoder> leaves) {
    this.file = file;
    this.parquet = parquet;
    this.leaves = leaves;
    this.userPageFilter = options.pageFilter().orElse(null);
    for (LeafDecoder leaf : leaves) {
      leafPaths.add(ColumnPath.get(leaf.parquetPath));
    }
    for (ColumnDescriptor c : schema.getColumns()) {
      filePaths.add(ColumnPath.get(c.getPath()));
    }
    leafOrdinals = new int[leafPaths.size()];
    List<ColumnDescriptor> fileLeaves = schema.getColumns();
    Map<ColumnPath, Integer> ordinals = new HashMap<>();
    for (int k = 0; k < fileLeaves.size(); k++) {
      ordinals.put(ColumnPath.get(fileLeaves.get(k).getPath()), k);
    }
    for (int i = 0; i < leafOrdinals.length; i++) {
      leafOrdinals[i] = ordinals.getOrDefault(leafPaths.get(i), -1);
    }
    if (userPageFilter != null) {
      try {
        SchemaCompatibilityValidator.validate(userPageFilter, schema);
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(file),
            "the page filter does not fit the file's schema: " + describe(e),
            e);
      }
    }
    this.pageFilter = pagePredicate(userPageFilter, options, mapping, schema);
    int blockCount = parquet.getRowGroups().size();
    List<Integer> selected = new ArrayList<>(options.rowGroups());
    if (selected.isEmpty()) {
      for (int i = 0; i < blockCount; i++) {
        selected.add(i);
      }
    }
    long total = 0;
    for (int index : selected) {
      if (index < 0 || index >= blockCount) {
        throw ParquetFileException.invalid(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inFile(file).withRowGroup(index),
            "no row group " + index + " (the file has " + blockCount + ")",
            null);
      }
      long rows = parquet.getRowGroups().get(index).getRowCount();
      if (rows < 0) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inFile(file).withRowGroup(index),
            "row group " + index + " has a negative row count (" + rows + ") in the footer",
            null);
      }
    }
    this.rowGroupsInScope = selected.size();
    if (options.filter().isPresent()) {
      selected = prune(parquet, schema, mapping, options, selected);
    }
    for (int index : selected) {
      total += parquet.getRowGroups().get(index).getRowCount();
    }
    this.rowGroups = List.copyOf(selected);
    this.rowsWanted =
        options.filter().isPresent() || options.limit() == Long.MAX_VALUE
            ? Long.MAX_VALUE
            : Math.min(Long.MAX_VALUE - options.limit(), options.offset()) + options.limit();
    this.totalRows = total;
  }

  /** Gives the walk late materialization's plan, whose leaves pass over pages by offset index. */
  void late(LateColumns late) {
    this.late = late;
  }

  /**
   * The rows to read next, at most {@code max}, all in one row group and page range; 0 when every
   * selected row group is read. Starts the next row group, or moves the leaves to the next range,
   * when the current one is used up.
   */
  int nextRun(int max) {
    while (true) {
      if (rowGroupRemaining == 0) {
        if (!advanceRowGroup()) {
          return 0;
        }
        continue;
      }
      if (ranges != null && rangeLeft == 0) {
        skipTo(ranges.get(nextRange++));
        continue;
      }
      return (int) Math.min(max, ranges != null ? rangeLeft : rowGroupRemaining);
    }
  }

  /**
   * Whether rows of the current row group and page range are left after the next {@code n} rows of
   * the run {@link #nextRun} gave: the next run then goes on from there, the leaves not moved.
   */
  boolean continuesAfter(int n) {
    return (ranges != null ? rangeLeft : rowGroupRemaining) > n;
  }

  /** Moves past {@code n} rows of the run {@link #nextRun} gave, which the leaves have read. */
  void consumed(int n) {
    rowGroupRemaining -= n;
    rangeLeft -= n;
    nextRow += n;
  }

  /** {@return the row of the file the next run starts at} */
  long nextRow() {
    return nextRow;
  }

  /** {@return the file row of the first row of the row group being read} */
  long rowGroupFirstRow() {
    return rowGroupFirstRow;
  }

  /** {@return the row group being read, for errors (a batch may span several)} */
  int rowGroup() {
    return rowGroup;
  }

  /** {@return the number of row groups the options select, before pruning} */
  long rowGroupsInScope() {
    return rowGroupsInScope;
  }

  /** {@return the number of row groups read, after pruning} */
  int rowGroupsSelected() {
    return rowGroups.size();
  }

  /** {@return the rows of the row groups read} */
  long totalRows() {
    return totalRows;
  }

  /** {@return the data pages of the row groups whose every page the page filter ruled out} */
  long pagesPassedOver() {
    return pagesPassedOver;
  }

  /**
   * {@code user} and the part of the options' filter that parquet-java can test against column
   * indexes, joined by {@code and}; null for neither. A translated filter that parquet-java refuses
   * for this schema prunes no page.
   */
  private static FilterPredicate pagePredicate(
      FilterPredicate user, ReadOptions options, SchemaMapping mapping, MessageType schema) {
    FilterPredicate translated =
        options
            .filter()
            .flatMap(f -> ParquetPredicates.translate(f, mapping.fields()))
            .orElse(null);
    if (translated != null) {
      try {
        SchemaCompatibilityValidator.validate(translated, schema);
      } catch (RuntimeException e) {
        translated = null;
      }
    }
    if (user == null || translated == null) {
      return user == null ? translated : user;
    }
    return FilterApi.and(user, translated);
  }

  /**
   * The row groups of {@code selected} that the filter's statistics, dictionaries and bloom filters
   * do not rule out; all of them when the filter has no part parquet-java can test.
   */
  private static List<Integer> prune(
      OnDemandFileReader parquet,
      MessageType schema,
      SchemaMapping mapping,
      ReadOptions options,
      List<Integer> selected) {
    FilterPredicate predicate =
        ParquetPredicates.translate(options.filter().get(), mapping.fields()).orElse(null);
    if (predicate == null) {
      return selected;
    }
    try {
      return FooterPruning.prune(predicate, schema, parquet, selected);
    } catch (IllegalArgumentException e) {
      // a predicate parquet-java refuses for this schema prunes nothing
      return selected;
    }
  }

  private boolean advanceRowGroup() {
    while (nextRowGroup < rowGroups.size()) {
      int index = rowGroups.get(nextRowGroup++);
      long count = parquet.getRowGroups().get(index).getRowCount();
      if (count == 0) {
        continue;
      }
      rowGroup = index;
      String column = null;
      long selected = count;
      try {
        BlockMetaData block = parquet.getRowGroups().get(index);
        selectRows(index, count);
        if (late != null && ranges == null) {
          offsetIndexes = offsetIndexes(index);
        }
        if (ranges != null) {
          selected = 0;
          for (RowRanges.Range r : ranges) {
            selected += r.to - r.from + 1;
          }
          if (selected == 0) {
            for (OffsetIndex pages : offsetIndexes) {
              pagesPassedOver += pages == null ? 0 : pages.getPageCount();
            }
            continue;
          }
        }
        for (int i = 0; i < leaves.size(); i++) {
          column = leaves.get(i).column;
          leaves.get(i).startChunk(chunk(block, i), index);
          if (ranges != null || late != null) {
            leaves.get(i).offsetIndex(offsetIndexes[i]);
          }
        }
        if (late != null) {
          late.pages(offsetIndexes);
        }
        for (int i = 0; i < leaves.size(); i++) {
          column = leaves.get(i).column;
          leaves.get(i).readAhead(ranges);
        }
        followWithNextRowGroup();
      } catch (ParquetFileException | OutOfMemoryException e) {
        throw e;
      } catch (RuntimeException e) {
        throw ParquetFileException.invalid(
            ErrorKind.INVALID_DATA,
            where(column).withRowGroup(index),
            "cannot read row group " + index + ": " + describe(e),
            e);
      }
      rowGroupRemaining = selected;
      rowGroupFirstRow = firstRowOf(index);
      nextRow = rowGroupFirstRow;
      return true;
    }
    return false;
  }

  /**
   * Names to every leaf its chunk in the next row group to be read, so that read-ahead goes on into
   * it: not when a page filter may pass over that chunk's first pages (its rows are not known until
   * the row group is reached).
   */
  private void followWithNextRowGroup() {
    if (pageFilter != null) {
      return;
    }
    if (rowsWanted != Long.MAX_VALUE) {
      long before = 0;
      for (int k = 0; k < nextRowGroup; k++) {
        before += parquet.getRowGroups().get(rowGroups.get(k)).getRowCount();
      }
      if (before >= rowsWanted) {
        return; // the limit is reached before the next row group
      }
    }
    for (int k = nextRowGroup; k < rowGroups.size(); k++) {
      int index = rowGroups.get(k);
      BlockMetaData block = parquet.getRowGroups().get(index);
      if (block.getRowCount() == 0) {
        continue;
      }
      ColumnChunkMetaData[] chunks = new ColumnChunkMetaData[leaves.size()];
      try {
        for (int i = 0; i < chunks.length; i++) {
          chunks[i] = chunk(block, i);
        }
      } catch (IllegalStateException e) {
        return; // told when that row group is reached
      }
      for (int i = 0; i < chunks.length; i++) {
        leaves.get(i).follow(chunks[i], index);
      }
      return;
    }
  }

  /**
   * Sets {@link #ranges} to the rows of row group {@code index} ({@code count} rows) that the page
   * filter's column indexes do not rule out, or to null when every row is read (no filter, a chunk
   * of a filter column without a column index, or nothing ruled out); and {@link #offsetIndexes} to
   * the read leaves' offset indexes, for passing over pages.
   */
  private void selectRows(int index, long count) {
    ranges = null;
    nextRange = 0;
    rangeLeft = 0;
    if (pageFilter == null) {
      return;
    }
    ColumnIndexStore store = parquet.getColumnIndexStore(index);
    RowRanges selected;
    try {
      selected =
          ColumnIndexFilter.calculateRowRanges(
              FilterCompat.get(pageFilter), store, filePaths, count);
    } catch (RuntimeException e) {
      if (userPageFilter != null) {
        throw e;
      }
      return; // pruning is an optimisation: a filter parquet-java cannot test reads every row
    }
    if (selected.rowCount() == count) {
      return;
    }
    ranges = selected.getRanges();
    offsetIndexes = offsetIndexes(store);
  }

  /** The offset indexes of the read leaves' chunks in {@code store} (null entries: none). */
  private OffsetIndex[] offsetIndexes(ColumnIndexStore store) {
    OffsetIndex[] out = new OffsetIndex[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      try {
        out[i] = store.getOffsetIndex(leafPaths.get(i));
      } catch (ColumnIndexStore.MissingOffsetIndexException e) {
        out[i] = null; // this leaf decodes the rows it passes over
      }
    }
    return out;
  }

  /**
   * The offset indexes of the read leaves' chunks in row group {@code index}, for late
   * materialization to pass over pages; null entries (or none) when the file has none.
   */
  private OffsetIndex[] offsetIndexes(int index) {
    try {
      return offsetIndexes(parquet.getColumnIndexStore(index));
    } catch (RuntimeException e) {
      return new OffsetIndex[leaves.size()]; // an unreadable index: rows are decoded, not jumped
    }
  }

  /**
   * Moves every leaf to the first row of {@code range} (relative to the row group), passing over
   * the rows before it, and starts the range.
   */
  private void skipTo(RowRanges.Range range) {
    long at = nextRow - rowGroupFirstRow;
    if (range.from > at) {
      for (int i = 0; i < leaves.size(); i++) {
        LeafDecoder leaf = leaves.get(i);
        long passed = leaf.skipRecords(at, range.from, offsetIndexes[i]);
        if (passed != range.from - at) {
          throw ParquetFileException.invalid(
              ErrorKind.INVALID_DATA,
              where(leaf.column).withRowGroup(rowGroup).withRow(nextRow + passed),
              "column chunk ends after " + (at + passed) + " of the row group's rows",
              null);
        }
      }
      nextRow += range.from - at;
    }
    rangeLeft = range.to - range.from + 1;
  }

  /**
   * The chunk of leaf {@code i} in {@code block}: the chunk at the leaf's position in the file
   * schema, where the format puts it (one lookup), or, for a row group whose chunks are in another
   * order, the chunk found by its path.
   */
  private ColumnChunkMetaData chunk(BlockMetaData block, int i) {
    ColumnPath path = leafPaths.get(i);
    List<ColumnChunkMetaData> columns = block.getColumns();
    int ordinal = leafOrdinals[i];
    if (ordinal >= 0 && ordinal < columns.size()) {
      ColumnChunkMetaData c = columns.get(ordinal);
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    for (ColumnChunkMetaData c : columns) {
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    throw new IllegalStateException("the row group has no chunk of column " + path.toDotString());
  }

  private long firstRowOf(int index) {
    long row = 0;
    for (int i = 0; i < index; i++) {
      row += parquet.getRowGroups().get(i).getRowCount();
    }
    return row;
  }

  /** The file and {@code column}, for an error's location. */
  private ErrorLocation where(String column) {
    return ErrorLocation.inFile(file).withColumn(column);
  }

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }
}
