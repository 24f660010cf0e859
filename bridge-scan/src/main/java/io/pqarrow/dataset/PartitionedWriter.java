package io.pqarrow.dataset;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Writes batches as a hive-partitioned dataset: each row goes to {@code k1=v1/k2=v2/part-N.parquet}
 * under the target directory by the values of the partition columns, which the files do not store
 * (a reader takes them from the directory names).
 *
 * <pre>
 * try (PartitionedWriter w = PartitionedWriter.open(Path.of("out"), schema, List.of("year", "country"),
 *     WriteOptions.defaults(), 1_000_000, allocator)) {
 *   w.write(batch);  // any number of times
 * }                  // close() completes every file and renames the directory into place
 * </pre>
 *
 * <p>Values are written as text ({@link PartitionPaths#escape}: Spark's escaped characters, null as
 * {@value PartitionPaths#NULL_NAME}): integers in decimal, booleans as {@code true}/{@code false},
 * dates as {@code 2025-01-31}, floating point as Java prints a double, strings as they are.
 * Partition columns are top-level columns of those types. {@code N} counts the files of the whole
 * write from 0; a partition's file is closed and the next begun when it reaches the maximum rows
 * per file, and a file that got none of the last {@link #idleWindow} rows is completed at the end
 * of a batch (rows in partition order keep a few files open, not every partition's; a partition
 * whose rows come back after that gets a new file). Every file is written with the same {@link
 * WriteOptions}. Their {@code threads} are the write's, not each file's: with more than one and no
 * executor given, the files' writers share one pool of {@code threads - 1} helpers started here and
 * stopped at {@link #close} or {@link #abort} (a writer of its own would start {@code threads - 1}
 * helpers for every open partition).
 *
 * <p>Several files at once: with {@code threads} above 1, the partitions of a batch (and the files
 * completed at {@link #close}) are written on the calling thread and those helpers at once ({@link
 * FileSteps}): which rows go to which file, the file names and each file's calls, in their order,
 * are decided on the calling thread exactly as one file at a time decides them, so the files, their
 * names and their bytes are the same whatever the threads. {@link #write} returns only when every
 * file's part of the batch is written (the caller may reuse the batch then). Memory: the same as
 * one file at a time (the open files' writers, at most {@link #MAX_PENDING_ROWS} rows gathered and
 * not yet written, plus each file's {@link #PENDING_ROWS}), plus the working buffers of the at most
 * {@code threads} files being encoded at the same moment. A failure names its file (whose directory
 * names its partition) and gives the write up ({@link #abort}): the first failure a write one file
 * at a time would meet is the one reported.
 *
 * <p>Crash safety: the whole output is written under a hidden sibling of the target ({@code
 * .NAME.<hex>.tmp}), renamed to the target (atomically where the file system can) once every file
 * is complete. A failed write deletes that directory; a killed one leaves only it, which readers of
 * the parent pass over (its name starts with a dot). The target must not exist.
 *
 * <p>Why one class of over 600 lines: what a batch does to each file (which file, when it is cut,
 * when gathered rows are flushed) is decided in one place on the calling thread, so that the steps
 * handed to other threads ({@link FileSteps}) are those of one file at a time; grouping ({@link
 * PartitionGroups}), gathering ({@link RowGather}), paths ({@link PartitionPaths}) and the hand-out
 * are their own classes.
 */
public final class PartitionedWriter implements AutoCloseable {
  private final Path target;
  private final Path temp;
  private final Schema schema;
  private final Schema fileSchema;
  private final int[] partitionIndex;
  private final int[] fileIndex;
  private final WriteOptions options;
  private final ExecutorService helpers; // null: none started here
  private final long maxRowsPerFile;
  private final BufferAllocator allocator;
  private final DictionaryProvider dictionaries;
  private final Map<String, Open> open = new LinkedHashMap<>();
  private final FileSteps steps = new FileSteps();

  /** Files begun and not yet completed (closed by a step, on any thread). */
  private final Set<Open> unfinished = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private int files;
  private boolean done;

  /**
   * Rows of a partition gathered from scattered rows of several batches are written once this many
   * are pending: a batch spread over many partitions gives each only a few rows, and every write of
   * a few rows pays the file writer's per-call costs (a root, column writers' set-up, the tasks).
   */
  static final int PENDING_ROWS = 8192;

  /** All partitions' pending rows are written once this many are pending in all. */
  static final int MAX_PENDING_ROWS = 1 << 18;

  /**
   * A file that got none of the last this many rows written is completed at the end of the batch
   * ({@link #closeIdle}): its rows have stopped coming, as a partition's do in rows sorted or
   * clustered by the partition columns, and an open file holds its row group's pages, column
   * writers and dictionaries on the heap until it is completed. A partition whose rows come back
   * later gets a new file (as pyarrow's {@code write_dataset} does for a file it closed at its
   * {@code max_open_files}). In rows in no order every partition of a few hundred gets rows every
   * batch and no file is closed early.
   */
  static final int IDLE_ROWS = 1 << 16;

  /**
   * Rows per open file in the idle window: with rows in no order over {@code N} partitions a file
   * gets a row every {@code N} rows on average, and goes {@code 16 N} rows without one with a
   * chance of about e<sup>-16</sup> (10<sup>-7</sup>), so a write to tens of thousands of
   * partitions does not complete files that are still getting rows (a flood of small files).
   */
  static final int IDLE_ROWS_PER_OPEN_FILE = 16;

  /**
   * The rows a file must go without to be completed while {@code openFiles} files are open: {@link
   * #IDLE_ROWS}, or {@link #IDLE_ROWS_PER_OPEN_FILE} per open file when that is more.
   */
  static long idleWindow(int openFiles) {
    return Math.max(IDLE_ROWS, (long) IDLE_ROWS_PER_OPEN_FILE * openFiles);
  }

  /**
   * An open file and the rows copied for it and not yet handed to its writer. {@link #rows} and
   * {@link #pendingRows} are counted on the calling thread as steps are planned; the writer and the
   * pending rows are touched only by the file's steps ({@link FileSteps}).
   */
  private static final class Open {
    final Path path;
    ParquetArrowWriter writer; // opened by the file's first step
    long rows; // written and pending
    long lastRow; // the write's rows up to and including the last one this file got
    VectorSchemaRoot pending;
    int pendingRows;

    Open(Path path) {
      this.path = path;
    }
  }

  private long pendingRows;
  private long fileWrites;

  /** The rows of every batch written so far. */
  private long rowsSeen;

  /** The most files open at once so far (for tests). */
  private int mostOpen;

  private PartitionedWriter(
      Path target,
      Path temp,
      Schema schema,
      int[] partitionIndex,
      WriteOptions options,
      long maxRowsPerFile,
      BufferAllocator allocator,
      DictionaryProvider dictionaries) {
    this.target = target;
    this.temp = temp;
    this.schema = schema;
    this.partitionIndex = partitionIndex;
    if (options.threads() > 1 && options.executor().isEmpty()) {
      AtomicInteger n = new AtomicInteger();
      this.helpers =
          Executors.newFixedThreadPool(
              options.threads() - 1,
              r -> {
                Thread t = new Thread(r, "pqarrow-partition-write-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
      this.options = options.toBuilder().executor(helpers).build();
    } else {
      this.helpers = null;
      this.options = options;
    }
    this.maxRowsPerFile = maxRowsPerFile;
    this.allocator = allocator;
    this.dictionaries = dictionaries;
    Set<Integer> partitioned = new HashSet<>();
    for (int p : partitionIndex) {
      partitioned.add(p);
    }
    List<Field> kept = new ArrayList<>();
    List<Integer> keptIndex = new ArrayList<>();
    for (int i = 0; i < schema.getFields().size(); i++) {
      if (!partitioned.contains(i)) {
        kept.add(schema.getFields().get(i));
        keptIndex.add(i);
      }
    }
    this.fileSchema = new Schema(kept, schema.getCustomMetadata());
    this.fileIndex = keptIndex.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * As {@link #open(Path, Schema, List, WriteOptions, long, BufferAllocator, DictionaryProvider)}
   * without dictionaries.
   *
   * @param target the directory written; it must not exist
   * @param schema the schema of every batch
   * @param partitionBy the partition columns, outermost directory first
   * @param options how each file is written
   * @param maxRowsPerFile the most rows of one file (at least 1; {@link Long#MAX_VALUE} for no
   *     limit)
   * @param allocator where the writer's buffers come from
   * @return the writer; {@link #close()} finishes every file
   */
  public static PartitionedWriter open(
      Path target,
      Schema schema,
      List<String> partitionBy,
      WriteOptions options,
      long maxRowsPerFile,
      BufferAllocator allocator) {
    return open(target, schema, partitionBy, options, maxRowsPerFile, allocator, null);
  }

  /**
   * Starts a partitioned write of batches of {@code schema} to the directory {@code target}.
   *
   * @param partitionBy the partition columns, outermost directory first (top-level columns of
   *     {@code schema}, not all of them)
   * @param maxRowsPerFile the most rows of one file (at least 1; {@link Long#MAX_VALUE} for no
   *     limit)
   * @param dictionaries the batches' dictionaries when some file column is dictionary-encoded
   * @param target the directory written; it must not exist
   * @param schema the schema of every batch
   * @param options how each file is written
   * @param allocator where the writer's buffers come from
   * @return the writer; {@link #close()} finishes every file
   * @throws DatasetException when the target exists, a partition column is missing, of a type that
   *     has no directory form, or every column is a partition column
   */
  public static PartitionedWriter open(
      Path target,
      Schema schema,
      List<String> partitionBy,
      WriteOptions options,
      long maxRowsPerFile,
      BufferAllocator allocator,
      DictionaryProvider dictionaries) {
    if (maxRowsPerFile < 1) {
      throw new IllegalArgumentException("maxRowsPerFile must be >= 1, not " + maxRowsPerFile);
    }
    if (partitionBy.isEmpty()) {
      throw new IllegalArgumentException("a partitioned write needs at least one partition column");
    }
    int[] index = new int[partitionBy.size()];
    for (int i = 0; i < index.length; i++) {
      String name = partitionBy.get(i);
      index[i] = -1;
      for (int j = 0; j < schema.getFields().size(); j++) {
        if (schema.getFields().get(j).getName().equals(name)) {
          index[i] = j;
        }
      }
      if (index[i] < 0) {
        throw DatasetException.of(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inColumn(name),
            "no column " + name + " to partition by",
            null);
      }
      Field f = schema.getFields().get(index[i]);
      ArrowType t = f.getType();
      boolean ok =
          f.getDictionary() == null
              && (t instanceof ArrowType.Int
                  || t instanceof ArrowType.Utf8
                  || t instanceof ArrowType.LargeUtf8
                  || t instanceof ArrowType.Bool
                  || t instanceof ArrowType.FloatingPoint
                  || (t instanceof ArrowType.Date d
                      && d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY));
      if (!ok) {
        throw DatasetException.of(
            ErrorKind.UNSUPPORTED,
            ErrorLocation.inColumn(name),
            "cannot partition by a column of type "
                + t
                + (f.getDictionary() == null ? "" : " (dictionary-encoded)"),
            null);
      }
    }
    if (index.length >= schema.getFields().size()) {
      throw DatasetException.of(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.NONE,
          "cannot partition by every column: the files would have none",
          null);
    }
    if (Files.exists(target)) {
      throw DatasetException.inFile(ErrorKind.IO, String.valueOf(target), "already exists");
    }
    Path abs = target.toAbsolutePath();
    Path temp =
        abs.resolveSibling(
            "."
                + abs.getFileName()
                + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".tmp");
    try {
      Files.createDirectories(temp);
    } catch (IOException e) {
      throw DatasetException.inFile(
          ErrorKind.IO,
          String.valueOf(target),
          "cannot create " + temp + ": " + ErrorText.describe(e));
    }
    return new PartitionedWriter(
        target, temp, schema, index, options, maxRowsPerFile, allocator, dictionaries);
  }

  /** How many times a file's writer was handed rows (for tests). */
  long fileWrites() {
    return fileWrites;
  }

  /** The most files open at once so far (for tests). */
  int mostOpen() {
    return mostOpen;
  }

  /** The temporary directory the files go to until {@link #close()} (for tests). */
  Path temporaryDirectory() {
    return temp;
  }

  /**
   * Appends the rows of {@code batch} (of the schema given to {@link #open}) to their partitions'
   * files.
   *
   * @param batch the rows to append; the caller keeps ownership of it
   * @throws BridgeException when a file cannot be written; the write is then aborted
   */
  public void write(VectorSchemaRoot batch) {
    if (done) {
      throw new IllegalStateException("the partitioned write is finished");
    }
    try {
      if (!batch.getSchema().getFields().equals(schema.getFields())) {
        throw DatasetException.of(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(String.valueOf(target)),
            "a batch of schema " + batch.getSchema() + " in a write of " + schema,
            null);
      }
      FieldVector[] keys = new FieldVector[partitionIndex.length];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = batch.getVector(partitionIndex[i]);
      }
      PartitionGroups groups =
          PartitionGroups.of(keys, batch.getRowCount(), r -> directory(batch, r));
      for (int d = 0; d < groups.directories().size(); d++) {
        int start = groups.contiguousStart(d);
        if (start >= 0) {
          writeRun(batch, groups.directories().get(d), start, groups.count(d));
        } else {
          writeRows(
              batch,
              groups.directories().get(d),
              groups.rowsByDirectory(),
              groups.rowsStart(d),
              groups.count(d));
        }
        Open file = open.get(groups.directories().get(d));
        if (file != null) {
          file.lastRow = rowsSeen + groups.lastRow(d) + 1;
        }
      }
      rowsSeen += batch.getRowCount();
      closeIdle();
      runSteps();
    } catch (RuntimeException e) {
      abort();
      throw e;
    }
  }

  /** {@code k1=v1/k2=v2} of row {@code r}. */
  private String directory(VectorSchemaRoot batch, int r) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < partitionIndex.length; i++) {
      FieldVector v = batch.getVector(partitionIndex[i]);
      if (i > 0) {
        b.append('/');
      }
      b.append(PartitionPaths.escape(v.getName())).append('=');
      b.append(PartitionPaths.escape(text(v, r)));
    }
    return b.toString();
  }

  private static String text(FieldVector v, int r) {
    if (v.isNull(r)) {
      return null;
    }
    if (v instanceof BaseIntVector i) {
      long x = i.getValueAsLong(r);
      boolean unsigned64 = v instanceof org.apache.arrow.vector.UInt8Vector;
      return unsigned64 ? Long.toUnsignedString(x) : Long.toString(x);
    }
    if (v instanceof DateDayVector d) {
      return LocalDate.ofEpochDay(d.get(r)).toString();
    }
    if (v instanceof BitVector b) {
      return b.get(r) != 0 ? "true" : "false";
    }
    if (v instanceof FloatingPointVector f) {
      return Double.toString(f.getValueAsDouble(r));
    }
    if (v instanceof BaseVariableWidthVector s) {
      return new String(s.get(r), StandardCharsets.UTF_8);
    }
    return new String(((BaseLargeVariableWidthVector) v).get(r), StandardCharsets.UTF_8);
  }

  /** The open file of {@code dir}, begun when it has none. */
  private Open fileOf(String dir) {
    Open file = open.get(dir);
    if (file == null) {
      Path path = temp.resolve(dir).resolve("part-" + files + ".parquet");
      files++;
      try {
        Files.createDirectories(path.getParent());
      } catch (IOException e) {
        throw DatasetException.inFile(
            ErrorKind.IO, String.valueOf(path), "cannot create: " + ErrorText.describe(e));
      }
      Open opened = new Open(path);
      unfinished.add(opened);
      step(
          opened,
          () -> opened.writer = ParquetArrowWriter.open(path, fileSchema, options, dictionaries));
      file = opened;
      open.put(dir, file);
      mostOpen = Math.max(mostOpen, open.size());
    }
    return file;
  }

  /**
   * Completes every open file that got no rows from the last {@link #idleWindow} rows of the open
   * files there are.
   */
  private void closeIdle() {
    long window = idleWindow(open.size());
    for (Iterator<Open> it = open.values().iterator(); it.hasNext(); ) {
      Open f = it.next();
      if (rowsSeen - f.lastRow >= window) {
        it.remove();
        complete(f);
      }
    }
  }

  /** Hands {@code file}'s pending rows to its writer and completes it (it is no longer open). */
  private void complete(Open file) {
    flush(file);
    step(
        file,
        () -> {
          closePending(file);
          file.writer.close();
          unfinished.remove(file);
        });
  }

  /** Counts {@code n} rows into {@code file}, closing it at the maximum rows per file. */
  private void wrote(String dir, Open file, int n) {
    file.rows += n;
    if (file.rows >= maxRowsPerFile) {
      open.remove(dir);
      complete(file);
    }
  }

  /** Adds a step of {@code file}'s work; a failure not naming a file is made to name it. */
  private void step(Open file, FileSteps.Step work) {
    steps.add(
        file,
        () -> {
          try {
            work.run();
          } catch (BridgeException e) {
            throw e;
          } catch (RuntimeException e) {
            throw DatasetException.of(
                ErrorKind.IO,
                ErrorLocation.inFile(String.valueOf(file.path)),
                "cannot write: " + ErrorText.describe(e),
                e);
          }
        });
  }

  /** Runs the steps planned: several files at once on the write's threads. */
  private void runSteps() {
    steps.run(options.threads(), options.executor().orElse(null));
  }

  /** Hands {@code file}'s pending rows to its writer. */
  private void flush(Open file) {
    if (file.pendingRows == 0) {
      return;
    }
    int n = file.pendingRows;
    fileWrites++;
    pendingRows -= n;
    file.pendingRows = 0;
    step(
        file,
        () -> {
          file.pending.setRowCount(n);
          file.writer.write(file.pending, dictionaries);
          for (FieldVector v : file.pending.getFieldVectors()) {
            v.reset(); // keeps its buffers for the next rows
          }
        });
  }

  private static void closePending(Open file) {
    if (file.pending != null) {
      file.pending.close();
      file.pending = null;
    }
  }

  /**
   * Writes rows {@code [start, start + count)} of {@code batch} to {@code dir}: the file columns'
   * buffers are sliced ({@link TransferPair#splitAndTransfer}), not copied value by value.
   */
  private void writeRun(VectorSchemaRoot batch, String dir, int start, int count) {
    int from = 0;
    while (from < count) {
      Open file = fileOf(dir);
      flush(file); // rows gathered before come first
      int n = (int) Math.min(count - from, maxRowsPerFile - file.rows);
      int first = start + from;
      fileWrites++;
      step(file, () -> writeSlice(batch, file, first, n));
      wrote(dir, file, n);
      from += n;
    }
  }

  /** Writes rows {@code [first, first + n)} of {@code batch}, sliced, to {@code file}. */
  private void writeSlice(VectorSchemaRoot batch, Open file, int first, int n) {
    List<FieldVector> slices = new ArrayList<>(fileIndex.length);
    try {
      for (int c = 0; c < fileIndex.length; c++) {
        TransferPair split = batch.getVector(fileIndex[c]).getTransferPair(allocator);
        slices.add((FieldVector) split.getTo());
        split.splitAndTransfer(first, n);
      }
      try (VectorSchemaRoot part = new VectorSchemaRoot(fileSchema.getFields(), slices, n)) {
        slices = List.of();
        file.writer.write(part, dictionaries);
      }
    } finally {
      for (FieldVector v : slices) {
        v.close();
      }
    }
  }

  /**
   * Copies the rows {@code rows[offset .. offset + count)} of {@code batch} to the pending rows of
   * {@code dir} ({@link RowGather}: buffer to buffer for flat columns), which go to its file once
   * {@link #PENDING_ROWS} are gathered (or {@link #MAX_PENDING_ROWS} in all partitions, the file's
   * maximum rows, a run of the same partition, or the end).
   */
  private void writeRows(VectorSchemaRoot batch, String dir, int[] rows, int offset, int count) {
    int from = 0;
    while (from < count) {
      Open file = fileOf(dir);
      int n = (int) Math.min(count - from, maxRowsPerFile - file.rows);
      int at = file.pendingRows;
      int first = offset + from;
      step(
          file,
          () -> {
            if (file.pending == null) {
              file.pending = VectorSchemaRoot.create(fileSchema, allocator);
              for (FieldVector v : file.pending.getFieldVectors()) {
                v.setInitialCapacity(Math.min(PENDING_ROWS, n));
                v.allocateNew();
              }
            }
            for (int c = 0; c < fileIndex.length; c++) {
              RowGather.append(
                  batch.getVector(fileIndex[c]), rows, first, n, file.pending.getVector(c), at);
            }
          });
      file.pendingRows += n;
      pendingRows += n;
      if (file.pendingRows >= PENDING_ROWS) {
        flush(file);
      }
      wrote(dir, file, n);
      from += n;
    }
    if (pendingRows > MAX_PENDING_ROWS) {
      for (Open f : open.values()) {
        flush(f);
      }
    }
  }

  /**
   * Completes every file and moves the dataset to the target.
   *
   * @throws DatasetException when a file cannot be completed or the rename fails (then nothing is
   *     left at the target)
   */
  @Override
  public void close() {
    if (done) {
      return;
    }
    try {
      for (Open f : open.values()) {
        complete(f);
      }
      runSteps();
      open.clear();
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target);
      }
      done = true;
    } catch (IOException e) {
      abort();
      throw DatasetException.inFile(
          ErrorKind.IO,
          String.valueOf(target),
          "cannot move the dataset into place: " + ErrorText.describe(e));
    } catch (RuntimeException e) {
      abort();
      throw e;
    } finally {
      stopHelpers();
    }
  }

  private void stopHelpers() {
    if (helpers != null) {
      helpers.shutdown();
    }
  }

  /** Gives the write up: every file is abandoned and the temporary directory deleted. */
  public void abort() {
    if (done) {
      return;
    }
    done = true;
    steps.clear();
    for (Open f : unfinished) {
      closePending(f);
      try {
        if (f.writer != null) {
          f.writer.abort();
        }
      } catch (RuntimeException ignored) {
        // deleting the directory below is what matters
      }
    }
    unfinished.clear();
    open.clear();
    try (Stream<Path> all = Files.walk(temp)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException ignored) {
      // a leftover hidden directory is all that remains
    } finally {
      stopHelpers();
    }
  }
}
