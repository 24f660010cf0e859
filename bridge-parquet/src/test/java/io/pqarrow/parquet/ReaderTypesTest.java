package io.pqarrow.parquet;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every type the schema mapping knows, written by pyarrow and DuckDB, read here through {@link
 * ParquetArrowReader#open(Path, org.apache.arrow.memory.BufferAllocator, ReadOptions)} (the real
 * schema mapping) with the values pyarrow reads.
 */
class ReaderTypesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  static final String ALL_TYPES =
      PyRender.PRELUDE
          + """
          import random, datetime, decimal, uuid
          random.seed(3)
          n = 600
          def maybe(v, p=0.2):
              return None if random.random() < p else v
          def dec(p, s):
              return decimal.Decimal(random.randint(-10**p + 1, 10**p - 1)).scaleb(-s)
          cols = {
              'f16': pa.array([maybe(random.uniform(-100, 100)) for _ in range(n)], pa.float32()).cast(pa.float16()),
              'ls': pa.array([maybe('v%d' % random.randrange(50)) for _ in range(n)], pa.large_string()),
              'lb': pa.array([maybe(b'\\x00\\xff' * random.randrange(3)) for _ in range(n)], pa.large_binary()),
              'fsb': pa.array([maybe(bytes([random.randrange(256) for _ in range(3)])) for _ in range(n)], pa.binary(3)),
              'd5': pa.array([maybe(dec(5, 2)) for _ in range(n)], pa.decimal128(5, 2)),
              'd15': pa.array([maybe(dec(15, 3)) for _ in range(n)], pa.decimal128(15, 3)),
              'd30': pa.array([maybe(dec(30, 5)) for _ in range(n)], pa.decimal128(30, 5)),
              'd45': pa.array([maybe(dec(45, 10)) for _ in range(n)], pa.decimal256(45, 10)),
              'date': pa.array([maybe(random.randint(-50000, 50000)) for _ in range(n)], pa.int32()).cast(pa.date32()),
              'date64': pa.array([maybe(random.randint(-50000, 50000) * 86400000) for _ in range(n)], pa.int64()).cast(pa.date64()),
              't32': pa.array([maybe(random.randrange(86400000)) for _ in range(n)], pa.int32()).cast(pa.time32('ms')),
              't32s': pa.array([maybe(random.randrange(86400)) for _ in range(n)], pa.int32()).cast(pa.time32('s')),
              't64': pa.array([maybe(random.randrange(86400000000)) for _ in range(n)], pa.int64()).cast(pa.time64('us')),
              't64n': pa.array([maybe(random.randrange(86400000000000)) for _ in range(n)], pa.int64()).cast(pa.time64('ns')),
              'tss': pa.array([maybe(random.randint(-2**33, 2**33)) for _ in range(n)], pa.int64()).cast(pa.timestamp('s')),
              'tsms': pa.array([maybe(random.randint(-2**40, 2**40)) for _ in range(n)], pa.int64()).cast(pa.timestamp('ms', 'UTC')),
              'tsus': pa.array([maybe(random.randint(-2**50, 2**50)) for _ in range(n)], pa.int64()).cast(pa.timestamp('us', 'Europe/Paris')),
              'tsns': pa.array([maybe(random.randint(-2**62, 2**62)) for _ in range(n)], pa.int64()).cast(pa.timestamp('ns')),
              'dur': pa.array([maybe(random.randint(-2**40, 2**40)) for _ in range(n)], pa.int64()).cast(pa.duration('us')),
              'uuid': pa.ExtensionArray.from_storage(pa.uuid(), pa.array([maybe(uuid.UUID(int=random.getrandbits(128)).bytes) for _ in range(n)], pa.binary(16))),
              'sv': pa.array([maybe('view%d' % random.randrange(99) * random.randrange(4)) for _ in range(n)], pa.string_view()),
              'bv': pa.array([maybe(b'\\x01' * random.randrange(20)) for _ in range(n)], pa.binary_view()),
              'dict': pa.array([maybe(random.choice(['red', 'green', 'blue'])) for _ in range(n)], pa.string()).dictionary_encode(),
              'json': pa.ExtensionArray.from_storage(pa.json_(), pa.array([maybe('{"k": %d}' % i) for i in range(n)], pa.string())),
              'll': pa.array([maybe([maybe(j) for j in range(random.randrange(3))]) for _ in range(n)], pa.large_list(pa.int32())),
              'ms': pa.array([maybe([(str(j), maybe([maybe(1.5 * j)])) for j in range(random.randrange(3))]) for _ in range(n)], pa.map_(pa.string(), pa.list_(pa.float64()))),
          }
          t = pa.table(cols)
          pq.write_table(t, sys.argv[1], row_group_size=150, data_page_size=300,
                         store_decimal_as_integer=True)
          dump(pq.read_table(sys.argv[1]))
          """;

  static final String INT96 =
      PyRender.PRELUDE
          + """
          import random
          random.seed(5)
          n = 300
          vals = [None if i % 7 == 0 else random.randint(-2**62, 2**62) for i in range(n)]
          t = pa.table({'ts': pa.array(vals, pa.int64()).cast(pa.timestamp('ns')),
                        'nested': pa.array([[v] for v in vals], pa.list_(pa.timestamp('ns')))})
          pq.write_table(t, sys.argv[1], use_deprecated_int96_timestamps=True, row_group_size=100)
          dump(pq.read_table(sys.argv[1]))
          """;

  static final String DUCKDB_TYPES =
      PyRender.PRELUDE
          + """
          import duckdb
          f = sys.argv[1]
          duckdb.sql('''
              COPY (
                SELECT i::INTEGER AS id,
                       CASE WHEN i % 5 = 0 THEN NULL ELSE to_months(i % 13) + to_days(i % 31) + to_milliseconds(i * 17) END AS iv,
                       CASE WHEN i % 6 = 0 THEN NULL ELSE (i * 1234.5678)::DECIMAL(18, 4) END AS d18,
                       CASE WHEN i % 4 = 0 THEN NULL ELSE gen_random_uuid() END AS u,
                       CASE WHEN i % 3 = 0 THEN NULL ELSE {'a': i, 'b': [i, NULL, i + 1]} END AS s
                FROM range(500) t(i)
              ) TO 'FILE' (FORMAT parquet, ROW_GROUP_SIZE 128)'''.replace('FILE', f))
          t = pq.read_table(f)
          # pyarrow reads INTERVAL as its 12 bytes: months, days, millis, little-endian.
          def interval(b):
              if b is None:
                  return None
              m, d, ms = (int.from_bytes(b[k:k + 4], 'little') for k in (0, 4, 8))
              return [m, d, ms * 1000000]
          iv = pa.array([interval(b) for b in t['iv'].to_pylist()], pa.list_(pa.int64()))
          dump(t.set_column(t.schema.get_field_index('iv'), 'iv', iv))
          """;

  @ParameterizedTest(name = "batch of {0} rows")
  @ValueSource(ints = {1, 7, 1024})
  void everyPyarrowTypeReadsAsPyarrowReadsIt(int batchRows) {
    Path file = dir.resolve("types.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(ALL_TYPES, file.toString());
    Rows.assertSame(expected, readAll(file, batchRows));
  }

  @Test
  void int96TimestampsBecomeNanosecondTimestamps() {
    Path file = dir.resolve("int96.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(INT96, file.toString());
    Rows.assertSame(expected, readAll(file, 64));
  }

  @Test
  void duckDbIntervalsDecimalsUuidsAndStructsReadAsPyarrowReadsThem() {
    Path file = dir.resolve("duck.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(DUCKDB_TYPES, file.toString());
    Rows.assertSame(expected, readAll(file, 100));
  }

  List<String> readAll(Path file, int batchRows) {
    return ArrowJson.readAll(
        file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build());
  }
}
