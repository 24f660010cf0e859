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
  /**
   * A value that is neither an object nor an array.
   *
   * @param value a reader on the primitive, valid only during the call
   * @param path where the value is; reused, valid only during the call
   */
  void primitive(VariantReader value, VariantPath path);

  /**
   * Before the fields of an object.
   *
   * @param object a reader on the object, valid only during the call
   * @param path where the object is; reused, valid only during the call
   */
  default void startObject(VariantReader object, VariantPath path) {}

  /**
   * Before field {@code index} of the object being visited; {@code path} already ends in its key.
   *
   * @param keyId the field's id in the metadata dictionary
   * @param index the field's index in the object (fields are in key order)
   * @param path where the field is, ending in its key; reused, valid only during the call
   */
  default void field(int index, int keyId, VariantPath path) {}

  /**
   * After the fields of an object.
   *
   * @param object a reader on the object, valid only during the call
   * @param path where the object is; reused, valid only during the call
   */
  default void endObject(VariantReader object, VariantPath path) {}

  /**
   * Before the elements of an array.
   *
   * @param array a reader on the array, valid only during the call
   * @param path where the array is; reused, valid only during the call
   */
  default void startArray(VariantReader array, VariantPath path) {}

  /**
   * Before element {@code index} of the array being visited.
   *
   * @param index the element's index in the array (0-based)
   * @param path where the element is; reused, valid only during the call
   */
  default void element(int index, VariantPath path) {}

  /**
   * After the elements of an array.
   *
   * @param array a reader on the array, valid only during the call
   * @param path where the array is; reused, valid only during the call
   */
  default void endArray(VariantReader array, VariantPath path) {}
}
