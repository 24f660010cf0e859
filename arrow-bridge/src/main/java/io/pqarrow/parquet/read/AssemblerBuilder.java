package io.pqarrow.parquet.read;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Walks a field mapping beside the batch's vectors and builds the {@link NodeAssembler} tree that
 * reads them, computing each node's levels from its Parquet path. The levels a node gets depend
 * only on the Parquet nodes on its path, so legacy two-level lists and bare repeated fields work
 * the same as three-level lists:
 *
 * <pre>
 * optional group a (LIST) {          optional group a (LIST) {      repeated int32 a;
 *   repeated group list {              repeated int32 array;
 *     optional int32 element;        }
 *   }
 * }
 * </pre>
 *
 * In each, the element exists at the definition level of the first repeated node at or below the
 * list's own node.
 */
final class AssemblerBuilder {
  private final MessageType schema;
  private final Path file;

  AssemblerBuilder(MessageType schema, Path file) {
    this.schema = schema;
    this.file = file;
  }

  /** Builds the reader of one top-level field. */
  NodeAssembler build(FieldMapping mapping, FieldVector vector) {
    return visit(mapping, vector, 0, 0, false);
  }

  private NodeAssembler visit(
      FieldMapping m, FieldVector vector, int repLevel, int slotDef, boolean inVariant) {
    ArrowType type = m.arrowField().getType();
    Type parquet = m.parquetType();
    String path = m.dottedPath();
    int validDef =
        parquet.isRepetition(Type.Repetition.REPEATED)
            ? slotDef
            : Math.max(slotDef, defLevel(m.parquetPath()));
    if (type instanceof VariantType) {
      StructVector storage = ((VariantVector) vector).getUnderlyingVector();
      return struct(m, storage, repLevel, slotDef, validDef, true, true);
    }
    if (parquet.isPrimitive()
        && !(type instanceof ArrowType.List)
        && !(type instanceof ArrowType.LargeList)
        && !(type instanceof ArrowType.FixedSizeList)
        && !(type instanceof ArrowType.ListView)) {
      int rep = schema.getMaxRepetitionLevel(m.parquetPath().toArray(new String[0]));
      if (rep != repLevel) {
        throw ParquetFileException.unsupported(
            file, path, "repeated column not mapped to a list (repetition level " + rep + ")");
      }
      LeafDecoder decoder =
          LeafDecoders.create(
              path, defLevel(m.parquetPath()), slotDef, parquet.asPrimitiveType(), type, vector);
      if (decoder == null) {
        throw ParquetFileException.unsupported(
            file, path, describe(parquet) + " as Arrow " + m.arrowField().getType());
      }
      decoder.parquetPath = m.parquetPath().toArray(new String[0]);
      return new LeafNode(path, repLevel, slotDef, decoder);
    }
    FieldVector storage =
        vector instanceof ExtensionTypeVector<?> ext
            ? (FieldVector) ext.getUnderlyingVector()
            : vector;
    if (ListNode.assembles(storage)) {
      if (m.children().size() != 1) {
        throw ParquetFileException.unsupported(file, path, "list mapping without one element");
      }
      FieldMapping element = m.children().get(0);
      List<String> leafPath = firstLeafPath(element);
      int repeatedIndex = -1;
      for (int i = m.parquetPath().size() - 1; i < leafPath.size(); i++) {
        if (nodeAt(leafPath.subList(0, i + 1)).isRepetition(Type.Repetition.REPEATED)) {
          repeatedIndex = i;
          break;
        }
      }
      if (repeatedIndex < 0) {
        throw ParquetFileException.unsupported(file, path, "list without a repeated node");
      }
      List<String> repeatedPath = leafPath.subList(0, repeatedIndex + 1);
      int elementDef = defLevel(repeatedPath);
      if (schema.getMaxRepetitionLevel(repeatedPath.toArray(new String[0])) != repLevel + 1) {
        throw ParquetFileException.unsupported(
            file, path, "list whose repeated node is not directly below it");
      }
      FieldVector dataVector = ListNode.dataVector(storage);
      NodeAssembler child = visit(element, dataVector, repLevel + 1, elementDef, inVariant);
      int listValidDef = parquet.isRepetition(Type.Repetition.REPEATED) ? slotDef : validDef;
      if (storage instanceof FixedSizeListVector fixed) {
        if (!(child instanceof LeafNode)) {
          throw ParquetFileException.unsupported(
              file, path, "Arrow FixedSizeList of nested elements (only primitive elements)");
        }
        // Parquet has no elements for a null list; Arrow has the list size of null elements.
        LeafDecoder leaf = child.representative();
        leaf.padFromDef = slotDef;
        leaf.padToDef = listValidDef;
        leaf.padSlots = fixed.getListSize();
      }
      return new ListNode(path, repLevel, slotDef, listValidDef, elementDef, storage, child, file);
    }
    if (storage instanceof StructVector s) {
      return struct(m, s, repLevel, slotDef, validDef, inVariant, false);
    }
    throw ParquetFileException.unsupported(
        file, path, describe(parquet) + " as Arrow " + m.arrowField().getType());
  }

