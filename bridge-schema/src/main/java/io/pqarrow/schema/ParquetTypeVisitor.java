package io.pqarrow.schema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Walks a Parquet schema and hands each node to a hook, keeping the path of the node being visited.
 *
 * <p>The driver {@link #visit(MessageType, ParquetTypeVisitor)} owns the structural rules of
 * Parquet's nested types, so that every visitor sees lists and maps already resolved:
 *
 * <ul>
 *   <li>a {@code LIST} group: the repeated field and the element are found with the five
 *       backward-compatibility rules (docs/type-mapping.md §2.6), then {@link #list} is called with
 *       the element's result;
 *   <li>a {@code MAP} group (or a {@code MAP_KEY_VALUE} group not inside a {@code MAP}): {@link
 *       #map} with the key and value results, or {@link #keySet} when the repeated group has no
 *       value;
 *   <li>an unannotated repeated field: its content is visited as an element (its repetition is
 *       consumed by the list) and {@link #repeatedList} wraps it;
 *   <li>a {@code VARIANT} group: {@link #variant} with the results of its fields;
 *   <li>any other group: {@link #struct}; a primitive: {@link #primitive}.
 * </ul>
 *
 * <pre>
 * optional group a (LIST) {       path [a]                 → list(a, element)
 *   repeated group list {         path [a, list]           (the repeated level: no hook)
 *     optional int32 element;     path [a, list, element]  → primitive(element)
 *   }
 * }
 * </pre>
 *
 * <p>When a hook runs, {@link #path()} is the path of the node it is given. Structural errors (a
 * LIST without a repeated child, a MAP key that is not required, …) are raised by the driver as
 * {@link SchemaException}s naming that path.
 *
 * @param <T> the result of visiting one node
 */
abstract class ParquetTypeVisitor<T> {
  /**
   * Deeper schemas are refused rather than risking the stack on an untrusted footer ({@link
   * io.pqarrow.Limits#maxParquetSchemaDepth()}).
   */
  private final int maxDepth;

  private final Deque<String> path = new ArrayDeque<>();

  /** A visitor that refuses nodes nested deeper than {@code maxDepth} fields. */
  ParquetTypeVisitor(int maxDepth) {
    this.maxDepth = maxDepth;
  }

  /** Visits every field of {@code message} and returns {@link #message}'s result. */
  static <T> T visit(MessageType message, ParquetTypeVisitor<T> visitor) {
    List<T> fields = new ArrayList<>(message.getFieldCount());
    for (Type field : message.getFields()) {
      visitor.beforeField(field);
      try {
        fields.add(visitor.field(field, false));
      } finally {
        visitor.afterField(field);
      }
    }
    return visitor.message(message, fields);
  }

  /** The top-level hook: the results of the message's fields, in order. */
  abstract T message(MessageType message, List<T> fields);

  /** An unannotated group (or one whose annotation the library does not know). */
  abstract T struct(GroupType group, List<T> fields);

  /**
   * A {@code LIST} group; {@code element} is the result of the element node, which is either a
   * field of the repeated group, or the repeated field itself (the two-level forms).
   */
  abstract T list(GroupType list, T element);

  /**
   * An unannotated repeated field outside any {@code LIST}/{@code MAP}; {@code element} is the
   * result of visiting the same node as an element.
   */
  abstract T repeatedList(Type repeated, T element);

  /** A {@code MAP} group with its repeated key-value group, key and value. */
  abstract T map(GroupType map, GroupType keyValue, T key, T value);

  /** A {@code MAP} group whose repeated key-value group holds only a key: a list of keys. */
  abstract T keySet(GroupType map, GroupType keyValue, T key);

  /** A {@code VARIANT} group, with the results of its fields in order. */
  abstract T variant(GroupType variant, List<T> fields);

  /** A primitive node. */
  abstract T primitive(PrimitiveType primitive);

  /** Called before a named node below the message is visited; pushes its name. */
  void beforeField(Type field) {
    if (path.size() >= maxDepth) {
      throw SchemaException.invalid(
          "Parquet schema", dottedPath(), "nesting deeper than " + maxDepth + " levels");
    }
    path.addLast(field.getName());
  }

  /** Called after a node pushed by {@link #beforeField} was visited; pops its name. */
  void afterField(Type field) {
    path.removeLast();
  }

  /** The names from the message down to the node being visited. */
  final List<String> path() {
    return List.copyOf(path);
  }

  /** {@link #path()} joined with dots; {@code <root>} at the message. */
  final String dottedPath() {
    if (path.isEmpty()) {
      return "<root>";
    }
    StringBuilder sb = new StringBuilder();
    for (Iterator<String> it = path.iterator(); it.hasNext(); ) {
      sb.append(it.next());
      if (it.hasNext()) {
        sb.append('.');
      }
    }
    return sb.toString();
  }

  final SchemaException invalid(String problem) {
    return SchemaException.invalid("Parquet type", dottedPath(), problem);
  }

  /**
   * Visits the node on top of the path.
   *
   * @param asElement whether an enclosing list consumes the node's repetition (the node is the
   *     element of a two-level list); otherwise a repeated node becomes a list of itself
   */
  private T field(Type type, boolean asElement) {
    if (type.isRepetition(Repetition.REPEATED) && !asElement) {
      LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
      if (isList(annotation) || isMap(annotation)) {
        throw invalid(
            "a repeated " + annotation + " group is only allowed as the element of a LIST");
      }
      return repeatedList(type, node(type));
    }
    return node(type);
  }

  private T node(Type type) {
    if (type.isPrimitive()) {
      return primitive(type.asPrimitiveType());
    }
    GroupType group = type.asGroupType();
    LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
    if (group.getFieldCount() == 0) {
      throw invalid("group " + group.getName() + " has no fields");
    }
    if (isList(annotation)) {
      return listGroup(group);
    }
    if (isMap(annotation)) {
      return mapGroup(group);
    }
    if (annotation instanceof VariantLogicalTypeAnnotation) {
      return variant(group, children(group));
    }
    return struct(group, children(group));
  }

  private List<T> children(GroupType group) {
    List<T> results = new ArrayList<>(group.getFieldCount());
    for (Type child : group.getFields()) {
      beforeField(child);
      try {
        results.add(field(child, false));
      } finally {
        afterField(child);
      }
    }
    return results;
  }

  /**
   * Resolves the element of a LIST group with the backward-compatibility rules:
   *
   * <ol>
   *   <li>a repeated primitive is the element (required);
   *   <li>a repeated group with several fields is the element (required);
   *   <li>a repeated group whose one field is repeated is the element (required);
   *   <li>a repeated group with one field named {@code array} or {@code <list name>_tuple} is the
   *       element (required);
   *   <li>otherwise the repeated group's one field is the element, with its own repetition.
   * </ol>
   */
  private T listGroup(GroupType list) {
    if (list.getFieldCount() != 1) {
      throw invalid(
          "LIST group must have exactly one repeated field, found "
              + list.getFieldCount()
              + " fields");
    }
    Type repeated = list.getType(0);
    if (!repeated.isRepetition(Repetition.REPEATED)) {
      throw invalid(
          "LIST group must have a repeated field, found "
              + repeated.getRepetition()
              + " "
              + repeated.getName());
    }
    T element;
    beforeField(repeated);
    try {
      element =
          isElementItself(list, repeated) ? node(repeated) : onlyChild(repeated.asGroupType());
    } finally {
      afterField(repeated);
    }
    return list(list, element);
  }

  private T onlyChild(GroupType repeated) {
    Type element = repeated.getType(0);
    beforeField(element);
    try {
      return field(element, false);
    } finally {
      afterField(element);
    }
  }

  private static boolean isElementItself(GroupType list, Type repeated) {
    if (repeated.isPrimitive()) {
      return true; // rule 1
    }
    GroupType group = repeated.asGroupType();
    if (group.getFieldCount() != 1) {
      return true; // rule 2 (an empty group is reported when it is visited)
    }
    if (group.getType(0).isRepetition(Repetition.REPEATED)) {
      return true; // rule 3
    }
    String name = group.getName();
    return name.equals("array") || name.equals(list.getName() + "_tuple"); // rule 4
  }

  private T mapGroup(GroupType map) {
    if (map.getFieldCount() != 1) {
      throw invalid(
          map.getLogicalTypeAnnotation()
              + " group must have exactly one repeated key-value group, found "
              + map.getFieldCount()
              + " fields");
    }
    Type kv = map.getType(0);
    if (!kv.isRepetition(Repetition.REPEATED) || kv.isPrimitive()) {
      throw invalid(
          map.getLogicalTypeAnnotation()
              + " group must contain a repeated group, found "
              + describe(kv));
    }
    GroupType keyValue = kv.asGroupType();
    T key;
    T value = null;
    beforeField(keyValue);
    try {
      int n = keyValue.getFieldCount();
      if (n < 1 || n > 2) {
        throw invalid("the key-value group must have a key and at most a value, found " + n);
      }
      Type keyType = keyValue.getType(0);
      beforeField(keyType);
      try {
        // An OPTIONAL primitive key is read (Hive and older Spark wrote them; parquet-java and
        // Spark read them): the Arrow key stays non-null and a key actually null is refused when
        // its row is read.
        if (keyType.isRepetition(Repetition.REPEATED)
            || (keyType.isRepetition(Repetition.OPTIONAL) && !keyType.isPrimitive())) {
          throw invalid(
              "MAP key must be required (or an optional primitive), found " + describe(keyType));
        }
        key = field(keyType, false);
      } finally {
        afterField(keyType);
      }
      if (n == 2) {
        Type valueType = keyValue.getType(1);
        beforeField(valueType);
        try {
          if (valueType.isRepetition(Repetition.REPEATED)) {
            throw invalid("MAP value must be required or optional, found REPEATED");
          }
          value = field(valueType, false);
        } finally {
          afterField(valueType);
        }
      }
    } finally {
      afterField(keyValue);
    }
    return value == null ? keySet(map, keyValue, key) : map(map, keyValue, key, value);
  }

  private static String describe(Type type) {
    return type.getRepetition()
        + " "
        + (type.isPrimitive() ? type.asPrimitiveType().getPrimitiveTypeName() : "group")
        + " "
        + type.getName();
  }

  static boolean isList(LogicalTypeAnnotation annotation) {
    return annotation instanceof ListLogicalTypeAnnotation;
  }

  static boolean isMap(LogicalTypeAnnotation annotation) {
    return annotation instanceof MapLogicalTypeAnnotation
        || annotation instanceof MapKeyValueTypeAnnotation;
  }
}
