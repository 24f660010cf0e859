package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriteOptions.Compression;
import io.pqarrow.parquet.write.WriteOptions.PageVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs each {@link PageDecompressBenchmark} method once on small files, so that it cannot rot, and
 * checks that it decompresses every page: the same values written snappy and zstd decompress to as
 * many bytes as they take uncompressed.
 */
class PageDecompressBenchmarkTest {
  private static final int ROWS = 30_000;

  @TempDir Path dir;

  @Test
  void everyPageDecompressesToTheBytesOfTheUncompressedFile() throws IOException {
    for (PageVersion version : PageVersion.values()) {
      PageDecompressBenchmark plain = setUp(Compression.UNCOMPRESSED, version);
      long bytes = plain.copy();
      assertEquals(bytes, plain.decompress(), version + ": uncompressed pages are copied");
      assertTrue(plain.pages() > 3, version + ": pages " + plain.pages());
      for (Compression codec : List.of(Compression.SNAPPY, Compression.ZSTD)) {
        PageDecompressBenchmark b = setUp(codec, version);
        assertEquals(plain.pages(), b.pages(), codec + " " + version + ": pages");
        assertEquals(bytes, b.decompress(), codec + " " + version + ": bytes produced");
        assertEquals(bytes, b.decompressJava(), codec + " " + version + ": pure Java");
        assertEquals(
            b.chunkBytes() + bytes, b.readAndDecompress(), codec + " " + version + ": read");
        assertTrue(b.copy() < bytes, codec + " " + version + ": the values compress");
      }
    }
  }

  @Test
  void setupWithoutAFileSaysWhichParameterIsMissing() {
    PageDecompressBenchmark b = new PageDecompressBenchmark();
    b.path = "";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setup);
    assertEquals(
        "PageDecompressBenchmark needs a file: run it with -p path=FILE.parquet", e.getMessage());
  }

  private PageDecompressBenchmark setUp(Compression codec, PageVersion version) throws IOException {
    Path file = dir.resolve(codec + "-" + version + ".parquet");
    write(file, codec, version);
    PageDecompressBenchmark b = new PageDecompressBenchmark();
    b.path = file.toString();
    b.setup();
    return b;
  }

  /** {@link #ROWS} int64 values of a few repeating bit patterns, in pages of 16 KiB. */
  private static void write(Path file, Compression codec, PageVersion version) {
    Schema schema = new Schema(List.of(Field.notNullable("v", new ArrowType.Int(64, true))));
    WriteOptions options =
        WriteOptions.builder()
            .compression(codec)
            .pageVersion(version)
            .pageBytes(16 << 10)
            .dictionary(false)
            .rowGroupRows(10_000)
            .build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      BigIntVector v = (BigIntVector) root.getVector("v");
      v.allocateNew(ROWS);
      for (int i = 0; i < ROWS; i++) {
        v.set(i, (i % 1000) * 0x9E3779B97F4AL);
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
  }
}
