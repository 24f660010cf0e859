package io.pqarrow.filter;

import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Reads a filter written in the SQL-like syntax of {@code bridge export --where}:
 *
 * <pre>
 * expr      := or
 * or        := and ( 'or' and )*
 * and       := unary ( 'and' unary )*
 * unary     := 'not' unary | '(' expr ')' | predicate
 * predicate := column ( op literal | 'is' ['not'] 'null' | ['not'] 'in' '(' literal (',' literal)* ')'
 *                     | ['not'] 'between' literal 'and' literal )
 *            | 'starts_with' '(' column ',' string ')'
 * op        := '=' | '==' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;='
 * column    := name ( '.' name )* [ '.' variant-path ]
 * name      := [A-Za-z_][A-Za-z0-9_]* | '"' any text, "" for a quote '"' | '`' any text, `` for a backtick '`'
 * variant-path := '$' ( '.' name | '[' digits ']' | '[' string ']' )*
 * literal   := 'null' | 'true' | 'false' | number | string | X'hex' | DATE string | TIMESTAMP string
 * </pre>
 *
 * Keywords are case-insensitive. Strings are in single quotes ({@code ''} for a quote). A number
 * without a point or exponent is a LONG (a DECIMAL when it does not fit), with a point a DECIMAL
 * (exact: {@code 1.10}), with an exponent a DOUBLE. {@code DATE 'yyyy-mm-dd'}; {@code TIMESTAMP
 * 'yyyy-mm-ddThh:mm[:ss[.fraction]]'} with an optional offset ({@code Z}, {@code +02:00}) making it
 * an instant, a space allowed for the {@code T}; its unit is that of the fraction's digits (up to
 * 3: milliseconds, 6: microseconds, 9: nanoseconds). {@code a not in (...)} is {@code not (a in
 * (...))}. {@code a between x and y} is {@code a >= x and a <= y} (both ends included, as in SQL),
 * {@code a not between x and y} is {@code not (a between x and y)}.
 *
 * <p>A name in quotes (double quotes or backticks) is one literal name, which may hold dots: {@code
 * "a.b".c} is child {@code c} of the top-level column {@code a.b}. Unquoted names joined by dots
 * are resolved against the schema when the filter is bound, the longest run that names a field
 * first ({@link io.pqarrow.FieldPath}): {@code a.b} is the top-level column {@code a.b} when there
 * is one, else child {@code b} of struct {@code a}.
 *
 * <p>A malformed text is a {@link FilterException} whose message names the 0-based character
 * position and what was expected there: {@code Invalid filter at position 9: expected a literal,
 * found end of text}.
 */
public final class ExpressionParser {
  private static final Set<String> KEYWORDS =
      Set.of("and", "or", "not", "is", "null", "in", "true", "false");

  private final String text;
  private int pos;

  /** Whether the last {@link #name} was in quotes. */
  private boolean lastQuoted;

  private ExpressionParser(String text) {
    this.text = text;
  }

