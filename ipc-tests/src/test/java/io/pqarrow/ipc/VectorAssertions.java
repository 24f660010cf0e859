package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.function.BiFunction;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.compare.TypeEqualsVisitor;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Structural equality of Arrow data: Arrow Java's {@link VectorEqualsVisitor} (types, validity and
 * value bytes, recursively; children under a null parent are ignored), with a failure message that
 * names the column and the first differing row.
 */
final class VectorAssertions {
  private VectorAssertions() {}

  /** Same schema, row count and values in every column. */
  static void assertRootEquals(VectorSchemaRoot expected, VectorSchemaRoot actual, String where) {
    assertEquals(expected.getSchema(), actual.getSchema(), where + ": schema");
    assertEquals(expected.getRowCount(), actual.getRowCount(), where + ": row count");
    for (FieldVector e : expected.getFieldVectors()) {
      String name = e.getName();
      assertVectorEquals(e, actual.getVector(name), where + ", column " + name);
    }
  }

  /** Same type (names and metadata included), value count and values. */
  static void assertVectorEquals(ValueVector expected, ValueVector actual, String where) {
    assertVectorEquals(expected, actual, true, true, where);
  }

  /** Same storage type and values; names compared, field metadata not. */
  static void assertStorageEquals(ValueVector expected, ValueVector actual, String where) {
    assertVectorEquals(expected, actual, true, false, where);
  }

  /**
   * Same type, value count and values; vector names are compared only when {@code checkName} (IPC
   * does not carry the names of dictionary vectors), field metadata only when {@code
   * checkMetadata}.
   */
  static void assertVectorEquals(
      ValueVector expected,
      ValueVector actual,
      boolean checkName,
      boolean checkMetadata,
      String where) {
    assertNotNull(actual, where + ": missing");
    assertEquals(expected.getValueCount(), actual.getValueCount(), where + ": value count");
    BiFunction<ValueVector, ValueVector, Boolean> types =
        (l, r) -> new TypeEqualsVisitor(r, checkName, checkMetadata).equals(l);
    if (VectorEqualsVisitor.vectorEquals(expected, actual, types)) {
      return;
    }
    if (!types.apply(expected, actual)) {
      fail(
          where
              + ": types differ\nexpected: "
              + expected.getField()
              + "\nactual:   "
              + actual.getField());
    }
    RangeEqualsVisitor visitor = new RangeEqualsVisitor(expected, actual, types);
    for (int i = 0; i < expected.getValueCount(); i++) {
      if (!visitor.rangeEquals(new Range(i, i, 1))) {
        fail(
            where
                + ": first difference at row "
                + i
                + "\nexpected: "
                + expected.getObject(i)
                + "\nactual:   "
                + actual.getObject(i));
      }
    }
    fail(where + ": vectors differ, though every single row compares equal");
  }

  /**
   * Same rows, where dictionary-encoded columns are compared by their decoded values and their
   * fields up to the dictionary id (which each writer assigns as it likes).
   */
  static void assertRootEqualsAcrossDictionaryIds(
      VectorSchemaRoot expected,
      DictionaryProvider expectedDictionaries,
      VectorSchemaRoot actual,
      DictionaryProvider actualDictionaries,
      String where) {
    assertEquals(expected.getRowCount(), actual.getRowCount(), where + ": row count");
    assertEquals(
        withoutDictionaryIds(expected.getSchema()),
        withoutDictionaryIds(actual.getSchema()),
        where + ": schema");
    for (FieldVector e : expected.getFieldVectors()) {
      FieldVector a = actual.getVector(e.getName());
      String column = where + ", column " + e.getName();
      DictionaryEncoding encoding = e.getField().getDictionary();
      if (encoding == null) {
        assertVectorEquals(e, a, column);
        continue;
      }
      Dictionary ed = expectedDictionaries.lookup(encoding.getId());
      Dictionary ad = actualDictionaries.lookup(a.getField().getDictionary().getId());
      try (ValueVector decodedE = DictionaryEncoder.decode(e, ed);
          ValueVector decodedA = DictionaryEncoder.decode(a, ad)) {
        assertVectorEquals(decodedE, decodedA, false, true, column + " (decoded)");
      }
    }
  }

  /** {@code schema} with every dictionary id set to 0. */
  static Schema withoutDictionaryIds(Schema schema) {
    return new Schema(
        schema.getFields().stream().map(VectorAssertions::withoutDictionaryId).toList(),
        schema.getCustomMetadata());
  }

  static Field withoutDictionaryId(Field f) {
    DictionaryEncoding d = f.getDictionary();
    DictionaryEncoding normalized =
        d == null ? null : new DictionaryEncoding(0, d.isOrdered(), d.getIndexType());
    return new Field(
        f.getName(),
        new FieldType(f.isNullable(), f.getType(), normalized, f.getMetadata()),
        f.getChildren().stream().map(VectorAssertions::withoutDictionaryId).toList());
  }

  /** The dictionary {@code id} is in both providers with the same encoding and values. */
  static void assertDictionaryEquals(
      DictionaryProvider expected, DictionaryProvider actual, long id, String where) {
    Dictionary e = expected.lookup(id);
    Dictionary a = actual.lookup(id);
    assertNotNull(a, where + ": dictionary " + id + " missing");
    assertEquals(e.getEncoding(), a.getEncoding(), where + ": dictionary " + id + " encoding");
    assertVectorEquals(e.getVector(), a.getVector(), false, true, where + ", dictionary " + id);
  }
}
