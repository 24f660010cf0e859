package io.pqarrow.extension;

import static io.pqarrow.extension.ShreddedLayout.Level.ELEMENT;
import static io.pqarrow.extension.ShreddedLayout.Level.FIELD;
import static io.pqarrow.extension.ShreddedLayout.Level.TOP;
import static io.pqarrow.extension.ShreddedLayout.Reading.INVALID_BOTH_SET;
import static io.pqarrow.extension.ShreddedLayout.Reading.INVALID_MISSING_ELEMENT;
import static io.pqarrow.extension.ShreddedLayout.Reading.MERGED_OBJECT;
import static io.pqarrow.extension.ShreddedLayout.Reading.MISSING;
import static io.pqarrow.extension.ShreddedLayout.Reading.TYPED;
import static io.pqarrow.extension.ShreddedLayout.Reading.VALUE;
import static io.pqarrow.extension.ShreddedLayout.Reading.VARIANT_NULL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.extension.ShreddedLayout.Level;
import io.pqarrow.extension.ShreddedLayout.Mode;
import io.pqarrow.extension.ShreddedLayout.Reading;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pair rule of docs/variant.md §3.5, in both modes, and the children rule. */
class ShreddedLayoutTest {
  static Stream<Arguments> slots() {
    return Stream.of(
        // value set, typed set, level, object typed_value, strict, lenient
        Arguments.of(false, false, FIELD, false, MISSING, MISSING),
        Arguments.of(false, false, FIELD, true, MISSING, MISSING),
        Arguments.of(false, false, TOP, false, VARIANT_NULL, VARIANT_NULL),
        Arguments.of(false, false, ELEMENT, false, INVALID_MISSING_ELEMENT, VARIANT_NULL),
        Arguments.of(true, false, TOP, false, VALUE, VALUE),
        Arguments.of(true, false, FIELD, true, VALUE, VALUE),
        Arguments.of(true, false, ELEMENT, false, VALUE, VALUE),
        Arguments.of(false, true, TOP, false, TYPED, TYPED),
        Arguments.of(false, true, ELEMENT, true, TYPED, TYPED),
        Arguments.of(true, true, TOP, true, MERGED_OBJECT, MERGED_OBJECT),
        Arguments.of(true, true, FIELD, true, MERGED_OBJECT, MERGED_OBJECT),
        Arguments.of(true, true, TOP, false, INVALID_BOTH_SET, TYPED),
        Arguments.of(true, true, FIELD, false, INVALID_BOTH_SET, TYPED),
        Arguments.of(true, true, ELEMENT, false, INVALID_BOTH_SET, TYPED));
  }

  @ParameterizedTest(name = "value {0}, typed {1}, {2}, object {3}: {4} / {5}")
  @MethodSource("slots")
  void eachSlotHasOneReadingPerMode(
      boolean valueSet,
      boolean typedSet,
      Level level,
      boolean object,
      Reading strict,
      Reading lenient) {
    assertEquals(strict, ShreddedLayout.read(valueSet, typedSet, level, object, Mode.STRICT));
    assertEquals(lenient, ShreddedLayout.read(valueSet, typedSet, level, object, Mode.LENIENT));
  }

  @Test
  void aPairHoldsOnlyValueAndTypedValueAndUnderscoreNamesGetNoException() {
    assertTrue(ShreddedLayout.isPairChild("value"));
    assertTrue(ShreddedLayout.isPairChild("typed_value"));
    for (String other : List.of("metadata", "_x", "_spark_stats", "Value", "")) {
      assertFalse(ShreddedLayout.isPairChild(other), other);
    }
    assertTrue(VariantType.isStorageChild("metadata"));
    assertFalse(VariantType.isStorageChild("_metadata_key_paths"));
  }

  @Test
  void theStorageStructRefusesAnyOtherChildUnderscoreNamesIncluded() {
    for (String other : List.of("extra", "_x")) {
      Field bad =
          new Field(
              "v",
              FieldType.nullable(VariantType.INSTANCE),
              List.of(
                  Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
                  Field.nullable("value", ArrowType.Binary.INSTANCE),
                  Field.nullable(other, ArrowType.Binary.INSTANCE)));
      BridgeException e =
          assertThrows(BridgeException.class, () -> VariantType.validateStorage(bad));
      assertEquals(ErrorKind.INVALID_SCHEMA, e.kind());
      assertEquals("v", e.location().column());
      assertEquals(
          "Invalid arrow.parquet.variant storage at v: unexpected child "
              + other
              + " (only metadata, value and typed_value)",
          e.getMessage());
    }
  }

  @Test
  void arraysAreListLargeListAndListViewOnly() {
    assertTrue(ShreddedLayout.isArray(ArrowType.List.INSTANCE));
    assertTrue(ShreddedLayout.isArray(ArrowType.LargeList.INSTANCE));
    assertTrue(ShreddedLayout.isArray(ArrowType.ListView.INSTANCE));
    assertFalse(ShreddedLayout.isArray(ArrowType.LargeListView.INSTANCE));
    assertFalse(ShreddedLayout.isArray(new ArrowType.FixedSizeList(2)));
    assertFalse(ShreddedLayout.isArray(ArrowType.Struct.INSTANCE));
  }
}
