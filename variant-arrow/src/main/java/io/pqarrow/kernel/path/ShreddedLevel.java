package io.pqarrow.kernel.path;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.cast.TypedScalars;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One {@code (value, typed_value)} pair of shredded storage, with the pairs below it:
 *
 * <pre>
 * typed_value: Struct&lt;name: Struct&lt;value, typed_value&gt; not null, ...&gt;   OBJECT: a field per name
 * typed_value: List&lt;element: Struct&lt;value, typed_value&gt; not null&gt;         ARRAY: one element pair
 * typed_value: a primitive                                               PRIMITIVE
 * typed_value absent                                                     NONE
 * </pre>
 *
 * Built once per call from the storage vectors; {@link #isField} says whether both fields null
 * means "missing" (an object field) or Variant null (the top level, an array element).
 */
final class ShreddedLevel {
  enum Shape {
    NONE,
    PRIMITIVE,
    OBJECT,
    ARRAY
  }

  final ValueColumn value;
  final FieldVector typed;
  final Shape shape;
  final boolean isField;
  final Map<String, ShreddedLevel> fields = new HashMap<>();
  final ShreddedLevel element;
  final ListVector list;
  final LargeListVector largeList;
  final TypedScalars.Encoder encoder;

  ShreddedLevel(FieldVector value, FieldVector typed, boolean isField, String path) {
    this.value = ValueColumn.of(value, path + ".value");
    this.typed = typed;
    this.isField = isField;
    ShreddedLevel elementLevel = null;
    TypedScalars.Encoder enc = null;
    if (typed == null) {
      shape = Shape.NONE;
      list = null;
      largeList = null;
    } else if (typed instanceof StructVector s) {
      shape = Shape.OBJECT;
      list = null;
      largeList = null;
      for (FieldVector child : s.getChildrenFromFields()) {
        if (!(child instanceof StructVector pair)) {
          throw invalid(
              path + "." + child.getName(),
              "a shredded field must be a Struct of value and typed_value");
        }
        fields.put(
            child.getName(),
            new ShreddedLevel(
                (FieldVector) pair.getChild(VariantType.VALUE),
                (FieldVector) pair.getChild(VariantType.TYPED_VALUE),
                true,
                path + "." + child.getName()));
      }
    } else if (typed instanceof ListVector || typed instanceof LargeListVector) {
      shape = Shape.ARRAY;
      list = typed instanceof ListVector l ? l : null;
      largeList = typed instanceof LargeListVector l ? l : null;
      FieldVector data = list != null ? list.getDataVector() : largeList.getDataVector();
      if (!(data instanceof StructVector pair)) {
        throw invalid(
            path + "[]", "shredded array elements must be Structs of value and typed_value");
      }
      elementLevel =
          new ShreddedLevel(
              (FieldVector) pair.getChild(VariantType.VALUE),
              (FieldVector) pair.getChild(VariantType.TYPED_VALUE),
              false,
              path + "[]");
    } else {
      shape = Shape.PRIMITIVE;
      list = null;
      largeList = null;
      enc = TypedScalars.encoder(typed, path + ".typed_value", TypedScalars.DecimalWidth.BY_VALUE);
    }
    this.element = elementLevel;
    this.encoder = enc;
  }

  boolean typedIsNull(int slot) {
    return typed == null || typed.isNull(slot);
  }

  boolean valueIsNull(int slot) {
    return value == null || value.isNull(slot);
  }

  /** Number of elements of the typed list at {@code slot}. */
  int listLength(int slot) {
    return list != null
        ? list.getElementEndIndex(slot) - list.getElementStartIndex(slot)
        : (int) (largeList.getElementEndIndex(slot) - largeList.getElementStartIndex(slot));
  }

  /** Slot of the first element of the typed list at {@code slot}. */
  int listStart(int slot) {
    return list != null
        ? list.getElementStartIndex(slot)
        : (int) largeList.getElementStartIndex(slot);
  }

  private static KernelException invalid(String path, String problem) {
    return new KernelException(
        ErrorKind.INVALID_SCHEMA,
        ErrorLocation.inColumn(path),
        "Invalid shredded Variant storage at " + path + ": " + problem,
        null);
  }
}
