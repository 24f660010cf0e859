package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The column writers' arrays kept from file to file ({@link ScratchArrays}): a completed file gives
 * them back, the next writer takes them, and its file is byte for byte the one fresh arrays give,
 * whatever the kept arrays held (a larger file's dictionary, ids, pages); what a write or a page
 * uses only while it runs goes back at once, so open files share it. Also the shelf's rules.
 */
class ScratchArraysTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String K = ScratchArrays.key("test", "column");

  @BeforeEach
  @AfterEach
  void empty() {
    ScratchArrays.clear();
  }

  @Test
  void takesTheLargestKeptArrayOfTheSizeAskedForAndKeepsItOnce() {
    byte[] small = new byte[8192];
    byte[] large = new byte[65536];
    ScratchArrays.give(K, small);
    ScratchArrays.give(K, large);
    assertEquals(8192 + 65536, ScratchArrays.keptBytes());
    assertSame(large, ScratchArrays.bytes(K, 100));
    assertSame(small, ScratchArrays.bytes(K, 100));
    byte[] fresh = ScratchArrays.bytes(K, 100);
    assertNotSame(small, fresh);
    assertEquals(100, fresh.length);
    assertEquals(0, ScratchArrays.keptBytes());

    ScratchArrays.give(K, small);
    assertEquals(
        16384, ScratchArrays.bytes(K, 16384).length, "none kept is large enough: a new one");
    assertThrows(IllegalStateException.class, () -> ScratchArrays.give(K, small));

    long[] longs = new long[4096];
    String longKey = ScratchArrays.key("longs", "column");
    ScratchArrays.give(longKey, longs);
    assertEquals(8192 + 8L * 4096, ScratchArrays.keptBytes());
    assertSame(longs, ScratchArrays.longs(longKey, 10));
    int[] ints = new int[4096];
    String intKey = ScratchArrays.key("ints", "column");
    ScratchArrays.give(intKey, ints);
    assertNotSame(ints, ScratchArrays.ints(ScratchArrays.key("ints", "another column"), 10));
    assertEquals(null, ScratchArrays.key("test", null));
    ScratchArrays.give(null, new int[4096]);
    assertEquals(8192 + 16384, ScratchArrays.keptBytes(), "a null key keeps nothing");
    assertSame(ints, ScratchArrays.ints(intKey, 4096));
  }

  @Test
  void aGrowingSinkTakesAKeptArrayAndKeepsItsBytes() {
    ByteSink sink = ByteSink.pooled(K, 16);
    assertEquals(16, sink.bytes.length, "none kept: a new one");
    sink.put(new byte[] {1, 2, 3}, 0, 3);
    byte[] kept = new byte[65536];
    kept[3] = 99;
    ScratchArrays.give(K, kept);
    sink.ensure(1000);
    assertSame(kept, sink.bytes, "grown into the kept array");
    assertEquals(3, sink.size);
    assertArrayEquals(new byte[] {1, 2, 3}, java.util.Arrays.copyOf(sink.bytes, 3));
    sink.release();
    assertSame(kept, ScratchArrays.bytes(K, 1), "given back by release");
  }

  @Test
  void keepsNeitherTinyNorHugeArraysNorMoreThanItsBound() {
    ScratchArrays.give(K, new byte[16]);
    ScratchArrays.give(K, new byte[ScratchArrays.MAX_ARRAY_BYTES + 1]);
    assertEquals(0, ScratchArrays.keptBytes());
    for (int i = 0; i < ScratchArrays.MAX_KEPT + 10; i++) {
      ScratchArrays.give(K, new int[1024]);
    }
    assertEquals(4096L * ScratchArrays.MAX_KEPT, ScratchArrays.keptBytes());
    int big = ScratchArrays.MAX_ARRAY_BYTES;
    for (int i = 0; i < 8; i++) {
      ScratchArrays.give(K, new byte[big]);
    }
    assertTrue(ScratchArrays.keptBytes() <= ScratchArrays.MAX_BYTES, "within its bound");
  }

  private static long mix(long x) {
    x = (x ^ (x >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    x = (x ^ (x >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return x ^ (x >>> 31);
  }

  /**
   * Rows {@code [0, n)} of columns that fall back at the first page, keep their dictionary after a
   * pause, or keep a small one; {@code seed} changes every value.
   */
  private VectorSchemaRoot batch(BufferAllocator allocator, int n, long seed) {
    BigIntVector unique = new BigIntVector("unique_i64", allocator);
    IntVector cycle = new IntVector("cycle_i32", allocator);
    Float8Vector doubles = new Float8Vector("f64_nulls", allocator);
    VarCharVector text = new VarCharVector("text", allocator);
    VarCharVector words = new VarCharVector("words", allocator);
    FixedSizeBinaryVector fixed = new FixedSizeBinaryVector("fixed", allocator, 12);
    BitVector flags = new BitVector("flag", allocator);
    List<FieldVector> vectors = List.of(unique, cycle, doubles, text, words, fixed, flags);
    for (FieldVector v : vectors) {
      v.setInitialCapacity(n);
      v.allocateNew();
    }
    for (int i = 0; i < n; i++) {
      long r = mix(i + seed);
      unique.set(i, r);
      cycle.set(i, (int) ((i + seed) % 3_000));
      if (i % 7 == 2) {
        doubles.setNull(i);
      } else {
        doubles.set(i, Double.longBitsToDouble(r >>> 2));
      }
      text.setSafe(i, ("title " + Long.toHexString(r)).getBytes(StandardCharsets.UTF_8));
      words.setSafe(i, ("w" + (r & 15)).getBytes(StandardCharsets.UTF_8));
      byte[] b = new byte[12];
      for (int j = 0; j < 12; j++) {
        b[j] = (byte) (mix(r + j) >>> 8);
      }
      fixed.set(i, b);
      flags.set(i, (int) (r & 1));
    }
    for (FieldVector v : vectors) {
      v.setValueCount(n);
    }
    List<Field> fields = new ArrayList<>();
    for (FieldVector v : vectors) {
      fields.add(v.getField());
    }
    return new VectorSchemaRoot(fields, new ArrayList<>(vectors), n);
  }

  private void write(Path file, WriteOptions options, int rows, long seed) {
    try (VectorSchemaRoot b = batch(memory.allocator(), rows, seed);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, b.getSchema(), options)) {
      assertEquals(7, writer.bulkFields());
      writer.write(b);
    }
  }

  @Test
  void aFileOnKeptArraysIsTheFileOnNewOnes() throws Exception {
    for (WriteOptions options :
        List.of(
            WriteOptions.defaults(),
            WriteOptions.builder().threads(2).rowGroupRows(7_000).build(),
            WriteOptions.builder()
                .pageVersion(WriteOptions.PageVersion.V2)
                .pageBytes(16 << 10)
                .build())) {
      ScratchArrays.clear();
      Path fresh = dir.resolve("fresh.parquet");
      write(fresh, options, 20_000, 1);
      byte[] expected = Files.readAllBytes(fresh);

      // A larger file first: its grown arrays, full of its values, are what the next writer takes.
      write(dir.resolve("large.parquet"), options, 150_000, 99);
      long kept = ScratchArrays.keptBytes();
      assertTrue(kept > 1 << 20, "a completed file gives its arrays back: " + kept);
      Path reused = dir.resolve("reused.parquet");
      try (VectorSchemaRoot b = batch(memory.allocator(), 20_000, 1);
          ParquetArrowWriter writer = ParquetArrowWriter.open(reused, b.getSchema(), options)) {
        assertTrue(ScratchArrays.keptBytes() < kept, "the next writer takes them");
        writer.write(b);
      }
      assertArrayEquals(expected, Files.readAllBytes(reused), "with " + options);
      Files.delete(reused);
      Files.delete(dir.resolve("large.parquet"));
      Files.delete(fresh);
    }
  }

  @Test
  void anAbandonedWriterGivesBackNothingItHeldForItsFile() {
    Schema schema;
    try (VectorSchemaRoot b = batch(memory.allocator(), 1, 0)) {
      schema = b.getSchema();
    }
    ParquetArrowWriter writer =
        ParquetArrowWriter.open(dir.resolve("gone.parquet"), schema, WriteOptions.defaults());
    try (VectorSchemaRoot b = batch(memory.allocator(), 50_000, 3)) {
      writer.write(b);
    }
    // What a write borrows only while it runs (the runs' scratch, full pages' buffers) is back.
    long afterWrite = ScratchArrays.keptBytes();
    assertTrue(afterWrite > 0, "a write gives its run scratch back when it returns");
    writer.abort();
    assertEquals(afterWrite, ScratchArrays.keptBytes(), "abort gives the file's arrays to no one");
  }

  @Test
  void writersOfOpenFilesShareWhatAWriteUsesOnlyWhileItRuns() throws Exception {
    WriteOptions options = WriteOptions.defaults();
    Path fresh = dir.resolve("fresh.parquet");
    write(fresh, options, 20_000, 5);
    ScratchArrays.clear();

    Path a = dir.resolve("a.parquet");
    Path b = dir.resolve("b.parquet");
    try (VectorSchemaRoot rowsA = batch(memory.allocator(), 20_000, 5);
        VectorSchemaRoot rowsB = batch(memory.allocator(), 20_000, 5);
        ParquetArrowWriter writerA = ParquetArrowWriter.open(a, rowsA.getSchema(), options);
        ParquetArrowWriter writerB = ParquetArrowWriter.open(b, rowsB.getSchema(), options)) {
      writerA.write(rowsA);
      long kept = ScratchArrays.keptBytes();
      assertTrue(kept >= 7L * ArrowRuns.RUN, "each column's run scratch is back: " + kept);
      // Both files stay open: the second writer's columns take the first's scratch and give it
      // back, growing nothing new.
      writerB.write(rowsB);
      assertEquals(kept, ScratchArrays.keptBytes());
    }
    assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(a));
    assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(b));
  }
}
