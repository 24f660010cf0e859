package io.pqarrow.shred;

import io.pqarrow.extension.ShreddedScalar;
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
 * case-sensitive, type words are not; blanks between tokens are ignored. Every primitive is an
 * entry of the shredded-type table {@link ShreddedScalar} (docs/variant.md §3.7). {@link #format}
 * writes the same syntax back, and only text that parses to the same types. Errors read {@code
 * Invalid shredding type at position <n>: <problem>}.
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
   * @param name the name of the returned field
   * @param text the type in the shredding syntax (see the class comment), for example {@code
   *     struct<a: int64, b: string>}
   * @return the request field named {@code name}, of the type {@code text} spells
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
        int max = ShreddedScalar.DECIMAL16.maxPrecision();
        if (p < 1 || p > max || s > p) {
          pos = start;
          throw error(
              "decimal("
                  + p
                  + ","
                  + s
                  + ") needs 1 <= precision <= "
                  + max
                  + " and scale <= precision");
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
   * Only text that parses back to the same types is written: a type the shredded-type table refuses
   * (UInt64, Decimal256, Timestamp(ms), …) or one the syntax cannot spell (a timestamp zone other
   * than {@code UTC}, a list view) is an error, never a word for something else.
   *
   * @param f a request field or a {@code typed_value} type tree
   * @return the text of its type, which {@link #parse} reads back to the same types
   * @throws ShredException {@code Unsupported typed_value type at <path>: <type> (<why>)}
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
    if (t instanceof ArrowType.Struct) {
      sb.append("struct<");
      for (int i = 0; i < f.getChildren().size(); i++) {
        Field c = f.getChildren().get(i);
        sb.append(i == 0 ? "" : ",").append(quote(c.getName())).append(':');
        format(c, sb, path + "." + c.getName());
      }
      sb.append('>');
    } else if (t instanceof ArrowType.List || t instanceof ArrowType.LargeList) {
      sb.append(t instanceof ArrowType.List ? "list<" : "large_list<");
      format(f.getChildren().get(0), sb, path + "[]");
      sb.append('>');
    } else {
      sb.append(primitiveWord(f, path));
    }
  }

  /** The word of a primitive, checked to parse back to the same type. */
  private static String primitiveWord(Field f, String path) {
    ArrowType t = f.getType();
    ShreddedScalar scalar = ScalarColumn.scalarOf(f, path);
    String word =
        switch (scalar) {
          case NULL -> null;
          case BOOLEAN -> "boolean";
          case INT8, INT16, INT32, INT64 ->
              t instanceof ArrowType.Int i && !i.getIsSigned()
                  ? "uint" + i.getBitWidth()
                  : "int" + scalar.bitWidth();
          case FLOAT -> "float";
          case DOUBLE -> "double";
          case DECIMAL4, DECIMAL8, DECIMAL16 -> {
            ArrowType.Decimal d = (ArrowType.Decimal) t;
            yield "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
          }
          case DATE -> "date";
          case TIME -> "time";
          case TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS ->
              (scalar.adjustedToUtc() ? "timestamptz(" : "timestamp(")
                  + (scalar.timeUnit() == TimeUnit.NANOSECOND ? "ns)" : "us)");
          case STRING ->
              switch (t.getTypeID()) {
                case LargeUtf8 -> "large_string";
                case Utf8View -> "string_view";
                default -> "string";
              };
          case BINARY ->
              switch (t.getTypeID()) {
                case LargeBinary -> "large_binary";
                case BinaryView -> "binary_view";
                default -> "binary";
              };
          case UUID -> "uuid";
        };
    if (word == null || !parse(f.getName(), word).getType().equals(canonical(t, scalar))) {
      throw ShredException.unsupportedType(path, t, "no word for it in the syntax");
    }
    return word;
  }

  /**
   * {@code t} as {@link #parse} would build it: a UUID named in metadata is the registered type.
   */
  private static ArrowType canonical(ArrowType t, ShreddedScalar scalar) {
    return scalar == ShreddedScalar.UUID ? UuidType.INSTANCE : t;
  }

  private static String quote(String name) {
    boolean plain = !name.isEmpty();
    for (int i = 0; i < name.length() && plain; i++) {
      plain = isNameChar(name.charAt(i));
    }
    return plain ? name : "`" + name.replace("`", "``") + "`";
  }
}
