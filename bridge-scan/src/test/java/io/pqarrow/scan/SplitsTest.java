package io.pqarrow.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scan units from byte ranges pick the row groups parquet-java's own range filter picks, on pyarrow
 * and DuckDB files; ranges tiling a file, and the units {@link SplitPlanner} cuts one or many files
 * into, hold every row group exactly once.
 */
class SplitsTest {
  @TempDir static Path dir;
  static List<Path> files = new ArrayList<>();

  /** argv: path, rows per row group, use dictionary (0/1). */
  static final String WRITE_PYARROW =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, rg, dic = sys.argv[1], int(sys.argv[2]), sys.argv[3] == '1'
      rnd = random.Random(rg); n = 5000
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          's': pa.array(['k%d' % rnd.randrange(40) for _ in range(n)]),
          'x': pa.array([rnd.random() for _ in range(n)]),
      })
      pq.write_table(t, path, row_group_size=rg, use_dictionary=dic)
      """;

  /** argv: path. Row groups of 2048 rows (DuckDB's smallest unit) with dictionary pages. */
  static final String WRITE_DUCKDB =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.execute(f'''COPY (SELECT i AS id, 'k' || (i % 37) AS s, i * 0.5 AS x
                           FROM range(20000) t(i))
                     TO '{sys.argv[1]}' (FORMAT PARQUET, ROW_GROUP_SIZE 2048)''')
      """;

  @BeforeAll
  static void writeFiles() {
    PythonEnv py = PythonEnv.require();
    int[][] shapes = {{311, 1}, {997, 0}, {5000, 1}};
    for (int[] s : shapes) {
      Path f = dir.resolve("py-" + s[0] + ".parquet");
      py.run(WRITE_PYARROW, f.toString(), String.valueOf(s[0]), String.valueOf(s[1]));
      files.add(f);
    }
    Path duck = dir.resolve("duck.parquet");
    py.run(WRITE_DUCKDB, duck.toString());
    files.add(duck);
  }

  static ParquetSource source(Path f) {
    return ParquetSource.open(f, Limits.defaults());
  }

  @Test
  void rangesPickWhatParquetJavaPicks() throws IOException {
    Random rnd = new Random(7);
    for (Path f : files) {
      ParquetSource source = source(f);
      assertTrue(source.rowGroups().size() >= 1);
      long length = Files.size(f);
      for (int trial = 0; trial < 200; trial++) {
        long start = rnd.nextInt((int) length + 10);
        long len = rnd.nextInt((int) length / 3 + 2);
        ScanUnit unit = ScanUnit.ofRange(source, start, len);
        List<Long> ours = new ArrayList<>();
        for (int i : unit.rowGroups()) {
          ours.add(source.rowGroups().get(i).getStartingPos());
        }
        List<Long> theirs = new ArrayList<>();
        for (BlockMetaData b :
            ParquetFileReader.readFooter(
                    new LocalInputFile(f), ParquetMetadataConverter.range(start, start + len))
                .getBlocks()) {
          theirs.add(b.getStartingPos());
        }
        assertEquals(theirs, ours, f + " " + start + ":" + len);
      }
    }
  }

  @Test
  void tilingRangesGiveEachRowGroupToOneRange() throws IOException {
    Random rnd = new Random(11);
    for (Path f : files) {
      ParquetSource source = source(f);
      long length = Files.size(f);
      for (int trial = 0; trial < 50; trial++) {
        long n = 1 + rnd.nextInt((int) length);
        List<ScanUnit> units = SplitPlanner.byteRanges(source, length, n);
        assertEquals((length + n - 1) / n, units.size());
        assertExactlyOnce(List.of(source), units);
        // Random cut points tile the file as well.
        TreeSet<Long> cuts = new TreeSet<>(List.of(0L, length));
        for (int c = rnd.nextInt(6); c > 0; c--) {
          cuts.add((long) rnd.nextInt((int) length));
        }
        List<ScanUnit> tiles = new ArrayList<>();
        Long previous = null;
        for (long cut : cuts) {
          if (previous != null) {
            tiles.add(ScanUnit.ofRange(source, previous, cut - previous));
          }
          previous = cut;
        }
        assertExactlyOnce(List.of(source), tiles);
      }
    }
  }

  @Test
  void plansCoverEveryRowGroupOnce() {
    List<ParquetSource> sources = new ArrayList<>();
    for (Path f : files) {
      sources.add(source(f));
    }
    Random rnd = new Random(5);
    for (int trial = 0; trial < 200; trial++) {
      long target = 1 + rnd.nextInt(rnd.nextBoolean() ? 5_000 : 200_000);
      List<ParquetSource> some = sources.subList(0, 1 + rnd.nextInt(sources.size()));
      List<ScanUnit> units =
          some.size() == 1
              ? SplitPlanner.plan(some.get(0), target)
              : SplitPlanner.plan(some, target);
      assertExactlyOnce(some, units);
      for (ScanUnit u : units) {
        assertTrue(!u.isEmpty());
        assertTrue(u.rowGroups().size() == 1 || u.bytes() <= target, u + " over " + target);
        for (int i = 1; i < u.rowGroups().size(); i++) {
          assertEquals(u.rowGroups().get(i - 1) + 1, u.rowGroups().get(i));
        }
      }
    }
    // A target as big as everything: one unit per file.
    assertEquals(sources.size(), SplitPlanner.plan(sources, Long.MAX_VALUE).size());
  }

  @Test
  void unitsCheckTheirRowGroups() {
    ParquetSource source = source(files.get(0));
    int count = source.rowGroups().size();
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class, () -> ScanUnit.ofRowGroups(source, List.of(0, count)));
    assertEquals(ErrorKind.NOT_FOUND, e.kind());
    assertTrue(e.getMessage().endsWith("no row group " + count + " (the file has " + count + ")"));
    assertThrows(IllegalArgumentException.class, () -> ScanUnit.ofRowGroups(source, List.of(2, 1)));
    assertThrows(IllegalArgumentException.class, () -> ScanUnit.ofRange(source, -1, 5));
    assertThrows(IllegalArgumentException.class, () -> SplitPlanner.plan(source, 0));
    ScanUnit all = ScanUnit.ofFile(source);
    assertEquals(5000, all.rows());
    assertEquals(count, all.rowGroups().size());
    assertTrue(ScanUnit.ofRange(source, 0, 4).isEmpty(), "the magic holds no midpoint");
    assertEquals(all.rowGroups(), ScanUnit.ofRange(source, 0, Long.MAX_VALUE).rowGroups());
  }

  /** Every row group of every source is in exactly one unit, and units are in those sources. */
  private static void assertExactlyOnce(List<ParquetSource> sources, List<ScanUnit> units) {
    Map<ParquetSource, int[]> seen = new HashMap<>();
    for (ParquetSource s : sources) {
      seen.put(s, new int[s.rowGroups().size()]);
    }
    for (ScanUnit u : units) {
      int[] counts = seen.get(u.source());
      assertTrue(counts != null, "a unit of another file");
      for (int i : u.rowGroups()) {
        counts[i]++;
      }
    }
    for (Map.Entry<ParquetSource, int[]> e : seen.entrySet()) {
      for (int i = 0; i < e.getValue().length; i++) {
        assertEquals(1, e.getValue()[i], e.getKey() + " row group " + i);
      }
    }
  }
}
