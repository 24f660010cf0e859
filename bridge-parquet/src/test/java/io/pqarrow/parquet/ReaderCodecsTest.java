package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** pyarrow's files in every codec read here with pyarrow's values. */
class ReaderCodecsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: file, codec; writes nested data in that codec and prints the codec pyarrow used. */
  private static final String WRITE =
      PyRender.PRELUDE
          + """
          import random
          random.seed(2)
          rows = [{'id': i, 'tags': None if i % 9 == 0 else ['t%d' % (j * i % 17) for j in range(i % 4)],
                   'p': {'x': float(i) / 3, 'y': None if i % 5 == 0 else 'y' * (i % 7)}}
                  for i in range(4000)]
          t = pa.Table.from_pylist(rows)
          pq.write_table(t, sys.argv[1], compression=sys.argv[2], row_group_size=1500, data_page_size=2048)
          print(json.dumps({'codec': pq.ParquetFile(sys.argv[1]).metadata.row_group(0).column(0).compression}))
          dump(pq.read_table(sys.argv[1]))
          """;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"NONE", "SNAPPY", "GZIP", "ZSTD", "LZ4", "BROTLI"})
  void pyarrowFilesInEveryCodecReadHere(String codec) {
    Path file = dir.resolve(codec + ".parquet");
    List<String> lines = PythonEnv.require().run(WRITE, file.toString(), codec).lines().toList();
    String expectedCodec = codec.equals("NONE") ? "UNCOMPRESSED" : codec;
    assertEquals("{\"codec\": \"" + expectedCodec + "\"}", lines.get(0));
    List<String> expected =
        lines.subList(1, lines.size()).stream().map(ArrowJson::canonical).toList();
    assertEquals(4000, expected.size());
    Rows.assertSame(
        expected,
        ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().batchRows(1024).build()));
  }
}
