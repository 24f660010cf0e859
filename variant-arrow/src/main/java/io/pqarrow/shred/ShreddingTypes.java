package io.pqarrow.shred;

import io.pqarrow.extension.VariantType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A compact text form of shredding types, for command lines ({@code bridge import --shred
 * v=struct<a:int64,b:list<string>>}):
 *
 * <pre>
 * type   := primitive | struct&lt;field(,field)*&gt; | list&lt;type&gt; | large_list&lt;type&gt; | variant
 * field  := name:type          name: letters, digits, _ $ - . or `any text` (`` for a backquote)
 * primitive := boolean | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32
 *            | float | double | decimal(p,s) | date | time | timestamp(us|ns) | timestamptz(us|ns)
 *            | string | large_string | string_view | binary | large_binary | binary_view | uuid
 * </pre>
 *
 * {@code variant} means "this field is shredded as {@code value} only" (its key gets its own column
 * but no typed one); {@code timestamptz} is UTC-adjusted, {@code timestamp} has no zone; names are
 * case-sensitive, type words are not; blanks between tokens are ignored. {@link #format} writes the
 * same syntax back. Errors read {@code Invalid shredding type at position <n>: <problem>}.
 */
public final class ShreddingTypes {
  private final String text;
  private int pos;

  private ShreddingTypes(String text) {
    this.text = text;
  }

  /**
   * Parses {@code text} into a request field named {@code name} for {@link Shredding#shred}.
   *
   * @throws ShredException with the position of the first character that does not fit
   */
  public static Field parse(String name, String text) {
    ShreddingTypes p = new ShreddingTypes(text);
    Field f = p.type(name);
    p.blanks();
    if (p.pos != text.length()) {
      throw p.error("unexpected text after the type");
    }
    return f;
  }

  private Field type(String name) {
    blanks();
    String word = word().toLowerCase(Locale.ROOT);
    switch (word) {
      case "struct" -> {
        expect('<');
        List<Field> children = new ArrayList<>();
        do {
          blanks();
          String child = name();
          expect(':');
          children.add(type(child));
        } while (accept(','));
        expect('>');
        return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), children);
      }
      case "list", "large_list" -> {
        expect('<');
        Field element = type("element");
        expect('>');
        ArrowType t = word.equals("list") ? ArrowType.List.INSTANCE : ArrowType.LargeList.INSTANCE;
        return new Field(name, FieldType.nullable(t), List.of(element));
      }
      case "variant" -> {
        return VariantType.unshreddedField(name, true);
      }
      default -> {
        return new Field(name, FieldType.nullable(primitive(word)), null);
      }
    }
  }

  private ArrowType primitive(String word) {
    int start = pos - word.length();
    return switch (word) {
      case "boolean", "bool" -> ArrowType.Bool.INSTANCE;
      case "int8" -> new ArrowType.Int(8, true);
      case "int16" -> new ArrowType.Int(16, true);
      case "int32" -> new ArrowType.Int(32, true);
      case "int64" -> new ArrowType.Int(64, true);
      case "uint8" -> new ArrowType.Int(8, false);
      case "uint16" -> new ArrowType.Int(16, false);
      case "uint32" -> new ArrowType.Int(32, false);
      case "float", "float32" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case "double", "float64" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case "decimal" -> {
        expect('(');
        int p = number();
        expect(',');
        int s = number();
        expect(')');
        if (p < 1 || p > 38 || s > p) {
          pos = start;
          throw error(
              "decimal(" + p + "," + s + ") needs 1 <= precision <= 38 and scale <= precision");
        }
        yield new ArrowType.Decimal(p, s, 128);
      }
      case "date" -> new ArrowType.Date(DateUnit.DAY);
      case "time" -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case "timestamp", "timestamptz" -> {
        expect('(');
        blanks();
        String unit = word().toLowerCase(Locale.ROOT);
        TimeUnit u =
            switch (unit) {
              case "us" -> TimeUnit.MICROSECOND;
              case "ns" -> TimeUnit.NANOSECOND;
              default -> {
                pos -= unit.length();
                throw error("expected the unit us or ns, found \"" + unit + "\"");
              }
            };
        expect(')');
        yield new ArrowType.Timestamp(u, word.equals("timestamptz") ? "UTC" : null);
      }
      case "string", "utf8" -> ArrowType.Utf8.INSTANCE;
      case "large_string" -> ArrowType.LargeUtf8.INSTANCE;
      case "string_view" -> ArrowType.Utf8View.INSTANCE;
      case "binary" -> ArrowType.Binary.INSTANCE;
      case "large_binary" -> ArrowType.LargeBinary.INSTANCE;
      case "binary_view" -> ArrowType.BinaryView.INSTANCE;
      case "uuid" -> UuidType.INSTANCE;
      default -> {
        pos = start;
        throw error(word.isEmpty() ? "expected a type" : "unknown type \"" + word + "\"");
      }
    };
  }

  private String name() {
    if (pos < text.length() && text.charAt(pos) == '`') {
      StringBuilder sb = new StringBuilder();
      pos++;
      while (true) {
        if (pos >= text.length()) {
          throw error("unterminated `name`");
        }
        char c = text.charAt(pos++);
        if (c == '`') {
          if (pos < text.length() && text.charAt(pos) == '`') {
            sb.append('`');
            pos++;
          } else {
            break;
          }
        } else {
          sb.append(c);
        }
      }
      if (sb.length() == 0) {
        throw error("empty field name");
      }
      return sb.toString();
    }
    int start = pos;
    while (pos < text.length() && isNameChar(text.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      throw error("expected a field name");
    }
    return text.substring(start, pos);
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '-' || c == '.';
  }

  private String word() {
    int start = pos;
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private int number() {
    blanks();
    int start = pos;
    while (pos < text.length() && pos - start < 3 && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      throw error("expected a number");
    }
    return Integer.parseInt(text.substring(start, pos));
  }

  private void blanks() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private boolean accept(char c) {
    blanks();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw error(
          "expected '"
              + c
              + "', found "
              + (pos < text.length() ? "'" + text.charAt(pos) + "'" : "the end"));
    }
  }

  private ShredException error(String problem) {
    return ShredException.invalidSyntax(pos, problem);
  }

  /**
   * Writes a request field (or a {@code typed_value} type tree) in the syntax {@link #parse} reads.
   *
   * @throws ShredException for a type the syntax has no word for
   */
  public static String format(Field f) {
    StringBuilder sb = new StringBuilder();
    format(f, sb, f.getName());
    return sb.toString();
  }

  private static void format(Field f, StringBuilder sb, String path) {
    ArrowType t = f.getType();
    if (t instanceof VariantType) {
      sb.append("variant");
      return;
    }
    if (t instanceof UuidType) {
      sb.append("uuid");
      return;
    }
    switch (t.getTypeID()) {
      case Struct -> {
        sb.append("struct<");
        for (int i = 0; i < f.getChildren().size(); i++) {
          Field c = f.getChildren().get(i);
          sb.append(i == 0 ? "" : ",").append(quote(c.getName())).append(':');
          format(c, sb, path + "." + c.getName());
        }
        sb.append('>');
      }
      case List, LargeList -> {
        sb.append(t instanceof ArrowType.List ? "list<" : "large_list<");
        format(f.getChildren().get(0), sb, path + "[]");
        sb.append('>');
      }
      default -> sb.append(primitiveWord(t, path));
    }
  }

  private static String primitiveWord(ArrowType t, String path) {
    if (t instanceof ArrowType.Int i) {
      return (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
    } else if (t instanceof ArrowType.Decimal d) {
      return "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
    } else if (t instanceof ArrowType.Timestamp ts) {
      return (ts.getTimezone() == null ? "timestamp(" : "timestamptz(")
          + (ts.getUnit() == TimeUnit.NANOSECOND ? "ns)" : "us)");
    }
    ScalarColumn.Family family = ScalarColumn.familyOf(t, path);
    return switch (t.getTypeID()) {
      case Bool -> "boolean";
      case FloatingPoint -> family == ScalarColumn.Family.FLOAT32 ? "float" : "double";
      case Date -> "date";
      case Time -> "time";
      case Utf8 -> "string";
      case LargeUtf8 -> "large_string";
      case Utf8View -> "string_view";
      case Binary -> "binary";
      case LargeBinary -> "large_binary";
      case BinaryView -> "binary_view";
      default -> throw ShredException.unsupportedType(path, t, "no word for it in the syntax");
    };
  }

  private static String quote(String name) {
    boolean plain = !name.isEmpty();
    for (int i = 0; i < name.length() && plain; i++) {
      plain = isNameChar(name.charAt(i));
    }
    return plain ? name : "`" + name.replace("`", "``") + "`";
  }
}
