package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.VariantType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both Parquet halves of the shredded-type table ({@link ShreddedScalar}, docs/variant.md §3.2)
 * handle every entry, and agree: an entry's Parquet column maps back to the same entry, and a
 * shredded Variant written to Parquet and read back has a {@code typed_value} of the same entry. A
 * new entry fails here until both {@link ArrowShreddedToParquet} and {@link ParquetShreddedToArrow}
 * know it.
 */
class ShreddedTypeTableTest {
  private static final MappingOptions OPTIONS = MappingOptions.builder().build();

  /** One Arrow type per entry (UInt types are checked separately: they come back signed). */
  private static final Map<ShreddedScalar, ArrowType> EXAMPLES =
      new EnumMap<>(ShreddedScalar.class);

  static {
    EXAMPLES.put(ShreddedScalar.NULL, ArrowType.Null.INSTANCE);
    EXAMPLES.put(ShreddedScalar.BOOLEAN, ArrowType.Bool.INSTANCE);
    EXAMPLES.put(ShreddedScalar.INT8, new ArrowType.Int(8, true));
    EXAMPLES.put(ShreddedScalar.INT16, new ArrowType.Int(16, true));
    EXAMPLES.put(ShreddedScalar.INT32, new ArrowType.Int(32, true));
    EXAMPLES.put(ShreddedScalar.INT64, new ArrowType.Int(64, true));
    EXAMPLES.put(ShreddedScalar.FLOAT, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
    EXAMPLES.put(ShreddedScalar.DOUBLE, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
    EXAMPLES.put(ShreddedScalar.DECIMAL4, new ArrowType.Decimal(9, 2, 128));
    EXAMPLES.put(ShreddedScalar.DECIMAL8, new ArrowType.Decimal(18, 4, 128));
    EXAMPLES.put(ShreddedScalar.DECIMAL16, new ArrowType.Decimal(38, 10, 128));
    EXAMPLES.put(ShreddedScalar.DATE, new ArrowType.Date(DateUnit.DAY));
    EXAMPLES.put(ShreddedScalar.TIME, new ArrowType.Time(TimeUnit.MICROSECOND, 64));
    EXAMPLES.put(
        ShreddedScalar.TIMESTAMP_MICROS, new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
    EXAMPLES.put(
        ShreddedScalar.TIMESTAMP_NANOS, new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"));
    EXAMPLES.put(
        ShreddedScalar.TIMESTAMP_NTZ_MICROS, new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
    EXAMPLES.put(
        ShreddedScalar.TIMESTAMP_NTZ_NANOS, new ArrowType.Timestamp(TimeUnit.NANOSECOND, null));
    EXAMPLES.put(ShreddedScalar.BINARY, ArrowType.Binary.INSTANCE);
    EXAMPLES.put(ShreddedScalar.STRING, ArrowType.Utf8.INSTANCE);
    EXAMPLES.put(ShreddedScalar.UUID, UuidType.INSTANCE);
  }

  static Stream<ShreddedScalar> entries() {
    return Stream.of(ShreddedScalar.values());
  }

  private static Field variant(ArrowType typed) {
    return new Field(
        "v",
        FieldType.nullable(VariantType.INSTANCE),
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.nullable("value", ArrowType.Binary.INSTANCE),
            Field.nullable("typed_value", typed)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  void everyEntryWithAParquetFormMapsToAColumnThatMapsBackToIt(ShreddedScalar entry) {
    ArrowType example = EXAMPLES.get(entry);
    assertEquals(entry, ShreddedScalar.of(example), "the example belongs to its entry");
    if (!entry.hasParquetForm()) {
      assertThrows(
          IllegalArgumentException.class, () -> ArrowShreddedToParquet.leaf(entry, example));
      return;
    }
    ArrowLeafToParquet.Leaf leaf = ArrowShreddedToParquet.leaf(entry, example);
    PrimitiveType column =
        Types.primitive(leaf.physical(), Repetition.OPTIONAL)
            .length(leaf.length())
            .as(leaf.annotation())
            .named("typed_value");
    assertEquals(entry, ParquetShreddedToArrow.scalarOf(column), column.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  void aShreddedVariantReadBackFromParquetKeepsItsEntry(ShreddedScalar entry) {
    if (!entry.hasParquetForm()) {
      return;
    }
    MessageType parquet =
        SchemaMapper.toParquet(new Schema(List.of(variant(EXAMPLES.get(entry)))), OPTIONS)
            .parquetSchema();
    Field back = SchemaMapper.toArrow(parquet, Map.of(), OPTIONS).arrowSchema().getFields().get(0);
    Field typed =
        back.getChildren().stream()
            .filter(c -> c.getName().equals("typed_value"))
            .findFirst()
            .orElseThrow();
    assertEquals(entry, ShreddedScalar.of(typed), typed.toString());
  }

  static Stream<Arguments> widenedOrRenamed() {
    return Stream.of(
        Arguments.of(new ArrowType.Int(8, false), "optional int32 typed_value (INTEGER(16,true))"),
        Arguments.of(new ArrowType.Int(16, false), "optional int32 typed_value"),
        Arguments.of(new ArrowType.Int(32, false), "optional int64 typed_value"),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"),
            "optional int64 typed_value (TIMESTAMP(MICROS,true))"),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, "-05:00"),
            "optional int64 typed_value (TIMESTAMP(NANOS,true))"),
        Arguments.of(new ArrowType.Decimal(5, 2, 128), "optional int32 typed_value (DECIMAL(5,2))"),
        Arguments.of(
            new ArrowType.Decimal(20, 2, 128),
            "optional fixed_len_byte_array(9) typed_value (DECIMAL(20,2))"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("widenedOrRenamed")
  void unsignedIntsWidenAndAnyZoneIsUtcAdjusted(ArrowType typed, String parquetLeaf) {
    MessageType parquet =
        SchemaMapper.toParquet(new Schema(List.of(variant(typed))), OPTIONS).parquetSchema();
    assertEquals(
        parquetLeaf, parquet.getType("v").asGroupType().getType("typed_value").toString().trim());
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(new ArrowType.Decimal(9, 2, 32), "Decimal(9, 2, 32)"),
        Arguments.of(new ArrowType.Decimal(18, 2, 64), "Decimal(18, 2, 64)"),
        Arguments.of(new ArrowType.Decimal(38, 2, 256), "Decimal(38, 2, 256)"),
        Arguments.of(new ArrowType.Decimal(9, -1, 128), "Decimal(9, -1, 128)"),
        Arguments.of(ArrowType.Null.INSTANCE, "Null"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("refused")
  void decimalsOtherThan128BitAndNullHaveNoParquetTypedValue(ArrowType typed, String shown) {
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toParquet(new Schema(List.of(variant(typed))), OPTIONS));
    assertEquals(
        "Unsupported Arrow type at v.typed_value: " + shown + " (not a shredded Variant type)",
        e.getMessage());
  }

  @Test
  void listViewArraysMapToTheShreddedListGroup() {
    Field element =
        new Field(
            "element",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("value", ArrowType.Binary.INSTANCE),
                Field.nullable("typed_value", new ArrowType.Int(64, true))));
    Field v =
        new Field(
            "v",
            FieldType.nullable(VariantType.INSTANCE),
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                Field.nullable("value", ArrowType.Binary.INSTANCE),
                new Field(
                    "typed_value",
                    FieldType.nullable(ArrowType.ListView.INSTANCE),
                    List.of(element))));
    MessageType parquet = SchemaMapper.toParquet(new Schema(List.of(v)), OPTIONS).parquetSchema();
    assertEquals(
        "optional group typed_value (LIST) {\n"
            + "  repeated group list {\n"
            + "    required group element {\n"
            + "      optional binary value;\n"
            + "      optional int64 typed_value;\n"
            + "    }\n"
            + "  }\n"
            + "}",
        parquet.getType("v").asGroupType().getType("typed_value").toString().trim());
  }

  @Test
  void underscoreChildrenOfAPairAreRefusedLikeAnyOther() {
    Field field =
        new Field(
            "a",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("value", ArrowType.Binary.INSTANCE),
                Field.nullable("_stats", ArrowType.Binary.INSTANCE)));
    Field v =
        new Field(
            "v",
            FieldType.nullable(VariantType.INSTANCE),
            List.of(
                Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                new Field(
                    "typed_value", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(field))));
    SchemaException e =
        assertThrows(
            SchemaException.class, () -> SchemaMapper.toParquet(new Schema(List.of(v)), OPTIONS));
    assertEquals(
        "Invalid Arrow field at v.typed_value.a: a shredded Variant field has an unexpected child"
            + " _stats",
        e.getMessage());
  }

  @Test
  void underscoreChildrenOfAParquetPairAreRefusedLikeAnyOther() {
    MessageType parquet =
        MessageTypeParser.parseMessageType(
            "message m {\n"
                + "  optional group v (VARIANT(1)) {\n"
                + "    required binary metadata;\n"
                + "    optional binary value;\n"
                + "    optional group typed_value {\n"
                + "      required group a {\n"
                + "        optional binary value;\n"
                + "        optional binary _metadata_key_paths;\n"
                + "      }\n"
                + "    }\n"
                + "  }\n"
                + "}");
    SchemaException e =
        assertThrows(SchemaException.class, () -> SchemaMapper.toArrow(parquet, Map.of(), OPTIONS));
    assertEquals(
        "Invalid Parquet type at v.typed_value.a._metadata_key_paths: a shredded group may only"
            + " hold value and typed_value",
        e.getMessage());
  }
}
