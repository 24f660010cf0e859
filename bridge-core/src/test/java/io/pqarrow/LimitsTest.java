package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LimitsTest {
  /** The table of the class documentation: limit, default. */
  static Stream<Arguments> defaultsTable() {
    return Stream.of(
        row("maxParquetSchemaDepth", Limits::maxParquetSchemaDepth, 256),
        row("maxArrowSchemaDepth", Limits::maxArrowSchemaDepth, 64),
        row("maxArrowSchemaFields", Limits::maxArrowSchemaFields, 100_000),
        row("maxFooterBytes", Limits::maxFooterBytes, 256L * 1024 * 1024),
        row("maxVariantDepth", Limits::maxVariantDepth, 512),
        row("maxValidationDepth", Limits::maxValidationDepth, 256),
        row("maxVariantElements", Limits::maxVariantElements, 16_777_216),
        row("maxVariantValueBytes", Limits::maxVariantValueBytes, 1024L * 1024 * 1024),
        row("maxVariantMetadataBytes", Limits::maxVariantMetadataBytes, 1024L * 1024 * 1024),
        row("maxVariantDictionarySize", Limits::maxVariantDictionarySize, 16_777_216),
        row("maxJsonDepth", Limits::maxJsonDepth, 512),
        row("maxJsonNumberLength", Limits::maxJsonNumberLength, 1_000),
        row("maxJsonStringLength", Limits::maxJsonStringLength, 20_000_000),
        row("maxJsonNameLength", Limits::maxJsonNameLength, 50_000),
        row("maxInferDepth", Limits::maxInferDepth, 64),
        row("maxInferredFields", Limits::maxInferredFields, 1_024));
  }

  private static Arguments row(String name, ToLongFunction<Limits> getter, long expected) {
    return Arguments.of(name, getter, expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultsTable")
  void eachLimitHasItsDocumentedDefault(String name, ToLongFunction<Limits> getter, long expected) {
    assertEquals(expected, getter.applyAsLong(Limits.defaults()), name);
    assertEquals(expected, getter.applyAsLong(Limits.builder().build()), name);
  }

  @Test
  void theTableCoversEveryLimit() {
    String text = Limits.defaults().toString();
    long limits = text.chars().filter(c -> c == '=').count();
    assertEquals(defaultsTable().count(), limits, text);
    defaultsTable()
        .forEach(
            a -> {
              String entry = a.get()[0] + "=" + a.get()[2];
              assertEquals(true, text.contains(entry), entry + " in " + text);
            });
  }

  static Stream<Arguments> refusedValues() {
    return Stream.of(
        refused(b -> b.maxParquetSchemaDepth(-1), "maxParquetSchemaDepth: -1 (must be at least 0)"),
        refused(b -> b.maxArrowSchemaDepth(-2), "maxArrowSchemaDepth: -2 (must be at least 0)"),
        refused(b -> b.maxArrowSchemaFields(-1), "maxArrowSchemaFields: -1 (must be at least 0)"),
        refused(b -> b.maxFooterBytes(-1), "maxFooterBytes: -1 (must be at least 0)"),
        refused(b -> b.maxVariantDepth(513), "maxVariantDepth: 513 (must be between 0 and 512)"),
        refused(b -> b.maxVariantDepth(-1), "maxVariantDepth: -1 (must be between 0 and 512)"),
        refused(
            b -> b.maxValidationDepth(Integer.MAX_VALUE),
            "maxValidationDepth: 2147483647 (must be between 0 and 512)"),
        refused(b -> b.maxVariantElements(-1), "maxVariantElements: -1 (must be at least 0)"),
        refused(b -> b.maxVariantValueBytes(0), "maxVariantValueBytes: 0 (must be at least 1)"),
        refused(
            b -> b.maxVariantMetadataBytes(0), "maxVariantMetadataBytes: 0 (must be at least 1)"),
        refused(
            b -> b.maxVariantDictionarySize(-1),
            "maxVariantDictionarySize: -1 (must be at least 0)"),
        refused(b -> b.maxJsonDepth(-1), "maxJsonDepth: -1 (must be at least 0)"),
        refused(b -> b.maxJsonNumberLength(-1), "maxJsonNumberLength: -1 (must be at least 0)"),
        refused(b -> b.maxJsonStringLength(-1), "maxJsonStringLength: -1 (must be at least 0)"),
        refused(b -> b.maxJsonNameLength(-1), "maxJsonNameLength: -1 (must be at least 0)"),
        refused(b -> b.maxInferDepth(-1), "maxInferDepth: -1 (must be at least 0)"),
        refused(b -> b.maxInferredFields(-1), "maxInferredFields: -1 (must be at least 0)"));
  }

  private static Arguments refused(Consumer<Limits.Builder> set, String message) {
    return Arguments.of(set, "Invalid limit " + message);
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("refusedValues")
  void outOfRangeValuesAreRefusedNamingTheLimit(Consumer<Limits.Builder> set, String message) {
    Limits.Builder b = Limits.builder();
    assertEquals(
        message, assertThrows(IllegalArgumentException.class, () -> set.accept(b)).getMessage());
    assertEquals(Limits.defaults(), b.build(), "a refused value leaves the builder as it was");
  }

  @Test
  void theBoundsThemselvesAreAccepted() {
    Limits edge =
        Limits.builder()
            .maxParquetSchemaDepth(0)
            .maxVariantDepth(Limits.VARIANT_DEPTH_CEILING)
            .maxValidationDepth(0)
            .maxVariantValueBytes(1)
            .maxFooterBytes(Long.MAX_VALUE)
            .build();
    assertEquals(0, edge.maxParquetSchemaDepth());
    assertEquals(512, edge.maxVariantDepth());
    assertEquals(0, edge.maxValidationDepth());
    assertEquals(1, edge.maxVariantValueBytes());
    assertEquals(Long.MAX_VALUE, edge.maxFooterBytes());
  }

  @Test
  void toBuilderCopiesEveryLimitAndLeavesTheOriginalAlone() {
    Limits custom =
        Limits.builder()
            .maxParquetSchemaDepth(1)
            .maxArrowSchemaDepth(2)
            .maxArrowSchemaFields(3)
            .maxFooterBytes(4)
            .maxVariantDepth(5)
            .maxValidationDepth(6)
            .maxVariantElements(7)
            .maxVariantValueBytes(8)
            .maxVariantMetadataBytes(9)
            .maxVariantDictionarySize(10)
            .maxJsonDepth(11)
            .maxJsonNumberLength(12)
            .maxJsonStringLength(13)
            .maxJsonNameLength(14)
            .maxInferDepth(15)
            .maxInferredFields(16)
            .build();
    Limits copy = custom.toBuilder().build();
    assertEquals(custom, copy);
    assertEquals(custom.hashCode(), copy.hashCode());
    assertEquals(custom.toString(), copy.toString());
    assertEquals(
        "Limits{maxParquetSchemaDepth=1, maxArrowSchemaDepth=2, maxArrowSchemaFields=3,"
            + " maxFooterBytes=4, maxVariantDepth=5, maxValidationDepth=6, maxVariantElements=7,"
            + " maxVariantValueBytes=8, maxVariantMetadataBytes=9, maxVariantDictionarySize=10,"
            + " maxJsonDepth=11, maxJsonNumberLength=12, maxJsonStringLength=13,"
            + " maxJsonNameLength=14, maxInferDepth=15, maxInferredFields=16}",
        custom.toString());
    Limits changed = custom.toBuilder().maxJsonDepth(99).build();
    assertNotEquals(custom, changed);
    assertEquals(11, custom.maxJsonDepth());
    assertEquals(99, changed.maxJsonDepth());
  }

  @Test
  void defaultsAreOneSharedInstance() {
    assertSame(Limits.defaults(), Limits.defaults());
    assertEquals(Limits.defaults(), Limits.builder().build());
  }
}
