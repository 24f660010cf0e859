package io.pqarrow.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where the elements of each list form sit, as the reader and the writer both compute it: the
 * repeated node is the first one at or below the list's own node, whatever the form.
 */
class ParquetLevelsTest {
  private static final Path FILE = Path.of("/x.parquet");

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message m {
            optional group three (LIST) {
              repeated group list {
                optional int32 element;
              }
            }
            required group two (LIST) {
              repeated int32 array;
            }
            repeated int32 bare;
            optional group m (MAP) {
              repeated group key_value {
                required binary key (STRING);
                optional int64 value;
              }
            }
            optional group outer (LIST) {
              repeated group list {
                optional group element (LIST) {
                  repeated group list {
                    optional binary element (STRING);
                  }
                }
              }
            }
          }
          """);

  private static FieldMapping field(String name) {
    List<FieldMapping> fields =
        SchemaMapper.toArrow(SCHEMA, Map.of(), MappingOptions.builder().build()).fields();
    return fields.stream()
        .filter(f -> f.arrowField().getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "three | three.list       | 2 | 1",
        "two   | two.array        | 1 | 1",
        "bare  | bare             | 1 | 1",
        "m     | m.key_value      | 2 | 1",
        "outer | outer.list       | 2 | 1"
      })
  void aListsElementsSitAtItsFirstRepeatedNode(
      String name, String repeated, int elementDef, int elementRep) {
    ParquetLevels levels = new ParquetLevels(SCHEMA, FILE);
    ParquetLevels.ListLevels list = levels.list(field(name));
    assertEquals(List.of(repeated.split("\\.")), list.repeatedPath());
    assertEquals(elementDef, list.elementDef());
    assertEquals(elementDef - 1, list.emptyDef());
    assertEquals(elementRep, list.elementRep());
  }

  @Test
  void aNestedListsElementsSitOneRepetitionLevelDeeper() {
    ParquetLevels levels = new ParquetLevels(SCHEMA, FILE);
    FieldMapping inner = field("outer").children().get(0);
    ParquetLevels.ListLevels list = levels.list(inner);
    assertEquals(List.of("outer", "list", "element", "list"), list.repeatedPath());
    assertEquals(4, list.elementDef());
    assertEquals(2, list.elementRep());
  }

  @Test
  void levelsOfAPathAreTheSchemasMaxima() {
    ParquetLevels levels = new ParquetLevels(SCHEMA, FILE);
    List<String> leaf = List.of("outer", "list", "element", "list", "element");
    assertEquals(5, levels.definitionLevel(leaf));
    assertEquals(2, levels.repetitionLevel(leaf));
    assertEquals(0, levels.definitionLevel(List.of("two")));
  }

  @Test
  void aListMappingWithoutOneElementIsRefusedNamingTheField() {
    ParquetLevels levels = new ParquetLevels(SCHEMA, FILE);
    FieldMapping three = field("three");
    FieldMapping childless =
        new FieldMapping(three.arrowField(), three.parquetType(), three.parquetPath(), List.of());
    ParquetFileException e = assertThrows(ParquetFileException.class, () -> levels.list(childless));
    assertEquals(
        "Unsupported Parquet data at /x.parquet, column three: list mapping without one element",
        e.getMessage());
  }

  @Test
  void aListWithNoRepeatedNodeBelowItIsRefusedNamingTheField() {
    MessageType flat =
        MessageTypeParser.parseMessageType("message m { optional group s { optional int32 a; } }");
    FieldMapping s =
        SchemaMapper.toArrow(flat, Map.of(), MappingOptions.builder().build()).fields().get(0);
    // the struct's mapping posing as a list of its one child
    FieldMapping asList =
        new FieldMapping(s.arrowField(), s.parquetType(), s.parquetPath(), s.children());
    ParquetFileException e =
        assertThrows(ParquetFileException.class, () -> new ParquetLevels(flat, FILE).list(asList));
    assertEquals(
        "Unsupported Parquet data at /x.parquet, column s: list without a repeated node",
        e.getMessage());
  }
}
