package io.pqarrow.ipc;

import static io.pqarrow.ipc.VectorAssertions.assertRootEqualsAcrossDictionaryIds;
import static io.pqarrow.ipc.VectorAssertions.withoutDictionaryId;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Java reads IPC files and streams that pyarrow wrote, uncompressed, LZ4 and ZSTD: pyarrow's own
 * seeded batches of every catalog type pyarrow can build (same types, same canonical values), and
 * Java's catalog batches after pyarrow read and re-wrote them (structurally equal, which also
 * covers the two interval types pyarrow cannot turn into Python values).
 */
class JavaReadsPyarrowIpcTest {
  /** pyarrow 25 cannot build these from Python values either. */
  private static final Set<String> NOT_BUILT_BY_PYARROW = Set.of("interval_ym", "interval_dt");

  private static final int[] LENGTHS = {17, 0, 5, 40};

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Stream<org.junit.jupiter.params.provider.Arguments> formatsAndCompressions() {
    return PyarrowReadsJavaIpcTest.formatsAndCompressions();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("formatsAndCompressions")
  void javaReadsPyarrowBatchesWithTheCatalogTypesAndTheSameValues(
      IpcFormat format, BodyCompression compression) throws IOException {
    Path file = dir.resolve("pyarrow." + format);
    PythonScripts.Dump dump =
        PythonScripts.dump(
            "pyarrow_write.py", file.toString(), format.name(), compression.name(), "5");
    assertEquals(0, dump.header().get("unconvertible").size(), "pyarrow converted every column");
    byte[] bytes = Files.readAllBytes(file);
    AtomicInteger line = new AtomicInteger();
    List<Integer> lengths = new ArrayList<>();
    Schema schema =
        format.read(
            memory.allocator(),
            bytes,
            (index, root, dictionaries) -> {
              CanonicalJson canonical = new CanonicalJson(dictionaries);
              lengths.add(root.getRowCount());
              for (int row = 0; row < root.getRowCount(); row++) {
                assertEquals(
                    dump.rows().get(line.get()),
                    PythonScripts.normalize(canonical.row(root, row, Set.of())),
                    "batch " + index + " row " + row);
                line.incrementAndGet();
              }
            });
    assertEquals(dump.rows().size(), line.get(), "rows read");
    assertEquals(
        dump.header().get("batches").toString(), lengths.toString().replace(" ", ""), "batches");
    assertEquals(
        IpcMessages.recordBatchCompressions(format, bytes),
        java.util.Collections.nCopies(lengths.size(), compression),
        "body compression pyarrow put on the wire");

    Map<String, Field> catalog =
        TypeCatalog.columns().stream()
            .map(TypeCatalog.Column::field)
            .collect(Collectors.toMap(Field::getName, Function.identity()));
    Set<String> expectedNames = new java.util.HashSet<>(catalog.keySet());
    expectedNames.removeAll(NOT_BUILT_BY_PYARROW);
    assertEquals(
        expectedNames,
        schema.getFields().stream().map(Field::getName).collect(Collectors.toSet()),
        "columns");
    for (Field read : schema.getFields()) {
      assertEquals(
          withoutDictionaryId(catalog.get(read.getName())),
          withoutDictionaryId(read),
          "field " + read.getName());
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("formatsAndCompressions")
  void javaBatchesRewrittenByPyarrowReadBackEqual(IpcFormat format, BodyCompression compression)
      throws IOException {
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 23, LENGTHS)) {
      Path original = dir.resolve("java." + format);
      Path rewritten = dir.resolve("pyarrow." + format);
      Files.write(
          original,
          format.write(
              memory.allocator(),
              data.schema(),
              data.batches(),
              data.dictionaries(),
              BodyCompression.NONE));
      String count =
          PythonScripts.run(
              "pyarrow_rewrite.py",
              original.toString(),
              rewritten.toString(),
              format.name(),
              compression.name());
      assertEquals(String.valueOf(LENGTHS.length), count.strip(), "batches pyarrow rewrote");
      AtomicInteger seen = new AtomicInteger();
      format.read(
          memory.allocator(),
          Files.readAllBytes(rewritten),
          (index, root, dictionaries) -> {
            assertRootEqualsAcrossDictionaryIds(
                data.batches().get(index),
                data.dictionaries(),
                root,
                dictionaries,
                "batch " + index);
            seen.incrementAndGet();
          });
      assertEquals(LENGTHS.length, seen.get());
    }
  }
}
