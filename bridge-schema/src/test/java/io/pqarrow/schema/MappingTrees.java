package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/** Test helpers that map schema text and render mapping trees compactly for assertions. */
final class MappingTrees {
  private MappingTrees() {}

  static SchemaMapping map(String messageText) {
    return map(messageText, MappingOptions.defaults());
  }

  static SchemaMapping map(String messageText, MappingOptions options) {
    MessageType message = MessageTypeParser.parseMessageType(messageText);
    SchemaMapping mapping = SchemaMapper.toArrow(message, Map.of(), options);
    checkConsistent(mapping);
    return mapping;
  }

  /** The one top-level field of {@code message { column }}, rendered. */
  static String render(String column) {
    SchemaMapping mapping = map("message m { " + column + " }");
    assertEquals(1, mapping.fields().size());
    return render(mapping.fields().get(0));
  }

  /**
   * {@code name?:Type@path{children}}: {@code ?} nullable, {@code !} non-null, the Arrow type's own
   * string, the dotted Parquet path of the mapped node.
   */
  static String render(FieldMapping m) {
    Field f = m.arrowField();
    StringBuilder sb =
        new StringBuilder()
            .append(f.getName())
            .append(f.isNullable() ? '?' : '!')
            .append(':')
            .append(f.getType())
            .append('@')
            .append(m.dottedPath());
    if (!m.children().isEmpty()) {
      List<String> children = new ArrayList<>();
      for (FieldMapping c : m.children()) {
        children.add(render(c));
      }
      sb.append('{').append(String.join(", ", children)).append('}');
    }
    return sb.toString();
  }

  /**
   * Every mapping's Arrow children are its child mappings' fields, every path ends with its node's
   * name, and the schema holds the top-level fields.
   */
  static void checkConsistent(SchemaMapping mapping) {
    List<Field> top = new ArrayList<>();
    for (FieldMapping m : mapping.fields()) {
      top.add(m.arrowField());
      checkConsistent(m);
    }
    assertEquals(top, mapping.arrowSchema().getFields());
  }

  private static void checkConsistent(FieldMapping m) {
    List<Field> children = new ArrayList<>();
    for (FieldMapping c : m.children()) {
      children.add(c.arrowField());
      checkConsistent(c);
    }
    assertEquals(children, m.arrowField().getChildren(), m.dottedPath());
    assertEquals(
        m.parquetType().getName(),
        m.parquetPath().get(m.parquetPath().size() - 1),
        "path of " + m.arrowField());
  }
}
