package io.pqarrow.schema;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.Type;

/**
 * One Arrow field paired with the Parquet node it maps to.
 *
 * <p>Parquet → Arrow, nested types pair up as follows (children are always parallel to the Arrow
 * field's children):
 *
 * <ul>
 *   <li>Struct → the group; one child per field.
 *   <li>List from a {@code LIST} group → the annotated group; its one child (the element) → the
 *       node holding the element values. In the 3-level form that node's parent is the repeated
 *       middle group; in the two-level forms the element node is itself {@code repeated}.
 *   <li>List from an unannotated {@code repeated} field → that field; its element → the same node.
 *   <li>Map → the {@code MAP} group; its one child {@code entries} → the repeated key-value group,
 *       whose children {@code key} and {@code value} → the key and value nodes.
 *   <li>List of keys from a {@code MAP} without values → the {@code MAP} group; its element → the
 *       key node (whose parent is the repeated key-value group).
 *   <li>Variant → the {@code VARIANT} group; children {@code metadata}, {@code value}, {@code
 *       typed_value} as present, in Parquet order.
 *   <li>A top-level Union restored from {@code ARROW:schema} → its struct form's group ({@link
 *       ParquetForms}); one child per member, the group's first field ({@code type_id}) having no
 *       child mapping.
 *   <li>A top-level RunEndEncoded restored from {@code ARROW:schema} → the node of its values; the
 *       children are those of the values field (the exception to the parallel children).
 * </ul>
 *
 * <p>Arrow → Parquet, a top-level union or run-end encoded field is mapped in its Parquet form:
 * {@code arrowField} is that form, while {@link SchemaMapping#arrowSchema()} keeps the original.
 *
 * @param arrowField the Arrow field (with its children)
 * @param parquetType the Parquet node: a primitive column or a group
 * @param parquetPath the names from the message root down to {@code parquetType}, e.g. {@code [a,
 *     list, element]}; for a primitive this is its column path
 * @param children mappings of the Arrow children, in the order of {@code arrowField}'s children
 */
public record FieldMapping(
    Field arrowField, Type parquetType, List<String> parquetPath, List<FieldMapping> children) {
  /**
   * Copies the lists, which must not be null.
   *
   * @param arrowField the Arrow field (with its children)
   * @param parquetType the Parquet node: a primitive column or a group
   * @param parquetPath the names from the message root down to {@code parquetType}
   * @param children mappings of the Arrow children, in the order of {@code arrowField}'s children
   */
  public FieldMapping {
    parquetPath = List.copyOf(parquetPath);
    children = List.copyOf(children);
  }

  /**
   * The Parquet path joined with dots, as used in error messages.
   *
   * @return {@code parquetPath} joined with dots, e.g. {@code a.list.element}
   */
  public String dottedPath() {
    return String.join(".", parquetPath);
  }
}
