package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
  private static Field leaf(String name) {
    return Field.nullable(name, new ArrowType.Utf8());
  }

  private static Field struct(String name, Field... children) {
    return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  private static final List<Field> SCHEMA =
      List.of(
          leaf("event_id"),
          leaf("amount"),
          struct("user", leaf("id"), leaf("name"), leaf("country")),
          new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(leaf("element"))),
          struct("a.b", leaf("c")));

  @Test
  void aNameFindsTheNestedPathsThatEndInIt() {
    assertEquals(List.of("user.country"), Suggestions.closestPaths("country", SCHEMA));
    assertEquals(List.of("user.country"), Suggestions.closestPaths("COUNTRY", SCHEMA));
    assertEquals(List.of("user.country"), Suggestions.closestPaths("user.contry", SCHEMA));
    assertEquals(List.of("user.country"), Suggestions.closestPaths("contry", SCHEMA));
    assertEquals(List.of("tags.element"), Suggestions.closestPaths("element", SCHEMA));
  }

  @Test
  void aMisspeltNameFindsTheNearest() {
    assertEquals(List.of("amount"), Suggestions.closestPaths("ammount", SCHEMA));
    assertEquals(List.of("user.name"), Suggestions.closestPaths("user.nme", SCHEMA));
    // a name that holds a dot is written as a path that resolves to it
    assertEquals(List.of("`a.b`.c"), Suggestions.closestPaths("c", SCHEMA));
  }

  @Test
  void nothingCloseSuggestsNothing() {
    assertEquals(List.of(), Suggestions.closestPaths("nothing_like_it", SCHEMA));
    // one or two letters are not guessed at: only their own spelling in another case
    assertEquals(List.of(), Suggestions.closestPaths("ix", SCHEMA));
    assertEquals(List.of("user.id"), Suggestions.closestPaths("ID", SCHEMA));
  }

  @Test
  void commandsSuggestOnlyTheNearest() {
    List<String> commands = List.of("schema", "cat", "export", "import", "meta");
    assertEquals(List.of("export"), Suggestions.closest("exprt", commands));
    assertEquals(List.of("import"), Suggestions.closest("improt", commands));
    assertEquals(List.of(), Suggestions.closest("frobnicate", commands));
  }

  @Test
  void editsCountInsertionsDeletionsAndChanges() {
    assertEquals(0, Suggestions.edits("abc", "abc"));
    assertEquals(1, Suggestions.edits("abc", "abcd"));
    assertEquals(1, Suggestions.edits("abc", "ab"));
    assertEquals(1, Suggestions.edits("abc", "axc"));
    assertEquals(3, Suggestions.edits("", "abc"));
    assertEquals(2, Suggestions.edits("improt", "import"));
  }

  @Test
  void theHintSuggestsWhenSomethingIsCloseAndListsOtherwise() {
    assertEquals("did you mean export?", Suggestions.didYouMean(List.of("export")));
    assertEquals(
        "did you mean user.name or amount?",
        Suggestions.hint(List.of("user.name", "amount"), "columns", List.of("x")));
    assertEquals(
        "user has: name, country",
        Suggestions.hint(List.of(), "user has", List.of("name", "country")));
  }
}
