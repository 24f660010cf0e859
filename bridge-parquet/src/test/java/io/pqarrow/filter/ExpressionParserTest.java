package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.VariantType;
import io.pqarrow.filter.Expression.Op;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The filter syntax of {@code --where}: what parses to what, and where errors point. */
class ExpressionParserTest {

  @Test
  void theIssuesExamplesParse() {
    assertEquals(
        Expression.and(
            Expression.compare("id", Op.GE, 100L), Expression.compare("country", Op.EQ, "US")),
        ExpressionParser.parse("id >= 100 and country = 'US'"));
    assertEquals(Expression.isNull("s"), ExpressionParser.parse("s is null"));
    assertEquals(
        Expression.in("country", List.of("US", "FR")),
        ExpressionParser.parse("country in ('US', 'FR')"));
    assertEquals(
        Expression.not(Expression.compare("a", Op.LT, 3L)), ExpressionParser.parse("not (a < 3)"));
    Expression.Comparison v =
        (Expression.Comparison) ExpressionParser.parse("payload.$.kind = 'click'");
    assertEquals(List.of("payload"), v.column().names());
    assertEquals("$.kind", v.column().variantPath());
    assertEquals(0, v.column().position());
  }

  @Test
  void andBindsTighterThanOrAndKeywordsIgnoreCase() {
    assertEquals(
        Expression.or(
            Expression.compare("a", Op.EQ, 1L),
            Expression.and(Expression.compare("b", Op.EQ, 2L), Expression.isNotNull("c"))),
        ExpressionParser.parse("a = 1 OR b == 2 AnD c IS NOT NULL"));
    assertEquals(
        Expression.not(Expression.in("a", List.of(1L))), ExpressionParser.parse("a not in (1)"));
    assertEquals(Expression.compare("a", Op.NE, 1L), ExpressionParser.parse("a <> 1"));
  }

  @Test
  void betweenIsBothEndsIncludedAndNotBetweenItsNegation() {
    Expression inside =
        Expression.and(Expression.compare("x", Op.GE, 1L), Expression.compare("x", Op.LE, 5L));
    assertEquals(inside, ExpressionParser.parse("x between 1 and 5"));
    assertEquals(inside, ExpressionParser.parse("x BETWEEN 1 AND 5"));
    assertEquals(Expression.not(inside), ExpressionParser.parse("x not between 1 and 5"));
    // the and of between binds before the and that joins predicates
    assertEquals(
        Expression.and(inside, Expression.compare("y", Op.EQ, 2L)),
        ExpressionParser.parse("x between 1 and 5 and y == 2"));
  }

  @Test
  void literalsOfEveryKind() {
    assertEquals(Literal.of(-7L), literal("-7"));
    assertEquals(Literal.of(new BigDecimal("1.10")), literal("1.10"));
    assertEquals(Literal.Kind.DECIMAL, literal("1.10").kind());
    assertEquals(Literal.of(1000.0), literal("1e3"));
    assertEquals(
        Literal.of(new BigDecimal("99999999999999999999")), literal("99999999999999999999"));
    assertEquals(Literal.of(true), literal("TRUE"));
    assertEquals(Literal.ofNull(), literal("null"));
    assertEquals(Literal.of("it's"), literal("'it''s'"));
    assertEquals(Literal.ofBinary(new byte[] {0x0a, (byte) 0xff}), literal("X'0aFF'"));
    assertEquals(Literal.of(LocalDate.of(2025, 1, 1)), literal("DATE '2025-01-01'"));
    Literal zoned = literal("TIMESTAMP '2025-01-01T00:00:00Z'");
    assertEquals(
        BigInteger.valueOf(1735689600L).multiply(BigInteger.TEN.pow(9)), zoned.epochNanos());
    assertTrue(zoned.hasZone());
    assertEquals(TimeUnit.SECOND, zoned.timestampUnit());
    Literal local = literal("timestamp '2025-01-01 02:00:00.123456+02:00'");
    assertEquals(
        BigInteger.valueOf(1735689600_123456L).multiply(BigInteger.valueOf(1000)),
        local.epochNanos());
    assertEquals(TimeUnit.MICROSECOND, local.timestampUnit());
    Literal wall = literal("TIMESTAMP '2025-01-01T00:00:00.5'");
    assertTrue(!wall.hasZone());
    assertEquals(TimeUnit.MILLISECOND, wall.timestampUnit());
  }

