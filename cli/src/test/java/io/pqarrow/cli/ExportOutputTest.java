package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge export} writes under a temporary name beside OUT: a failure mid-write leaves
 * neither OUT nor the temporary file, a killed process leaves nothing at OUT.
 */
class ExportOutputTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** argv: file, rows, corrupt; row groups of 1000 rows, the third one's first page garbled. */
  private static final String WRITE_PARQUET =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      out, n, corrupt = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "corrupt"
      t = pa.table({"id": pa.array(range(n), pa.int64()),
                    "s": pa.array(["value %d" % i for i in range(n)])})
      pq.write_table(t, out, row_group_size=1000 if corrupt else 200000, compression="none")
      if corrupt:
          at = pq.ParquetFile(out).metadata.row_group(2).column(0).data_page_offset
          with open(out, "r+b") as f:
              f.seek(at)
              f.write(b"\\xff" * 24)
      """;

  @Test
  void aFailureMidWriteLeavesNeitherTheOutputNorATemporaryFile() throws Exception {
    Path in = dir.resolve("in.parquet");
    PythonEnv.require().run(WRITE_PARQUET, in.toString(), "5000", "corrupt");
    for (String format : List.of("file", "stream")) {
      Path out = dir.resolve("out.arrow");
      Bridge.Result r =
          Bridge.run(
              memory.allocator(),
              "export",
              in.toString(),
              out.toString(),
              "--format",
              format,
              "--batch-rows",
              "500");
      assertEquals(1, r.exitCode(), r.err());
      try (Stream<Path> files = Files.list(dir)) {
        assertEquals(List.of(in), files.toList(), format);
      }
    }
  }

  @Test
  void aKilledExportLeavesNoFileAtTheOutputPath() throws Exception {
    Path in = dir.resolve("big.parquet");
    PythonEnv.require().run(WRITE_PARQUET, in.toString(), "3000000", "whole");
    Path out = dir.resolve("out.arrow");
    KilledRun.killWhileWriting(
        dir, "export", in.toString(), out.toString(), "--compression", "zstd");
    assertFalse(Files.exists(out));
  }
}
