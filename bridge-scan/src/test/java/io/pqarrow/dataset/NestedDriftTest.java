package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose nested columns drift (a child added inside a struct, a struct's leaf, a list's
 * element and a map's value widened) read as one dataset, checked against {@code pyarrow.dataset}
 * reading the same directory with the permissively unified schema: schema, rows, and projections
 * into the struct.
 */
class NestedDriftTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /**
   * pyarrow.dataset's schema and rows of {@code argv[1]}; {@code argv[2]}, when given, a
   * comma-separated list of {@code s} children to keep (the projection {@code s.a, s.b}; {@code -}
   * for all columns), {@code argv[3]} a {@code pyarrow.dataset} filter. A nested value prints as
   * Arrow Java's JSON of it: compact, null struct children and map values left out, map entries as
   * key/value objects.
   */
  private static final String PYARROW_READ =
      """
      import sys, json, pyarrow as pa, pyarrow.dataset as ds, pyarrow.parquet as pq
      root = sys.argv[1]
      keep = sys.argv[2].split(',') if len(sys.argv) > 2 and sys.argv[2] != '-' else None
      flt = eval(sys.argv[3], {'ds': ds}) if len(sys.argv) > 3 else None
      d = ds.dataset(root, partitioning='hive')
      unified = pa.unify_schemas([pq.read_schema(f) for f in sorted(d.files)],
                                 promote_options='permissive')
      parts = [f for f in d.schema if f.name not in set(unified.names)]
      d = ds.dataset(root, partitioning='hive', schema=pa.schema(list(unified) + parts))
      t = d.to_table(filter=flt)
      def norm(v, t):
          if v is None:
              return None
          if pa.types.is_struct(t):
              return {f.name: norm(v[f.name], f.type) for f in t
                      if (keep is None or t != s_type or f.name in keep) and v[f.name] is not None}
          if pa.types.is_map(t):
              return [{'key': norm(k, t.key_type), **({} if x is None else
                      {'value': norm(x, t.item_type)})} for k, x in v]
          if pa.types.is_list(t):
              return [norm(x, t.value_type) for x in v]
          return v
      s_type = t.schema.field('s').type
      if keep is not None:
          kept = [f for f in s_type if f.name in keep]
          print('S', 's: ' + str(pa.struct(kept)))
      else:
          for f in t.schema:
              print('S', f.name + ': ' + str(f.type))
      for row in t.to_pylist():
          cols = ['s'] if keep is not None else t.column_names
          out = []
          for c in cols:
              typ = t.schema.field(c).type
              if pa.types.is_nested(typ):
                  v = norm(row[c], typ)
                  text = 'null' if v is None else json.dumps(v, separators=(',', ':'),
                                                             ensure_ascii=False)
              else:
                  text = json.dumps(row[c], ensure_ascii=False)
              out.append(json.dumps(c) + ': ' + text)
          print('R', '{' + ', '.join(out) + '}')
      """;

  /**
   * pyarrow's answer, its list elements named {@code item}: our default mapping names a list's
   * element as Arrow does, where pyarrow keeps the Parquet name {@code element}.
   */
  private static DatasetRows.Printed pyarrow(Path root, String... args) {
    List<String> argv = new ArrayList<>(List.of(root.toString()));
    argv.addAll(List.of(args));
    DatasetRows.Printed p =
        DatasetRows.Printed.of(PythonEnv.require().run(PYARROW_READ, argv.toArray(new String[0])));
    return new DatasetRows.Printed(p.schema().replace("list<element: ", "list<item: "), p.rows());
  }

  /**
   * Two writes under {@code p=} partitions: the first with {@code s: struct<x: int32, l:
   * list<int32>>} and {@code m: map<string, int32>}, the second with a new child {@code s.y} put
   * first, {@code s.x}, the list's element and the map's value widened to int64.
   */
  private Path writeDrifting() {
    Path root = dir.resolve("nested");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            root = sys.argv[1]
            pq.write_to_dataset(pa.table({
                's': pa.array([{'x': 1, 'l': [1, 2]}, None, {'x': None, 'l': None}],
                              pa.struct([('x', pa.int32()), ('l', pa.list_(pa.int32()))])),
                'm': pa.array([[('a', 1)], None, []], pa.map_(pa.string(), pa.int32())),
                'p': [1, 1, 2]}), root, partition_cols=['p'], basename_template='a-{i}.parquet')
            pq.write_to_dataset(pa.table({
                's': pa.array([{'y': 'q', 'x': 2**40, 'l': [3, None]}, {'y': None, 'x': 5, 'l': []}],
                              pa.struct([('y', pa.string()), ('x', pa.int64()),
                                         ('l', pa.list_(pa.int64()))])),
                'm': pa.array([[('b', 2**40), ('c', None)], None], pa.map_(pa.string(), pa.int64())),
                'p': [2, 3]}), root, partition_cols=['p'], basename_template='b-{i}.parquet')
            """,
            root.toString());
    return root;
  }

  @Test
  void aChildAddedInsideAStructAndWidenedNestedLeavesReadAsPyarrowDatasetReadsThem() {
    Path root = writeDrifting();
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    DatasetRows.Printed expected = pyarrow(root);
    assertEquals(expected.schema(), DatasetRows.schema(dataset.schema()));
    assertEquals(
        "s: struct<x: int64, l: list<item: int64>, y: string>\n"
            + "m: map<string, int64>\n"
            + "p: int32",
        DatasetRows.schema(dataset.schema()));
    for (DatasetScanOptions options :
        List.of(
            DatasetScanOptions.defaults().withFilesAtOnce(1),
            DatasetScanOptions.defaults().withFilesAtOnce(3))) {
      DatasetRows.Result ours =
          DatasetRows.scan(dataset, ReadOptions.defaults(), options, memory.allocator());
      assertEquals(DatasetRows.sorted(expected.rows()), DatasetRows.sorted(ours.rows()));
      assertEquals(5, ours.rows().size());
    }
  }

  @Test
  void aPathIntoAStructSelectsItsChildrenInEveryFileEvenOneThatLacksThem() {
    Path root = writeDrifting();
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    for (String keep : List.of("y", "x", "y,x", "l,y")) {
      List<String> columns = new ArrayList<>();
      for (String k : keep.split(",")) {
        columns.add("s." + k);
      }
      DatasetRows.Printed expected = pyarrow(root, keep);
      DatasetRows.Result ours =
          DatasetRows.scan(
              dataset,
              ReadOptions.builder().columns(columns).build(),
              DatasetScanOptions.defaults(),
              memory.allocator());
      assertEquals(expected.schema(), DatasetRows.schema(ours.schema()), keep);
      assertEquals(DatasetRows.sorted(expected.rows()), DatasetRows.sorted(ours.rows()), keep);
    }
    // s.y alone: the first files' structs lack y, yet a present struct reads as {} (y null), not
    // as a null struct
    List<String> rows =
        DatasetRows.scan(
                dataset,
                ReadOptions.builder().columns(List.of("s.y")).build(),
                DatasetScanOptions.defaults(),
                memory.allocator())
            .rows();
    assertEquals(
        List.of(
            "{\"s\": {}}", "{\"s\": null}", "{\"s\": {}}", "{\"s\": {\"y\":\"q\"}}", "{\"s\": {}}"),
        rows);
  }

  @Test
  void aFilterOnANestedChildThatSomeFilesLackKeepsWhatPyarrowKeeps() {
    Path root = writeDrifting();
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    String[][] cases = {
      {"s.y = 'q'", "ds.field('s', 'y') == 'q'"},
      {"s.y is null", "ds.field('s', 'y').is_null()"},
      {"s.x > 1 or s.y is not null", "(ds.field('s', 'x') > 1) | ds.field('s', 'y').is_valid()"},
    };
    for (String[] c : cases) {
      DatasetRows.Result ours =
          DatasetRows.scan(
              dataset,
              ReadOptions.builder().filter(io.pqarrow.filter.ExpressionParser.parse(c[0])).build(),
              DatasetScanOptions.defaults(),
              memory.allocator());
      assertEquals(
          DatasetRows.sorted(pyarrow(root, "-", c[1]).rows()),
          DatasetRows.sorted(ours.rows()),
          c[0]);
    }
  }

  @Test
  void aGivenNestedSchemaCastsEachFileAndAValueThatDoesNotFitNamesTheLeafAndTheRow() {
    Path root = writeDrifting();
    Field x = new Field("x", FieldType.nullable(new ArrowType.Int(16, true)), null);
    Field l =
        new Field(
            "l",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(new Field("item", FieldType.nullable(new ArrowType.Int(8, true)), null)));
    Field z = new Field("z", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
    Schema given =
        new Schema(
            List.of(
                new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x, l, z))));
    Dataset d = Dataset.open(root.toString(), DatasetOptions.builder().schema(given).build());
    DatasetException e =
        assertThrows(
            DatasetException.class,
            () ->
                DatasetRows.scan(
                    d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator()));
    assertEquals(
        "Invalid dataset at "
            + root.resolve("p=2/b-0.parquet")
            + ", column s.x, row 0: value 1099511627776 does not fit Int(16, true)",
        e.getMessage());
    // the files before it cast, z (no file has it) as nulls, the list's element narrowed
    List<String> first =
        DatasetRows.scan(
                d,
                ReadOptions.builder().limit(3).build(),
                DatasetScanOptions.defaults(),
                memory.allocator())
            .rows();
    assertEquals(
        List.of(
            "{\"s\": {\"x\":1,\"l\":[1,2]}, \"p\": 1}",
            "{\"s\": null, \"p\": 1}",
            "{\"s\": {}, \"p\": 2}"),
        first);
  }

  @Test
  void aListElementThatDoesNotFitTheGivenTypeNamesTheRowOfItsList() {
    Path root = dir.resolve("lists");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            os.makedirs(sys.argv[1])
            pq.write_table(pa.table({'l': pa.array([[1], [], None, [2, 300]], pa.list_(pa.int64()))}),
                           sys.argv[1] + '/a.parquet')
            """,
            root.toString());
    Schema given =
        new Schema(
            List.of(
                new Field(
                    "l",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(
                        new Field("item", FieldType.nullable(new ArrowType.Int(8, true)), null)))));
    Dataset d = Dataset.open(root.toString(), DatasetOptions.builder().schema(given).build());
    DatasetException e =
        assertThrows(
            DatasetException.class,
            () ->
                DatasetRows.scan(
                    d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator()));
    assertEquals(
        "Invalid dataset at "
            + root.resolve("a.parquet")
            + ", column l.item, row 3: value 300 does not fit Int(8, true)",
        e.getMessage());
  }

  @Test
  void aNestedLeafWhoseTypesDoNotUnifyIsAnErrorNamingItsPathAndBothFiles() {
    Path root = dir.resolve("bad");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            os.makedirs(sys.argv[1])
            pq.write_table(pa.table({'s': [{'x': 1, 'k': 2}]}), sys.argv[1] + '/a.parquet')
            pq.write_table(pa.table({'s': [{'x': 'one'}]}), sys.argv[1] + '/b.parquet')
            """,
            root.toString());
    DatasetException e =
        assertThrows(
            DatasetException.class, () -> Dataset.open(root.toString(), DatasetOptions.defaults()));
    assertEquals(
        "Invalid dataset at "
            + root.resolve("b.parquet")
            + ", column s.x: column s.x is Utf8 here but Int(64, true) in "
            + root.resolve("a.parquet")
            + ", which do not unify",
        e.getMessage());
  }
}
