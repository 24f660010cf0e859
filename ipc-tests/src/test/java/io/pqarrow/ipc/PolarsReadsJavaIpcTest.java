package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * polars 1.44 reads Java's IPC files ({@code pl.read_ipc}) and streams ({@code pl.read_ipc_stream})
 * in every body compression, with the dtypes below and the values Java wrote, after the conversions
 * polars makes on the way in (it has no seconds unit, keeps times in nanoseconds, reads maps as
 * lists of key/value structs and drops the arrow.uuid extension). Five catalog types it cannot read
 * at all are pinned by {@link #polarsCannotReadFiveCatalogTypes}.
 */
class PolarsReadsJavaIpcTest {
  private static final int[] LENGTHS = {17, 0, 5, 40};

  /** Catalog columns polars 1.44 cannot read (it panics), with the panic's first line. */
  private static final Map<String, String> UNREADABLE =
      Map.of(
          "decimal256_76_20", "operator does not support primitive `Int256`",
          "interval_ym", "cannot create series from Interval(YearMonth)",
          "interval_dt", "operator does not support primitive `DaysMs`",
          "interval_mdn", "could not import from `month_day_nano_interval` type",
          "list_view_int32", "not yet implemented");

  /**
   * Catalog columns polars reads only sometimes, so they are checked on their own below: views
   * whose null slots hold what Arrow Java left there (polars checks every view, null or not, and
   * Arrow Java does not clear a view it nulls), and decimal128, whose 16-byte values polars
   * requires 16-byte aligned while Arrow Java aligns buffers to 8 bytes as the format asks.
   */
  private static final Set<String> FRAGILE =
      Set.of("utf8_view", "binary_view", "decimal128_9_2", "decimal128_38_10");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static List<TypeCatalog.Column> readable() {
    return TypeCatalog.columns().stream()
        .filter(c -> !UNREADABLE.containsKey(c.name()) && !FRAGILE.contains(c.name()))
        .toList();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("io.pqarrow.ipc.PyarrowReadsJavaIpcTest#formatsAndCompressions")
  void polarsReadsJavaIpcWithItsDtypesAndTheSameValues(
      IpcFormat format, BodyCompression compression) throws IOException {
    int[] lengths = LENGTHS;
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), readable(), 31, lengths)) {
      Path file = dir.resolve("java." + format);
      Files.write(
          file,
          format.write(
              memory.allocator(), data.schema(), data.batches(), data.dictionaries(), compression));
      PythonScripts.Dump dump =
          PythonScripts.dump("polars_dump.py", file.toString(), format.name());

      assertEquals(expectedDtypes(), dump.header().get("dtypes"));
      assertEquals(0, dump.header().get("unconvertible").size());
      CanonicalJson canonical = new CanonicalJson(data.dictionaries());
      int line = 0;
      for (int b = 0; b < lengths.length; b++) {
        VectorSchemaRoot batch = data.batches().get(b);
        for (int row = 0; row < batch.getRowCount(); row++, line++) {
          ObjectNode expected = canonical.row(batch, row, Set.of());
          ObjectNode converted = JsonNodeFactory.instance.objectNode();
          expected
              .fields()
              .forEachRemaining(e -> converted.set(e.getKey(), asPolars(e.getKey(), e.getValue())));
          assertEquals(
              PythonScripts.normalize(converted),
              dump.rows().get(line),
              format + " batch " + b + " row " + row);
        }
      }
      assertEquals(line, dump.header().get("height").asInt(), "height");
    }
  }

  @Test
  void polarsCannotReadFiveCatalogTypes() throws IOException {
    List<String> paths = new ArrayList<>();
    for (TypeCatalog.Column c : TypeCatalog.columns()) {
      if (UNREADABLE.containsKey(c.name())) {
        try (GeneratedBatches data =
            GeneratedBatches.generate(memory.allocator(), List.of(c), 3, 9)) {
          Path file = dir.resolve(c.name());
          Files.write(
              file,
              IpcFormat.FILE.write(
                  memory.allocator(),
                  data.schema(),
                  data.batches(),
                  data.dictionaries(),
                  BodyCompression.NONE));
          paths.add(file.toString());
        }
      }
    }
    JsonNode result =
        PythonScripts.parse(PythonScripts.run("polars_probe.py", paths.toArray(new String[0])));
    for (String path : paths) {
      String column = Path.of(path).getFileName().toString();
      String outcome = result.get(path).asText();
      assertTrue(
          outcome.startsWith("PanicException") && outcome.contains(UNREADABLE.get(column)),
          column + ": " + outcome);
    }
  }

  @ParameterizedTest
  @EnumSource(IpcFormat.class)
  void polarsReadsViewColumnsOnceNullSlotsHoldEmptyViews(IpcFormat format) throws IOException {
    List<TypeCatalog.Column> views =
        TypeCatalog.columns().stream()
            .filter(c -> c.name().equals("utf8_view") || c.name().equals("binary_view"))
            .toList();
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), views, 31, LENGTHS)) {
      for (VectorSchemaRoot batch : data.batches()) {
        for (FieldVector v : batch.getFieldVectors()) {
          BaseVariableWidthViewVector view = (BaseVariableWidthViewVector) v;
          for (int i = 0; i < view.getValueCount(); i++) {
            if (view.isNull(i)) {
              view.setSafe(i, new byte[0]);
              view.setNull(i);
            }
          }
        }
      }
      Path file = dir.resolve("views." + format);
      Files.write(
          file,
          format.write(
              memory.allocator(),
              data.schema(),
              data.batches(),
              data.dictionaries(),
              BodyCompression.NONE));
      PythonScripts.Dump dump =
          PythonScripts.dump("polars_dump.py", file.toString(), format.name());
      assertEquals(
          PythonScripts.parse("{\"utf8_view\":\"String\",\"binary_view\":\"Binary\"}"),
          dump.header().get("dtypes"));
      CanonicalJson canonical = new CanonicalJson(data.dictionaries());
      int line = 0;
      for (VectorSchemaRoot batch : data.batches()) {
        for (int row = 0; row < batch.getRowCount(); row++, line++) {
          assertEquals(
              PythonScripts.normalize(canonical.row(batch, row, Set.of())),
              dump.rows().get(line),
              "row " + line);
        }
      }
      assertEquals(line, dump.header().get("height").asInt());
    }
  }

  @Test
  void polarsPanicsOnDecimal128BuffersAlignedToEightBytesOnly() throws IOException {
    List<TypeCatalog.Column> decimal =
        TypeCatalog.columns().stream().filter(c -> c.name().equals("decimal128_38_10")).toList();
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), decimal, 31, 17, 5)) {
      Path file = dir.resolve("decimal.arrow");
      byte[] bytes =
          IpcFormat.FILE.write(
              memory.allocator(),
              data.schema(),
              data.batches(),
              data.dictionaries(),
              BodyCompression.ZSTD);
      Files.write(file, bytes);
      JsonNode result = PythonScripts.parse(PythonScripts.run("polars_probe.py", file.toString()));
      String outcome = result.get(file.toString()).asText();
      assertTrue(outcome.contains("TargetAlignmentGreaterAndInputNotAligned"), outcome);
      // The same bytes read back here, so the file itself is sound.
      int[] rows = {0};
      IpcFormat.FILE.read(memory.allocator(), bytes, (i, root, d) -> rows[0] += root.getRowCount());
      assertEquals(22, rows[0]);
    }
  }

  /** What polars turns a Java canonical value into (see the class comment). */
  private static JsonNode asPolars(String column, JsonNode value) {
    if (value.isNull()) {
      return value;
    }
    JsonNodeFactory json = JsonNodeFactory.instance;
    return switch (column) {
      case "ts_s", "ts_s_utc" -> times(value, 1_000);
        // polars converts seconds to milliseconds in int64 and wraps on overflow, silently.
      case "duration_s" -> json.numberNode(value.longValue() * 1_000L);
      case "time32_s" -> times(value, 1_000_000_000);
      case "time32_ms" -> times(value, 1_000_000);
      case "time64_us" -> times(value, 1_000);
      case "uuid" -> json.textNode(value.asText().replace("-", ""));
      case "map" -> {
        ArrayNode entries = json.arrayNode();
        for (JsonNode pair : value) {
          entries.addObject().<ObjectNode>set("key", pair.get(0)).set("value", pair.get(1));
        }
        yield entries;
      }
      default -> value;
    };
  }

  private static JsonNode times(JsonNode value, long factor) {
    return JsonNodeFactory.instance.numberNode(
        value.bigIntegerValue().multiply(BigInteger.valueOf(factor)));
  }

  private static JsonNode expectedDtypes() {
    Map<String, String> dtypes = new LinkedHashMap<>();
    for (TypeCatalog.Column c : readable()) {
      dtypes.put(c.name(), polarsDtype(c));
    }
    return PythonScripts.parse(
        PythonScripts.normalize(
                new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(dtypes))
            .toString());
  }

  private static String polarsDtype(TypeCatalog.Column c) {
    String name = c.name();
    if (name.startsWith("ts_") || name.equals("date64")) {
      String unit = name.startsWith("ts_s") || name.equals("date64") ? "ms" : name.split("_")[1];
      String zone =
          name.endsWith("_utc") ? "'UTC'" : name.endsWith("_paris") ? "'Europe/Paris'" : "None";
      return "Datetime(time_unit='" + unit + "', time_zone=" + zone + ")";
    }
    if (name.startsWith("duration_")) {
      String unit = name.equals("duration_s") ? "ms" : name.substring("duration_".length());
      return "Duration(time_unit='" + unit + "')";
    }
    if (name.startsWith("time")) {
      return "Time";
    }
    if (name.startsWith("decimal128_")) {
      String[] ps = name.split("_");
      return "Decimal(precision=" + ps[1] + ", scale=" + ps[2] + ")";
    }
    return switch (name) {
      case "bool" -> "Boolean";
      case "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64" ->
          name.substring(0, 1).toUpperCase() + name.substring(1).replace("int", "Int");
      case "float16" -> "Float16";
      case "float32" -> "Float32";
      case "float64" -> "Float64";
      case "date32" -> "Date";
      case "utf8", "large_utf8", "utf8_view", "json" -> "String";
      case "binary", "large_binary", "binary_view", "fixed_binary_5", "uuid", "geo_wkb" -> "Binary";
      case "list_int32" -> "List(Int32)";
      case "large_list_utf8" -> "List(String)";
      case "fixed_list_f64_3" -> "Array(Float64, shape=(3,))";
      case "struct" -> "Struct({'a': Int32, 'b': String, 'c': Struct({'d': List(Int64)})})";
      case "map" -> "List(Struct({'key': String, 'value': Int32}))";
      case "dict_utf8" -> "Categorical";
      case "null" -> "Null";
      case "required_int64" -> "Int64";
      case "variant" -> "Struct({'metadata': Binary, 'value': Binary})";
      default -> throw new AssertionError("no polars dtype for " + name);
    };
  }
}
