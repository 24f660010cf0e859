package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ReaderHooks;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The level machinery on its own: pyarrow files read through hand-paired schemas ({@link
 * TestMappings}), so these tests do not depend on the schema mapper. Values must equal what pyarrow
 * reads from the same file, for every batch size.
 */
public class ReaderLevelsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static final String FLAT =
      PyRender.PRELUDE
          + """
          import random, datetime
          random.seed(7)
          n = 3000
          def maybe(v):
              return None if random.random() < 0.2 else v
          t = pa.table({
              'i8': pa.array([maybe(random.randint(-128, 127)) for _ in range(n)], pa.int8()),
              'i16': pa.array([maybe(random.randint(-2**15, 2**15-1)) for _ in range(n)], pa.int16()),
              'i32': pa.array([maybe(random.randint(-2**31, 2**31-1)) for _ in range(n)], pa.int32()),
              'i64': pa.array([maybe(random.randint(-2**63, 2**63-1)) for _ in range(n)], pa.int64()),
              'u8': pa.array([maybe(random.randint(0, 255)) for _ in range(n)], pa.uint8()),
              'u16': pa.array([maybe(random.randint(0, 2**16-1)) for _ in range(n)], pa.uint16()),
              'u32': pa.array([maybe(random.randint(0, 2**32-1)) for _ in range(n)], pa.uint32()),
              'u64': pa.array([maybe(random.randint(0, 2**64-1)) for _ in range(n)], pa.uint64()),
              'f32': pa.array([maybe(random.random() * 100) for _ in range(n)], pa.float32()),
              'f64': pa.array([maybe(random.gauss(0, 1e10)) for _ in range(n)], pa.float64()),
              'b': pa.array([maybe(random.random() < 0.5) for _ in range(n)], pa.bool_()),
              's': pa.array([maybe(random.choice(['', 'a', 'héllo', 'x' * 50])) for _ in range(n)], pa.string()),
              'bin': pa.array([maybe(bytes(random.randrange(256) for _ in range(random.randrange(9)))) for _ in range(n)], pa.binary()),
              'd': pa.array([maybe(random.randint(-100000, 100000)) for _ in range(n)], pa.int32()).cast(pa.date32()),
              'ts': pa.array([maybe(random.randint(-2**50, 2**50)) for _ in range(n)], pa.int64()).cast(pa.timestamp('us', 'UTC')),
              'tsms': pa.array([maybe(random.randint(-2**40, 2**40)) for _ in range(n)], pa.int64()).cast(pa.timestamp('ms')),
          })
          pq.write_table(t, sys.argv[1], row_group_size=700, data_page_size=512, use_dictionary=['s'])
          dump(pq.read_table(sys.argv[1]))
          """;

  static final Schema FLAT_SCHEMA =
      new Schema(
          List.of(
              Field.nullable("i8", new ArrowType.Int(8, true)),
              Field.nullable("i16", new ArrowType.Int(16, true)),
              Field.nullable("i32", new ArrowType.Int(32, true)),
              Field.nullable("i64", new ArrowType.Int(64, true)),
              Field.nullable("u8", new ArrowType.Int(8, false)),
              Field.nullable("u16", new ArrowType.Int(16, false)),
              Field.nullable("u32", new ArrowType.Int(32, false)),
              Field.nullable("u64", new ArrowType.Int(64, false)),
              Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
              Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
              Field.nullable("b", ArrowType.Bool.INSTANCE),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              Field.nullable("bin", ArrowType.Binary.INSTANCE),
              Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
              Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
              Field.nullable("tsms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null))));

  static final String NESTED =
      PyRender.PRELUDE
          + """
          import random
          random.seed(11)
          n = 1500
          def maybe(v, p=0.15):
              return None if random.random() < p else v
          def ints(k):
              return [maybe(random.randint(-50, 50)) for _ in range(random.randrange(k))]
          rows = []
          for i in range(n):
              rows.append({
                  'st': maybe({'a': maybe(i), 'b': maybe({'c': maybe(str(i))})}),
                  'li': maybe(ints(5)),
                  'ls': maybe([maybe({'x': maybe(j), 'y': maybe([j] * j)}) for j in range(random.randrange(4))]),
                  'm': maybe([(str(j), maybe(j * i)) for j in range(random.randrange(4))]),
                  'll': maybe([maybe(ints(4)) for _ in range(random.randrange(4))]),
              })
          schema = pa.schema([
              ('st', pa.struct([('a', pa.int64()), ('b', pa.struct([('c', pa.string())]))])),
              ('li', pa.list_(pa.int64())),
              ('ls', pa.list_(pa.struct([('x', pa.int64()), ('y', pa.list_(pa.int64()))]))),
              ('m', pa.map_(pa.string(), pa.int64())),
              ('ll', pa.list_(pa.list_(pa.int64()))),
          ])
          t = pa.Table.from_pylist(rows, schema)
          compliant = sys.argv[2] == 'compliant'
          pq.write_table(t, sys.argv[1], row_group_size=400, data_page_size=256,
                         use_compliant_nested_type=compliant)
          dump(pq.read_table(sys.argv[1]))
          """;

  private static Field list(String name, Field element) {
    return new Field(name, FieldType.nullable(new ArrowType.List()), List.of(element));
  }

  private static Field struct(String name, Field... children) {
    return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  static Schema nestedSchema(String elementName) {
    Field i64 = Field.nullable(elementName, new ArrowType.Int(64, true));
    return new Schema(
        List.of(
            struct(
                "st",
                Field.nullable("a", new ArrowType.Int(64, true)),
                struct("b", Field.nullable("c", ArrowType.Utf8.INSTANCE))),
            list("li", i64),
            list(
                "ls",
                struct(
                    elementName, Field.nullable("x", new ArrowType.Int(64, true)), list("y", i64))),
            new Field(
                "m",
                FieldType.nullable(new ArrowType.Map(false)),
                List.of(
                    new Field(
                        "key_value",
                        FieldType.notNullable(ArrowType.Struct.INSTANCE),
                        List.of(
                            Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                            Field.nullable("value", new ArrowType.Int(64, true)))))),
            list("ll", list(elementName, i64))));
  }

  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {1, 7, 8, 9, 31, 32, 33, 1024, 5000})
  void flatColumnsWithNullsReadAsPyarrowReadsThem(int batchRows) {
    Path file = dir.resolve("flat.parquet");
    List<String> expected = pyarrowRows(FLAT, file.toString());
    assertEquals(3000, expected.size());
    Rows.assertSame(expected, readAll(file, FLAT_SCHEMA, batchRows));
  }

  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {1, 7, 8, 9, 31, 32, 33, 1024})
  void nestedListsStructsAndMapsWithNullsAtEveryLevel(int batchRows) {
    Path file = dir.resolve("nested.parquet");
    List<String> expected = pyarrowRows(NESTED, file.toString(), "compliant");
    Rows.assertSame(expected, readAll(file, nestedSchema("element"), batchRows));
  }

  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {1, 7, 1024})
  void legacyTwoLevelListsReadLikeCompliantOnes(int batchRows) {
    Path file = dir.resolve("legacy.parquet");
    List<String> expected = pyarrowRows(NESTED, file.toString(), "legacy");
    Rows.assertSame(expected, readAll(file, nestedSchema("item"), batchRows));
  }

  public static List<String> pyarrowRows(String script, String... args) {
    List<String> out = new ArrayList<>();
    for (String line : PythonEnv.require().run(script, args).split("\n")) {
      if (!line.isBlank()) {
        out.add(ArrowJson.canonical(line));
      }
    }
    return out;
  }

  private List<String> readAll(Path file, Schema arrow, int batchRows) {
    List<String> rows = new ArrayList<>();
    ReadOptions options = ReadOptions.builder().batchRows(batchRows).build();
    try (ParquetArrowReader reader =
        ReaderHooks.open(
            file, memory.allocator(), options, (schema, kv) -> TestMappings.pair(arrow, schema))) {
      while (reader.loadNextBatch()) {
        int n = reader.getVectorSchemaRoot().getRowCount();
        if (n > batchRows) {
          throw new AssertionError("batch of " + n + " rows, asked for " + batchRows);
        }
        for (String r : ArrowJson.rows(reader.getVectorSchemaRoot(), reader)) {
          rows.add(ArrowJson.canonical(r));
        }
      }
    }
    return rows;
  }
}
