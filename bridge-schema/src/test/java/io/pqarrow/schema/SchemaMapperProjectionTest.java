package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * {@link SchemaMapper#toArrow(MessageType, Map, MappingOptions, Set)}: a projection maps its own
 * fields, each as the whole schema's mapping gives it, and looks at no other field.
 */
class SchemaMapperProjectionTest {
  private static final int COLUMNS = 200;

  /** A wide Arrow schema with types only {@code ARROW:schema} restores, nested ones and a dot. */
  private static Schema wide() {
    List<Field> fields = new ArrayList<>();
    for (int c = 0; c < COLUMNS; c++) {
      ArrowType type =
          switch (c % 4) {
            case 0 -> new ArrowType.Int(64, true);
            case 1 -> new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris");
            case 2 -> ArrowType.LargeUtf8.INSTANCE;
            default -> new ArrowType.Duration(TimeUnit.MILLISECOND);
          };
      fields.add(Field.nullable("c" + c, type));
    }
    fields.add(
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable(
                    "a", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.MILLISECOND)),
                Field.nullable("b", ArrowType.Utf8.INSTANCE))));
    fields.add(Field.nullable("a.b", new ArrowType.Int(32, true)));
    return new Schema(fields, Map.of("owner", "test"));
  }

  /** The fields of {@code whole} with those names, in its order. */
  private static List<FieldMapping> named(SchemaMapping whole, Set<String> names) {
    List<FieldMapping> out = new ArrayList<>();
    for (FieldMapping f : whole.fields()) {
      if (names.contains(f.arrowField().getName())) {
        out.add(f);
      }
    }
    return out;
  }

  @Test
  void eachProjectedFieldIsTheWholeMappingsFieldWithTheSameSchemaMetadata() {
    SchemaMapping written = SchemaMapper.toParquet(wide(), MappingOptions.defaults());
    MappingOptions options = MappingOptions.defaults();
    SchemaMapping whole =
        SchemaMapper.toArrow(written.parquetSchema(), written.keyValueMetadata(), options);
    for (Set<String> names :
        List.of(
            Set.of("c1"),
            Set.of("c199", "c0", "c2", "c3"),
            Set.of("s", "a.b", "c101"),
            Set.of("c5", "no such field"))) {
      SchemaMapping projected =
          SchemaMapper.toArrow(written.parquetSchema(), written.keyValueMetadata(), options, names);
      List<FieldMapping> expected = named(whole, names);
      assertEquals(expected, projected.fields(), names.toString());
      assertEquals(expected.size(), projected.parquetSchema().getFieldCount());
      assertEquals(
          whole.arrowSchema().getCustomMetadata(), projected.arrowSchema().getCustomMetadata());
      assertEquals(List.of(), projected.warnings());
    }
    // the restored types really came from ARROW:schema
    assertEquals(
        new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris"),
        SchemaMapper.toArrow(
                written.parquetSchema(), written.keyValueMetadata(), options, Set.of("c1"))
            .arrowSchema()
            .getFields()
            .get(0)
            .getType());
  }

  @Test
  void fieldsNotNamedAreNeitherMappedNorRestored() {
    // a Parquet field nested deeper than the limit fails every mapping that maps it ...
    StringBuilder text = new StringBuilder("message m { optional int64 keep;");
    text.append(" optional group deep { optional group d2 { optional group d3 {")
        .append(" optional int32 leaf; } } }");
    text.append(" }");
    MessageType parquet = MessageTypeParser.parseMessageType(text.toString());
    MappingOptions shallow =
        MappingOptions.builder().limits(Limits.builder().maxParquetSchemaDepth(2).build()).build();
    assertThrows(SchemaException.class, () -> SchemaMapper.toArrow(parquet, Map.of(), shallow));
    // ... but not a projection without it
    SchemaMapping kept = SchemaMapper.toArrow(parquet, Map.of(), shallow, Set.of("keep"));
    assertEquals(List.of("keep"), names(kept));
    assertThrows(
        SchemaException.class,
        () -> SchemaMapper.toArrow(parquet, Map.of(), shallow, Set.of("keep", "deep")));

    // a stored field deeper than the Arrow limit is a warning of every mapping that restores it
    Schema stored =
        new Schema(
            List.of(
                Field.nullable("keep", new ArrowType.Duration(TimeUnit.SECOND)),
                new Field(
                    "deep",
                    FieldType.nullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        new Field(
                            "d2",
                            FieldType.nullable(ArrowType.Struct.INSTANCE),
                            List.of(Field.nullable("x", new ArrowType.Int(32, true))))))));
    SchemaMapping written = SchemaMapper.toParquet(stored, MappingOptions.defaults());
    MappingOptions arrowShallow =
        MappingOptions.builder().limits(Limits.builder().maxArrowSchemaDepth(2).build()).build();
    SchemaMapping whole =
        SchemaMapper.toArrow(written.parquetSchema(), written.keyValueMetadata(), arrowShallow);
    assertTrue(
        whole.warnings().stream().anyMatch(w -> w.contains("at deep: nested deeper than 2")),
        whole.warnings().toString());
    SchemaMapping projected =
        SchemaMapper.toArrow(
            written.parquetSchema(), written.keyValueMetadata(), arrowShallow, Set.of("keep"));
    assertEquals(List.of(), projected.warnings());
    assertEquals(named(whole, Set.of("keep")), projected.fields());
    assertEquals(
        new ArrowType.Duration(TimeUnit.SECOND), projected.fields().get(0).arrowField().getType());
  }

  @Test
  void repeatedNamesGiveTheWholeMapping() {
    MessageType twice =
        MessageTypeParser.parseMessageType(
            "message m { optional int64 x; optional int32 y; optional int64 x; }");
    MappingOptions options = MappingOptions.defaults();
    assertEquals(
        List.of("x", "y", "x"), names(SchemaMapper.toArrow(twice, Map.of(), options, Set.of("x"))));
    assertEquals(List.of("y"), names(SchemaMapper.toArrow(twice, Map.of(), options, Set.of("y"))));

    // stored names repeated: our writer names them x and x_1 in Parquet, paired by position
    Schema repeated =
        new Schema(
            List.of(
                Field.nullable("x", new ArrowType.Duration(TimeUnit.SECOND)),
                Field.nullable("x", new ArrowType.Int(64, true)),
                Field.nullable("z", new ArrowType.Int(64, true))));
    SchemaMapping written = SchemaMapper.toParquet(repeated, options);
    Map<String, String> kv = new HashMap<>(written.keyValueMetadata());
    SchemaMapping whole = SchemaMapper.toArrow(written.parquetSchema(), kv, options);
    SchemaMapping projected =
        SchemaMapper.toArrow(written.parquetSchema(), kv, options, Set.of("x_1"));
    assertEquals(whole, projected);
    assertEquals(List.of("x", "x", "z"), names(projected));
  }

  private static List<String> names(SchemaMapping mapping) {
    List<String> out = new ArrayList<>();
    mapping.fields().forEach(f -> out.add(f.arrowField().getName()));
    return out;
  }
}
