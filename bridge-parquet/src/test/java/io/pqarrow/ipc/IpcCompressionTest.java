package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IpcCompressionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("i", new ArrowType.Int(32, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE)));

  /** Rows 0..n-1 with i = row and s = "r<row>", no nulls (so validity buffers compress empty). */
  private static void fill(VectorSchemaRoot root, int rows) {
    IntVector i = (IntVector) root.getVector("i");
    VarCharVector s = (VarCharVector) root.getVector("s");
    root.allocateNew();
    for (int r = 0; r < rows; r++) {
      i.setSafe(r, r);
      s.setSafe(r, ("r" + r).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(rows);
  }

  @ParameterizedTest
  @EnumSource(
      value = CompressionUtil.CodecType.class,
      names = {"LZ4_FRAME", "ZSTD"})
  void batchesWithEmptyBuffersAreReadByPyarrowAndByArrowJava(CompressionUtil.CodecType codec)
      throws IOException {
    Path file = dir.resolve("f.arrow");
    Path stream = dir.resolve("s.arrows");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
        FileChannel fc =
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileChannel sc =
            FileChannel.open(stream, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter fw =
            new ArrowFileWriter(
                root, null, fc, Map.of(), IpcOption.DEFAULT, IpcCompression.FACTORY, codec);
        ArrowStreamWriter sw =
            new ArrowStreamWriter(
                root, null, sc, IpcOption.DEFAULT, IpcCompression.FACTORY, codec)) {
      fw.start();
      sw.start();
      for (int rows : new int[] {0, 3, 0, 200}) {
        fill(root, rows);
        fw.writeBatch();
        sw.writeBatch();
      }
      fw.end();
      sw.end();
    }

    String script =
        String.join(
            "\n",
            "import sys, pyarrow as pa, pyarrow.ipc as ipc",
            "f = ipc.open_file(sys.argv[1]).read_all()",
            "s = ipc.open_stream(sys.argv[2]).read_all()",
            "assert f.equals(s)",
            "print(f.num_rows, sum(f.column('i').to_pylist()), f.column('s')[202])");
    String out = PythonEnv.require().run(script, file.toString(), stream.toString()).trim();
    assertEquals("203 19903 r199", out);

    try (FileChannel in = FileChannel.open(file);
        ArrowFileReader reader =
            new ArrowFileReader(in, memory.allocator(), IpcCompression.FACTORY)) {
      int rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(203, rows);
    }
  }
}
