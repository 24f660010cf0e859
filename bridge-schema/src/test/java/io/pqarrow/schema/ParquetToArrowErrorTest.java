package io.pqarrow.schema;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MICROS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MILLIS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.NANOS;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT96;
import static org.apache.parquet.schema.Type.Repetition.OPTIONAL;
import static org.apache.parquet.schema.Type.Repetition.REPEATED;
import static org.apache.parquet.schema.Type.Repetition.REQUIRED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.schema.FutureLogicalType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Invalid schemas raise {@link SchemaException} naming the path and the type. parquet-java's
 * builders reject many of these, so they are built with constructors that do not check, the way a
 * footer from another writer reaches us.
 */
class ParquetToArrowErrorTest {

  private static PrimitiveType prim(
      Repetition r, PrimitiveTypeName t, int length, String name, LogicalTypeAnnotation a) {
    return new PrimitiveType(r, t, length, name).withLogicalTypeAnnotation(a);
  }

  private static PrimitiveType prim(PrimitiveTypeName t, String name, LogicalTypeAnnotation a) {
    return prim(OPTIONAL, t, t == FIXED_LEN_BYTE_ARRAY ? 4 : 0, name, a);
  }

  private static MessageType message(Type... fields) {
    return new MessageType("m", fields);
  }

  private static Arguments built(String expected, Type... fields) {
    return Arguments.of(message(fields), expected);
  }

  private static Arguments parsed(String expected, String messageText) {
    return Arguments.of(MessageTypeParser.parseMessageType(messageText), expected);
  }

