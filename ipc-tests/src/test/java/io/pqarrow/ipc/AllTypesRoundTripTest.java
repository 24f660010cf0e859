package io.pqarrow.ipc;

import static io.pqarrow.ipc.VectorAssertions.assertDictionaryEquals;
import static io.pqarrow.ipc.VectorAssertions.assertRootEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every catalog type, in several batches of different lengths (an empty one included) with nulls at
 * every level, through each IPC format and body compression, read back equal to what was written.
 */
class AllTypesRoundTripTest {
  private static final int[] LENGTHS = {33, 0, 7, 1, 200, 64};

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  @ParameterizedTest
  @EnumSource(BodyCompression.class)
  void streamKeepsEveryTypeValueAndNull(BodyCompression compression) {
    roundTrip(IpcFormat.STREAM, compression);
  }

  @ParameterizedTest
  @EnumSource(BodyCompression.class)
  void fileKeepsEveryTypeValueAndNull(BodyCompression compression) {
    roundTrip(IpcFormat.FILE, compression);
  }

  private void roundTrip(IpcFormat format, BodyCompression compression) {
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 42, LENGTHS)) {
      byte[] bytes =
          format.write(
              memory.allocator(), data.schema(), data.batches(), data.dictionaries(), compression);
      AtomicInteger seen = new AtomicInteger();
      Schema read =
          format.read(
              memory.allocator(),
              bytes,
              (index, root, dictionaries) -> {
                String where = format + "/" + compression + " batch " + index;
                assertRootEquals(data.batches().get(index), root, where);
                assertDictionaryEquals(
                    data.dictionaries(), dictionaries, TypeCatalog.DICTIONARY_ID, where);
                seen.incrementAndGet();
              });
      assertEquals(data.schema(), read);
      assertEquals(LENGTHS.length, seen.get(), "batches read");
      assertEquals(
          Collections.nCopies(LENGTHS.length, compression),
          IpcMessages.recordBatchCompressions(format, bytes),
          "body compression of each record batch on the wire");
    }
  }
}
