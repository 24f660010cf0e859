package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.CountingInputFile;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.io.LocalInputFile;
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

  @Test
  void theFramingCheckAndTheFooterAreReadThroughOneStream() throws IOException {
    Path file = LazyFooterTest.wide(dir, memory.allocator());
    CountingInputFile input = new CountingInputFile(file);
    ParquetSource source = ParquetSource.open(input, "wide", Limits.defaults());
    assertEquals(1, input.opens(), "open");
    assertEquals(LazyFooterTest.GROUPS * LazyFooterTest.GROUP_ROWS, source.rowCount());
    ParquetSource.readMapping(input, "wide", Limits.defaults(), MappingOptions.defaults());
    assertEquals(2, input.opens(), "readMapping");
    ParquetSource.open(input, "wide", Limits.defaults(), FooterSchemas.bounded());
    assertEquals(3, input.opens(), "open with shared schema parts");
    assertEquals(3, input.closes());
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
    CountingInputFile first = new CountingInputFile(file);
    CountingInputFile other = new CountingInputFile(file);
    ParquetSource source = ParquetSource.open(first, "wide", Limits.defaults());
    ParquetSource over = source.over(other);
    assertEquals(1, first.opens());
    assertEquals(0, other.opens(), "nothing is read again");
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
    assertEquals(1, first.opens(), "the first bytes are not read by the reader");
    assertTrue(other.opens() > 0, "the reader reads through the other bytes");
    assertEquals(other.opens(), other.closes(), "the reader closes its streams");
  }
}
