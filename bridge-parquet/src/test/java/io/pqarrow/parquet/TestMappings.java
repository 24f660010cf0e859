package io.pqarrow.parquet;

import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.SchemaMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Pairs a hand-written Arrow schema with a Parquet schema by position, for tests that must not
 * depend on the schema mapper: an Arrow field with children pairs with a group; a list's element
 * pairs with the repeated node's only child (three-level) or the repeated node itself (two-level,
 * bare repeated); a map's entries pair with the repeated key_value group.
 */
final class TestMappings {
  private TestMappings() {}

  static SchemaMapping pair(Schema arrow, MessageType parquet) {
    List<FieldMapping> fields = new ArrayList<>();
    for (int i = 0; i < arrow.getFields().size(); i++) {
      Type t = parquet.getType(i);
      fields.add(pair(arrow.getFields().get(i), t, List.of(t.getName())));
    }
    return new SchemaMapping(arrow, parquet, fields, Map.of(), List.of());
  }

  private static FieldMapping pair(Field field, Type type, List<String> path) {
    List<FieldMapping> children = new ArrayList<>();
    if (!field.getChildren().isEmpty()) {
      GroupType g = type.asGroupType();
      boolean listLike =
          field.getType().getTypeID()
                  == org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID.List
              || field.getType().getTypeID()
                  == org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID.Map;
      if (listLike) {
        Type repeated = type.isRepetition(Type.Repetition.REPEATED) ? type : g.getType(0);
        List<String> repeatedPath = type == repeated ? path : append(path, repeated.getName());
        Field element = field.getChildren().get(0);
        boolean threeLevel =
            !repeated.isPrimitive()
                && repeated.asGroupType().getFieldCount() == 1
                && element.getChildren().isEmpty()
                    == repeated.asGroupType().getType(0).isPrimitive()
                && field.getType().getTypeID()
                    != org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID.Map;
        if (threeLevel) {
          Type inner = repeated.asGroupType().getType(0);
          children.add(pair(element, inner, append(repeatedPath, inner.getName())));
        } else {
          children.add(pair(element, repeated, repeatedPath));
        }
      } else {
        for (int i = 0; i < field.getChildren().size(); i++) {
          Type t = g.getType(i);
          children.add(pair(field.getChildren().get(i), t, append(path, t.getName())));
        }
      }
    }
    return new FieldMapping(field, type, path, children);
  }

  private static List<String> append(List<String> path, String name) {
    List<String> p = new ArrayList<>(path);
    p.add(name);
    return p;
  }
}