  /**
   * Parses {@code text}.
   *
   * @param text the filter, e.g. {@code id >= 100 and country in ('US', 'FR')}
   * @return the expression, its columns not yet resolved
   * @throws FilterException when the text is not a filter
   */
  public static Expression parse(String text) {
    ExpressionParser p = new ExpressionParser(text);
    p.skipSpace();
    if (p.pos >= text.length()) {
      throw p.error("expected a filter expression");
    }
    Expression e = p.or();
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error("expected 'and', 'or' or the end of the filter");
    }
    return e;
  }

  /** Whether {@code word} is a keyword, which as a column name needs double quotes. */
  static boolean isKeyword(String word) {
    return KEYWORDS.contains(word.toLowerCase(Locale.ROOT));
  }

  private Expression or() {
    List<Expression> parts = new ArrayList<>();
    parts.add(and());
    while (keyword("or")) {
      parts.add(and());
    }
    return parts.size() == 1 ? parts.get(0) : new Expression.Or(parts);
  }

  private Expression and() {
    List<Expression> parts = new ArrayList<>();
    parts.add(unary());
    while (keyword("and")) {
      parts.add(unary());
    }
    return parts.size() == 1 ? parts.get(0) : new Expression.And(parts);
  }

  private Expression unary() {
    skipSpace();
    if (keyword("not")) {
      return new Expression.Not(unary());
    }
    if (symbol("(")) {
      Expression e = or();
      expect(")", "expected ')'");
      return e;
    }
    return predicate();
  }

  private Expression predicate() {
    skipSpace();
    int start = pos;
    if (peekWord().equalsIgnoreCase("starts_with")) {
      pos += "starts_with".length();
      skipSpace();
      if (symbol("(")) {
        Expression.Column c = column();
        expect(",", "expected ',' after the column of starts_with");
        skipSpace();
        int at = pos;
        Literal prefix = literal();
        if (prefix.kind() != Literal.Kind.STRING && prefix.kind() != Literal.Kind.BINARY) {
          pos = at;
          throw error("expected a string prefix for starts_with");
        }
        expect(")", "expected ')' after the prefix of starts_with");
        return new Expression.StartsWith(c, prefix);
      }
      pos = start;
    }
    Expression.Column c = column();
    skipSpace();
    if (keyword("is")) {
      boolean not = keyword("not");
      if (!keyword("null")) {
        throw error(not ? "expected 'null' after 'is not'" : "expected 'null' or 'not null'");
      }
      return new Expression.NullTest(c, !not);
    }
    int notAt = pos;
    if (keyword("not")) {
      if (keyword("between")) {
        return new Expression.Not(between(c));
      }
      if (!keyword("in")) {
        pos = notAt;
        skipSpace();
        throw error("expected 'in' or 'between' after 'not'");
      }
      return new Expression.Not(inList(c));
    }
    if (keyword("in")) {
      return inList(c);
    }
    if (keyword("between")) {
      return between(c);
    }
    Expression.Op op = operator();
    if (op == null) {
      throw error(
          "expected an operator (=, !=, <, <=, >, >=, in, between, is) after column " + c.path());
    }
    return new Expression.Comparison(c, op, literal());
  }

  /** The rest of {@code c between low and high}: both ends included. */
  private Expression between(Expression.Column c) {
    Literal low = literal();
    if (!keyword("and")) {
      skipSpace();
      throw error("expected 'and' after the low end of 'between'");
    }
    Literal high = literal();
    return new Expression.And(
        List.of(
            new Expression.Comparison(c, Expression.Op.GE, low),
            new Expression.Comparison(c, Expression.Op.LE, high)));
  }

  private Expression inList(Expression.Column c) {
    expect("(", "expected '(' after 'in'");
    List<Literal> values = new ArrayList<>();
    do {
      values.add(literal());
    } while (symbol(","));
    expect(")", "expected ',' or ')' in the list of 'in'");
    return new Expression.In(c, values);
  }

  private Expression.Op operator() {
    skipSpace();
    String[][] ops = {
      {"<=", "LE"},
      {">=", "GE"},
      {"!=", "NE"},
      {"<>", "NE"},
      {"==", "EQ"},
      {"=", "EQ"},
      {"<", "LT"},
      {">", "GT"}
    };
    for (String[] o : ops) {
      if (text.startsWith(o[0], pos)) {
        pos += o[0].length();
        return Expression.Op.valueOf(o[1]);
      }
    }
    return null;
  }

  private Expression.Column column() {
    skipSpace();
    int start = pos;
    List<String> names = new ArrayList<>();
    List<Boolean> quoted = new ArrayList<>();
    names.add(name("expected a column name"));
    quoted.add(lastQuoted);
    String variant = null;
    while (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      if (pos < text.length() && text.charAt(pos) == '$') {
        variant = variantPath();
        break;
      }
      names.add(name("expected a field name after '.'"));
      quoted.add(lastQuoted);
    }
    return new Expression.Column(FieldPath.of(names, quoted), variant, start);
  }

  private String name(String expected) {
    lastQuoted = false;
    char quote = pos < text.length() ? text.charAt(pos) : 0;
    if (quote == '"' || quote == '`') {
      lastQuoted = true;
      StringBuilder b = new StringBuilder();
      int open = pos++;
      while (true) {
        if (pos >= text.length()) {
          pos = open;
          throw error("unterminated quoted name");
        }
        char ch = text.charAt(pos++);
        if (ch == quote) {
          if (pos < text.length() && text.charAt(pos) == quote) {
            b.append(quote);
            pos++;
          } else {
            return b.toString();
          }
        } else {
          b.append(ch);
        }
      }
    }
    String word = peekWord();
    if (word.isEmpty() || Character.isDigit(word.charAt(0))) {
      throw error(expected);
    }
    if (isKeyword(word)) {
      throw error(expected + " (quote the keyword '" + word + "' as \"" + word + "\")");
    }
    pos += word.length();
    return word;
  }

  /** A Variant path from its {@code $}, checked for shape only. */
  private String variantPath() {
    int start = pos++;
    while (pos < text.length()) {
      char ch = text.charAt(pos);
      if (ch == '.') {
        pos++;
        name("expected a field name after '.' in the Variant path");
      } else if (ch == '[') {
        pos++;
        if (pos < text.length() && text.charAt(pos) == '\'') {
          string();
        } else {
          int digits = pos;
          while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
          }
          if (digits == pos) {
            throw error("expected an index or a quoted key in the Variant path");
          }
        }
        if (pos >= text.length() || text.charAt(pos) != ']') {
          throw error("expected ']' in the Variant path");
        }
        pos++;
      } else {
        break;
      }
    }
    return text.substring(start, pos);
  }

  private Literal literal() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("expected a literal");
    }
    char ch = text.charAt(pos);
    if (ch == '\'') {
      return Literal.of(string());
    }
    if (ch == '-' || ch == '+' || ch == '.' || Character.isDigit(ch)) {
      return number();
    }
    String word = peekWord();
    int start = pos;
    switch (word.toLowerCase(Locale.ROOT)) {
      case "null" -> {
        pos += word.length();
        return Literal.ofNull();
      }
      case "true", "false" -> {
        pos += word.length();
        return Literal.of(word.equalsIgnoreCase("true"));
      }
      case "date" -> {
        pos += word.length();
        skipSpace();
        int at = pos;
        String s = quoted("expected a quoted date after DATE");
        try {
          return Literal.of(LocalDate.parse(s));
        } catch (DateTimeParseException e) {
          pos = at;
          throw error("expected a date as 'yyyy-mm-dd', found '" + s + "'");
        }
      }
      case "timestamp" -> {
        pos += word.length();
        skipSpace();
        int at = pos;
        String s = quoted("expected a quoted timestamp after TIMESTAMP");
        Literal t = timestamp(s.trim());
        if (t == null) {
          pos = at;
          throw error(
              "expected a timestamp as 'yyyy-mm-ddThh:mm:ss[.fraction][Z|+hh:mm]', found '"
                  + s
                  + "'");
        }
        return t;
      }
      case "x" -> {
        pos += word.length();
        if (pos < text.length() && text.charAt(pos) == '\'') {
          int at = pos;
          String hex = string();
          try {
            return Literal.ofBinary(HexFormat.of().parseHex(hex));
          } catch (IllegalArgumentException e) {
            pos = at;
            throw error("expected an even number of hex digits in X'...'");
          }
        }
        pos = start;
        throw error("expected a literal (a column cannot be compared with a column)");
      }
      default ->
          throw error(
              word.isEmpty()
                  ? "expected a literal"
                  : "expected a literal (a column cannot be compared with a column)");
    }
  }

  private static Literal timestamp(String s) {
    String iso =
        s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + "T" + s.substring(11) : s;
    boolean zoned;
    long seconds;
    int nanos;
    try {
      OffsetDateTime t = OffsetDateTime.parse(iso);
      zoned = true;
      seconds = t.toEpochSecond();
      nanos = t.getNano();
    } catch (DateTimeParseException e) {
      try {
        LocalDateTime t = LocalDateTime.parse(iso);
        zoned = false;
        seconds = t.toEpochSecond(ZoneOffset.UTC);
        nanos = t.getNano();
      } catch (DateTimeParseException e2) {
        return null;
      }
    }
    int dot = iso.indexOf('.', 16);
    int digits = 0;
    if (dot >= 0) {
      while (dot + 1 + digits < iso.length() && Character.isDigit(iso.charAt(dot + 1 + digits))) {
        digits++;
      }
    }
    TimeUnit unit =
        digits == 0
            ? TimeUnit.SECOND
            : digits <= 3
                ? TimeUnit.MILLISECOND
                : digits <= 6 ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND;
    BigInteger n =
        BigInteger.valueOf(seconds)
            .multiply(BigInteger.valueOf(1_000_000_000L))
            .add(BigInteger.valueOf(nanos));
    return Literal.timestamp(n, unit, zoned);
  }

  private Literal number() {
    int start = pos;
    if (text.charAt(pos) == '-' || text.charAt(pos) == '+') {
      pos++;
    }
    int digits = 0;
    boolean point = false;
    boolean exponent = false;
    while (pos < text.length()) {
      char ch = text.charAt(pos);
      if (Character.isDigit(ch)) {
        digits++;
        pos++;
      } else if (ch == '.' && !point && !exponent) {
        point = true;
        pos++;
      } else if ((ch == 'e' || ch == 'E') && digits > 0 && !exponent) {
        exponent = true;
        pos++;
        if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
          pos++;
        }
        if (pos >= text.length() || !Character.isDigit(text.charAt(pos))) {
          throw error("expected the digits of the exponent");
        }
      } else {
        break;
      }
    }
    if (digits == 0) {
      pos = start;
      throw error("expected a number");
    }
    if (pos < text.length() && Character.isLetter(text.charAt(pos))) {
      throw error("expected a space, an operator or ')' after the number");
    }
    String s = text.substring(start, pos);
    if (exponent) {
      return Literal.of(Double.parseDouble(s));
    }
    BigDecimal d = new BigDecimal(s.startsWith("+") ? s.substring(1) : s);
    if (!point) {
      try {
        return Literal.of(d.longValueExact());
      } catch (ArithmeticException e) {
        return Literal.of(d);
      }
    }
    return Literal.of(d);
  }

  private String quoted(String expected) {
    if (pos >= text.length() || text.charAt(pos) != '\'') {
      throw error(expected);
    }
    return string();
  }

  /** A single-quoted string from its opening quote. */
  private String string() {
    int open = pos++;
    StringBuilder b = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        pos = open;
        throw error("unterminated string (a quote ' inside a string is written '')");
      }
      char ch = text.charAt(pos++);
      if (ch == '\'') {
        if (pos < text.length() && text.charAt(pos) == '\'') {
          b.append('\'');
          pos++;
        } else {
          return b.toString();
        }
      } else {
        b.append(ch);
      }
    }
  }

  private String peekWord() {
    int end = pos;
    while (end < text.length()
        && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
      end++;
    }
    return text.substring(pos, end);
  }

  private boolean keyword(String word) {
    skipSpace();
    if (peekWord().equalsIgnoreCase(word)) {
      pos += word.length();
      return true;
    }
    return false;
  }

  private boolean symbol(String s) {
    skipSpace();
    if (text.startsWith(s, pos)) {
      pos += s.length();
      return true;
    }
    return false;
  }

  private void expect(String s, String expected) {
    if (!symbol(s)) {
      throw error(expected);
    }
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private FilterException error(String expected) {
    String found;
    if (pos >= text.length()) {
      found = "end of text";
    } else if (text.charAt(pos) == '\'') {
      int end = text.indexOf('\'', pos + 1);
      found = end < 0 ? "an unterminated string" : text.substring(pos, end + 1);
    } else {
      String word = peekWord();
      found = "'" + (word.isEmpty() ? text.substring(pos, pos + 1) : word) + "'";
    }
    return new FilterException(
        ErrorKind.INVALID_ARGUMENT,
        null,
        pos,
        "Invalid filter at position " + pos + ": " + expected + ", found " + found);
  }
}
