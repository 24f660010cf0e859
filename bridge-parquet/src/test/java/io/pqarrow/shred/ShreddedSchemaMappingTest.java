package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.arr;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.str;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The storage {@link Shredding#shred} produces is exactly what the schema mapping accepts as a
 * shredded Variant ({@code SchemaMapper.toParquet}), and maps to the example group of
 * docs/variant.md §3.1, so a shredded vector can be written to Parquet as it is.
 */
class ShreddedSchemaMappingTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The example of docs/variant.md §3.1. */
  private static final String SPEC_EXAMPLE =
      "message m {\n"
          + "  optional group event (VARIANT(1)) {\n"
          + "    required binary metadata;\n"
          + "    optional binary value;\n"
          + "    optional group typed_value {\n"
          + "      required group id {\n"
          + "        optional binary value;\n"
          + "        optional int64 typed_value;\n"
          + "      }\n"
          + "      required group tags {\n"
          + "        optional binary value;\n"
          + "        optional group typed_value (LIST) {\n"
          + "          repeated group list {\n"
          + "            required group element {\n"
          + "              optional binary value;\n"
          + "              optional binary typed_value (STRING);\n"
          + "            }\n"
          + "          }\n"
          + "        }\n"
          + "      }\n"
          + "    }\n"
          + "  }\n"
          + "}";

  @Test
  void shreddedOutputMapsToTheSpecificationsExampleGroup() {
    List<io.pqarrow.variant.testing.VariantValue> rows =
        List.of(obj("id", i64(1), "tags", arr(str("a"))), obj("id", str("x"), "extra", i64(2)));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        VariantVector out =
            Shredding.shred(
                in,
                ShreddingTypes.parse("event", "struct<id:int64,tags:list<string>>"),
                ShredOptions.defaults(),
                memory.allocator())) {
      Field field = renamed(out.getField(), "event");
      MessageType parquet =
          SchemaMapper.toParquet(new Schema(List.of(field)), MappingOptions.defaults())
              .parquetSchema();
      Type expected = MessageTypeParser.parseMessageType(SPEC_EXAMPLE).getType("event");
      assertEquals(expected, parquet.getType("event"));
    }
  }

  private static Field renamed(Field f, String name) {
    return new Field(name, f.getFieldType(), f.getChildren());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "boolean        | optional boolean typed_value",
        "int8           | optional int32 typed_value (INTEGER(8,true))",
        "int16          | optional int32 typed_value (INTEGER(16,true))",
        "int32          | optional int32 typed_value",
        "int64          | optional int64 typed_value",
        "uint8          | optional int32 typed_value (INTEGER(16,true))",
        "uint16         | optional int32 typed_value",
        "uint32         | optional int64 typed_value",
        "float          | optional float typed_value",
        "double         | optional double typed_value",
        "decimal(9,2)   | optional int32 typed_value (DECIMAL(9,2))",
        "decimal(18,4)  | optional int64 typed_value (DECIMAL(18,4))",
        "decimal(38,10) | optional fixed_len_byte_array(16) typed_value (DECIMAL(38,10))",
        "date           | optional int32 typed_value (DATE)",
        "time           | optional int64 typed_value (TIME(MICROS,false))",
        "timestamp(us)  | optional int64 typed_value (TIMESTAMP(MICROS,false))",
        "timestamp(ns)  | optional int64 typed_value (TIMESTAMP(NANOS,false))",
        "timestamptz(us) | optional int64 typed_value (TIMESTAMP(MICROS,true))",
        "timestamptz(ns) | optional int64 typed_value (TIMESTAMP(NANOS,true))",
        "string         | optional binary typed_value (STRING)",
        "large_string   | optional binary typed_value (STRING)",
        "string_view    | optional binary typed_value (STRING)",
        "binary         | optional binary typed_value",
        "large_binary   | optional binary typed_value",
        "binary_view    | optional binary typed_value",
        "uuid           | optional fixed_len_byte_array(16) typed_value (UUID)"
      })
  void everyAllowedPrimitiveMapsToItsParquetShreddedType(String type, String parquetLeaf) {
    Field storage = Shredding.storageField("v", ShreddingTypes.parse("v", type), true);
    MessageType parquet =
        SchemaMapper.toParquet(new Schema(List.of(storage)), MappingOptions.defaults())
            .parquetSchema();
    GroupType group = parquet.getType("v").asGroupType();
    assertEquals(parquetLeaf, group.getType("typed_value").toString().trim());
  }

  @Test
  void valueOnlyFieldsMapToGroupsWithoutTypedValue() {
    Field storage =
        Shredding.storageField("v", ShreddingTypes.parse("v", "struct<a:variant>"), true);
    MessageType parquet =
        SchemaMapper.toParquet(new Schema(List.of(storage)), MappingOptions.defaults())
            .parquetSchema();
    GroupType a =
        parquet
            .getType("v")
            .asGroupType()
            .getType("typed_value")
            .asGroupType()
            .getType("a")
            .asGroupType();
    assertEquals("required group a {\n  optional binary value;\n}", a.toString().trim());
  }
}
