package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.scan.ParquetScan;
import io.pqarrow.scan.ScanUnit;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns whose names hold a dot, in a file pyarrow writes: a top-level {@code a.b} beside a struct
 * {@code a} with child {@code b} (the ambiguous pair: unquoted {@code a.b} is the top-level column,
 * {@code `a`.b} the child), a struct {@code s} whose child {@code x.y} has a dot, and a list of
 * such structs; selected with {@code ReadOptions.columns}, filtered (rows and row-group pruning)
 * and scanned.
 */
class DottedNamesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;
  private Path file;

  /** 300 rows in row groups of 50: a.b = 10 i, a = {b: 1000 + i, c}, s = {x.y: i, z}. */
  private static final String SCRIPT =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 300
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'a.b': pa.array([10 * i for i in range(n)], pa.int64()),
          'a': pa.array([{'b': 1000 + i, 'c': i} for i in range(n)],
                        pa.struct([('b', pa.int64()), ('c', pa.int64())])),
          's': pa.array([{'x.y': i, 'z': -i} for i in range(n)],
                        pa.struct([('x.y', pa.int64()), ('z', pa.int64())])),
          'l': pa.array([[{'k.v': i, 'w': 2 * i}] for i in range(n)],
                        pa.list_(pa.struct([('k.v', pa.int64()), ('w', pa.int64())]))),
      })
      pq.write_table(t, sys.argv[1], row_group_size=50)
      """;

  @BeforeEach
  void write() {
    file = dir.resolve("dotted.parquet");
    PythonEnv.require().run(SCRIPT, file.toString());
  }

  /**
   * The top-level fields the read returns, each as name(children...), and the first batch's row.
   */
  private String schemaOf(List<String> columns) {
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().columns(columns).build())) {
      assertTrue(r.loadNextBatch());
      return describe(r.getVectorSchemaRoot().getSchema().getFields());
    }
  }

  private static String describe(List<Field> fields) {
    return fields.stream()
        .map(
            f ->
                f.getChildren().isEmpty()
                    ? f.getName()
                    : f.getName() + "(" + describe(f.getChildren()) + ")")
        .collect(Collectors.joining(","));
  }

  @Test
  void unquotedAbIsTheTopLevelColumnAndBackticksReachTheChild() {
    assertEquals("a.b", schemaOf(List.of("a.b")));
    assertEquals("a.b", schemaOf(List.of("`a.b`")));
    assertEquals("a(b)", schemaOf(List.of("`a`.b")));
    assertEquals("a(b)", schemaOf(List.of("`a`.`b`")));
    assertEquals("a(c)", schemaOf(List.of("a.c")));
    assertEquals("a.b,a(b)", schemaOf(List.of("`a`.b", "a.b")));
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().columns(List.of("a.b")).build())) {
      assertTrue(r.loadNextBatch());
      BigIntVector v = (BigIntVector) r.getVectorSchemaRoot().getVector("a.b");
      assertEquals(70, v.get(7));
    }
  }

  @Test
  void childrenWithDotsInStructsAndLists() {
    assertEquals("s(x.y)", schemaOf(List.of("s.x.y")));
    assertEquals("s(x.y)", schemaOf(List.of("s.`x.y`")));
    // the list's element is named as in the file's ARROW:schema (pyarrow: item)
    assertEquals("l(item(k.v,w))", schemaOf(List.of("l")));
    assertEquals("l(item(k.v))", schemaOf(List.of("l.item.k.v")));
    assertEquals("l(item(k.v))", schemaOf(List.of("l.item.`k.v`")));
    assertEquals("l(item(w))", schemaOf(List.of("l.`item`.w")));
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file,
            memory.allocator(),
            ReadOptions.builder().columns(List.of("s.x.y", "l.item.k.v")).build())) {
      assertTrue(r.loadNextBatch());
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      StructVector s = (StructVector) root.getVector("s");
      assertEquals(8L, ((BigIntVector) s.getChild("x.y")).get(8));
      ListVector l = (ListVector) root.getVector("l");
      StructVector element = (StructVector) l.getDataVector();
      assertEquals(8L, ((BigIntVector) element.getChild("k.v")).get(8));
    }
  }

  @Test
  void anUnknownPathIsNamedAsWritten() {
    ParquetFileException e =
        assertThrows(ParquetFileException.class, () -> schemaOf(List.of("`a`.zz")));
    assertTrue(e.getMessage().contains("zz"), e.getMessage());
    e = assertThrows(ParquetFileException.class, () -> schemaOf(List.of("`a.b")));
    assertTrue(e.getMessage().contains("unterminated backtick"), e.getMessage());
  }

  private List<Long> ids(Expression filter, boolean pruneOnly, ScanStats[] stats) {
    ReadOptions options =
        ReadOptions.builder().columns(List.of("id")).filter(filter).pruneOnly(pruneOnly).build();
    return FilterPeersTest.projectedIds(file, memory.allocator(), options, stats);
  }

  @Test
  void filtersKeepTheRowsOfTheColumnTheyNameAndPrune() {
    ScanStats[] stats = new ScanStats[1];
    // top-level a.b = 10 i >= 1290: i >= 129
    List<Long> top = ids(ExpressionParser.parse("a.b >= 1290"), false, stats);
    assertEquals(171, top.size());
    assertEquals(129L, top.get(0));
    // a.b names two leaves by dotted text, which parquet-java's dictionary filter confuses:
    // nothing is pruned on it (it would keep row groups 2 to 5 of 6)
    assertEquals(6, stats[0].rowGroupsRead());
    assertEquals(top, ids(ExpressionParser.parse("`a.b` >= 1290"), false, stats));
    assertEquals(top, ids(ExpressionParser.parse("\"a.b\" >= 1290"), false, stats));
    assertEquals(top, ids(Expression.compare("a.b", Expression.Op.GE, 1290), false, stats));
    // child b of struct a = 1000 + i >= 1290: i >= 290, the last row group
    List<Long> child = ids(ExpressionParser.parse("`a`.b >= 1290"), false, stats);
    List<Long> last10 = List.of(290L, 291L, 292L, 293L, 294L, 295L, 296L, 297L, 298L, 299L);
    assertEquals(last10, child);
    assertEquals(6, stats[0].rowGroupsRead(), "a.b names two leaves here too");
    assertEquals(child, ids(ExpressionParser.parse("\"a\".b >= 1290"), false, stats));
    assertEquals(child, ids(Expression.compare("`a`.b", Expression.Op.GE, 1290), false, stats));
    // a struct's child with a dot, x.y = i: its statistics prune
    assertEquals(last10, ids(ExpressionParser.parse("s.x.y >= 290"), false, stats));
    assertEquals(1, stats[0].rowGroupsRead());
    assertEquals(50, ids(ExpressionParser.parse("s.`x.y` >= 290"), true, stats).size());
    assertEquals(1, stats[0].rowGroupsRead());
    assertEquals(List.of(7L), ids(ExpressionParser.parse("s.\"x.y\" = 7"), false, stats));
  }

  @Test
  void anUnknownFilterColumnNamesThePathAndWhatExists() {
    FilterException e =
        assertThrows(
            FilterException.class, () -> ids(ExpressionParser.parse("`a`.x = 1"), false, null));
    assertTrue(e.getMessage().contains("a has: b, c"), e.getMessage());
    assertTrue(e.getMessage().contains("`a`.x"), e.getMessage());
  }

  @Test
  void aScanFiltersOnTheDottedColumn() throws Exception {
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("id", "a.b"))
            .filter(ExpressionParser.parse("a.b < 30 or `a`.b >= 1298"))
            .build();
    List<String> rows = new ArrayList<>();
    try (ParquetScan scan = ScanUnit.ofFile(source).open(memory.allocator(), options)) {
      while (scan.loadNextBatch()) {
        VectorSchemaRoot root = scan.getVectorSchemaRoot();
        assertEquals("id,a.b", describe(root.getSchema().getFields()));
        BigIntVector id = (BigIntVector) root.getVector("id");
        BigIntVector ab = (BigIntVector) root.getVector("a.b");
        for (int i = 0; i < root.getRowCount(); i++) {
          rows.add(id.get(i) + ":" + ab.get(i));
        }
      }
    }
    assertEquals(List.of("0:0", "1:10", "2:20", "298:2980", "299:2990"), rows);
  }
}
