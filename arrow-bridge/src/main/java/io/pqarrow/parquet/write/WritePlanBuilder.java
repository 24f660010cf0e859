package io.pqarrow.parquet.write;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Walks a field mapping (Arrow → Parquet) and builds the {@link WriteNode} tree that writes it,
 * with each node's definition and repetition levels computed from its Parquet path. A
 * dictionary-encoded field (in IPC message form: the value type, with its encoding) becomes a
 * {@link DictionaryWriteNode} over the node of its value type. A Parquet field with no Arrow
 * counterpart (a Variant's {@code value} when the vector has none) is written null.
 */
final class WritePlanBuilder {
  private final MessageType schema;
  private final Path file;
  private final List<DictionaryWriteNode> dictionaryNodes = new ArrayList<>();

  WritePlanBuilder(MessageType schema, Path file) {
    this.schema = schema;
    this.file = file;
  }

  WriteNode build(FieldMapping mapping) {
    return visit(mapping);
  }

  /** The dictionary-encoded fields met so far, which need the batch's dictionaries. */
  List<DictionaryWriteNode> dictionaryNodes() {
    return dictionaryNodes;
  }

  private WriteNode visit(FieldMapping m) {
    ArrowType type = m.arrowField().getType();
    ArrowType storage = type instanceof ArrowType.ExtensionType ext ? ext.storageType() : type;
    Type parquet = m.parquetType();
    String path = m.dottedPath();
    int nullDef =
        parquet.isRepetition(Type.Repetition.OPTIONAL) ? defLevel(m.parquetPath()) - 1 : -1;
    DictionaryEncoding encoding = m.arrowField().getDictionary();
    if (encoding != null) {
      Field f = m.arrowField();
      Field plain =
          new Field(
              f.getName(),
              new FieldType(f.isNullable(), f.getType(), null, f.getMetadata()),
              f.getChildren());
      WriteNode values =
          visit(new FieldMapping(plain, m.parquetType(), m.parquetPath(), m.children()));
      DictionaryWriteNode node = new DictionaryWriteNode(path, nullDef, encoding.getId(), values);
      dictionaryNodes.add(node);
      return node;
    }
    boolean listLike =
        storage instanceof ArrowType.List
            || storage instanceof ArrowType.LargeList
            || storage instanceof ArrowType.FixedSizeList
            || storage instanceof ArrowType.ListView
            || storage instanceof ArrowType.Map;
    if (listLike) {
      if (m.children().size() != 1) {
        throw ParquetFileException.unsupported(file, path, "list mapping without one element");
      }
      List<String> leafPath = firstLeafPath(m.children().get(0));
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
      String[] repeated = leafPath.subList(0, repeatedIndex + 1).toArray(new String[0]);
      int emptyDef = schema.getMaxDefinitionLevel(repeated) - 1;
      int elementRep = schema.getMaxRepetitionLevel(repeated);
      WriteNode element = visit(m.children().get(0));
      return new ListWriteNode(path, nullDef, emptyDef, elementRep, element);
    }
    if (parquet.isPrimitive()) {
      ColumnDescriptor column = schema.getColumnDescription(m.parquetPath().toArray(new String[0]));
      LeafEncoder encoder = LeafEncoders.create(path, nullDef, column, type);
      if (encoder == null) {
        throw ParquetFileException.unsupported(
            file, path, "Arrow " + type + " as Parquet " + parquet);
      }
      return encoder;
    }
    if (!(storage instanceof ArrowType.Struct)) {
      throw ParquetFileException.unsupported(
          file, path, "Arrow " + type + " as Parquet " + parquet);
    }
    GroupType group = parquet.asGroupType();
    List<WriteNode> children = new ArrayList<>();
    List<Integer> ordinals = new ArrayList<>();
    Set<String> mapped = new HashSet<>();
    for (int i = 0; i < m.children().size(); i++) {
      FieldMapping child = m.children().get(i);
      children.add(visit(child));
      ordinals.add(i);
      mapped.add(child.parquetType().getName());
    }
    for (Type field : group.getFields()) {
      if (mapped.contains(field.getName())) {
        continue;
      }
      List<String> childPath = new ArrayList<>(m.parquetPath());
      childPath.add(field.getName());
      if (!field.isPrimitive() || !field.isRepetition(Type.Repetition.OPTIONAL)) {
        throw ParquetFileException.unsupported(
            file, String.join(".", childPath), "Parquet field with no Arrow field to write it");
      }
      ColumnDescriptor column = schema.getColumnDescription(childPath.toArray(new String[0]));
      children.add(
          LeafEncoders.absent(String.join(".", childPath), defLevel(childPath) - 1, column));
      ordinals.add(-1);
    }
    return new StructWriteNode(path, nullDef, children, ordinals);
  }

  private List<String> firstLeafPath(FieldMapping m) {
    List<String> path = new ArrayList<>(m.parquetPath());
    Type t = m.parquetType();
    while (!t.isPrimitive()) {
      t = t.asGroupType().getType(0);
      path.add(t.getName());
    }
    return path;
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
