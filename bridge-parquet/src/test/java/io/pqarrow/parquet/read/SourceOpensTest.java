package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What opening a file costs in streams: the framing check and the footer share one, and a source
 * {@link ParquetSource#over over} other bytes reads only through them, sharing the parsed footer.
 */
class SourceOpensTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** {@code file}, counting the streams opened. */
  private static InputFile counting(Path file, AtomicInteger opens) {
    InputFile local = new LocalInputFile(file);
    return new InputFile() {
      @Override
      public long getLength() throws IOException {
        return local.getLength();
      }

      @Override
      public SeekableInputStream newStream() throws IOException {
        opens.incrementAndGet();
        return local.newStream();
      }

      @Override
      public String toString() {
        return file.toString();
      }
    };
  }

  @Test
  void theFramingCheckAndTheFooterAreReadThroughOneStream() throws IOException {
    Path file = LazyFooterTest.wide(dir, memory.allocator());
    AtomicInteger opens = new AtomicInteger();
    InputFile input = counting(file, opens);
    ParquetSource source = ParquetSource.open(input, "wide", Limits.defaults());
    assertEquals(1, opens.get(), "open");
    assertEquals(LazyFooterTest.GROUPS * LazyFooterTest.GROUP_ROWS, source.rowCount());
    ParquetSource.readMapping(input, "wide", Limits.defaults(), MappingOptions.defaults());
    assertEquals(2, opens.get(), "readMapping");
    ParquetSource.open(input, "wide", Limits.defaults(), FooterSchemas.bounded());
    assertEquals(3, opens.get(), "open with shared schema parts");
  }

  @Test
  void framingErrorsAreTheSameThroughTheOneStream() throws IOException {
    Path file = LazyFooterTest.wide(dir, memory.allocator());
    byte[] bytes = Files.readAllBytes(file);
    Path cut = dir.resolve("cut.parquet");
    Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 1));
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetSource.open(new LocalInputFile(cut), "cut", Limits.defaults()));
    assertTrue(e.getMessage().contains("truncated or damaged Parquet file"), e.getMessage());
    ParquetFileException big =
        assertThrows(
            ParquetFileException.class,
            () ->
                ParquetSource.open(
                    new LocalInputFile(file), "wide", Limits.builder().maxFooterBytes(16).build()));
    assertTrue(big.getMessage().contains("is over the limit of 16"), big.getMessage());
  }

  @Test
  void aSourceOverOtherBytesReadsOnlyThroughThemAndSharesTheFooter() throws IOException {
    Path file = LazyFooterTest.wide(dir, memory.allocator());
    AtomicInteger first = new AtomicInteger();
    AtomicInteger other = new AtomicInteger();
    ParquetSource source = ParquetSource.open(counting(file, first), "wide", Limits.defaults());
    ParquetSource over = source.over(counting(file, other));
    assertEquals(1, first.get());
    assertEquals(0, other.get(), "nothing is read again");
    assertSame(source.schema(), over.schema());
    assertSame(source.mapping(MappingOptions.defaults()), over.mapping(MappingOptions.defaults()));
    assertEquals("wide", over.name());
    long sum = 0;
    try (ParquetArrowReader reader =
        over.newReader(memory.allocator(), ReadOptions.builder().columns(List.of("c3")).build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        BigIntVector v = (BigIntVector) root.getVector("c3");
        for (int i = 0; i < root.getRowCount(); i++) {
          sum += v.get(i);
        }
      }
    }
    int rows = LazyFooterTest.GROUPS * LazyFooterTest.GROUP_ROWS;
    assertEquals(100L * rows * (rows - 1) / 2 + 3L * rows, sum);
    assertEquals(1, first.get(), "the first bytes are not read by the reader");
    assertTrue(other.get() > 0, "the reader reads through the other bytes");
  }
}
