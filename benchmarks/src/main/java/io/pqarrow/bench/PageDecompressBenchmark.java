package io.pqarrow.bench;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.xerial.snappy.Snappy;

/**
 * The limit of a whole-file read: every page of the file through its decompressor alone, with no
 * decoding and no Arrow, beside the same pages only copied (the floor a read of incompressible
 * pages can reach). Set up once per trial: the footer and the page headers are parsed and every
 * page body kept on the heap, so {@link #decompress} times the codec and nothing else, and {@link
 * #readAndDecompress} adds the reads of the column chunks from the file (the page cache, in steady
 * state) into one reused array. Throughput is the file's size over one operation, as {@link
 * FileReadBenchmark}'s, to which {@code ParquetArrowReader}'s read of the same file compares.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar PageDecompressBenchmark -p path=FILE.parquet}.
 */
@Measurement(iterations = 5, time = 1)
public class PageDecompressBenchmark extends BenchmarkDefaults {
  /** The Parquet file whose pages are decompressed; must exist. */
  @Param({""})
  public String path;

  /** One page body: its bytes, and how they decompress. */
  private record Body(CompressionCodecName codec, byte[] bytes, int plainPrefix, int size) {}

  private final List<Body> bodies = new ArrayList<>();
  private long[] chunkStarts = new long[0];
  private int[] chunkSizes = new int[0];
  private byte[] out = new byte[0];
  private byte[] chunkBuffer = new byte[0];
  private Path file;
  private final SnappyDecompressor javaSnappy = new SnappyDecompressor();

  /** Parses the footer and every page header of the file and keeps the page bodies. */
  @Setup
  public void setup() throws IOException {
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException(
          "PageDecompressBenchmark needs a file: run it with -p path=FILE.parquet");
    }
    file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("PageDecompressBenchmark: no such file: " + file);
    }
    bodies.clear();
    List<long[]> chunks = new ArrayList<>();
    int largest = 0;
    int largestChunk = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file));
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          long start = c.getStartingPos();
          int size = Math.toIntExact(c.getTotalSize());
          chunks.add(new long[] {start, size});
          largestChunk = Math.max(largestChunk, size);
          byte[] chunk = read(ch, start, size, new byte[size]);
          InputStream in = new ByteArrayInputStream(chunk);
          while (in.available() > 0) {
            PageHeader h = Util.readPageHeader(in);
            int at = size - in.available();
            byte[] body = new byte[h.getCompressed_page_size()];
            System.arraycopy(chunk, at, body, 0, body.length);
            in.skipNBytes(body.length);
            int prefix = 0;
            if (h.getType() == PageType.DATA_PAGE_V2) {
              DataPageHeaderV2 v2 = h.getData_page_header_v2();
              prefix =
                  v2.getRepetition_levels_byte_length() + v2.getDefinition_levels_byte_length();
              if (!v2.isIs_compressed()) {
                prefix = body.length;
              }
            }
            bodies.add(new Body(c.getCodec(), body, prefix, h.getUncompressed_page_size()));
            largest = Math.max(largest, Math.max(body.length, h.getUncompressed_page_size()));
          }
        }
      }
    }
    chunkStarts = chunks.stream().mapToLong(a -> a[0]).toArray();
    chunkSizes = chunks.stream().mapToInt(a -> (int) a[1]).toArray();
    out = new byte[largest];
    chunkBuffer = new byte[largestChunk];
  }

  private static byte[] read(FileChannel ch, long start, int size, byte[] into) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(into, 0, size);
    while (b.hasRemaining()) {
      if (ch.read(b, start + b.position()) < 0) {
        throw new IOException("the file ends inside a column chunk at " + start);
      }
    }
    return into;
  }

  /** The pages kept (for the test). */
  int pages() {
    return bodies.size();
  }

  /** The bytes of the column chunks, headers included (for the test). */
  long chunkBytes() {
    long n = 0;
    for (int size : chunkSizes) {
      n += size;
    }
    return n;
  }

  /** Every page body decompressed into one reused array; returns the bytes produced. */
  @Benchmark
  public long decompress() throws IOException {
    long produced = 0;
    for (Body b : bodies) {
      produced += decompress(b);
    }
    return produced;
  }

  /**
   * As {@link #decompress}, with aircompressor's pure-Java Snappy decoder in place of snappy-java's
   * native one (other codecs as there).
   */
  @Benchmark
  public long decompressJava() throws IOException {
    long produced = 0;
    for (Body b : bodies) {
      if (b.codec == CompressionCodecName.SNAPPY && b.bytes.length > b.plainPrefix) {
        System.arraycopy(b.bytes, 0, out, 0, b.plainPrefix);
        produced +=
            b.plainPrefix
                + javaSnappy.decompress(
                    b.bytes,
                    b.plainPrefix,
                    b.bytes.length - b.plainPrefix,
                    out,
                    b.plainPrefix,
                    out.length - b.plainPrefix);
      } else {
        produced += decompress(b);
      }
    }
    return produced;
  }

  /** Every page body copied into one reused array: the floor, a memory copy of the file. */
  @Benchmark
  public long copy() {
    long copied = 0;
    for (Body b : bodies) {
      System.arraycopy(b.bytes, 0, out, 0, b.bytes.length);
      copied += b.bytes.length;
    }
    return copied;
  }

  /**
   * Every column chunk read from the file into one reused array, then every page body decompressed:
   * the file's reading and decompression on one thread, with no parsing. Returns the bytes read
   * plus the bytes produced.
   */
  @Benchmark
  public long readAndDecompress() throws IOException {
    long read = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (int i = 0; i < chunkStarts.length; i++) {
        read(ch, chunkStarts[i], chunkSizes[i], chunkBuffer);
        read += chunkSizes[i];
      }
    }
    return read + decompress();
  }

  private int decompress(Body b) throws IOException {
    byte[] in = b.bytes;
    int prefix = b.plainPrefix;
    System.arraycopy(in, 0, out, 0, prefix);
    int length = in.length - prefix;
    if (length == 0) {
      return prefix;
    }
    return prefix
        + switch (b.codec) {
          case UNCOMPRESSED -> {
            System.arraycopy(in, prefix, out, prefix, length);
            yield length;
          }
          case SNAPPY -> Snappy.uncompress(in, prefix, length, out, prefix);
          case ZSTD ->
              (int) Zstd.decompressByteArray(out, prefix, out.length - prefix, in, prefix, length);
          default -> throw new IOException("PageDecompressBenchmark: no codec " + b.codec);
        };
  }
}
