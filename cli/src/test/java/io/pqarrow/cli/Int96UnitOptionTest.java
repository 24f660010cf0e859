package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --int96-unit s|ms|us|ns} of {@code schema}, {@code cat} and {@code export}, on a file of
 * the shape of parquet-testing's {@code int96_from_spark.parquet}: INT96 timestamps of microsecond
 * precision, one of them 9999-12-31, which nanoseconds cannot hold.
 */
class Int96UnitOptionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private Path sparkLike() {
    Path file = dir.resolve("int96.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, datetime, pyarrow as pa, pyarrow.parquet as pq
            ts = [datetime.datetime(2024, 1, 1, 20, 34, 56, 123456),
                  datetime.datetime(9999, 12, 31, 3, 0), None,
                  datetime.datetime(1969, 12, 31, 23, 59, 59, 999999)]
            t = pa.table({"a": pa.array(ts, pa.timestamp("us"))})
            pq.write_table(t, sys.argv[1], use_deprecated_int96_timestamps=True)
            """,
            file.toString());
    return file;
  }

  @Test
  void theDefaultUnitRefusesTheDateAndTheRefusalNamesTheFlag() {
    Path file = sparkLike();
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString());
    assertEquals(ExitCode.of(io.pqarrow.ErrorKind.INVALID_DATA), r.exitCode(), r.err());
    assertEquals(
        "bridge: cannot read "
            + file
            + ": column a, row 1: INT96 timestamp of Julian day 5373484 (9999-12-31) and"
            + " 10800000000000 ns into the day overflows Arrow Timestamp(NANOSECOND); a coarser"
            + " --int96-unit reads it",
        r.errLine());
    assertFalse(r.err().contains("MappingOptions"), r.err());
  }

  @Test
  void catReadsTheDateInACoarserUnit() {
    Path file = sparkLike();
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", "--int96-unit", "us", file.toString());
    assertEquals(ExitCode.OK, r.exitCode(), r.err());
    assertEquals(
        List.of(
            "{\"a\":\"2024-01-01T20:34:56.123456\"}",
            "{\"a\":\"9999-12-31T03:00:00.000000\"}",
            "{\"a\":null}",
            "{\"a\":\"1969-12-31T23:59:59.999999\"}"),
        r.out().lines().toList());
  }

  @Test
  void schemaShowsTheUnit() {
    Path file = sparkLike();
    Bridge.Result r =
        Bridge.run(memory.allocator(), "schema", "--int96-unit", "ms", file.toString());
    assertEquals(ExitCode.OK, r.exitCode(), r.err());
    assertEquals("a: Timestamp(MILLISECOND, null)", r.out().strip());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"s", "ms", "us"})
  void exportGivesPyarrowsValuesInEachUnit(String unit) {
    Path file = sparkLike();
    Path out = dir.resolve("out-" + unit + ".arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "export", "--int96-unit", unit, file.toString(), out.toString());
    assertEquals(ExitCode.OK, r.exitCode(), r.err());
    String compared =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa, pyarrow.parquet as pq
                ours = pa.ipc.open_file(sys.argv[2]).read_all().column("a")
                theirs = pq.read_table(sys.argv[1], coerce_int96_timestamp_unit=sys.argv[3])
                theirs = theirs.column("a")
                assert ours.type == theirs.type, (ours.type, theirs.type)
                a, b = ours.cast(pa.int64()).to_pylist(), theirs.cast(pa.int64()).to_pylist()
                assert a == b, (a, b)
                print(ours.type)
                """,
                file.toString(),
                out.toString(),
                unit);
    assertEquals("timestamp[" + unit + "]", compared.strip());
  }

  @Test
  void aUnitOtherThanTheFourIsAUsageError() {
    Bridge.Result r =
        Bridge.run(memory.allocator(), "schema", "--int96-unit", "min", Bridge.sample().toString());
    assertEquals(ExitCode.BAD_USAGE, r.exitCode(), r.err());
    assertTrue(r.err().contains("expected s, ms, us or ns, not 'min'"), r.err());
  }
}
