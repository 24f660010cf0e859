package io.pqarrow.ipc;

import static io.pqarrow.ipc.VectorAssertions.assertRootEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Slices of a batch (transfer pairs, {@code splitAndTransfer}) at offsets that are not byte-aligned
 * in the validity bitmaps, written through both formats: each reads back as the rows it was cut
 * from.
 */
class SlicedBatchRoundTripTest {
  private static final int ROWS = 100;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  @ParameterizedTest(name = "{0} rows {1}..+{2} {3}")
  @CsvSource({
    "STREAM, 0, 100, NONE",
    "STREAM, 3, 50, NONE",
    "STREAM, 13, 0, NONE",
    "STREAM, 99, 1, ZSTD",
    "FILE, 37, 63, NONE",
    "FILE, 1, 1, NONE",
    "FILE, 8, 17, LZ4_FRAME",
  })
  void sliceReadsBackAsTheRowsItWasCutFrom(
      IpcFormat format, int offset, int length, BodyCompression compression) {
    try (GeneratedBatches data =
            GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 9, ROWS);
        VectorSchemaRoot slice =
            Slices.slice(data.batches().get(0), offset, length, memory.allocator())) {
      VectorSchemaRoot whole = data.batches().get(0);
      assertEquals(whole.getSchema(), slice.getSchema(), "schema of the slice");
      for (FieldVector v : whole.getFieldVectors()) {
        RangeEqualsVisitor same = new RangeEqualsVisitor(v, slice.getVector(v.getName()));
        assertTrue(same.rangeEquals(new Range(offset, 0, length)), "slice of " + v.getName());
      }
      byte[] bytes =
          format.write(
              memory.allocator(),
              slice.getSchema(),
              List.of(slice),
              data.dictionaries(),
              compression);
      AtomicInteger seen = new AtomicInteger();
      format.read(
          memory.allocator(),
          bytes,
          (index, root, dictionaries) -> {
            assertRootEquals(slice, root, format + " slice");
            seen.incrementAndGet();
          });
      assertEquals(1, seen.get());
    }
  }

  /** The library's extension vectors transfer as themselves, so a root slice keeps them. */
  @Test
  void rootSliceKeepsEveryExtensionTypeThroughIpc() {
    try (GeneratedBatches data =
            GeneratedBatches.generate(memory.allocator(), TypeCatalog.extensionColumns(), 9, ROWS);
        VectorSchemaRoot slice = data.batches().get(0).slice(3, 50)) {
      assertEquals(data.schema(), slice.getSchema());
      byte[] bytes =
          IpcFormat.FILE.write(
              memory.allocator(), slice.getSchema(), List.of(slice), null, BodyCompression.ZSTD);
      AtomicInteger seen = new AtomicInteger();
      IpcFormat.FILE.read(
          memory.allocator(),
          bytes,
          (index, root, dictionaries) -> {
            assertRootEquals(slice, root, "root slice");
            seen.incrementAndGet();
          });
      assertEquals(1, seen.get());
    }
  }

  /**
   * Arrow Java's own {@link VectorSchemaRoot#slice} builds each target from a name only, so list
   * children come out renamed to {@code $data$}: why {@link Slices} exists.
   */
  @Test
  void arrowRootSliceRenamesListChildren() {
    List<TypeCatalog.Column> list =
        TypeCatalog.columns().stream().filter(c -> c.name().equals("list_int32")).toList();
    try (GeneratedBatches data = GeneratedBatches.generate(memory.allocator(), list, 9, ROWS);
        VectorSchemaRoot slice = data.batches().get(0).slice(3, 50)) {
      assertEquals("element", data.schema().getFields().get(0).getChildren().get(0).getName());
      assertEquals("$data$", slice.getSchema().getFields().get(0).getChildren().get(0).getName());
    }
  }
}
