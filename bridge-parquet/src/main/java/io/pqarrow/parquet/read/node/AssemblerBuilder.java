package io.pqarrow.parquet.read.node;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.ParquetLevels;
import io.pqarrow.parquet.read.leaf.LeafColumn;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.parquet.read.leaf.LeafFactory;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Walks a field mapping beside the batch's vectors and builds the {@link NodeAssembler} tree that
 * reads them, with each node's levels from {@link ParquetLevels}, so legacy two-level lists and
 * bare repeated fields work the same as three-level lists. Everything a leaf decoder needs besides
 * its vector ({@link LeafColumn}) is known when the walk reaches the leaf: a Variant's null fill
 * and a FixedSizeList's padding are passed down to it.
 */
public final class AssemblerBuilder {
  private final MessageType schema;
  private final ParquetLevels levels;
  private final String file;
  private final LeafFactory leaves;

  /** Dotted paths of the fields whose name a sibling repeats (pyarrow writes such files). */
  private final Set<String> shared = new HashSet<>();

  /**
   * @param leaves builds each leaf's decoder
   */
  public AssemblerBuilder(MessageType schema, String file, LeafFactory leaves) {
    this.schema = schema;
    this.levels = new ParquetLevels(schema, file);
    this.file = file;
    this.leaves = leaves;
    sharedNames(schema, "", shared);
  }

  private static void sharedNames(GroupType group, String prefix, Set<String> out) {
    Set<String> seen = new HashSet<>();
    for (Type t : group.getFields()) {
      String path = prefix + t.getName();
      if (!seen.add(t.getName())) {
        out.add(path);
      }
      if (!t.isPrimitive()) {
        sharedNames(t.asGroupType(), path + ".", out);
      }
    }
  }

  /** Builds the reader of one top-level field. */
  public NodeAssembler build(FieldMapping mapping, FieldVector vector) {
    NodeAssembler node = visit(mapping, vector, 0, 0, false, null, LeafColumn.Padding.NONE);
    node.wantLevels();
    return node;
  }

  /**
   * @param nullFill for a leaf, its {@link LeafColumn#nullFill}; ignored above a leaf
   * @param padding for a leaf, its {@link LeafColumn#padding}; ignored above a leaf
   */
  private NodeAssembler visit(
      FieldMapping m,
      FieldVector vector,
      int repLevel,
      int slotDef,
      boolean inVariant,
      byte[] nullFill,
      LeafColumn.Padding padding) {
    ArrowType type = m.arrowField().getType();
    Type parquet = m.parquetType();
    String path = m.dottedPath();
    if (!shared.isEmpty() && shared.contains(String.join(".", m.parquetPath()))) {
      // Chunks, levels and descriptors are found by path, which two siblings of one name share.
      throw ParquetFileException.unsupported(
          file,
          path,
          "name shared with another column at the same level (such columns are found by name,"
              + " so neither can be read; leave them out of the projection)");
    }
    int validDef =
        parquet.isRepetition(Type.Repetition.REPEATED)
            ? slotDef
            : Math.max(slotDef, levels.definitionLevel(m.parquetPath()));
    if (type instanceof VariantType) {
      StructVector storage = ((VariantVector) vector).getUnderlyingVector();
      return struct(m, storage, repLevel, slotDef, validDef, true, true);
    }
    if (parquet.isPrimitive()
        && !(type instanceof ArrowType.List)
        && !(type instanceof ArrowType.LargeList)
        && !(type instanceof ArrowType.FixedSizeList)
        && !(type instanceof ArrowType.ListView)
        && !(type instanceof ArrowType.LargeListView)) {
      int rep = levels.repetitionLevel(m.parquetPath());
      if (rep != repLevel) {
        throw ParquetFileException.unsupported(
            file, path, "repeated column not mapped to a list (repetition level " + rep + ")");
      }
      LeafColumn column =
          new LeafColumn(
              path,
              m.parquetPath(),
              levels.definitionLevel(m.parquetPath()),
              slotDef,
              nullFill,
              padding);
      ColumnDescriptor descriptor =
          schema.getColumnDescription(m.parquetPath().toArray(new String[0]));
      LeafDecoder decoder = leaves.create(column, descriptor, type, vector);
      if (decoder == null) {
        throw ParquetFileException.unsupported(
            file, path, describe(parquet) + " as Arrow " + m.arrowField().getType());
      }
      if (!m.arrowField().isNullable()
          && parquet.isRepetition(Type.Repetition.OPTIONAL)
          && nullFill == null) {
        // An OPTIONAL node under a non-null Arrow field (a map key): its null has no slot value.
        decoder.refusedNullDef = column.maxDef() - 1;
      }
      return new LeafNode(path, repLevel, slotDef, decoder);
    }
    FieldVector storage =
        vector instanceof ExtensionTypeVector<?> ext
            ? (FieldVector) ext.getUnderlyingVector()
            : vector;
    if (ListNode.assembles(storage)) {
      ParquetLevels.ListLevels list = levels.list(m);
      if (list.elementRep() != repLevel + 1) {
        throw ParquetFileException.unsupported(
            file, path, "list whose repeated node is not directly below it");
      }
      int elementDef = list.elementDef();
      int listValidDef = parquet.isRepetition(Type.Repetition.REPEATED) ? slotDef : validDef;
      // Parquet has no elements for a null list; Arrow has the list size of null elements.
      LeafColumn.Padding elementPadding =
          storage instanceof FixedSizeListVector fixed
              ? new LeafColumn.Padding(slotDef, listValidDef, fixed.getListSize())
              : LeafColumn.Padding.NONE;
      NodeAssembler child =
          visit(
              m.children().get(0),
              ListNode.dataVector(storage),
              repLevel + 1,
              elementDef,
              inVariant,
              null,
              elementPadding);
      if (storage instanceof FixedSizeListVector && !(child instanceof LeafNode)) {
        throw ParquetFileException.unsupported(
            file, path, "Arrow FixedSizeList of nested elements (only primitive elements)");
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
        byte[] fill =
            variantRoot
                    && !child.arrowField().isNullable()
                    && (VariantType.METADATA.equals(name) || VariantType.VALUE.equals(name))
                ? nullVariantBytes(name)
                : null;
        children.add(
            visit(child, childVector, repLevel, slotDef, variant, fill, LeafColumn.Padding.NONE));
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

  private static String describe(Type t) {
    if (t.isPrimitive()) {
      return t.asPrimitiveType().toString();
    }
    return t.getLogicalTypeAnnotation() == null
        ? "group"
        : "group (" + t.getLogicalTypeAnnotation() + ")";
  }
}
