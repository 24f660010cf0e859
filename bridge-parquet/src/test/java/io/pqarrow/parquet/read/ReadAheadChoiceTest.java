package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the reader chooses what its threads do when the caller leaves read-ahead unset ({@link
 * ReadOptions.Builder#readAhead(boolean)}): with more threads than projected leaf columns the
 * threads the column tasks cannot use read pages ahead, with as many columns as threads they do
 * not; either way the batches are those of one thread. And read-ahead without an executor runs on
 * one pool shared by every reader, not a thread per file.
 */
class ReadAheadChoiceTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void oneColumnReadWithTwoThreadsReadsAheadAndEqualsOneThread() throws InterruptedException {
    Path file = file();
    ReadOptions one = ReadOptions.builder().batchRows(333).columns(List.of("i64")).build();
    List<List<String>> expected = batches(file, one);
    assertFalse(expected.isEmpty());
    Counting pool = new Counting();
    try {
      ReadOptions two = one.toBuilder().threads(2).executor(pool.executor).build();
      assertEquals(expected, batches(file, two));
      assertTrue(pool.readAhead.get() > 0, "no page was read ahead for one column on 2 threads");
    } finally {
      pool.close();
    }
  }

  @Test
  void asManyColumnsAsThreadsLeaveReadAheadOffUnlessAsked() throws InterruptedException {
    Path file = file();
    ReadOptions one = ReadOptions.builder().batchRows(333).columns(List.of("i64", "d")).build();
    List<List<String>> expected = batches(file, one);
    Counting pool = new Counting();
    try {
      ReadOptions two = one.toBuilder().threads(2).executor(pool.executor).build();
      assertEquals(expected, batches(file, two));
      assertEquals(0, pool.readAhead.get(), "read-ahead with the column tasks busy");
      assertTrue(pool.other.get() > 0, "no column task ran on the executor");
      assertEquals(expected, batches(file, two.toBuilder().readAhead(true).build()));
      assertTrue(pool.readAhead.get() > 0, "read-ahead asked for but not done");
    } finally {
      pool.close();
    }
  }

  @Test
  void readsOfManyFilesShareOneBoundedReadAheadPool() {
    Path file = file();
    ReadOptions options = ReadOptions.builder().batchRows(200).build();
    Set<String> names = new HashSet<>();
    for (int f = 0; f < 6; f++) {
      try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
        while (r.loadNextBatch()) {
          for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("pqarrow-readahead-")) {
              names.add(t.getName());
            }
          }
        }
      }
    }
    assertFalse(names.isEmpty(), "nothing was read ahead");
    for (String name : names) {
      assertTrue(name.startsWith("pqarrow-readahead-shared-"), name);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    assertTrue(names.size() <= cores, names + " for " + cores + " cores");
  }

  private Path file() {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(ThreadedReadTest.WRITE, file.toString(), "SNAPPY");
    return file;
  }

  private List<List<String>> batches(Path f, ReadOptions options) {
    List<List<String>> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        out.add(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    }
    return out;
  }

  /** An executor that counts the page reads ({@link ColumnChunkPages}' tasks) and other tasks. */
  private static final class Counting {
    final AtomicInteger readAhead = new AtomicInteger();
    final AtomicInteger other = new AtomicInteger();
    final ExecutorService pool = Executors.newFixedThreadPool(2);
    final ExecutorService executor =
        new java.util.concurrent.AbstractExecutorService() {
          @Override
          public void execute(Runnable task) {
            // the page package's tasks: ColumnChunkPages' read-ahead (ReadAhead's reader, Slot)
            boolean page =
                task.getClass().getName().startsWith(ColumnChunkPages.class.getPackageName() + ".");
            (page ? readAhead : other).incrementAndGet();
            pool.execute(task);
          }

          @Override
          public void shutdown() {
            pool.shutdown();
          }

          @Override
          public List<Runnable> shutdownNow() {
            return pool.shutdownNow();
          }

          @Override
          public boolean isShutdown() {
            return pool.isShutdown();
          }

          @Override
          public boolean isTerminated() {
            return pool.isTerminated();
          }

          @Override
          public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.awaitTermination(timeout, unit);
          }
        };

    void close() throws InterruptedException {
      pool.shutdown();
      assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }
  }
}
