package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A filter on dictionary columns read with the index types {@code ARROW:schema} records: on
 * pyarrow's unsigned indices (uint8, uint16, uint32) and on a child field of a struct whose child
 * is dictionary-encoded; exactly the matching rows, every dictionary resolved.
 */
class DictionaryFilterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String WRITE =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      def d(kind, idx, values):
          return pa.DictionaryArray.from_arrays(pa.array(idx, kind), pa.array(values))
      inner = d(pa.int8(), [0, 1, 1, 0, None, 1], ['p', 'q'])
      t = pa.table({
          'id': pa.array([1, 2, 3, 4, 5, 6], pa.int64()),
          'u8': d(pa.uint8(), [0, 1, 0, 2, 1, None], ['a', 'b', 'c']),
          'u16': d(pa.uint16(), [2, 2, 1, 0, 0, 1], ['x', 'y', 'z']),
          'u32': d(pa.uint32(), [1, 0, 1, 0, 1, 0], ['m', 'n']),
          's': pa.StructArray.from_arrays([inner, pa.array([10, 20, 30, 40, 50, 60])],
                                          names=['k', 'n']),
      })
      pq.write_table(t, sys.argv[1], row_group_size=4)
      """;

  private List<String> read(Path file, String where) throws Exception {
    ReadOptions options =
        ReadOptions.builder().batchRows(3).filter(ExpressionParser.parse(where)).build();
    List<String> ids = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      assertEquals(
          new ArrowType.Int(8, false),
          r.getVectorSchemaRoot().getSchema().findField("u8").getDictionary().getIndexType());
      while (r.loadNextBatch()) {
        ids.addAll(ArrowJson.rows(r.getVectorSchemaRoot(), r));
      }
    }
    return ids;
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "u8 = 'b'|2,5",
        "u8 in ('a', 'c')|1,3,4",
        "u16 = 'z'|1,2",
        "u32 = 'n'|1,3,5",
        "s.k = 'q'|2,3,6",
        "s.k = 'q' and u32 = 'm'|2,6",
        "s.k is null|5",
        "u8 is null or s.k = 'p'|1,4,6"
      })
  void aFilterOnDictionaryColumnsKeepsExactlyItsRows(String where, String ids) throws Exception {
    Path file = dir.resolve("dict.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    List<String> rows = read(file, where);
    List<String> got = new ArrayList<>();
    for (String row : rows) {
      got.add(row.replaceAll("^\\{\"id\":(\\d+),.*$", "$1"));
    }
    assertEquals(List.of(ids.split(",")), got, where + ": " + rows);
  }

  @Test
  void theRowsKeepTheirDictionaryValues() throws Exception {
    Path file = dir.resolve("dict.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    assertEquals(
        List.of("{\"id\":2,\"u8\":\"b\",\"u16\":\"z\",\"u32\":\"m\",\"s\":{\"k\":\"q\",\"n\":20}}"),
        read(file, "u8 = 'b' and s.n < 30"));
  }
}
