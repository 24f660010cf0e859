package io.pqarrow.schema;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.Type.Repetition.OPTIONAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/** The schema caps of {@link Limits} reach the mapping through {@link MappingOptions#limits()}. */
class SchemaLimitsTest {
  /** A message with one field nested {@code groups} groups deep: {@code g.g.….leaf}. */
  private static MessageType nested(int groups) {
    Type t = new PrimitiveType(OPTIONAL, INT32, "leaf");
    for (int i = 0; i < groups; i++) {
      t = new GroupType(OPTIONAL, "g", t);
    }
    return new MessageType("m", t);
  }

  private static MappingOptions parquetDepth(int levels) {
    return MappingOptions.builder()
        .limits(Limits.builder().maxParquetSchemaDepth(levels).build())
        .build();
  }

  @Test
  void loweringTheParquetSchemaDepthRefusesAShallowerSchemaNamingThePathAndTheCap() {
    MessageType six = nested(5); // g.g.g.g.g.leaf: six fields deep
    assertEquals(1, SchemaMapper.toArrow(six, Map.of(), parquetDepth(6)).fields().size());
    SchemaException e =
        assertThrows(
            SchemaException.class, () -> SchemaMapper.toArrow(six, Map.of(), parquetDepth(5)));
    assertEquals(
        "Invalid Parquet schema at g.g.g.g.g: nesting deeper than 5 levels", e.getMessage());
    SchemaException two =
        assertThrows(
            SchemaException.class, () -> SchemaMapper.toArrow(six, Map.of(), parquetDepth(2)));
    assertEquals("Invalid Parquet schema at g.g: nesting deeper than 2 levels", two.getMessage());
  }

  @Test
  void raisingTheParquetSchemaDepthMapsASchemaTheDefaultRefuses() {
    int depth = Limits.defaults().maxParquetSchemaDepth() + 20;
    MessageType deep = nested(depth - 1);
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toArrow(deep, Map.of(), MappingOptions.defaults()));
    assertEquals(
        "Invalid Parquet schema at "
            + String.join(".", java.util.Collections.nCopies(256, "g"))
            + ": nesting deeper than 256 levels",
        e.getMessage());
    SchemaMapping m = SchemaMapper.toArrow(deep, Map.of(), parquetDepth(depth));
    Field f = m.arrowSchema().getFields().get(0);
    int levels = 1;
    while (!f.getChildren().isEmpty()) {
      f = f.getChildren().get(0);
      levels++;
    }
    assertEquals(depth, levels);
    assertEquals("leaf", f.getName());
  }

  /** A stored schema whose field {@code s<levels-1>} nests {@code levels} structs around a leaf. */
  private static String storedNesting(int levels) {
    Field deep = Field.nullable("leaf", new ArrowType.Int(32, true));
    for (int i = 0; i < levels; i++) {
      deep = new Field("s" + i, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(deep));
    }
    Field ok = Field.nullable("ok", ArrowType.Bool.INSTANCE);
    return StoredArrowSchema.encode(new Schema(List.of(deep, ok)));
  }

  @Test
  void theArrowSchemaDepthAndFieldCountDecideWhichStoredFieldsAreRestored() {
    String stored = storedNesting(9); // s8 holds 10 nested fields
    List<String> warnings = new ArrayList<>();
    Limits ten = Limits.builder().maxArrowSchemaDepth(10).build();
    assertEquals(2, StoredArrowSchema.decode(stored, warnings, ten).get().getFields().size());
    assertEquals(List.of(), warnings);

    Limits nine = Limits.builder().maxArrowSchemaDepth(9).build();
    Optional<Schema> shallow = StoredArrowSchema.decode(stored, warnings, nine);
    assertEquals(List.of("ok"), shallow.get().getFields().stream().map(Field::getName).toList());
    assertEquals(
        List.of("Ignored ARROW:schema at s8: nested deeper than 9 or more than 100000 fields"),
        warnings);

    warnings.clear();
    Limits fewFields = Limits.builder().maxArrowSchemaFields(9).build();
    StoredArrowSchema.decode(stored, warnings, fewFields);
    assertEquals(
        List.of("Ignored ARROW:schema at s8: nested deeper than 64 or more than 9 fields"),
        warnings);
  }

  @Test
  void aDeepStoredFieldIsRestoredOnceTheLimitAllowsIt() {
    String stored = storedNesting(70);
    List<String> warnings = new ArrayList<>();
    assertEquals(1, StoredArrowSchema.decode(stored, warnings).get().getFields().size());
    assertEquals(
        List.of("Ignored ARROW:schema at s69: nested deeper than 64 or more than 100000 fields"),
        warnings);
    warnings.clear();
    Limits deeper = Limits.builder().maxArrowSchemaDepth(71).build();
    assertEquals(2, StoredArrowSchema.decode(stored, warnings, deeper).get().getFields().size());
    assertEquals(List.of(), warnings);
  }

  @Test
  void mappingOptionsCarryLimitsWithDefaultsAndRefuseNull() {
    assertEquals(Limits.defaults(), MappingOptions.defaults().limits());
    Limits custom = Limits.builder().maxParquetSchemaDepth(3).build();
    MappingOptions o = MappingOptions.builder().limits(custom).build();
    assertEquals(custom, o.limits());
    assertEquals(custom, o.toBuilder().build().limits());
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> MappingOptions.builder().limits(null));
    assertEquals("limits", e.getMessage());
  }
}
