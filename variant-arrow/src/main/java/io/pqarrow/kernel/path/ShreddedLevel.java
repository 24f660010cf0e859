package io.pqarrow.kernel.path;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.shred.internal.ListSlots;
import io.pqarrow.shred.internal.TypedScalars;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One {@code (value, typed_value)} pair of shredded storage, with the pairs below it:
 *
 * <pre>
 * typed_value: Struct&lt;name: Struct&lt;value, typed_value&gt; not null, ...&gt;   OBJECT: a field per name
 * typed_value: List | LargeList | ListView &lt;element: Struct&lt;value, typed_value&gt; not null&gt;
 *                                                                        ARRAY: one element pair
 * typed_value: a primitive (docs/variant.md §3.2)                        PRIMITIVE
 * typed_value absent                                                     NONE
 * </pre>
 *
 * Built once per call from the storage vectors. {@link #read} is the pair rule of docs/variant.md
 * §3.5 ({@link ShreddedLayout#read}), lenient: an element with both null is Variant null, and
 * {@code typed_value} wins over a {@code value} set beside a primitive or an array. A pair may hold
 * only {@code value} and {@code typed_value}.
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
  final ShreddedLayout.Level level;
  final Map<String, ShreddedLevel> fields = new HashMap<>();
  final ShreddedLevel element;
  final ListSlots list;
  final TypedScalars.Encoder encoder;
  final String path;

  ShreddedLevel(FieldVector value, FieldVector typed, ShreddedLayout.Level level, String path) {
    this.path = path;
    this.value = ValueColumn.of(value, path + ".value");
    this.typed = typed;
    this.level = level;
    ShreddedLevel elementLevel = null;
    TypedScalars.Encoder enc = null;
    ListSlots slots = null;
    if (typed == null) {
      shape = Shape.NONE;
    } else if (typed instanceof StructVector s) {
      shape = Shape.OBJECT;
      for (FieldVector child : s.getChildrenFromFields()) {
        if (!(child instanceof StructVector pair)) {
          throw invalid(
              path + "." + child.getName(),
              "a shredded field must be a Struct of value and typed_value");
        }
        fields.put(
            child.getName(), pair(pair, ShreddedLayout.Level.FIELD, path + "." + child.getName()));
      }
    } else if ((slots = ListSlots.of(typed)) != null) {
      shape = Shape.ARRAY;
      if (!(slots.dataVector() instanceof StructVector pair)) {
        throw invalid(
            path + "[]", "shredded array elements must be Structs of value and typed_value");
      }
      elementLevel = pair(pair, ShreddedLayout.Level.ELEMENT, path + "[]");
    } else {
      shape = Shape.PRIMITIVE;
      String typedPath = path + ".typed_value";
      ShreddedScalar scalar = ShreddedScalar.of(typed.getField());
      if (scalar == null) {
        throw new KernelException(
            ErrorKind.UNSUPPORTED,
            ErrorLocation.inColumn(typedPath),
            "Unsupported shredded typed_value at " + typedPath + ": " + typed.getField().getType(),
            null);
      }
      enc = TypedScalars.encoder(typed, scalar, typedPath);
    }
    this.list = slots;
    this.element = elementLevel;
    this.encoder = enc;
  }

  private static ShreddedLevel pair(StructVector pair, ShreddedLayout.Level level, String path) {
    for (FieldVector c : pair.getChildrenFromFields()) {
      if (!ShreddedLayout.isPairChild(c.getName())) {
        throw invalid(
            path, "unexpected child \"" + c.getName() + "\" (only value and typed_value)");
      }
    }
    return new ShreddedLevel(
        (FieldVector) pair.getChild(VariantType.VALUE),
        (FieldVector) pair.getChild(VariantType.TYPED_VALUE),
        level,
        path);
  }

  boolean typedIsNull(int slot) {
    return typed == null || typed.isNull(slot);
  }

  boolean valueIsNull(int slot) {
    return value == null || value.isNull(slot);
  }

  /** The lenient reading of slot {@code slot} (docs/variant.md §3.5): never {@code INVALID_*}. */
  ShreddedLayout.Reading read(int slot) {
    return ShreddedLayout.read(
        !valueIsNull(slot),
        !typedIsNull(slot),
        level,
        shape == Shape.OBJECT,
        ShreddedLayout.Mode.LENIENT);
  }

  private static KernelException invalid(String path, String problem) {
    return new KernelException(
        ErrorKind.INVALID_SCHEMA,
        ErrorLocation.inColumn(path),
        "Invalid shredded Variant storage at " + path + ": " + problem,
        null);
  }
}
