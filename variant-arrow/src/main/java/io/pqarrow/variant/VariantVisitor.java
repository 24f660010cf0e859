package io.pqarrow.variant;

/**
 * Callbacks for {@link VariantWalker}: one per primitive, and before/after hooks for objects, their
 * fields, and arrays. The {@link VariantReader} passed in points at the current value and is only
 * valid during the call; {@link VariantPath} says where it is.
 *
 * <pre>
 * {"a": [1, 2]}  →  startObject, field(0, "a"), startArray, element(0), primitive 1,
 *                   element(1), primitive 2, endArray, endObject
 * </pre>
 */
public interface VariantVisitor {
  /** A value that is neither an object nor an array. */
  void primitive(VariantReader value, VariantPath path);

  /** Before the fields of an object. */
  default void startObject(VariantReader object, VariantPath path) {}

  /**
   * Before field {@code index} of the object being visited; {@code path} already ends in its key.
   *
   * @param keyId the field's id in the metadata dictionary
   */
  default void field(int index, int keyId, VariantPath path) {}

  /** After the fields of an object. */
  default void endObject(VariantReader object, VariantPath path) {}

  /** Before the elements of an array. */
  default void startArray(VariantReader array, VariantPath path) {}

  /** Before element {@code index} of the array being visited. */
  default void element(int index, VariantPath path) {}

  /** After the elements of an array. */
  default void endArray(VariantReader array, VariantPath path) {}
}