  @Test
  void quotedNamesAndVariantPaths() {
    Expression.Comparison c =
        (Expression.Comparison) ExpressionParser.parse("\"my col\".\"and\" = 1");
    assertEquals(List.of("my col", "and"), c.column().names());
    Expression.Comparison v =
        (Expression.Comparison) ExpressionParser.parse("s.v.$.a[0]['b c'].d >= 1");
    assertEquals(List.of("s", "v"), v.column().names());
    assertEquals("$.a[0]['b c'].d", v.column().variantPath());
    Expression.StartsWith s =
        (Expression.StartsWith) ExpressionParser.parse("starts_with(name, 'ab')");
    assertEquals(Literal.of("ab"), s.prefix());
  }

  @Test
  void printedExpressionsParseBack() {
    for (String text :
        List.of(
            "(a = 1 or b != 'x''y') and not c is null",
            "\"select\" in (1, 2.50, 3e-1, X'00', DATE '2024-02-29') or d < TIMESTAMP '2024-01-01T00:00:00.000000001Z'",
            "starts_with(\"a b\", 'p') and v.$.k[2] > -1")) {
      Expression e = ExpressionParser.parse(text);
      assertEquals(e, ExpressionParser.parse(e.toString()), text + " printed as " + e);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "id >=|5|expected a literal, found end of text",
        "id >= 100 and|13|expected a column name, found end of text",
        "country in ('US' 'FR')|17|expected ',' or ')' in the list of 'in', found 'FR'",
        "not (a < 3|10|expected ')', found end of text",
        "a = b|4|a column cannot be compared with a column",
        "x = 'open|4|unterminated string",
        "a < 3 b|6|expected 'and', 'or' or the end of the filter, found 'b'",
        "a ~ 3|2|expected an operator",
        "and = 1|0|quote the keyword 'and'",
        "d = DATE '2025-13-01'|9|expected a date as 'yyyy-mm-dd'",
        "t > TIMESTAMP 'soon'|14|expected a timestamp",
        "s is 3|5|expected 'null' or 'not null', found '3'",
        "starts_with(s, 3)|15|expected a string prefix",
        "a = 12abc|6|expected a space, an operator or ')' after the number",
        "'US' = country|0|expected a column name",
        "|0|expected a filter expression",
      })
  void errorsNameThePositionAndWhatWasExpected(String text, int position, String expected) {
    FilterException e =
        assertThrows(FilterException.class, () -> ExpressionParser.parse(text == null ? "" : text));
    assertEquals(position, e.position(), e.getMessage());
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    assertTrue(
        e.getMessage().startsWith("Invalid filter at position " + position + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
              new Field(
                  "s",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(Field.nullable("x", ArrowType.Utf8.INSTANCE))),
              new Field(
                  "l",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.nullable("element", new ArrowType.Int(32, true)))),
              VariantType.unshreddedField("v", true)));

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "id = 1 and nope = 2|11|NOT_FOUND|unknown column nope (columns: id, d, s, l, v)",
        "s.y = 'a'|0|NOT_FOUND|unknown column s.y (s has: x)",
        "d = 'x'|0|INVALID_ARGUMENT|column d has type Date(DAY), which cannot be compared with string 'x'",
        "id > DATE '2024-01-01'|0|INVALID_ARGUMENT|column id has type Int(64, true)",
        "s = 1|0|INVALID_ARGUMENT|column s has type Struct",
        "l.element = 1|0|INVALID_ARGUMENT|goes inside l",
        "v = 1|0|INVALID_ARGUMENT|compare a value inside it: v.$.field",
        "id.$.a = 1|0|INVALID_ARGUMENT|is not a Variant column",
        "starts_with(id, 'a')|12|INVALID_ARGUMENT|starts_with takes a string or binary column",
      })
  void bindingErrorsNameTheColumnAndPosition(
      String text, int position, ErrorKind kind, String expected) {
    FilterException e =
        assertThrows(
            FilterException.class,
            () -> FilterEvaluator.bind(ExpressionParser.parse(text), SCHEMA));
    assertEquals(kind, e.kind());
    assertEquals(position, e.position());
    assertTrue(
        e.getMessage().startsWith("Invalid filter at position " + position + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void bindingReportsTheColumnsToRead() {
    FilterEvaluator f =
        FilterEvaluator.bind(
            ExpressionParser.parse("s.x = 'a' or v.$.k = 1 or s.x is null or id < 3"), SCHEMA);
    assertEquals(List.of("s.x", "v", "id"), f.columns());
  }

  private static Literal literal(String text) {
    return ((Expression.Comparison) ExpressionParser.parse("a = " + text)).literal();
  }
}
