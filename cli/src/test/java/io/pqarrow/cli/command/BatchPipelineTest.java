package io.pqarrow.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.output.BatchSink;
import io.pqarrow.cli.variant.BatchRewrite;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop {@code export} and {@code import} share: batches reach the sink through the rewrite with
 * their first row numbers, the source and sink are closed whatever happens, and an output is
 * deleted only once the pipeline has started writing it.
 */
class BatchPipelineTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private CliContext context() {
    PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);
    return new CliContext(stream, stream, memory.allocator(), false);
  }

  /** Batches of the given sizes, column {@code id} counting up from 0 across batches. */
  private final class Counting implements BatchSource {
    final VectorSchemaRoot root =
        VectorSchemaRoot.create(
            new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)))),
            memory.allocator());
    final int[] sizes;
    int next;
    long id;
    boolean closed;

    Counting(int... sizes) {
      this.sizes = sizes;
    }

    @Override
    public VectorSchemaRoot root() {
      return root;
    }

    @Override
    public boolean next() {
      if (next == sizes.length) {
        return false;
      }
      int n = sizes[next++];
      BigIntVector v = (BigIntVector) root.getVector(0);
      v.allocateNew(n);
      for (int i = 0; i < n; i++) {
        v.set(i, id++);
      }
      root.setRowCount(n);
      return true;
    }

    @Override
    public long bytesRead() {
      return id * 8;
    }

    @Override
    public void close() {
      closed = true;
      root.close();
    }
  }

  /** Writes "first id, row count" per batch to a real file; fails at batch {@code failAt}. */
  private static final class Recording implements BatchSink {
    final Path file;
    final VectorSchemaRoot root;
    final int failAt;
    final List<String> batches = new ArrayList<>();
    boolean finished;
    boolean closed;

    Recording(Path file, VectorSchemaRoot root, int failAt) {
      this.file = file;
      this.root = root;
      this.failAt = failAt;
      write("");
    }

    @Override
    public void write() {
      if (batches.size() == failAt) {
        throw CliException.cannotWrite(file, "disk full", null);
      }
      BigIntVector v = (BigIntVector) root.getVector(0);
      batches.add(v.get(0) + "x" + root.getRowCount());
      write(String.join(",", batches));
    }

    private void write(String text) {
      try {
        Files.writeString(file, text);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public long bytesWritten() {
      return -1;
    }

    @Override
    public void finish() {
      finished = true;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void everyBatchReachesTheSinkThroughTheRewriteWithItsFirstRow() throws IOException {
    Path out = dir.resolve("out.txt");
    Counting source = new Counting(3, 1, 5);
    List<Long> firstRows = new ArrayList<>();
    Recording[] sink = new Recording[1];
    new BatchPipeline("test", dir.resolve("in"), out, true)
        .run(
            context(),
            () -> source,
            first -> {
              assertEquals(3, first.getRowCount(), "the rewrite sees the first batch");
              return BatchRewrite.of(
                  first,
                  memory.allocator(),
                  (c, f) ->
                      new BatchRewrite.Replacement(
                          f,
                          (v, firstRow) -> {
                            firstRows.add(firstRow);
                            BigIntVector copy = new BigIntVector(f, memory.allocator());
                            v.makeTransferPair(copy).splitAndTransfer(0, v.getValueCount());
                            return copy;
                          }));
            },
            root -> sink[0] = new Recording(out, root, -1));
    assertEquals(List.of(0L, 3L, 4L), firstRows);
    assertEquals(List.of("0x3", "3x1", "4x5"), sink[0].batches);
    assertTrue(sink[0].finished && sink[0].closed && source.closed);
    assertEquals("0x3,3x1,4x5", Files.readString(out));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  /** Runs a pipeline into {@code out} that must fail, and returns its error. */
  private CliException failure(
      Path out,
      BatchSource source,
      Function<VectorSchemaRoot, BatchRewrite> rewrites,
      Function<VectorSchemaRoot, BatchSink> sinks) {
    BatchPipeline pipeline = new BatchPipeline("test", dir.resolve("in"), out, false);
    return assertThrows(
        CliException.class, () -> pipeline.run(context(), () -> source, rewrites, sinks));
  }

  @Test
  void aFailedWriteRemovesTheOutputAndClosesEverything() {
    Path out = dir.resolve("out.txt");
    Counting source = new Counting(2, 2, 2);
    Recording[] sink = new Recording[1];
    CliException e =
        failure(out, source, BatchRewrite::none, root -> sink[0] = new Recording(out, root, 1));
    assertEquals("cannot write " + out + ": disk full", e.getMessage());
    assertFalse(Files.exists(out), "a failed pipeline left its output");
    assertTrue(sink[0].closed && source.closed);
    assertFalse(sink[0].finished);
  }

  @Test
  void aRewriteThatFailsBeforeWritingLeavesAnExistingOutputAlone() throws IOException {
    Path out = Files.writeString(dir.resolve("out.txt"), "older");
    Counting source = new Counting(2);
    CliException e =
        failure(
            out,
            source,
            first -> {
              throw new CliException(ErrorKind.INVALID_DATA, "cannot infer");
            },
            root -> new Recording(out, root, -1));
    assertEquals("cannot infer", e.getMessage());
    assertEquals("older", Files.readString(out));
    assertTrue(source.closed);
  }

  @Test
  void theOutputIsCheckedAfterTheRewriteAndBeforeTheSinkOpens() {
    Counting source = new Counting(1);
    CliException e =
        failure(
            dir,
            source,
            BatchRewrite::none,
            root -> {
              throw new AssertionError("the sink was opened");
            });
    assertEquals("cannot write " + dir + ": is a directory", e.getMessage());
    assertTrue(Files.isDirectory(dir));
    assertTrue(source.closed);
  }

  @Test
  void aPipelineWhoseCommandCheckedTheOutputDoesNotCheckItAgain() {
    Path out = dir.resolve("missing").resolve("out.txt"); // OutputFile.check would refuse it
    Counting source = new Counting(1);
    boolean[] opened = {false};
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () ->
                new BatchPipeline("test", dir.resolve("in"), out, false, true)
                    .run(
                        context(),
                        () -> source,
                        BatchRewrite::none,
                        root -> {
                          opened[0] = true;
                          throw new AssertionError("the sink was opened");
                        }));
    assertEquals("the sink was opened", e.getMessage());
    assertTrue(opened[0] && source.closed);
  }
}
