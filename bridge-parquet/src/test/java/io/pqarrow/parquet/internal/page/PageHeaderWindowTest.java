package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page headers are decoded from {@link ColumnChunkPages}' header window in bulk: a header larger
 * than the window (statistics of 20 KB), or one that starts near the window's end, is refilled from
 * the file mid-header and decodes as parquet-java's {@link Util#readPageHeader} decodes it; a
 * length inside a header that runs past the chunk is named as such, before anything is allocated
 * for it.
 */
class PageHeaderWindowTest {
  @TempDir Path dir;

  @Test
  void headersLargerThanTheWindowOrAcrossItsEndDecodeAsParquetJavaDecodesThem() throws IOException {
    Random random = new Random(30);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // Page bodies of 8,150 bytes put the next small header across the 8 KiB window's end.
    int[] statBytes = {20_000, 0, 0, 9_000, 0};
    int[] bodyBytes = {16, 8_150, 8_150, 40, 24};
    byte[][] bodies = new byte[statBytes.length][];
    for (int i = 0; i < statBytes.length; i++) {
      bodies[i] = new byte[bodyBytes[i]];
      random.nextBytes(bodies[i]);
      PageHeader h = new PageHeader(PageType.DATA_PAGE, bodyBytes[i], bodyBytes[i]);
      h.setData_page_header(
          new DataPageHeader(bodyBytes[i] / 8, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
      if (statBytes[i] > 0) {
        byte[] min = new byte[statBytes[i]];
        random.nextBytes(min);
        h.getData_page_header().setStatistics(new Statistics().setMin_value(min).setMax_value(min));
      }
      Util.writePageHeader(h, out);
      out.write(bodies[i]);
    }
    byte[] bytes = out.toByteArray();
    Path file = dir.resolve("headers.bin");
    Files.write(file, bytes);
    try (ColumnChunkPages pages = pages(file)) {
      pages.startChunk(chunk(bytes.length), 0);
      for (int i = 0; i < bodies.length; i++) {
        assertTrue(pages.next(), "page " + i);
        assertEquals(bodyBytes[i] / 8, pages.valueCount(), "page " + i);
        ByteBuffer data = pages.data();
        byte[] got = new byte[data.remaining()];
        data.get(got);
        assertArrayEquals(bodies[i], got, "page " + i);
        PageHeader expected =
            Util.readPageHeader(
                new java.io.ByteArrayInputStream(bytes, (int) pages.pageOffset(), bytes.length));
        assertEquals(
            pages.bodyOffset() - pages.pageOffset(), headerLength(bytes, pages.pageOffset()));
        assertEquals(expected.getCompressed_page_size(), pages.compressedSize(), "page " + i);
      }
      assertFalse(pages.next());
    }
  }

  @Test
  void aLengthInsideAHeaderThatRunsPastTheChunkIsNamed() throws IOException {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, 4, 4);
    h.setData_page_header(new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    h.getData_page_header().setStatistics(new Statistics().setMin_value(new byte[5_000]));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writePageHeader(h, out);
    out.write(new byte[4]);
    byte[] bytes = Arrays.copyOf(out.toByteArray(), 100); // the chunk ends inside the statistics
    Path file = dir.resolve("cut.bin");
    Files.write(file, out.toByteArray());
    try (ColumnChunkPages pages = pages(file)) {
      pages.startChunk(chunk(bytes.length), 0);
      ParquetFileException e = assertThrows(ParquetFileException.class, pages::next);
      assertTrue(
          e.getMessage().endsWith("page header runs past the column chunk (100 bytes left)"),
          e.getMessage());
      assertEquals(0, e.location().byteOffset());
    }
  }

  /** How many bytes parquet-java's parser takes for the header at {@code offset}. */
  private static long headerLength(byte[] bytes, long offset) throws IOException {
    java.io.ByteArrayInputStream in =
        new java.io.ByteArrayInputStream(bytes, (int) offset, bytes.length - (int) offset);
    Util.readPageHeader(in);
    return bytes.length - offset - in.available();
  }

  private static ColumnChunkMetaData chunk(long size) {
    return ColumnChunkMetaData.get(
        ColumnPath.get("x"),
        Types.required(PrimitiveTypeName.INT64).named("x"),
        CompressionCodecName.UNCOMPRESSED,
        null,
        Set.of(org.apache.parquet.column.Encoding.PLAIN),
        null,
        0,
        0,
        1,
        size,
        size);
  }

  private static ColumnChunkPages pages(Path file) throws IOException {
    return new ColumnChunkPages(
        file,
        "x",
        new LocalInputFile(file).newStream(),
        HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0),
        true);
  }
}
