package io.pqarrow.cli.command;

import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.output.BatchSink;
import io.pqarrow.cli.output.OutputFile;
import io.pqarrow.cli.output.Progress;
import io.pqarrow.cli.variant.BatchRewrite;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The one conversion loop of {@code export} and {@code import}: batches from a {@link BatchSource},
 * each passed through a {@link BatchRewrite}, appended to a {@link BatchSink}, with a {@link
 * Progress} line. The commands choose the three parts; the order of work and the clean-up are here:
 *
 * <ol>
 *   <li>the source is opened and its first batch read before the output exists, so a rewrite can
 *       infer from it ({@code --variant decode}, {@code --shred COLUMN=infer});
 *   <li>the rewrite is made from that first batch, then the output path is checked ({@link
 *       OutputFile#check}; unless the command already did, as {@code export} does before it reads
 *       the footer, so that a bad OUT is reported first) and the sink opened for the rewrite's
 *       root;
 *   <li>each batch is rewritten, written and counted, then the next one read;
 *   <li>the sink is finished; if anything failed once a sink that writes in place was open, the
 *       output file is deleted ({@link OutputFile#discard}) so that no file that looks complete is
 *       left. A failure before the sink is open, or with a {@link BatchSink#atomic()} sink (its
 *       temporary file is gone), leaves the output path as it was.
 * </ol>
 *
 * <p>Every failure is the part's own {@link CliException} (or a usage error), passed on as it is.
 *
 * @param label the progress line's label, the command's name
 * @param in the input file, which the output must not be
 * @param out the output file
 * @param countsInput whether the progress line counts bytes read (true) or written (false):
 *     whichever side is Arrow IPC, the one that can tell
 * @param outputChecked whether the command has already checked the output ({@link
 *     OutputFile#check}), so the pipeline does not check it again
 */
public record BatchPipeline(
    String label, Path in, Path out, boolean countsInput, boolean outputChecked) {

  /** A pipeline that checks the output itself, after the rewrite is made. */
  BatchPipeline(String label, Path in, Path out, boolean countsInput) {
    this(label, in, out, countsInput, false);
  }

  /**
   * Runs the conversion.
   *
   * @param sources opens the source
   * @param rewrites makes the rewrite from the source's root, which holds the first batch
   * @param sinks opens the sink for the root the rewrite fills
   */
  void run(
      CliContext context,
      Supplier<BatchSource> sources,
      Function<VectorSchemaRoot, BatchRewrite> rewrites,
      Function<VectorSchemaRoot, BatchSink> sinks) {
    Progress progress = new Progress(context.err(), label, context.interactive());
    try (BatchSource source = sources.get()) {
      boolean more = source.next();
      try (BatchRewrite rewrite = rewrites.apply(source.root())) {
        if (!outputChecked) {
          OutputFile.check(in, out);
        }
        VectorSchemaRoot root = rewrite.root();
        boolean complete = false;
        // Until a sink is open nothing was written to the output path; an atomic sink never
        // writes there before it is complete. Either way a failure leaves the path alone.
        boolean wroteInPlace = false;
        try {
          try (BatchSink sink = sinks.apply(root)) {
            wroteInPlace = !sink.atomic();
            long row = 0;
            while (more) {
              rewrite.apply(row);
              sink.write();
              row += root.getRowCount();
              progress.update(
                  root.getRowCount(), countsInput ? source.bytesRead() : sink.bytesWritten());
              more = source.next();
            }
            sink.finish();
          }
          complete = true;
        } finally {
          if (!complete && wroteInPlace) {
            OutputFile.discard(out);
          }
        }
      }
    } finally {
      progress.finish();
    }
  }
}
