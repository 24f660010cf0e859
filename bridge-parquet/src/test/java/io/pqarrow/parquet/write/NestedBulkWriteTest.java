package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested columns (lists, large and fixed-size lists, structs, maps, lists of structs of lists,
 * required lists) written by the bulk engine ({@link BulkColumnWriter} over {@link NestedLevels})
 * give the file the per-value engine gives: pyarrow reads the same values (equal to the table the
 * batches came from), the same footer facts (encodings, value counts, statistics, page index) from
 * both, and DuckDB reads the values pyarrow reads; under v1 and v2 pages, dictionary on and off,
 * and page limits small enough that a row group has many pages.
 */
class NestedBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: the Arrow file, its rows, rows per batch. Awkward data: nulls at every level (but for
   * whole fixed-size lists: pyarrow cannot read a null one back, whoever wrote it).
   */
  static final String TABLE =
      """
import sys, random, decimal, datetime
import pyarrow as pa
def make(n, seed):
    rnd = random.Random(seed)
    def maybe(v, p=0.15):
        return None if rnd.random() < p else v
    def lst(f, maxlen=4, pnull=0.1):
        if rnd.random() < pnull: return None
        return [f() for _ in range(rnd.randrange(maxlen + 1))]
    cols = {}
    cols['li'] = (pa.list_(pa.int32()), [lst(lambda: maybe(rnd.randrange(-50, 50))) for _ in range(n)])
    cols['ls'] = (pa.list_(pa.string()), [lst(lambda: maybe('s%d' % rnd.randrange(30))) for _ in range(n)])
    cols['ll'] = (pa.large_list(pa.float64()), [lst(lambda: maybe(rnd.random())) for _ in range(n)])
    cols['fl'] = (pa.list_(pa.int16(), 3), [[maybe(rnd.randrange(100)) for _ in range(3)] for _ in range(n)])
    st = pa.struct([('a', pa.int64()), ('b', pa.string()), ('c', pa.struct([('d', pa.bool_())]))])
    cols['st'] = (st, [maybe({'a': maybe(rnd.randrange(10**12)), 'b': maybe('b%d' % rnd.randrange(1000)), 'c': maybe({'d': maybe(rnd.random() < .5)})}) for _ in range(n)])
    ls = pa.list_(pa.struct([('x', pa.int32()), ('y', pa.list_(pa.string()))]))
    cols['lst'] = (ls, [lst(lambda: maybe({'x': maybe(rnd.randrange(5)), 'y': lst(lambda: maybe('y%d' % rnd.randrange(9)), 3)})) for _ in range(n)])
    def m(kf, vf):
        if rnd.random() < .1: return None
        keys = list(dict.fromkeys(kf() for _ in range(rnd.randrange(4))))
        return [(k, vf()) for k in keys]
    cols['ms'] = (pa.map_(pa.string(), pa.int64()), [m(lambda: 'k%d' % rnd.randrange(20), lambda: maybe(rnd.randrange(1000))) for _ in range(n)])
    cols['mi'] = (pa.map_(pa.int32(), pa.list_(pa.float32())), [m(lambda: rnd.randrange(100), lambda: lst(lambda: maybe(float(rnd.randrange(100)) / 4))) for _ in range(n)])
    cols['lli'] = (pa.list_(pa.list_(pa.int32())), [lst(lambda: lst(lambda: maybe(rnd.randrange(9)))) for _ in range(n)])
    cols['ldec'] = (pa.list_(pa.decimal128(10, 2)), [lst(lambda: maybe(decimal.Decimal(rnd.randrange(-10**6, 10**6)) / 100)) for _ in range(n)])
    cols['lts'] = (pa.list_(pa.timestamp('ms')), [lst(lambda: maybe(datetime.datetime(2020, 1, 1) + datetime.timedelta(milliseconds=rnd.randrange(10**10)))) for _ in range(n)])
    cols['lb'] = (pa.list_(pa.bool_()), [lst(lambda: maybe(rnd.random() < .3)) for _ in range(n)])
    cols['sl'] = (pa.struct([('v', pa.list_(pa.int64())), ('w', pa.float32())]), [maybe({'v': lst(lambda: maybe(rnd.randrange(7))), 'w': maybe(rnd.random())}) for _ in range(n)])
    fields = [pa.field(k, t) for k, (t, _) in cols.items()]
    # required list of required ints
    fields.append(pa.field('rq', pa.list_(pa.field('item', pa.int32(), nullable=False)), nullable=False))
    arrays = [pa.array(v, type=t) for (t, v) in cols.values()]
    arrays.append(pa.array([[rnd.randrange(5) for _ in range(rnd.randrange(3))] for _ in range(n)], type=fields[-1].type))
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields))
if __name__ == '__main__':
    t = make(int(sys.argv[2]), 7)
    with pa.ipc.new_file(sys.argv[1], t.schema) as w:
        for b in t.to_batches(max_chunksize=int(sys.argv[3])):
            w.write_batch(b)
    print(t.num_rows)
      """;

  /** argv: the Arrow file, then Parquet files: each must read back as the Arrow file's table. */
  static final String SAME_VALUES =
      """
      import sys, duckdb, pyarrow as pa, pyarrow.parquet as pq
      src = pa.ipc.open_file(sys.argv[1]).read_all()
      for f in sys.argv[2:]:
          t = pq.read_table(f)
          assert t.schema.equals(src.schema), (f, t.schema, src.schema)
          for name in src.column_names:
              assert t.column(name).to_pylist() == src.column(name).to_pylist(), (f, name)
          d = duckdb.sql("SELECT * FROM read_parquet('%s')" % f).arrow()
          d = d.read_all() if hasattr(d, 'read_all') else d
          for name in src.column_names:
              got = d.column(name).cast(src.schema.field(name).type).to_pylist()
              assert got == src.column(name).to_pylist(), (f, 'duckdb', name)
          print(f, 'ok')
      """;

  @Test
  void nestedColumnsWriteWhatThePerValueEngineWrites() throws IOException {
    Path arrow = dir.resolve("nested.arrow");
    PythonEnv.require().run(TABLE, arrow.toString(), "20000", "3000");
    List<Path> files = new ArrayList<>();
    int set = 0;
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions options =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .pageRows(700)
                .pageBytes(16 * 1024)
                .rowGroupRows(9000)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        files.addAll(
            BothEngines.write(
                dir, set + ".parquet", (file, bulk) -> write(arrow, file, options, bulk)));
        set++;
      }
    }
    List<String> args = new ArrayList<>();
    args.add(arrow.toString());
    files.forEach(f -> args.add(f.toString()));
    String same = PythonEnv.require().run(SAME_VALUES, args.toArray(String[]::new));
    assertEquals(files.size(), same.lines().filter(l -> l.endsWith(" ok")).count(), same);
    int pages = BothEngines.assertSameFacts(files, set).size();
    assertTrue(pages > 100, "column chunks compared: " + pages);
  }

  /**
   * argv: the Arrow file, its rows, rows per batch. List views (ListView, LargeListView) whose
   * views go back, overlap, repeat and skip elements, with nulls at every level, over ints,
   * strings, intervals and structs holding lists; and views in order (as a list cast to a view).
   */
  static final String VIEWS =
      """
import sys, random
import pyarrow as pa
def views(rnd, n, values, typ, large):
    offsets, sizes, mask = [], [], []
    for _ in range(n):
        size = rnd.randrange(4)
        offsets.append(rnd.randrange(len(values) - size + 1))
        sizes.append(size)
        mask.append(rnd.random() < .1)
    cls = pa.LargeListViewArray if large else pa.ListViewArray
    it = pa.int64() if large else pa.int32()
    return cls.from_arrays(pa.array(offsets, it), pa.array(sizes, it), pa.array(values, typ),
                           mask=pa.array(mask))
def make(n, seed):
    rnd = random.Random(seed)
    maybe = lambda v: None if rnd.random() < .15 else v
    m = 3 * n
    ints = [maybe(rnd.randrange(-99, 99)) for _ in range(m)]
    strs = [maybe('s%d' % rnd.randrange(50)) for _ in range(m)]
    st = pa.struct([('a', pa.int64()), ('b', pa.list_(pa.string()))])
    structs = [maybe({'a': maybe(rnd.randrange(10**9)), 'b': maybe([maybe('b%d' % rnd.randrange(9)) for _ in range(rnd.randrange(3))])}) for _ in range(m)]
    ivs = [maybe(pa.MonthDayNano([rnd.randrange(-5, 5), rnd.randrange(-40, 40), 1000000 * rnd.randrange(10**5)])) for _ in range(m)]
    ordered = pa.array([None if rnd.random() < .1 else [maybe(rnd.randrange(9)) for _ in range(rnd.randrange(4))] for _ in range(n)], pa.list_view(pa.int32()))
    cols = {
        'lvi': views(rnd, n, ints, pa.int32(), False),
        'llvs': views(rnd, n, strs, pa.string(), True),
        'lvst': views(rnd, n, structs, st, False),
        'llvst': views(rnd, n, structs, st, True),
        'lviv': views(rnd, n, ivs, pa.month_day_nano_interval(), False),
        'lvo': ordered,
    }
    return pa.table(cols)
if __name__ == '__main__':
    t = make(int(sys.argv[2]), 11)
    with pa.ipc.new_file(sys.argv[1], t.schema) as w:
        for b in t.to_batches(max_chunksize=int(sys.argv[3])):
            w.write_batch(b)
    print(t.num_rows)
      """;

  /**
   * argv: the Arrow file, then Parquet files: pyarrow reads each as the Arrow file's values (but
   * for the intervals, which it reads as their 12 INTERVAL bytes; this library's read covers them).
   */
  static final String SAME_VIEW_VALUES =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      src = pa.ipc.open_file(sys.argv[1]).read_all()
      for f in sys.argv[2:]:
          t = pq.read_table(f)
          for name in src.column_names:
              if name == 'lviv':
                  continue
              assert t.column(name).to_pylist() == src.column(name).to_pylist(), (f, name)
          print(f, 'ok')
      """;

  /**
   * List views, in order or not, are written by the bulk engine: pyarrow and this library read the
   * values the batches hold, and the footer facts are the per-value engine's.
   */
  @Test
  void listViewsOutOfOrderWriteWhatThePerValueEngineWrites() throws IOException {
    Path arrow = dir.resolve("views.arrow");
    PythonEnv.require().run(VIEWS, arrow.toString(), "5000", "777");
    List<String> source = new ArrayList<>();
    try (FileInputStream in = new FileInputStream(arrow.toFile());
        ArrowFileReader reader = new ArrowFileReader(in.getChannel(), memory.allocator())) {
      while (reader.loadNextBatch()) {
        source.addAll(ArrowJson.rows(reader.getVectorSchemaRoot()));
      }
    }
    List<Path> files = new ArrayList<>();
    int set = 0;
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions options =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .pageRows(300)
                .pageBytes(4 * 1024)
                .rowGroupRows(2000)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        for (Path file :
            BothEngines.write(
                dir, set + ".parquet", (file, bulk) -> write(arrow, file, options, bulk))) {
          files.add(file);
          List<String> back = new ArrayList<>();
          try (io.pqarrow.parquet.read.ParquetArrowReader r =
              io.pqarrow.parquet.read.ParquetArrowReader.open(
                  file,
                  memory.allocator(),
                  io.pqarrow.parquet.read.ReadOptions.builder().batchRows(999).build())) {
            while (r.loadNextBatch()) {
              back.addAll(ArrowJson.rows(r.getVectorSchemaRoot()));
            }
          }
          assertEquals(source, back, file + " read back");
        }
        set++;
      }
    }
    List<String> args = new ArrayList<>();
    args.add(arrow.toString());
    files.forEach(f -> args.add(f.toString()));
    String same = PythonEnv.require().run(SAME_VIEW_VALUES, args.toArray(String[]::new));
    assertEquals(files.size(), same.lines().filter(l -> l.endsWith(" ok")).count(), same);
    BothEngines.assertSameFacts(files, set);
  }

  /** A null in a required list's element names the row it is in, as the per-value engine does. */
  @Test
  void aNullInARequiredElementNamesItsRow() {
    Field element = new Field("item", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Field list = new Field("l", FieldType.notNullable(new ArrowType.List()), List.of(element));
    for (boolean bulk : new boolean[] {false, true}) {
      try (ListVector v = (ListVector) list.createVector(memory.allocator())) {
        v.allocateNew();
        IntVector data = (IntVector) v.getDataVector();
        int k = 0;
        for (int row = 0; row < 100; row++) {
          v.startNewValue(row);
          for (int j = 0; j < 3; j++, k++) {
            if (row == 57 && j == 1) {
              data.setNull(k);
            } else {
              data.setSafe(k, k);
            }
          }
          v.endValue(row, 3);
        }
        data.setValueCount(k);
        v.setValueCount(100);
        try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(v))) {
          Path file = dir.resolve("required-" + bulk + ".parquet");
          ParquetArrowWriter w =
              ParquetArrowWriter.open(file, root.getSchema(), WriteOptions.builder().build(), bulk);
          assertEquals(bulk ? 1 : 0, w.bulkFields());
          ParquetFileException e =
              org.junit.jupiter.api.Assertions.assertThrows(
                  ParquetFileException.class, () -> w.write(root));
          w.close();
          assertTrue(e.getMessage().contains("row 57"), e.getMessage());
          assertTrue(e.getMessage().contains("null in a non-nullable field"), e.getMessage());
        }
      }
    }
  }

  private void write(Path arrow, Path file, WriteOptions options, boolean bulk) throws IOException {
    try (FileInputStream in = new FileInputStream(arrow.toFile());
        ArrowFileReader reader = new ArrowFileReader(in.getChannel(), memory.allocator())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, root.getSchema(), options, bulk)) {
        assertEquals(bulk ? root.getSchema().getFields().size() : 0, writer.bulkFields());
        while (reader.loadNextBatch()) {
          writer.write(root);
        }
      }
    }
  }
}
