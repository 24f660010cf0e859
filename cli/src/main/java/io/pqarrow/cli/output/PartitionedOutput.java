package io.pqarrow.cli.output;

import io.pqarrow.BridgeException;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.dataset.PartitionedWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * The sink of {@code bridge import --partition-by}: a {@link PartitionedWriter} for the rows of one
 * root, whose failures are {@link CliException}s {@code cannot write <dir>: …}. The dataset is
 * written under a hidden directory beside OUT renamed into place once complete, so the sink is
 * {@link #atomic()}.
 */
public final class PartitionedOutput implements BatchSink {
  private final Path dir;
  private final VectorSchemaRoot root;
  private final PartitionedWriter writer;
  private final SortOrderCheck sorted;
  private final DictionaryProvider dictionaries;
  private boolean finished;

  private PartitionedOutput(
      Path dir,
      VectorSchemaRoot root,
      PartitionedWriter writer,
      SortOrderCheck sorted,
      DictionaryProvider dictionaries) {
    this.dir = dir;
    this.root = root;
    this.writer = writer;
    this.sorted = sorted;
    this.dictionaries = dictionaries;
  }

  public static PartitionedOutput create(
      Path dir,
      VectorSchemaRoot root,
      List<String> partitionBy,
      WriteOptions options,
      long maxRowsPerFile,
      DictionaryProvider dictionaries,
      SortOrderCheck sorted,
      BufferAllocator allocator) {
    try {
      return new PartitionedOutput(
          dir,
          root,
          PartitionedWriter.open(
              dir, root.getSchema(), partitionBy, options, maxRowsPerFile, allocator, dictionaries),
          sorted,
          dictionaries);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(dir, e, true);
    }
  }

  @Override
  public boolean atomic() {
    return true;
  }

  @Override
  public void write() {
    if (sorted != null) {
      sorted.check(root, dictionaries);
    }
    try {
      writer.write(root);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(dir, e, true);
    }
  }

  @Override
  public long bytesWritten() {
    return -1;
  }

  @Override
  public void finish() {
    try {
      writer.close();
      finished = true;
    } catch (BridgeException e) {
      throw LibraryErrors.reword(dir, e, true);
    }
  }

  @Override
  public void close() {
    if (!finished) {
      writer.abort();
    }
  }
}
