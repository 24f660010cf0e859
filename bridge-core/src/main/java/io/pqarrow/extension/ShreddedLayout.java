package io.pqarrow.extension;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The layout rules of shredded Variant storage that are not about primitive types (those are {@link
 * ShreddedScalar}): which children a {@code value} / {@code typed_value} pair may have, which Arrow
 * types hold a shredded array, and what one pair's two slots mean (docs/variant.md §3.1, §3.4,
 * §3.5). Every module that builds, checks or reads shredded storage asks here.
 *
 * <pre>
 * pair := Struct&lt;value: Binary | LargeBinary | BinaryView,      at least one of the two;
 *               typed_value: primitive | object | array&gt;       nothing else, whatever its name
 * object := Struct&lt;name: pair not null, ...&gt;
 * array  := List | LargeList | ListView &lt;element: pair not null&gt;
 * </pre>
 *
 * The types a {@code value} may have, at any level, are {@link VariantType#isBinaryStorage}'s.
 *
 * <h2>Reading a pair</h2>
 *
 * <table>
 *   <caption>{@link #read}: one slot of a pair</caption>
 *   <tr><th>value</th><th>typed_value</th><th>level</th><th>{@link Mode#STRICT}</th>
 *       <th>{@link Mode#LENIENT}</th></tr>
 *   <tr><td>null</td><td>null</td><td>object field</td><td colspan="2">MISSING</td></tr>
 *   <tr><td>null</td><td>null</td><td>top</td><td colspan="2">VARIANT_NULL</td></tr>
 *   <tr><td>null</td><td>null</td><td>array element</td><td>INVALID_MISSING_ELEMENT</td>
 *       <td>VARIANT_NULL</td></tr>
 *   <tr><td>set</td><td>null</td><td>any</td><td colspan="2">VALUE</td></tr>
 *   <tr><td>null</td><td>set</td><td>any</td><td colspan="2">TYPED</td></tr>
 *   <tr><td>set</td><td>set</td><td>object typed_value</td><td colspan="2">MERGED_OBJECT</td></tr>
 *   <tr><td>set</td><td>set</td><td>primitive or array typed_value</td><td>INVALID_BOTH_SET</td>
 *       <td>TYPED</td></tr>
 * </table>
 *
 * LENIENT is the specification's reading of invalid slots ("a reader returns Variant null"; "if
 * read anyway, {@code typed_value} wins"): {@code variant_get} reads that way. STRICT reports them:
 * unshredding, which rebuilds whole values and so would silently drop a {@code value}, refuses
 * storage no writer may produce (docs/variant.md §3.5, §8).
 *
 * <h2>Children</h2>
 *
 * A pair holds {@code value} and/or {@code typed_value} and nothing else; the storage struct of the
 * extension type adds {@code metadata} ({@link VariantType#isStorageChild}). Names starting with
 * {@code _} get no exception: an early draft let readers ignore them, but the rules we follow allow
 * only the two fields, so every module refuses any other child (docs/variant.md §4.1, §8).
 */
public final class ShreddedLayout {
  private ShreddedLayout() {}

  /** Where a pair sits, which decides what "both null" means. */
  public enum Level {
    /** The storage struct itself: both null is Variant null. */
    TOP,
    /** A shredded object field: both null is a missing field. */
    FIELD,
    /** A shredded array element: elements are never missing. */
    ELEMENT
  }

  /** How invalid slots are read. */
  public enum Mode {
    /** Invalid slots are {@code INVALID_*} readings; the caller raises an error naming them. */
    STRICT,
    /** Invalid slots are read as the specification says a reader may: Variant null, typed wins. */
    LENIENT
  }

  /** What one slot of a pair holds. */
  public enum Reading {
    /** An object field absent from the object. */
    MISSING,
    /** Variant null (the top level with both null, or a lenient missing element). */
    VARIANT_NULL,
    /** The {@code value} bytes: any Variant value, Variant null included. */
    VALUE,
    /** The {@code typed_value} slot: a shredded primitive, array or object. */
    TYPED,
    /**
     * A partially shredded object: the shredded fields plus the residual object in {@code value}.
     */
    MERGED_OBJECT,
    /** Strict only: an array element with neither value nor typed_value. */
    INVALID_MISSING_ELEMENT,
    /** Strict only: value and typed_value both set where typed_value is not an object. */
    INVALID_BOTH_SET
  }

  /**
   * The reading of one slot of a pair.
   *
   * @param valueSet whether the {@code value} slot is non-null (false when there is no {@code
   *     value} child)
   * @param typedSet whether the {@code typed_value} slot is non-null (false when there is none)
   * @param level where the pair sits
   * @param objectTyped whether the pair's {@code typed_value} is a shredded object
   * @param mode how invalid slots are read
   * @return what the slot holds
   */
  public static Reading read(
      boolean valueSet, boolean typedSet, Level level, boolean objectTyped, Mode mode) {
    if (!typedSet) {
      if (valueSet) {
        return Reading.VALUE;
      }
      return switch (level) {
        case FIELD -> Reading.MISSING;
        case TOP -> Reading.VARIANT_NULL;
        case ELEMENT ->
            mode == Mode.STRICT ? Reading.INVALID_MISSING_ELEMENT : Reading.VARIANT_NULL;
      };
    }
    if (!valueSet) {
      return Reading.TYPED;
    }
    if (!isConflict(valueSet, typedSet, objectTyped)) {
      return Reading.MERGED_OBJECT;
    }
    return mode == Mode.STRICT ? Reading.INVALID_BOTH_SET : Reading.TYPED;
  }

  /**
   * Whether a slot has {@code value} and {@code typed_value} both set where only a partially
   * shredded object may have both: the {@link Reading#INVALID_BOTH_SET} of {@link #read}, for a
   * reader that checks only this (the Parquet file reader refuses such rows as it assembles them).
   *
   * @param valueSet whether the {@code value} slot is non-null
   * @param typedSet whether the {@code typed_value} slot is non-null
   * @param objectTyped whether the pair's {@code typed_value} is a shredded object
   * @return whether the slot breaks the rule
   */
  public static boolean isConflict(boolean valueSet, boolean typedSet, boolean objectTyped) {
    return valueSet && typedSet && !objectTyped;
  }

  /**
   * {@return whether {@code name} may be a child of a pair: {@code value} or {@code typed_value}}
   *
   * @param name a child's name
   */
  public static boolean isPairChild(String name) {
    return VariantType.VALUE.equals(name) || VariantType.TYPED_VALUE.equals(name);
  }

  /**
   * Whether {@code type} holds a shredded array: List, LargeList or ListView (the canonical
   * extension's list; LargeListView is not one). Our shredder writes List or LargeList
   * (docs/variant.md §3.6); every reader accepts all three.
   *
   * @param type the {@code typed_value} field's type
   * @return whether it holds a shredded array
   */
  public static boolean isArray(ArrowType type) {
    return switch (type.getTypeID()) {
      case List, LargeList, ListView -> true;
      default -> false;
    };
  }
}
