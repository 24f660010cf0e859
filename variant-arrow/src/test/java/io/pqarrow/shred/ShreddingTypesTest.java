package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.extension.ShreddedScalar;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The compact shredding type syntax, and the request types shredding refuses. */
class ShreddingTypesTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "struct<a:int64,b:list<string>>                | struct<a:int64,b:list<string>>",
        " STRUCT < a : Int64 , b : LIST<String> >      | struct<a:int64,b:list<string>>",
        "list<struct<id:uuid,at:timestamptz(ns)>>      | list<struct<id:uuid,at:timestamptz(ns)>>",
        "large_list<decimal(18, 4)>                    | large_list<decimal(18,4)>",
        "struct<`a b`:bool,`x``y`:variant,c.d:date>    | struct<`a b`:boolean,`x``y`:variant,c.d:date>",
        "struct<t:time,u:uint8,f:float32,g:float64>    | struct<t:time,u:uint8,f:float,g:double>",
        "timestamp(us)                                 | timestamp(us)",
        "string_view                                   | string_view",
        "variant                                       | variant"
      })
  void parsesAndFormatsBack(String text, String formatted) {
    Field f = ShreddingTypes.parse("v", text);
    assertEquals(formatted, ShreddingTypes.format(f));
    assertEquals(f, ShreddingTypes.parse("v", formatted));
  }

  @Test
  void parsesToTheArrowTypesItNames() {
    Field f = ShreddingTypes.parse("v", "struct<a:int64,b:list<string>,c:timestamptz(us)>");
    assertEquals(ArrowType.Struct.INSTANCE, f.getType());
    assertEquals(new ArrowType.Int(64, true), f.getChildren().get(0).getType());
    assertEquals(ArrowType.List.INSTANCE, f.getChildren().get(1).getType());
    assertEquals(ArrowType.Utf8.INSTANCE, f.getChildren().get(1).getChildren().get(0).getType());
    assertEquals(
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), f.getChildren().get(2).getType());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "struct<a:int64         | Invalid shredding type at position 14: expected '>', found the end",
        "struct<>               | Invalid shredding type at position 7: expected a field name",
        "struct<a int64>        | Invalid shredding type at position 9: expected ':', found 'i'",
        "int128                 | Invalid shredding type at position 0: unknown type \"int128\"",
        "list<>                 | Invalid shredding type at position 5: expected a type",
        "decimal(40,2)          | Invalid shredding type at position 0: decimal(40,2) needs 1 <="
            + " precision <= 38 and scale <= precision",
        "timestamp(ms)          | Invalid shredding type at position 10: expected the unit us or"
            + " ns, found \"ms\"",
        "int64 x                | Invalid shredding type at position 6: unexpected text after the"
            + " type",
        "struct<``:int64>       | Invalid shredding type at position 9: empty field name"
      })
  void malformedTextIsAnErrorWithItsPosition(String text, String message) {
    ShredException e = assertThrows(ShredException.class, () -> ShreddingTypes.parse("v", text));
    assertEquals(message, e.getMessage());
  }

  private static Field leaf(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static Field struct(Field... children) {
    return new Field("v", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  @Test
  void requestsOutsideTheAllowedTypesAreErrorsNamingThePath() {
    record Case(Field request, String message) {}
    List<Case> cases =
        List.of(
            new Case(
                struct(leaf("a", new ArrowType.Int(64, false))),
                "Unsupported typed_value type at v.a: Int(64, false) (UInt64 has no signed"
                    + " widening)"),
            new Case(
                struct(leaf("a", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))),
                "Unsupported typed_value type at v.a: FloatingPoint(HALF) (not an allowed shredded"
                    + " Variant type)"),
            new Case(
                struct(leaf("a", new ArrowType.FixedSizeBinary(4))),
                "Unsupported typed_value type at v.a: FixedSizeBinary(4) (not an allowed shredded"
                    + " Variant type)"),
            new Case(
                leaf("v", new ArrowType.Decimal(40, 2, 256)),
                "Unsupported typed_value type at v: Decimal(40, 2, 256) (Variant decimals hold 38"
                    + " digits)"),
            new Case(
                leaf("v", new ArrowType.Date(DateUnit.MILLISECOND)),
                "Unsupported typed_value type at v: Date(MILLISECOND) (not an allowed shredded"
                    + " Variant type)"),
            new Case(
                leaf("v", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
                "Unsupported typed_value type at v: Time(MILLISECOND, 32) (only Time64(us) is"
                    + " allowed)"),
            new Case(
                leaf("v", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
                "Unsupported typed_value type at v: Timestamp(SECOND, null) (only us and ns"
                    + " timestamps)"),
            new Case(
                leaf("v", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
                "Unsupported typed_value type at v: Interval(DAY_TIME) (not an allowed shredded"
                    + " Variant type)"),
            new Case(
                new Field(
                    "v",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(leaf("element", ArrowType.Null.INSTANCE))),
                "Unsupported typed_value type at v[]: Null (Variant null is always stored in"
                    + " value, never in typed_value)"),
            new Case(
                new Field(
                    "v",
                    FieldType.nullable(ArrowType.ListView.INSTANCE),
                    List.of(leaf("element", new ArrowType.Int(64, true)))),
                "Unsupported typed_value type at v: ListView (shredding writes List or LargeList;"
                    + " list views are only read)"),
            new Case(
                struct(),
                "Invalid shredding type at v: a shredded object needs at least one field (Parquet"
                    + " groups cannot be empty)"),
            new Case(
                ShreddingTypes.parse("v", "struct<a:int64,a:string>"),
                "Invalid shredding type at v: field \"a\" is listed twice"));
    for (Case c : cases) {
      ShredException e =
          assertThrows(ShredException.class, () -> Shredding.storageField("v", c.request(), true));
      assertEquals(c.message(), e.getMessage());
    }
  }

  /** Every word of the syntax, with the one Arrow type it parses to. */
  private static final List<String> WORDS =
      List.of(
          "boolean",
          "int8",
          "int16",
          "int32",
          "int64",
          "uint8",
          "uint16",
          "uint32",
          "float",
          "double",
          "decimal(1,0)",
          "decimal(9,2)",
          "decimal(18,18)",
          "decimal(38,10)",
          "date",
          "time",
          "timestamp(us)",
          "timestamp(ns)",
          "timestamptz(us)",
          "timestamptz(ns)",
          "string",
          "large_string",
          "string_view",
          "binary",
          "large_binary",
          "binary_view",
          "uuid");

  @Test
  void everyPrimitiveWordIsAnEntryOfTheShreddedTypeTableAndFormatsBackToItself() {
    for (String word : WORDS) {
      Field f = ShreddingTypes.parse("v", word);
      assertNotNull(ShreddedScalar.of(f), word + " parses to a type the table refuses");
      assertEquals(word, ShreddingTypes.format(f));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unformattable")
  void formatRefusesWhatParseWouldNotReadBackAsTheSameType(ArrowType type, String message) {
    ShredException e =
        assertThrows(ShredException.class, () -> ShreddingTypes.format(struct(leaf("a", type))));
    assertEquals(message, e.getMessage());
  }

  static Stream<Arguments> unformattable() {
    return Stream.of(
        Arguments.of(
            new ArrowType.Int(64, false),
            "Unsupported typed_value type at v.a: Int(64, false) (UInt64 has no signed widening)"),
        Arguments.of(
            new ArrowType.Decimal(38, 2, 256),
            "Unsupported typed_value type at v.a: Decimal(38, 2, 256) (Variant decimals hold 38"
                + " digits)"),
        Arguments.of(
            new ArrowType.Decimal(5, -1, 128),
            "Unsupported typed_value type at v.a: Decimal(5, -1, 128) (a Variant decimal needs 0 <="
                + " scale <= precision)"),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
            "Unsupported typed_value type at v.a: Timestamp(MILLISECOND, null) (only us and ns"
                + " timestamps)"),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"),
            "Unsupported typed_value type at v.a: Timestamp(MICROSECOND, Europe/Paris) (no word"
                + " for it in the syntax)"),
        Arguments.of(
            ArrowType.Null.INSTANCE,
            "Unsupported typed_value type at v.a: Null (no word for it in the syntax)"));
  }
}
