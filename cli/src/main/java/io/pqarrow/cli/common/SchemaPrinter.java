package io.pqarrow.cli.common;

import java.io.PrintStream;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The human-readable form of an Arrow schema printed by {@code bridge schema}: one line per field,
 * children indented by two spaces, extension types with their storage.
 *
 * <pre>
 * event_id: extension&lt;arrow.uuid&gt; storage FixedSizeBinary(16)
 * ts: Timestamp(MICROSECOND, UTC)
 * tags: List
 *   element: Utf8
 * id: Int(64, true) not null
 * </pre>
 */
public final class SchemaPrinter {
  private SchemaPrinter() {}

  public static void print(Schema schema, PrintStream out) {
    StringBuilder text = new StringBuilder();
    append(schema.getFields(), 0, text);
    out.print(text);
  }

  private static void append(List<Field> fields, int depth, StringBuilder text) {
    for (Field f : fields) {
      text.append("  ".repeat(depth)).append(f.getName()).append(": ").append(type(f.getType()));
      if (f.getDictionary() != null) {
        text.append(" dictionary<").append(f.getDictionary().getIndexType()).append('>');
      }
      if (!f.isNullable()) {
        text.append(" not null");
      }
      text.append('\n');
      append(f.getChildren(), depth + 1, text);
    }
  }

  public static String type(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType) {
      ArrowType.ExtensionType ext = (ArrowType.ExtensionType) type;
      return "extension<" + ext.extensionName() + "> storage " + type(ext.storageType());
    }
    return type.toString();
  }
}
