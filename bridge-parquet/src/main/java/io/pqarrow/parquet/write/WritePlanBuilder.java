package io.pqarrow.parquet.write;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.ParquetLevels;
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
 * with each node's definition and repetition levels from {@link ParquetLevels}. A
 * dictionary-encoded field (in IPC message form: the value type, with its encoding) becomes a
 * {@link DictionaryWriteNode} over the node of its value type. A Parquet field with no Arrow
 * counterpart (a Variant's {@code value} when the vector has none) is written null.
 */
final class WritePlanBuilder {
  private final MessageType schema;
  private final ParquetLevels levels;
  private final Path file;
  private final List<DictionaryWriteNode> dictionaryNodes = new ArrayList<>();

  WritePlanBuilder(MessageType schema, Path file) {
    this.schema = schema;
    this.levels = new ParquetLevels(schema, file);
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
        parquet.isRepetition(Type.Repetition.OPTIONAL)
            ? levels.definitionLevel(m.parquetPath()) - 1
            : -1;
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
            || storage instanceof ArrowType.LargeListView
            || storage instanceof ArrowType.Map;
    if (listLike) {
      ParquetLevels.ListLevels list = levels.list(m);
      WriteNode element = visit(m.children().get(0));
      return new ListWriteNode(
          path,
          nullDef,
          list.emptyDef(),
          list.elementRep(),
          element,
          storage instanceof ArrowType.ListView || storage instanceof ArrowType.LargeListView);
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
          LeafEncoders.absent(
              String.join(".", childPath), levels.definitionLevel(childPath) - 1, column));
      ordinals.add(-1);
    }
    return new StructWriteNode(path, nullDef, children, ordinals);
  }
}
