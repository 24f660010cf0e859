package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader with a filter: columns the filter reads but the projection lacks (whole or inside a
 * struct) are read and left out; dictionary columns; row numbers with selected row groups; a limit
 * that stops reading; Variant paths and the shredded-Variant pruning rule on DuckDB's files.
 */
class FilterReaderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: out file. 1000 rows, 100-row groups: id, k = id % 7, s = struct(x = id, y = 'y' + id %
   * 5).
   */
  private static final String FLAT =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 1000
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'k': pa.array([None if i % 13 == 0 else i % 7 for i in range(n)], pa.int32()),
          'name': pa.array(['n' + str(i % 4) for i in range(n)]),
          's': pa.array([None if i % 11 == 0 else {'x': i, 'y': 'y' + str(i % 5)} for i in range(n)],
                        pa.struct([('x', pa.int64()), ('y', pa.string())])),
      })
      pq.write_table(t, sys.argv[1], row_group_size=100)
      """;

  private Path flat() {
    Path f = dir.resolve("flat.parquet");
    PythonEnv.require().run(FLAT, f.toString());
    return f;
  }

  @Test
  void filterColumnsOutsideTheProjectionAreReadAndLeftOut() {
    Path f = flat();
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("s.y"))
            .filter(ExpressionParser.parse("s.x >= 500 and k = 3"))
            .rowNumberColumn("pos")
            .batchRows(64)
            .build();
    List<String> seen = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      assertEquals(
          "Schema<s: Struct<y: Utf8>, pos: Int(64, true) not null>", r.schema().toString());
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        StructVector s = (StructVector) root.getVector("s");
        VarCharVector y = (VarCharVector) s.getChild("y");
        BigIntVector pos = (BigIntVector) root.getVector("pos");
        for (int i = 0; i < root.getRowCount(); i++) {
          seen.add(pos.get(i) + ":" + y.getObject(i));
        }
      }
      ScanStats stats = r.stats();
      assertEquals(10, stats.rowGroups());
      assertEquals(5, stats.rowGroupsRead(), "statistics of s.x prune the first half");
      assertEquals(500, stats.rowsRead());
      assertEquals(seen.size(), stats.rowsWritten());
    }
    List<String> expected = new ArrayList<>();
    for (int i = 500; i < 1000; i++) {
      if (i % 11 != 0 && i % 13 != 0 && i % 7 == 3) {
        expected.add(i + ":y" + (i % 5));
      }
    }
    assertEquals(expected, seen);
  }

  /**
   * A filter column whose name holds a dot is read as that one field, not as a struct path, and the
   * rows are filtered and pruned by it (the filter2 column is named by its path's parts).
   */
  @Test
  void aFilterColumnWithADotInItsNameIsReadForTheProjection() {
    Path f = dir.resolve("dotted.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({'a.b': pa.array(range(100), pa.int64()),
                          'x': pa.array(['x%d' % i for i in range(100)])})
            pq.write_table(t, sys.argv[1], row_group_size=30)
            """,
            f.toString());
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("x"))
            .filter(ExpressionParser.parse("\"a.b\" >= 95"))
            .build();
    List<String> seen = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      assertEquals("Schema<x: Utf8>", r.schema().toString());
      while (r.loadNextBatch()) {
        VarCharVector x = (VarCharVector) r.getVectorSchemaRoot().getVector("x");
        for (int i = 0; i < x.getValueCount(); i++) {
          seen.add(x.getObject(i).toString());
        }
      }
      assertEquals(1, r.stats().rowGroupsRead(), "only the row group of rows 90 to 99");
    }
    assertEquals(List.of("x95", "x96", "x97", "x98", "x99"), seen);
  }

  @Test
  void dictionaryColumnsAreFilteredByTheirValues() {
    Path f = flat();
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("id", "name"))
            .readDictionary(List.of("name"))
            .filter(ExpressionParser.parse("name in ('n1', 'n3') and id < 20"))
            .build();
    List<String> seen = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        IntVector idx = (IntVector) root.getVector("name");
        Dictionary d = r.lookup(idx.getField().getDictionary().getId());
        assertNotNull(d);
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          seen.add(id.get(i) + ":" + ((VarCharVector) d.getVector()).getObject(idx.get(i)));
        }
      }
    }
    assertEquals(
        List.of(
            "1:n1", "3:n3", "5:n1", "7:n3", "9:n1", "11:n3", "13:n1", "15:n3", "17:n1", "19:n3"),
        seen);
  }

  @Test
  void aRowNumberColumnNamedAsAReturnedColumnIsRefused() {
    Path f = flat();
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () ->
                ParquetArrowReader.open(
                        f,
                        memory.allocator(),
                        ReadOptions.builder()
                            .columns(List.of("id", "k"))
                            .rowNumberColumn("k")
                            .build())
                    .close());
    assertTrue(e.getMessage().contains("row number column 'k'"), e.getMessage());
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    // A column read only for the filter is not returned: its name is free.
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            f,
            memory.allocator(),
            ReadOptions.builder()
                .columns(List.of("id"))
                .filter(ExpressionParser.parse("k = 3"))
                .rowNumberColumn("k")
                .build())) {
      assertEquals("Schema<id: Int(64, true), k: Int(64, true) not null>", r.schema().toString());
    }
  }

  @Test
  void rowNumbersArePositionsInTheFileWithSelectedRowGroupsOffsetAndLimit() {
    Path f = flat();
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("id"))
            .rowGroups(List.of(7, 2))
            .offset(30)
            .limit(100)
            .rowNumberColumn("row")
            .batchRows(33)
            .build();
    List<Long> ids = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          long id = ((BigIntVector) root.getVector("id")).get(i);
          assertEquals(id, ((BigIntVector) root.getVector("row")).get(i));
          ids.add(id);
        }
      }
      assertEquals(100, r.stats().rowsWritten());
      assertTrue(r.stats().rowsRead() <= 132 + 33, "reading stops at the limit: " + r.stats());
    }
    assertEquals(100, ids.size());
    assertEquals(730, ids.get(0));
    assertEquals(799, ids.get(69));
    assertEquals(200, ids.get(70));
    assertEquals(229, ids.get(99));
  }

  @Test
  void anUnknownFilterColumnFailsOpen() {
    Path f = flat();
    FilterException e =
        assertThrows(
            FilterException.class,
            () ->
                ParquetArrowReader.open(
                    f,
                    memory.allocator(),
                    ReadOptions.builder().filter(ExpressionParser.parse("nope = 1")).build()));
    assertEquals(ErrorKind.NOT_FOUND, e.kind());
    assertTrue(
        e.getMessage().contains("unknown column nope (columns: id, k, name, s)"), e.getMessage());
    FilterException pruning =
        assertThrows(
            FilterException.class,
            () ->
                ParquetArrowReader.open(
                    f,
                    memory.allocator(),
                    ReadOptions.builder()
                        .filter(ExpressionParser.parse("k = 'x'"))
                        .pruneOnly(true)
                        .build()));
    assertEquals(ErrorKind.INVALID_ARGUMENT, pruning.kind(), "checked when it only prunes too");
  }

  /**
   * argv: out file, conflict row (-1: none). 12,000 rows in row groups of 2048 (DuckDB's smallest);
   * v = {"n": i, "kind": "k" + i % 3}, DuckDB shreds n as int64; at the conflict row n is a string,
   * stored in n's residual value column. Prints the number of row groups.
   */
  private static final String VARIANT =
      """
      import sys, duckdb, pyarrow.parquet as pq
      f, conflict = sys.argv[1], int(sys.argv[2])
      duckdb.sql(f'''COPY (SELECT i, CASE WHEN i % 97 = 0 THEN NULL
            WHEN i = {conflict} THEN struct_pack(n := 'x', kind := 'k9')::VARIANT
            ELSE struct_pack(n := i, kind := 'k' || (i % 3))::VARIANT END AS v
          FROM range(12000) t(i) ORDER BY i) TO '{f}' (FORMAT parquet, ROW_GROUP_SIZE 2048)''')
      print(pq.ParquetFile(f).metadata.num_row_groups)
      """;

  @Test
  void variantPathsFilterAndPruneOnlyWhereNoRowHoldsTheFieldInValue() {
    Path clean = dir.resolve("clean.parquet");
    Path conflict = dir.resolve("conflict.parquet");
    int groups = Integer.parseInt(PythonEnv.require().run(VARIANT, clean.toString(), "-1").trim());
    PythonEnv.require().run(VARIANT, conflict.toString(), "5");
    assertTrue(groups >= 4, "row groups: " + groups);
    String filter = "v.$.n > 11000";
    List<Long> expected = new ArrayList<>();
    for (long i = 11001; i < 12000; i++) {
      if (i % 97 != 0) {
        expected.add(i);
      }
    }
    ScanStats a = scanVariant(clean, filter, expected);
    ScanStats b = scanVariant(conflict, filter, expected);
    assertEquals(groups, a.rowGroups());
    assertTrue(a.rowGroupsRead() < groups, "typed_value statistics prune: " + a);
    assertEquals(
        a.rowGroupsRead() + 1,
        b.rowGroupsRead(),
        "the row group whose n.value holds a value is read: " + b);
    // a string compared with the typed int64 column is not translated, and matches the conflict
    scanVariant(conflict, "v.$.n = 'x'", List.of(5L));
    scanVariant(conflict, "v.$.kind = 'k9'", List.of(5L));
    List<Long> missing = new ArrayList<>();
    for (long i = 0; i < 12000; i += 97) {
      missing.add(i);
    }
    scanVariant(clean, "v.$.n is null", missing);
    scanVariant(clean, "v.$.nope is not null", List.of());
  }

  private ScanStats scanVariant(Path f, String filter, List<Long> expected) {
    return scanIds(f, "i", filter, expected);
  }

  /**
   * argv: out file, whether to write bloom filters. 1000 distinct strings in 100-row groups, no
   * statistics and no dictionaries: only a bloom filter can prune.
   */
  private static final String BLOOM =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      t = pa.table({'id': pa.array(range(1000), pa.int64()), 's': ['v' + str(i) for i in range(1000)]})
      bloom = {'s': {'ndv': 100, 'fpp': 0.0001}} if sys.argv[2] == 'yes' else None
      pq.write_table(t, sys.argv[1], row_group_size=100, write_statistics=False,
                     use_dictionary=False, bloom_filter_options=bloom)
      """;

  @Test
  void bloomFiltersPruneEqualityAndIn() {
    Path with = dir.resolve("bloom.parquet");
    Path without = dir.resolve("plain.parquet");
    PythonEnv.require().run(BLOOM, with.toString(), "yes");
    PythonEnv.require().run(BLOOM, without.toString(), "no");
    ScanStats eq = scanIds(with, "s = 'v123'", List.of(123L));
    assertEquals(1, eq.rowGroupsRead(), "the bloom filters of the 9 other row groups rule it out");
    ScanStats in = scanIds(with, "s in ('v5', 'v777', 'nowhere')", List.of(5L, 777L));
    assertEquals(2, in.rowGroupsRead());
    assertEquals(10, scanIds(without, "s = 'v123'", List.of(123L)).rowGroupsRead());
    assertEquals(10, scanIds(with, "s > 'v998'", List.of(999L)).rowGroupsRead(), "no statistics");
  }

  private ScanStats scanIds(Path f, String filter, List<Long> expected) {
    return scanIds(f, "id", filter, expected);
  }

  /** The values of Int64 column {@code column} the filter keeps, checked; the scan's stats. */
  private ScanStats scanIds(Path f, String column, String filter, List<Long> expected) {
    List<Long> ids = new ArrayList<>();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            f,
            memory.allocator(),
            ReadOptions.builder()
                .columns(List.of(column))
                .filter(ExpressionParser.parse(filter))
                .build())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        assertEquals(1, root.getFieldVectors().size(), "only the projected column");
        BigIntVector id = (BigIntVector) root.getVector(column);
        for (int k = 0; k < root.getRowCount(); k++) {
          ids.add(id.get(k));
        }
      }
      assertEquals(expected, ids, filter + " on " + f.getFileName());
      return r.stats();
    }
  }
}
