package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Types pyarrow writes that the schema mapping does not produce: Java reads them with the same
 * values, or, for decimal32 and decimal64, which Arrow Java 19 does not implement, refuses the file
 * with a clear message.
 */
class JavaReadsPyarrowOnlyTypesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          large_list_view | pa.array([[1, None], None, [], [7]], pa.large_list_view(pa.int32())) \
            | large_list_view: LargeListView<item: Int(32, true)>
          run_end_encoded | pa.RunEndEncodedArray.from_arrays(pa.array([2, 3, 6], pa.int32()), \
            pa.array(['a', None, 'bc'])) \
            | run_end_encoded: RunEndEncoded<run_ends: Int(32, true) not null, values: Utf8>
          sparse_union | pa.UnionArray.from_sparse(pa.array([0, 1, 0], pa.int8()), \
            [pa.array([1, 2, None]), pa.array(['x', 'y', 'z'])]) \
            | sparse_union: Union(Sparse, [0, 1])<0: Int(64, true), 1: Utf8>
          dense_union | pa.UnionArray.from_dense(pa.array([0, 1, 0], pa.int8()), \
            pa.array([0, 0, 1], pa.int32()), [pa.array([1, None]), pa.array(['x'])]) \
            | dense_union: Union(Dense, [0, 1])<0: Int(64, true), 1: Utf8>
          bool8 | pa.ExtensionArray.from_storage(pa.bool8(), pa.array([1, 0, None], pa.int8())) \
            | bool8: Int(8, true)
          """)
  void javaReadsTheValuesPyarrowWrote(String name, String expression, String javaField)
      throws IOException {
    Path file = dir.resolve(name);
    PythonScripts.Dump dump =
        PythonScripts.dump("pyarrow_write_one.py", file.toString(), name, expression);
    List<JsonNode> rows = new ArrayList<>();
    Schema schema =
        IpcFormat.FILE.read(
            memory.allocator(),
            Files.readAllBytes(file),
            (i, root, dictionaries) -> {
              CanonicalJson canonical = new CanonicalJson(dictionaries);
              for (int row = 0; row < root.getRowCount(); row++) {
                rows.add(PythonScripts.normalize(canonical.row(root, row, Set.of())));
              }
            });
    Field field = schema.getFields().get(0);
    assertEquals(javaField, field.toString());
    CanonicalJson.assertRowsEqual(dump.rows(), rows, name);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "decimal32 | pa.array([decimal.Decimal('1.50'), None], pa.decimal32(9, 2))",
        "decimal64 | pa.array([decimal.Decimal('1.50'), None], pa.decimal64(18, 2))",
      })
  void arrowJavaRefusesSmallDecimals(String name, String expression) throws IOException {
    Path file = dir.resolve(name);
    PythonScripts.dump("pyarrow_write_one.py", file.toString(), name, expression);
    byte[] bytes = Files.readAllBytes(file);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> IpcFormat.FILE.read(memory.allocator(), bytes, (i, root, d) -> {}));
    assertEquals("Library only supports 128-bit and 256-bit decimal values", e.getMessage());
  }
}
