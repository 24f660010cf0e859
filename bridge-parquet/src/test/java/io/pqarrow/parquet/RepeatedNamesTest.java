package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * pyarrow writes a table whose columns repeat a name into Parquet as it is ({@code x, x}), and
 * parquet-java's schema keeps only the last of such siblings in its name index. The footer must
 * still give each chunk its own leaf's type, a projection leaving the repeated name out must read,
 * and a read that takes it must be refused in words that say why.
 */
class RepeatedNamesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String WRITE =
      PyRender.PRELUDE
          + """
          t = pa.Table.from_arrays(
              [pa.array([1, 2, None]), pa.array(['a', 'b', 'c']), pa.array([1.5, None, 3.0]),
               pa.array([{'a': 1, 'a2': 'p'}, None, {'a': 3, 'a2': 'q'}])],
              names=['x', 'x', 'y', 's'])
          pq.write_table(t, sys.argv[1])
          dump(pq.ParquetFile(sys.argv[1]).read(columns=['y', 's']))
          """;

  @Test
  void eachChunkKeepsItsOwnLeafsTypeInTheFooter() {
    Path file = dir.resolve("dup.parquet");
    ReaderLevelsTest.pyarrowRows(WRITE, file.toString());
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    List<PrimitiveTypeName> types = new ArrayList<>();
    for (ColumnChunkMetaData c : source.rowGroups().get(0).getColumns()) {
      types.add(c.getPrimitiveType().getPrimitiveTypeName());
    }
    assertEquals(
        List.of(
            PrimitiveTypeName.INT64,
            PrimitiveTypeName.BINARY,
            PrimitiveTypeName.DOUBLE,
            PrimitiveTypeName.INT64,
            PrimitiveTypeName.BINARY),
        types);
    // The first x's statistics are int64 ones, not strings.
    ColumnChunkMetaData first = source.rowGroups().get(0).getColumns().get(0);
    assertEquals(2L, ((Number) first.getStatistics().genericGetMax()).longValue());
  }

  @Test
  void aProjectionWithoutTheRepeatedNameReadsAsPyarrowReadsIt() {
    Path file = dir.resolve("dup.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(WRITE, file.toString());
    List<String> ours =
        ArrowJson.readAll(
            file, memory.allocator(), ReadOptions.builder().columns(List.of("y", "s")).build());
    Rows.assertSame(expected, ours);
  }

  @Test
  void readingTheRepeatedNameIsRefusedNamingIt() {
    Path file = dir.resolve("dup.parquet");
    ReaderLevelsTest.pyarrowRows(WRITE, file.toString());
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ArrowJson.readAll(file, memory.allocator(), ReadOptions.builder().build()));
    assertTrue(e.getMessage().contains("column x"), e.getMessage());
    assertTrue(
        e.getMessage().contains("name shared with another column at the same level"),
        e.getMessage());
  }
}
