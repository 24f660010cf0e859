package io.pqarrow.schema;

import static io.pqarrow.schema.MappingTrees.map;
import static io.pqarrow.schema.MappingTrees.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every LIST and MAP example of the Parquet specification (docs/type-mapping.md §2.6–§2.8),
 * including the backward-compatibility forms, rendered as {@code name?:Type@parquet.path{children}}
 * ({@code ?} nullable, {@code !} non-null).
 */
class ParquetToArrowNestedTest {
  private static final String INT = "Int(32, true)";

  static Stream<Arguments> specExamples() {
    return Stream.of(
        Arguments.of(
            "unannotated repeated primitive: required list of required elements",
            "repeated int32 num;",
            "num!:List@num{element!:" + INT + "@num}"),
        Arguments.of(
            "unannotated repeated group: required list of required structs",
            "repeated group my_list { required int32 num; optional binary str (STRING); }",
            "my_list!:List@my_list{element!:Struct@my_list{num!:"
                + INT
                + "@my_list.num, str?:Utf8@my_list.str}}"),
        Arguments.of(
            "3-level list, non-null list of nullable strings",
            "required group my_list (LIST) { repeated group list { optional binary element"
                + " (STRING); } }",
            "my_list!:List@my_list{element?:Utf8@my_list.list.element}"),
        Arguments.of(
            "3-level list, nullable list of non-null strings",
            "optional group my_list (LIST) { repeated group list { required binary element"
                + " (STRING); } }",
            "my_list?:List@my_list{element!:Utf8@my_list.list.element}"),
        Arguments.of(
            "list of lists",
            "optional group array_of_arrays (LIST) { repeated group list { required group element"
                + " (LIST) { repeated group list { required int32 element; } } } }",
            "array_of_arrays?:List@array_of_arrays{element!:List@array_of_arrays.list.element"
                + "{element!:"
                + INT
                + "@array_of_arrays.list.element.list.element}}"),
        Arguments.of(
            "names are not enforced: repeated group named element",
            "optional group my_list (LIST) { repeated group element { required binary str"
                + " (STRING); } }",
            "my_list?:List@my_list{element!:Utf8@my_list.element.str}"),
        Arguments.of(
            "rule 1: repeated primitive is the element",
            "optional group my_list (LIST) { repeated int32 element; }",
            "my_list?:List@my_list{element!:" + INT + "@my_list.element}"),
        Arguments.of(
            "rule 2: repeated group with several fields is the element",
            "optional group my_list (LIST) { repeated group element { required binary str"
                + " (STRING); required int32 num; } }",
            "my_list?:List@my_list{element!:Struct@my_list.element{str!:Utf8@my_list.element.str,"
                + " num!:"
                + INT
                + "@my_list.element.num}}"),
        Arguments.of(
            "rule 3: repeated group whose one field is repeated (a repeated LIST inside a LIST)",
            "optional group my_list (LIST) { repeated group array (LIST) { repeated int32 array;"
                + " } }",
            "my_list?:List@my_list{element!:List@my_list.array{element!:"
                + INT
                + "@my_list.array.array}}"),
        Arguments.of(
            "rule 4: repeated group named array",
            "optional group my_list (LIST) { repeated group array { required binary str (STRING);"
                + " } }",
            "my_list?:List@my_list{element!:Struct@my_list.array{str!:Utf8@my_list.array.str}}"),
        Arguments.of(
            "rule 4: repeated group named <list>_tuple",
            "optional group my_list (LIST) { repeated group my_list_tuple { required binary str"
                + " (STRING); } }",
            "my_list?:List@my_list{element!:Struct@my_list.my_list_tuple"
                + "{str!:Utf8@my_list.my_list_tuple.str}}"),
        Arguments.of(
            "rule 5: the repeated group's only field, with its own repetition",
            "optional group my_list (LIST) { repeated group element { optional binary str"
                + " (STRING); } }",
            "my_list?:List@my_list{element?:Utf8@my_list.element.str}"),
        Arguments.of(
            "map from strings to nullable ints",
            "required group my_map (MAP) { repeated group key_value { required binary key"
                + " (STRING); optional int32 value; } }",
            "my_map!:Map(false)@my_map{entries!:Struct@my_map.key_value"
                + "{key!:Utf8@my_map.key_value.key, value?:"
                + INT
                + "@my_map.key_value.value}}"),
        Arguments.of(
            "map names are not enforced: key and value by position",
            "optional group my_map (MAP) { repeated group map { required binary str (STRING);"
                + " required int32 num; } }",
            "my_map?:Map(false)@my_map{entries!:Struct@my_map.map"
                + "{key!:Utf8@my_map.map.str, value!:"
                + INT
                + "@my_map.map.num}}"),
        Arguments.of(
            "MAP_KEY_VALUE in place of MAP",
            "optional group my_map (MAP_KEY_VALUE) { repeated group map { required binary key"
                + " (STRING); optional int32 value; } }",
            "my_map?:Map(false)@my_map{entries!:Struct@my_map.map"
                + "{key!:Utf8@my_map.map.key, value?:"
                + INT
                + "@my_map.map.value}}"),
        Arguments.of(
            "MAP_KEY_VALUE on the repeated group inside a MAP (old parquet-mr)",
            "optional group m (MAP) { repeated group map (MAP_KEY_VALUE) { required binary key"
                + " (UTF8); optional int32 value; } }",
            "m?:Map(false)@m{entries!:Struct@m.map{key!:Utf8@m.map.key, value?:"
                + INT
                + "@m.map.value}}"),
        Arguments.of(
            "map without values: a list of its keys",
            "optional group s (MAP) { repeated group key_value { required binary key (STRING); }"
                + " }",
            "s?:List@s{element!:Utf8@s.key_value.key}"),
        Arguments.of(
            "repeated MAP as the element of a 2-level LIST",
            "optional group l (LIST) { repeated group m (MAP) { repeated group key_value {"
                + " required int32 key; optional int32 value; } } }",
            "l?:List@l{element!:Map(false)@l.m{entries!:Struct@l.m.key_value{key!:"
                + INT
                + "@l.m.key_value.key, value?:"
                + INT
                + "@l.m.key_value.value}}}"),
        Arguments.of(
            "map values that are lists and structs",
            "required group m (MAP) { repeated group key_value { required binary key (STRING);"
                + " optional group value (LIST) { repeated group list { optional group element {"
                + " optional int32 a; } } } } }",
            "m!:Map(false)@m{entries!:Struct@m.key_value{key!:Utf8@m.key_value.key,"
                + " value?:List@m.key_value.value{element?:Struct@m.key_value.value.list.element"
                + "{a?:"
                + INT
                + "@m.key_value.value.list.element.a}}}}"),
        Arguments.of(
            "struct with an unannotated repeated field",
            "optional group s { repeated int32 xs; required group inner { optional double d; } }",
            "s?:Struct@s{xs!:List@s.xs{element!:"
                + INT
                + "@s.xs}, inner!:Struct@s.inner{d?:FloatingPoint(DOUBLE)@s.inner.d}}"),
        Arguments.of(
            "unannotated repeated group holding a LIST",
            "repeated group r { optional group l (LIST) { repeated group list { optional int32"
                + " element; } } }",
            "r!:List@r{element!:Struct@r{l?:List@r.l{element?:" + INT + "@r.l.list.element}}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("specExamples")
  void mapsSpecExample(String description, String column, String expected) {
    assertEquals(expected, render(column));
  }

  @Test
  void listMappingPointsAtTheAnnotatedGroupAndItsElementAtTheElementNode() {
    SchemaMapping m =
        map(
            "message m { optional group a (LIST) { repeated group list { optional int64 element; }"
                + " } }");
    FieldMapping list = m.fields().get(0);
    assertSame(m.parquetSchema().getType("a"), list.parquetType());
    assertEquals(List.of("a"), list.parquetPath());
    FieldMapping element = list.children().get(0);
    assertSame(
        m.parquetSchema().getType("a").asGroupType().getType("list").asGroupType().getType(0),
        element.parquetType());
    assertEquals(List.of("a", "list", "element"), element.parquetPath());
  }

  @Test
  void unannotatedRepeatedFieldIsBothTheListAndItsElement() {
    SchemaMapping m = map("message m { repeated binary tags (STRING); }");
    FieldMapping list = m.fields().get(0);
    assertSame(list.parquetType(), list.children().get(0).parquetType());
    assertEquals(list.parquetPath(), list.children().get(0).parquetPath());
  }

  @Test
  void fieldIdsOnEveryLevel() {
    SchemaMapping m =
        map(
            "message m {\n"
                + "  optional group l (LIST) = 1 { repeated group list = 2 { optional int32 element"
                + " = 3; } }\n"
                + "  optional group mp (MAP) = 4 { repeated group key_value = 5 { required binary"
                + " key (STRING) = 6; optional int32 value = 7; } }\n"
                + "  optional group s = 8 { required int64 a = 9; }\n"
                + "  repeated int32 r = 10;\n"
                + "  optional group v (VARIANT(1)) = 11 { required binary metadata = 12; required"
                + " binary value = 13; }\n"
                + "  optional group k (MAP) = 14 { repeated group key_value = 15 { required int32"
                + " key = 16; } }\n"
                + "  optional group two (LIST) = 17 { repeated int32 element = 18; }\n"
                + "}");
    Map<String, String> ids = new LinkedHashMap<>();
    for (FieldMapping f : m.fields()) {
      collectIds(f.arrowField(), "", ids);
    }
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("l", "1");
    expected.put("l.element", "3");
    expected.put("mp", "4");
    expected.put("mp.entries", "5");
    expected.put("mp.entries.key", "6");
    expected.put("mp.entries.value", "7");
    expected.put("s", "8");
    expected.put("s.a", "9");
    expected.put("r", "10");
    expected.put("r.element", null);
    expected.put("v", "11");
    expected.put("v.metadata", "12");
    expected.put("v.value", "13");
    expected.put("k", "14");
    expected.put("k.element", "16");
    expected.put("two", "17");
    expected.put("two.element", "18");
    assertEquals(expected, ids);
  }

  private static void collectIds(Field f, String prefix, Map<String, String> ids) {
    String name = prefix + f.getName();
    ids.put(name, f.getMetadata().get(ParquetFieldMetadata.FIELD_ID));
    for (Field c : f.getChildren()) {
      collectIds(c, name + ".", ids);
    }
  }

  @Test
  void messageOrderAndNamesAreKept() {
    SchemaMapping m = map("message m { required int32 b; optional int64 a; required boolean c; }");
    assertEquals(
        List.of("b", "a", "c"), m.arrowSchema().getFields().stream().map(Field::getName).toList());
    assertEquals(List.of("b"), m.fields().get(0).parquetPath());
  }

  @Test
  void keyValueMetadataBecomesSchemaMetadataWithoutTheStoredArrowSchema() {
    SchemaMapping m =
        SchemaMapper.toArrow(
            org.apache.parquet.schema.MessageTypeParser.parseMessageType(
                "message m { required int32 a; }"),
            Map.of("ARROW:schema", "abc", "pandas", "{}"),
            MappingOptions.defaults());
    assertEquals(Map.of("pandas", "{}"), m.arrowSchema().getCustomMetadata());
    assertEquals(Map.of("ARROW:schema", "abc", "pandas", "{}"), m.keyValueMetadata());
    // "abc" is no IPC message: the stored-schema restore says so and keeps the base schema.
    assertEquals(
        List.of("Ignored ARROW:schema: an IPC message needs at least 8 bytes, got 2"),
        m.warnings());
  }
}
