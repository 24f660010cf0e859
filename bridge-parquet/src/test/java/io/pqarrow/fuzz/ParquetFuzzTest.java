package io.pqarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqarrow.BridgeException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Coverage-guided fuzz targets (Jazzer) for whole Parquet files (footer, schema mapping, page
 * headers, codecs, every page decoder and the nested assembly) and for a stored {@code
 * ARROW:schema}. The kept inputs of {@link #parquetBytesReadOrAreRefusedCleanly} start from small
 * files written by {@code seeds.py} beside them, so mutations reach the pages. A target may refuse
 * its input only with the library's own exception, and must leave no Arrow memory behind.
 */
class ParquetFuzzTest {
  private static final Path FILE;

  static {
    try {
      FILE = Files.createTempFile("fuzz", ".parquet");
      FILE.toFile().deleteOnExit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "10s")
  void parquetBytesReadOrAreRefusedCleanly(byte[] data) throws IOException {
    Files.write(FILE, data);
    try (RootAllocator allocator = new RootAllocator(64L << 20)) {
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(FILE, allocator, ReadOptions.builder().batchRows(100).build())) {
        while (reader.loadNextBatch()) {
          reader.getVectorSchemaRoot().getRowCount();
        }
      } catch (BridgeException refused) {
        // the library's own refusal
      }
      if (allocator.getAllocatedMemory() != 0) {
        throw new IllegalStateException(
            "leaked " + allocator.getAllocatedMemory() + " bytes of Arrow memory");
      }
    }
  }

  private static final MessageType MESSAGE =
      MessageTypeParser.parseMessageType(
          "message m { optional int64 a; optional group l (LIST) { repeated group list {"
              + " optional binary element (STRING); } } optional group s { optional int32 x; } }");

  /** Bytes as a stored ARROW:schema: restored, or ignored with a warning; never anything else. */
  @FuzzTest(maxDuration = "10s")
  void storedArrowSchemaRestoresOrIsIgnoredCleanly(byte[] data) {
    String stored = Base64.getEncoder().encodeToString(data);
    try {
      SchemaMapper.toArrow(MESSAGE, Map.of("ARROW:schema", stored), MappingOptions.defaults());
    } catch (BridgeException refused) {
      // the library's own refusal
    }
  }
}
