package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.cli.input.ParquetInput;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code bridge schema}: the human-readable tree and Arrow's JSON form. */
class SchemaCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  @Test
  void sampleSchemaAsATree() {
    Bridge.Result r = Bridge.run(memory.allocator(), "schema", Bridge.sample().toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertTrue(
        r.out()
            .startsWith(
                """
                event_id: extension<arrow.uuid> storage FixedSizeBinary(16)
                ts: Timestamp(MICROSECOND, UTC)
                amount: Decimal(12, 2, 128)
                user: Struct
                  id: Int(64, true)
                  name: Utf8
                  country: Utf8
                tags: List
                  element: Utf8
                attributes: Map(false)
                  entries: Struct not null
                    key: Utf8 not null
                    value: Utf8
                payload: extension<arrow.parquet.variant> storage Struct
                  metadata: Binary not null
                  value: Binary
                  typed_value: Struct
                    code: Struct not null
                      value: Binary
                      typed_value: Int(64, true)
                """),
        r.out());
  }

  @Test
  void pyarrowFileSchemaAsATree() {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            s = pa.schema([pa.field("id", pa.int32(), nullable=False),
                           pa.field("d", pa.date32()),
                           pa.field("j", pa.json_()),
                           pa.field("nested", pa.list_(pa.struct([("k", pa.large_string())])))])
            pq.write_table(pa.table({"id": [1], "d": [None], "j": ['{"a":1}'],
                                     "nested": [[{"k": "v"}]]}, schema=s), sys.argv[1])
            """,
            file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "schema", file.toString());
    assertEquals(0, r.exitCode(), r.err());
    // pyarrow's ARROW:schema restores its list child name "item" and the large string
    assertEquals(
        """
        id: Int(32, true) not null
        d: Date(DAY)
        j: extension<arrow.json> storage Utf8
        nested: List
          item: Struct
            k: LargeUtf8
        """,
        r.out());
  }

  @Test
  void jsonIsArrowJavasJsonFormOfTheSchema() throws Exception {
    Bridge.Result r =
        Bridge.run(memory.allocator(), "schema", Bridge.sample().toString(), "--json");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode doc = new ObjectMapper().readTree(r.out());
    List<String> names = new ArrayList<>();
    doc.get("fields").forEach(f -> names.add(f.get("name").asText()));
    assertEquals(
        List.of("event_id", "ts", "amount", "user", "tags", "attributes", "payload"), names);
    assertEquals(
        "{\"name\":\"timestamp\",\"unit\":\"MICROSECOND\",\"timezone\":\"UTC\"}",
        doc.get("fields").get(1).get("type").toString());
    assertEquals(
        "{\"name\":\"decimal\",\"precision\":12,\"scale\":2,\"bitWidth\":128}",
        doc.get("fields").get(2).get("type").toString());
    JsonNode payload = doc.get("fields").get(6);
    assertTrue(
        payload.get("metadata").toString().contains("\"arrow.parquet.variant\""),
        payload.toString());
    // An extension type is written as the IPC schema writes it: its storage type, and its name in
    // the field metadata; read back, it is the schema the file maps to.
    JsonNode uuid = doc.get("fields").get(0);
    assertEquals("{\"name\":\"fixedsizebinary\",\"byteWidth\":16}", uuid.get("type").toString());
    assertTrue(uuid.get("metadata").toString().contains("\"arrow.uuid\""), uuid.toString());
    io.pqarrow.extension.ExtensionTypes.register();
    assertEquals(
        ParquetInput.mapping(Bridge.sample()).arrowSchema(),
        io.pqarrow.extension.SchemaJson.fromJson(r.out()));
    // exactly one document: the parser consumed all but the final newline
    assertTrue(r.out().endsWith("}\n"), r.out());
    assertEquals(r.out().indexOf("\n}\n"), r.out().length() - 3, r.out());
  }
}