  private NodeAssembler struct(
      FieldMapping m,
      StructVector vector,
      int repLevel,
      int slotDef,
      int validDef,
      boolean variant,
      boolean variantRoot) {
    // In a Variant, every group with value and typed_value is a pair: the Variant itself, each
    // shredded object field and each shredded array element.
    List<FieldVector> childVectors = vector.getChildrenFromFields();
    List<NodeAssembler> children = new ArrayList<>();
    FieldVector value = null;
    FieldVector typed = null;
    boolean typedIsObject = false;
    for (int i = 0; i < m.children().size(); i++) {
      FieldMapping child = m.children().get(i);
      FieldVector childVector = childVectors.get(i);
      String name = child.arrowField().getName();
      if (variant
          && VariantType.VALUE.equals(name)
          && !(child.arrowField().getType() instanceof ArrowType.Struct)) {
        value = childVector;
      } else if (variant && VariantType.TYPED_VALUE.equals(name)) {
        typed = childVector;
        typedIsObject = child.arrowField().getType() instanceof ArrowType.Struct;
      }
      if (child.parquetType() == null) {
        children.add(new AllNullNode(child.dottedPath(), repLevel, slotDef));
      } else {
        NodeAssembler node = visit(child, childVector, repLevel, slotDef, variant);
        if (variantRoot
            && !child.arrowField().isNullable()
            && node instanceof LeafNode
            && (VariantType.METADATA.equals(name) || VariantType.VALUE.equals(name))) {
          node.representative().nullFill = nullVariantBytes(name);
        }
        children.add(node);
      }
    }
    boolean check = value != null && typed != null && !typedIsObject;
    return new StructNode(
        m.dottedPath(),
        repLevel,
        slotDef,
        validDef,
        vector,
        children,
        file,
        check ? value : null,
        check ? typed : null);
  }

  /**
   * What a null Variant holds in its non-nullable children: the empty metadata (version 1, no
   * dictionary, offset size 1: header {@code 01}, dictionary size {@code 00}, one offset {@code
   * 00}) and the Variant null (primitive type 0: {@code 00}). Arrow consumers such as pyarrow's
   * Parquet writer refuse a null in a non-nullable child even under a null struct.
   */
  private static byte[] nullVariantBytes(String child) {
    return VariantType.METADATA.equals(child) ? new byte[] {0x01, 0x00, 0x00} : new byte[] {0x00};
  }

  private List<String> firstLeafPath(FieldMapping m) {
    FieldMapping current = m;
    while (!current.parquetType().isPrimitive()) {
      FieldMapping next = null;
      for (FieldMapping child : current.children()) {
        if (child.parquetType() != null) {
          next = child;
          break;
        }
      }
      if (next == null) {
        // A group the mapping does not descend into: its first primitive below.
        List<String> path = new ArrayList<>(current.parquetPath());
        Type t = current.parquetType();
        while (!t.isPrimitive()) {
          t = t.asGroupType().getType(0);
          path.add(t.getName());
        }
        return path;
      }
      current = next;
    }
    return current.parquetPath();
  }

  private static String describe(Type t) {
    if (t.isPrimitive()) {
      return t.asPrimitiveType().toString();
    }
    return t.getLogicalTypeAnnotation() == null
        ? "group"
        : "group (" + t.getLogicalTypeAnnotation() + ")";
  }

  private Type nodeAt(List<String> path) {
    Type t = schema;
    for (String name : path) {
      t = t.asGroupType().getType(name);
    }
    return t;
  }

  private int defLevel(List<String> path) {
    return schema.getMaxDefinitionLevel(path.toArray(new String[0]));
  }
}