  static Stream<Arguments> invalidSchemas() {
    return Stream.of(
        built(
            "Invalid Parquet type at a.s: STRING on INT32",
            new GroupType(OPTIONAL, "a", prim(INT32, "s", LogicalTypeAnnotation.stringType()))),
        built(
            "Invalid Parquet type at t: TIME(NANOS,true) on INT32",
            prim(INT32, "t", LogicalTypeAnnotation.timeType(true, NANOS))),
        built(
            "Invalid Parquet type at t: TIME(MILLIS,false) on INT64",
            prim(INT64, "t", LogicalTypeAnnotation.timeType(false, MILLIS))),
        built(
            "Invalid Parquet type at t: TIME(MICROS,true) on INT32",
            prim(INT32, "t", LogicalTypeAnnotation.timeType(true, MICROS))),
        built(
            "Invalid Parquet type at ts: TIMESTAMP(MILLIS,true) on INT32",
            prim(INT32, "ts", LogicalTypeAnnotation.timestampType(true, MILLIS))),
        built(
            "Invalid Parquet type at ts: TIMESTAMP(NANOS,false) on INT96",
            prim(INT96, "ts", LogicalTypeAnnotation.timestampType(false, NANOS))),
        built(
            "Invalid Parquet type at d: DECIMAL(10,2) on INT32: precision 10 exceeds 9 digits",
            prim(INT32, "d", LogicalTypeAnnotation.decimalType(2, 10))),
        built(
            "Invalid Parquet type at d: DECIMAL(19,0) on INT64: precision 19 exceeds 18 digits",
            prim(INT64, "d", LogicalTypeAnnotation.decimalType(0, 19))),
        built(
            "Invalid Parquet type at d: DECIMAL(10,0) on FIXED_LEN_BYTE_ARRAY(4): precision 10"
                + " exceeds 9 digits",
            prim(FIXED_LEN_BYTE_ARRAY, "d", LogicalTypeAnnotation.decimalType(0, 10))),
        built(
            "Invalid Parquet type at d: DECIMAL(5,6) on INT32: scale must be between 0 and the"
                + " precision",
            prim(INT32, "d", LogicalTypeAnnotation.decimalType(6, 5))),
        built(
            "Invalid Parquet type at d: DECIMAL(0,0) on INT64: precision must be at least 1",
            prim(INT64, "d", LogicalTypeAnnotation.decimalType(0, 0))),
        built(
            "Invalid Parquet type at d: DECIMAL(5,0) on DOUBLE: DECIMAL annotates INT32, INT64,"
                + " FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY",
            prim(DOUBLE, "d", LogicalTypeAnnotation.decimalType(0, 5))),
        built(
            "Unsupported Parquet type at d: DECIMAL(77,0) on BYTE_ARRAY: Arrow decimals hold at"
                + " most 76 digits",
            prim(BINARY, "d", LogicalTypeAnnotation.decimalType(0, 77))),
        built(
            "Invalid Parquet type at f: FLOAT16 on FIXED_LEN_BYTE_ARRAY(4): expected"
                + " FIXED_LEN_BYTE_ARRAY(2)",
            prim(FIXED_LEN_BYTE_ARRAY, "f", LogicalTypeAnnotation.float16Type())),
        built(
            "Invalid Parquet type at f: FLOAT16 on BYTE_ARRAY: expected FIXED_LEN_BYTE_ARRAY(2)",
            prim(BINARY, "f", LogicalTypeAnnotation.float16Type())),
        built(
            "Invalid Parquet type at u: UUID on FIXED_LEN_BYTE_ARRAY(4): expected"
                + " FIXED_LEN_BYTE_ARRAY(16)",
            prim(FIXED_LEN_BYTE_ARRAY, "u", LogicalTypeAnnotation.uuidType())),
        built(
            "Invalid Parquet type at u: UUID on BYTE_ARRAY: expected FIXED_LEN_BYTE_ARRAY(16)",
            prim(BINARY, "u", LogicalTypeAnnotation.uuidType())),
        built(
            "Invalid Parquet type at i: INTERVAL on INT64: expected FIXED_LEN_BYTE_ARRAY(12)",
            prim(INT64, "i", LogicalTypeAnnotation.intervalType())),
        built(
            "Invalid Parquet type at i: INTEGER(64,true) on INT32",
            prim(INT32, "i", LogicalTypeAnnotation.intType(64, true))),
        built(
            "Invalid Parquet type at i: INTEGER(8,false) on INT64",
            prim(INT64, "i", LogicalTypeAnnotation.intType(8, false))),
        built(
            "Invalid Parquet type at d: DATE on INT64",
            prim(INT64, "d", LogicalTypeAnnotation.dateType())),
        built(
            "Invalid Parquet type at e: ENUM on INT32",
            prim(INT32, "e", LogicalTypeAnnotation.enumType())),
        built(
            "Invalid Parquet type at j: JSON on INT64",
            prim(INT64, "j", LogicalTypeAnnotation.jsonType())),
        built(
            "Invalid Parquet type at b: BSON on FIXED_LEN_BYTE_ARRAY(4)",
            prim(FIXED_LEN_BYTE_ARRAY, "b", LogicalTypeAnnotation.bsonType())),
        built(
            "Invalid Parquet type at g: GEOMETRY on INT32",
            prim(INT32, "g", LogicalTypeAnnotation.geometryType(null))),
        built(
            "Invalid Parquet type at g: GEOGRAPHY(OGC:CRS84,KARNEY) on BOOLEAN",
            prim(
                BOOLEAN,
                "g",
                LogicalTypeAnnotation.geographyType(
                    "OGC:CRS84", EdgeInterpolationAlgorithm.KARNEY))),
        built(
            "Invalid Parquet type at l: LIST on INT32: a group annotation",
            prim(INT32, "l", LogicalTypeAnnotation.listType())),
        built(
            "Invalid Parquet type at f: FIXED_LEN_BYTE_ARRAY length must be positive, found 0",
            new PrimitiveType(OPTIONAL, FIXED_LEN_BYTE_ARRAY, 0, "f")),
        built(
            "Invalid Parquet type at g: STRING on a group",
            new GroupType(OPTIONAL, "g", OriginalType.UTF8, prim(INT32, "x", null))),
        built(
            "Invalid Parquet type at e: group e has no fields",
            new GroupType(OPTIONAL, "e", List.of())),
        parsed(
            "Invalid Parquet type at l: LIST group must have a repeated field, found OPTIONAL"
                + " element",
            "message m { optional group l (LIST) { optional int32 element; } }"),
        parsed(
            "Invalid Parquet type at l: LIST group must have exactly one repeated field, found 2"
                + " fields",
            "message m { optional group l (LIST) { repeated int32 a; repeated int32 b; } }"),
        parsed(
            "Invalid Parquet type at l: a repeated LIST group is only allowed as the element of a"
                + " LIST",
            "message m { repeated group l (LIST) { repeated int32 element; } }"),
        parsed(
            "Invalid Parquet type at s.m: a repeated MAP group is only allowed as the element of a"
                + " LIST",
            "message m { optional group s { repeated group m (MAP) { repeated group key_value {"
                + " required int32 key; } } } }"),
        parsed(
            "Invalid Parquet type at m.key_value.key: MAP key must be required (or an optional"
                + " primitive), found OPTIONAL group key",
            "message m { optional group m (MAP) { repeated group key_value { optional group key {"
                + " required int32 k; } optional int32 value; } } }"),
        parsed(
            "Invalid Parquet type at m.key_value.key: MAP key must be required (or an optional"
                + " primitive), found REPEATED BINARY key",
            "message m { optional group m (MAP) { repeated group key_value { repeated binary key"
                + " (STRING); optional int32 value; } } }"),
        parsed(
            "Invalid Parquet type at m.key_value.value: MAP value must be required or optional,"
                + " found REPEATED",
            "message m { optional group m (MAP) { repeated group key_value { required binary key"
                + " (STRING); repeated int32 value; } } }"),
        parsed(
            "Invalid Parquet type at m: MAP group must contain a repeated group, found REQUIRED"
                + " group key_value",
            "message m { optional group m (MAP) { required group key_value { required int32 key;"
                + " } } }"),
        parsed(
            "Invalid Parquet type at m: MAP group must contain a repeated group, found REPEATED"
                + " INT32 key",
            "message m { optional group m (MAP) { repeated int32 key; } }"),
        parsed(
            "Invalid Parquet type at m: MAP_KEY_VALUE group must have exactly one repeated"
                + " key-value group, found 2 fields",
            "message m { optional group m (MAP_KEY_VALUE) { repeated group a { required int32 key;"
                + " } repeated group b { required int32 key; } } }"),
        parsed(
            "Invalid Parquet type at m.key_value: the key-value group must have a key and at most a"
                + " value, found 3",
            "message m { optional group m (MAP) { repeated group key_value { required int32 key;"
                + " optional int32 value; optional int32 extra; } } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT group has no metadata field",
            "message m { optional group v (VARIANT(1)) { required binary value; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT metadata must be REQUIRED, found OPTIONAL",
            "message m { optional group v (VARIANT(1)) { optional binary metadata; required binary"
                + " value; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT metadata must be BYTE_ARRAY",
            "message m { optional group v (VARIANT(1)) { required int32 metadata; required binary"
                + " value; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT value must be BYTE_ARRAY",
            "message m { optional group v (VARIANT(1)) { required binary metadata; required int64"
                + " value; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT group has neither value nor typed_value",
            "message m { optional group v (VARIANT(1)) { required binary metadata; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT group may only hold metadata, value and"
                + " typed_value, found extra",
            "message m { optional group v (VARIANT(1)) { required binary metadata; required binary"
                + " value; optional int32 extra; } }"),
        parsed(
            "Invalid Parquet type at v: VARIANT value must not be REPEATED",
            "message m { optional group v (VARIANT(1)) { required binary metadata; repeated binary"
                + " value; } }"),
        parsed(
            "Invalid Parquet type at v.typed_value: INTEGER(32,false) on INT32 is not a shredded"
                + " Variant type",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional int32 typed_value (INTEGER(32,false)); } }"),
        parsed(
            "Invalid Parquet type at v.typed_value: FIXED_LEN_BYTE_ARRAY(4) is not a shredded"
                + " Variant type",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional fixed_len_byte_array(4) typed_value; } }"),
        parsed(
            "Invalid Parquet type at v.typed_value: TIME(MICROS,true) on INT64 is not a shredded"
                + " Variant type",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional int64 typed_value (TIME(MICROS,true)); } }"),
        parsed(
            "Invalid Parquet type at v.typed_value.a: a shredded object field must be a required"
                + " group",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional group typed_value { optional group a { optional binary value; }"
                + " } } }"),
        parsed(
            "Invalid Parquet type at v.typed_value.a.other: a shredded group may only hold value"
                + " and typed_value",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional group typed_value { required group a { optional binary value;"
                + " optional int32 other; } } } }"),
        parsed(
            "Invalid Parquet type at v.typed_value.list.element: a shredded array element must be"
                + " a required group",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional group typed_value (LIST) { repeated group list { optional group"
                + " element { optional binary value; } } } } }"),
        parsed(
            "Invalid Parquet type at v.typed_value.list.element.typed_value.b.value: a shredded"
                + " value must be an optional or required BYTE_ARRAY",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional group typed_value (LIST) { repeated group list { required group"
                + " element { optional binary value; optional group typed_value { required group b"
                + " { optional int32 value; } } } } } } }"),
        parsed(
            "Invalid Parquet type at v.typed_value: MAP group is not a shredded Variant type",
            "message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; optional group typed_value (MAP) { repeated group key_value { required"
                + " binary key (STRING); optional int32 value; } } } }"),
        built(
            "Invalid Parquet type at v: VARIANT(1) on BYTE_ARRAY: a group annotation",
            prim(BINARY, "v", LogicalTypeAnnotation.variantType((byte) 1))));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("invalidSchemas")
  void invalidSchemaIsRejectedWithPathAndType(MessageType schema, String expected) {
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toArrow(schema, Map.of(), MappingOptions.defaults()));
    assertEquals(expected, e.getMessage());
  }

  @Test
  void exceptionCarriesThePath() {
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () ->
                SchemaMapper.toArrow(
                    message(
                        new GroupType(
                            OPTIONAL,
                            "a",
                            new GroupType(
                                REQUIRED,
                                "b",
                                prim(INT32, "c", LogicalTypeAnnotation.uuidType())))),
                    Map.of(),
                    MappingOptions.defaults()));
    assertEquals("a.b.c", e.path());
  }

  @Test
  void nestingDeeperThanTheCapIsRejected() {
    Type t = prim(INT32, "leaf", null);
    for (int i = 0; i < Limits.defaults().maxParquetSchemaDepth() + 5; i++) {
      t = new GroupType(OPTIONAL, "g", t);
    }
    MessageType deep = message(t);
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toArrow(deep, Map.of(), MappingOptions.defaults()));
    assertEquals(
        true,
        e.getMessage().startsWith("Invalid Parquet schema at g.g.g.")
            && e.getMessage().endsWith(": nesting deeper than 256 levels"),
        e.getMessage());
  }

  @Test
  void logicalTypeNewerThanTheLibraryFallsBackToThePhysicalType() {
    MessageType m =
        message(
            prim(OPTIONAL, INT64, 0, "a", FutureLogicalType.INSTANCE),
            prim(OPTIONAL, FIXED_LEN_BYTE_ARRAY, 3, "b", FutureLogicalType.INSTANCE),
            new GroupType(OPTIONAL, "c", prim(BINARY, "y", FutureLogicalType.INSTANCE)),
            FutureLogicalType.group(REQUIRED, "d", prim(INT32, "z", null)));
    SchemaMapping mapping = SchemaMapper.toArrow(m, Map.of(), MappingOptions.defaults());
    assertEquals(new ArrowType.Int(64, true), mapping.arrowSchema().getFields().get(0).getType());
    assertEquals(
        new ArrowType.FixedSizeBinary(3), mapping.arrowSchema().getFields().get(1).getType());
    assertEquals(
        ArrowType.Binary.INSTANCE,
        mapping.arrowSchema().getFields().get(2).getChildren().get(0).getType());
    assertEquals(ArrowType.Struct.INSTANCE, mapping.arrowSchema().getFields().get(3).getType());
    assertEquals(
        new ArrowType.Int(32, true),
        mapping.arrowSchema().getFields().get(3).getChildren().get(0).getType());
  }

  /**
   * Every annotation on every physical type, length and repetition, alone and as a list element:
   * the mapping succeeds or raises a SchemaException, never anything else.
   */
  @Test
  void noOtherExceptionEscapesForAnyAnnotationAndPhysicalType() {
    List<LogicalTypeAnnotation> annotations = new ArrayList<>();
    annotations.add(null);
    annotations.add(FutureLogicalType.INSTANCE);
    annotations.add(LogicalTypeAnnotation.stringType());
    annotations.add(LogicalTypeAnnotation.enumType());
    annotations.add(LogicalTypeAnnotation.jsonType());
    annotations.add(LogicalTypeAnnotation.bsonType());
    annotations.add(LogicalTypeAnnotation.uuidType());
    annotations.add(LogicalTypeAnnotation.float16Type());
    annotations.add(LogicalTypeAnnotation.dateType());
    annotations.add(LogicalTypeAnnotation.intervalType());
    annotations.add(LogicalTypeAnnotation.unknownType());
    annotations.add(LogicalTypeAnnotation.listType());
    annotations.add(LogicalTypeAnnotation.mapType());
    annotations.add(LogicalTypeAnnotation.variantType((byte) 1));
    annotations.add(LogicalTypeAnnotation.geometryType(null));
    annotations.add(LogicalTypeAnnotation.geographyType("projjson:x", null));
    for (int bits : new int[] {8, 16, 32, 64}) {
      annotations.add(LogicalTypeAnnotation.intType(bits, true));
      annotations.add(LogicalTypeAnnotation.intType(bits, false));
    }
    for (LogicalTypeAnnotation.TimeUnit unit : LogicalTypeAnnotation.TimeUnit.values()) {
      annotations.add(LogicalTypeAnnotation.timeType(true, unit));
      annotations.add(LogicalTypeAnnotation.timestampType(false, unit));
    }
    for (int precision : new int[] {1, 9, 10, 18, 19, 38, 39, 76, 77}) {
      annotations.add(LogicalTypeAnnotation.decimalType(0, precision));
    }
    int mapped = 0;
    int rejected = 0;
    for (LogicalTypeAnnotation a : annotations) {
      for (PrimitiveTypeName t : PrimitiveTypeName.values()) {
        for (int length :
            t == FIXED_LEN_BYTE_ARRAY ? new int[] {1, 2, 12, 16, 17, 40} : new int[] {0}) {
          for (Repetition r : Repetition.values()) {
            PrimitiveType p = prim(r, t, length, "c", a);
            for (MessageType m :
                List.of(
                    message(p),
                    message(
                        new GroupType(
                            OPTIONAL,
                            "l",
                            OriginalType.LIST,
                            new GroupType(REPEATED, "list", p.withId(3)))))) {
              try {
                SchemaMapper.toArrow(m, Map.of(), MappingOptions.defaults());
                mapped++;
              } catch (SchemaException e) {
                rejected++;
              } catch (RuntimeException e) {
                fail(a + " on " + t + "(" + length + ") " + r + ": " + e, e);
              }
            }
          }
        }
      }
    }
    assertEquals(
        true, mapped > 100 && rejected > 100, mapped + " mapped, " + rejected + " rejected");
  }
}
