package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PathExpressionTest {
  static PathExpression.Step key(String k) {
    return new PathExpression.Step(k, -1);
  }

  static PathExpression.Step index(int i) {
    return new PathExpression.Step(null, i);
  }

  static Stream<Arguments> valid() {
    return Stream.of(
        Arguments.of("$", List.of()),
        Arguments.of("$.a", List.of(key("a"))),
        Arguments.of("$.a.b", List.of(key("a"), key("b"))),
        Arguments.of("$[0]", List.of(index(0))),
        Arguments.of("$[12][3]", List.of(index(12), index(3))),
        Arguments.of("$.items[2].id", List.of(key("items"), index(2), key("id"))),
        Arguments.of("$['a.b']", List.of(key("a.b"))),
        Arguments.of("$[\"a b\"]", List.of(key("a b"))),
        Arguments.of("$['it\\'s']", List.of(key("it's"))),
        Arguments.of("$[\"say \\\"hi\\\"\"]", List.of(key("say \"hi\""))),
        Arguments.of("$['back\\\\slash']", List.of(key("back\\slash"))),
        Arguments.of("$['\\u00e9t\\u00e9']", List.of(key("\u00e9t\u00e9"))),
        Arguments.of("$['']", List.of(key(""))),
        Arguments.of("$['[0]']", List.of(key("[0]"))),
        Arguments.of("$.\u4e2d\u6587", List.of(key("\u4e2d\u6587"))),
        Arguments.of("$.a-b_c$", List.of(key("a-b_c$"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valid")
  void parsesStepsOfValidPaths(String text, List<PathExpression.Step> steps) {
    PathExpression p = PathExpression.parse(text);
    assertEquals(steps, p.steps());
    assertEquals(text, p.toString());
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(
            "", "Invalid Variant path at position 0: expected '$', found the end of the path in "),
        Arguments.of("a.b", "Invalid Variant path at position 0: expected '$', found 'a' in a.b"),
        Arguments.of(
            "$.",
            "Invalid Variant path at position 2: expected a key name, found the end of the path in $."),
        Arguments.of(
            "$..a", "Invalid Variant path at position 2: expected a key name, found '.' in $..a"),
        Arguments.of(
            "$a", "Invalid Variant path at position 1: expected '.' or '[', found 'a' in $a"),
        Arguments.of(
            "$[",
            "Invalid Variant path at position 2: expected an index or a quoted key, found the end of the path in $["),
        Arguments.of(
            "$[-1]",
            "Invalid Variant path at position 2: expected an index or a quoted key, found '-' in $[-1]"),
        Arguments.of(
            "$[1",
            "Invalid Variant path at position 3: expected ']', found the end of the path in $[1"),
        Arguments.of(
            "$[1x]", "Invalid Variant path at position 3: expected ']', found 'x' in $[1x]"),
        Arguments.of(
            "$.abc['x",
            "Invalid Variant path at position 6: expected a closing ' for the key opened here in $.abc['x"),
        Arguments.of(
            "$['x'",
            "Invalid Variant path at position 5: expected ']', found the end of the path in $['x'"),
        Arguments.of(
            "$['\\q']",
            "Invalid Variant path at position 3: expected an escape (\\\\ \\' \\\" n t r b f / u), found 'q' in $['\\q']"),
        Arguments.of(
            "$['\\u00g0']",
            "Invalid Variant path at position 7: expected a hex digit, found 'g' in $['\\u00g0']"),
        Arguments.of(
            "$[99999999999]",
            "Invalid Variant path at position 2: expected an index at most 2147483647 in $[99999999999]"),
        Arguments.of(
            "$.a b",
            "Invalid Variant path at position 3: expected '.' or '[', found ' ' in $.a b"));
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @MethodSource("invalid")
  void rejectsInvalidPathsNamingThePosition(String text, String message) {
    KernelException e = assertThrows(KernelException.class, () -> PathExpression.parse(text));
    assertEquals(message, e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valid")
  void stepToStringReparsesToTheSameStep(String text, List<PathExpression.Step> steps) {
    StringBuilder sb = new StringBuilder("$");
    steps.forEach(sb::append);
    assertEquals(steps, PathExpression.parse(sb.toString()).steps());
  }
}
