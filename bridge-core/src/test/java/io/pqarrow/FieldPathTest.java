package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class FieldPathTest {
  private static Field leaf(String name) {
    return Field.nullable(name, new ArrowType.Int(64, true));
  }

  private static Field struct(String name, Field... children) {
    return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  private static Field list(String name, Field element) {
    return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
  }

  /**
   * A top-level {@code a.b}, a struct {@code a} with child {@code b} (the ambiguous pair), a struct
   * {@code s} whose child {@code x.y} has a dot, a list of such structs and a Variant column.
   */
  private static final List<Field> SCHEMA =
      List.of(
          leaf("a.b"),
          struct("a", leaf("b"), leaf("c")),
          struct("s", leaf("x.y"), struct("x", leaf("z"))),
          list("l", struct("element", leaf("x.y"))),
          struct("p.q", struct("r.s", leaf("t"))),
          new Field(
              "v",
              FieldType.nullable(VariantType.INSTANCE),
              VariantType.unshreddedField("v", true).getChildren()),
          leaf("w`x"));

  private static List<String> resolve(String path) {
    return FieldPath.parse(path).resolve(SCHEMA);
  }

  @Test
  void parsesBackticksAsLiteralNames() {
    FieldPath p = FieldPath.parse("`a.b`.c.`x``y`");
    assertEquals(List.of("a.b", "c", "x`y"), p.parts());
    assertTrue(p.isQuoted(0));
    assertFalse(p.isQuoted(1));
    assertTrue(p.isQuoted(2));
    assertEquals("`a.b`.c.`x``y`", p.toString());
    assertEquals(List.of("a", "b", ""), FieldPath.parse("a.b.").parts());
    assertEquals(List.of("w`x"), FieldPath.parse("w`x").parts());
  }

  @Test
  void refusesMalformedBackticks() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FieldPath.parse("`a.b"));
    assertTrue(e.getMessage().contains("unterminated backtick at position 0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> FieldPath.parse("`a`b"));
    assertTrue(e.getMessage().contains("expected '.'"), e.getMessage());
  }

  @Test
  void unquotedTakesTheLongestRunThatNamesAField() {
    assertEquals(List.of("a.b"), resolve("a.b"));
    assertEquals(List.of("a", "c"), resolve("a.c"));
    assertEquals(List.of("s", "x.y"), resolve("s.x.y"));
    assertEquals(List.of("s", "x", "z"), resolve("s.x.z"));
    assertEquals(List.of("p.q", "r.s", "t"), resolve("p.q.r.s.t"));
    assertEquals(List.of("l", "element", "x.y"), resolve("l.element.x.y"));
  }

  @Test
  void fallsBackToShorterRunsWhenTheLongerLeadsNowhere() {
    // struct a.b has no child c: a.b.c is child c of child b of struct a
    List<Field> schema = List.of(struct("a.b", leaf("d")), struct("a", struct("b", leaf("c"))));
    assertEquals(List.of("a", "b", "c"), FieldPath.parse("a.b.c").resolve(schema));
    assertEquals(List.of("a.b", "d"), FieldPath.parse("a.b.d").resolve(schema));
  }

  @Test
  void backticksNameExactlyOneField() {
    assertEquals(List.of("a", "b"), resolve("`a`.b"));
    assertEquals(List.of("a", "b"), resolve("`a`.`b`"));
    assertEquals(List.of("a.b"), resolve("`a.b`"));
    assertEquals(List.of("s", "x.y"), resolve("s.`x.y`"));
    assertEquals(List.of("w`x"), resolve("`w``x`"));
    // a quoted part is never joined with its neighbours: `p`.q is not field p.q
    assertEquals(List.of("p", "q", "r", "s", "t"), resolve("`p`.q.r.s.t"));
    assertEquals(List.of("p.q", "r.s", "t"), resolve("p.q.`r.s`.t"));
  }

  @Test
  void variantKeysSplitAtEveryUnquotedDot() {
    assertEquals(List.of("v", "a", "b"), resolve("v.a.b"));
    assertEquals(List.of("v", "a.b", "c"), resolve("v.`a.b`.c"));
  }

  @Test
  void unresolvedPathsResolveAsFarAsTheSchemaGoes() {
    assertEquals(List.of("nope", "x"), resolve("nope.x"));
    assertEquals(List.of("a", "zz"), resolve("a.zz"));
    assertEquals(List.of("s", "x", "q"), resolve("s.x.q"));
    assertEquals(List.of("p.q", "r.s", "u"), resolve("p.q.r.s.u"));
  }

  @Test
  void exactPathsAndQuoting() {
    assertEquals("`a`.`b`", FieldPath.quote(List.of("a", "b")));
    assertEquals("`a.b`.`c`", FieldPath.quote(List.of("a.b", "c")));
    assertEquals("x", FieldPath.quote(List.of("x")));
    assertEquals("`a.b`", FieldPath.quote(List.of("a.b")));
    assertEquals("``", FieldPath.quote(List.of("")));
    assertEquals("```x`", FieldPath.quote(List.of("`x")));
    assertEquals("a.c", FieldPath.quote(List.of("a", "c"), SCHEMA));
    assertEquals("`a`.`b`", FieldPath.quote(List.of("a", "b"), SCHEMA));
    assertEquals("`a.b`", FieldPath.quote(List.of("a.b"), SCHEMA));
    assertEquals("s.`x.y`", FieldPath.quote(List.of("s", "x.y"), SCHEMA));
    FieldPath exact = FieldPath.of(List.of("a", "b"));
    assertEquals(List.of("a", "b"), exact.resolve(SCHEMA));
    assertEquals("`a`.`b`", exact.toString());
    assertEquals(FieldPath.parse("`a`.`b`"), exact);
    assertNotEquals(FieldPath.parse("a.b"), exact);
    FieldPath resolved = FieldPath.parse("a.b").resolved(SCHEMA);
    assertEquals(List.of("a.b"), resolved.parts());
    assertEquals("a.b", resolved.toString());
    for (String path : List.of("`a.b`", "a.b", "`a`.b", "s.x.y", "l.element.x.y", "`w``x`")) {
      List<String> names = resolve(path);
      assertEquals(names, resolve(FieldPath.quote(names)), path);
      assertEquals(names, resolve(FieldPath.quote(names, SCHEMA)), path);
    }
  }

  @Test
  void aListItemAnswersToElementItemItsOwnNameAndListElement() {
    // pyarrow's ARROW:schema names the item "item"; the Parquet format, and files of other
    // writers, "element"
    List<Field> pyarrow = List.of(list("l", struct("item", leaf("x"))), list("n", leaf("item")));
    for (String path : List.of("l.item.x", "l.element.x", "l.list.element.x", "l.list.item.x")) {
      assertEquals(List.of("l", "item", "x"), FieldPath.parse(path).resolve(pyarrow), path);
    }
    for (String path : List.of("n.item", "n.element", "n.list.element")) {
      assertEquals(List.of("n", "item"), FieldPath.parse(path).resolve(pyarrow), path);
    }
    // the other way round: a file that names it element answers to item
    assertEquals(List.of("l", "element", "x.y"), resolve("l.item.x.y"));
    assertEquals(List.of("l", "element", "x.y"), resolve("l.list.element.x.y"));
    // only below a list: a struct's child is named by its own name
    assertEquals(List.of("a", "element"), resolve("a.element"));
    // a child really called item of a list of structs is still reached by its name
    List<Field> named = List.of(list("m", struct("element", leaf("item"))));
    assertEquals(List.of("m", "element", "item"), FieldPath.parse("m.item.item").resolve(named));
  }
}
