package io.pqarrow.parquet.internal;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The definition and repetition levels of the nodes of one Parquet schema, as the reader's and the
 * writer's plan builders need them: the levels of a path, and where the elements of a list field
 * sit. The levels of a node depend only on the Parquet nodes on its path, so every list form is
 * answered the same way:
 *
 * <pre>
 * optional group a (LIST) {          optional group a (LIST) {      repeated int32 a;
 *   repeated group list {              repeated int32 array;
 *     optional int32 element;        }
 *   }
 * }
 * </pre>
 *
 * In each, the list's repeated node is the first repeated node at or below the list's own node on
 * the path to its element's first leaf (below it when the list's node is itself the repeated
 * element of an enclosing two-level list, {@code repeated group array (LIST) { repeated int32
 * array; }}); an element exists at that node's definition level.
 */
public final class ParquetLevels {
  private final MessageType schema;
  private final String file;

  /**
   * @param file the file, for messages
   */
  public ParquetLevels(MessageType schema, Path file) {
    this(schema, String.valueOf(file));
  }

  /**
   * @param file the file's display name, for messages
   */
  public ParquetLevels(MessageType schema, String file) {
    this.schema = schema;
    this.file = file;
  }

  /**
   * Where the elements of a list field sit.
   *
   * @param repeatedPath the path of the list's repeated node
   * @param elementDef the definition level at which an element exists (the repeated node's)
   * @param elementRep the repetition level of a further element (the repeated node's)
   */
  public record ListLevels(List<String> repeatedPath, int elementDef, int elementRep) {
    /** The definition level of an empty list: one below that of an element. */
    public int emptyDef() {
      return elementDef - 1;
    }
  }

  /** The maximum definition level of the node at {@code path}. */
  public int definitionLevel(List<String> path) {
    return schema.getMaxDefinitionLevel(path.toArray(new String[0]));
  }

  /** The maximum repetition level of the node at {@code path}. */
  public int repetitionLevel(List<String> path) {
    return schema.getMaxRepetitionLevel(path.toArray(new String[0]));
  }

  /**
   * The levels of the elements of a list-like field (List, LargeList, FixedSizeList, ListView,
   * Map).
   *
   * @throws ParquetFileException when the mapping has not one element or no repeated node is found
   */
  public ListLevels list(FieldMapping list) {
    String path = list.dottedPath();
    if (list.children().size() != 1) {
      throw ParquetFileException.unsupported(file, path, "list mapping without one element");
    }
    FieldMapping element = list.children().get(0);
    List<String> leafPath = firstLeafPath(element);
    // The list's own node is its repeated node only when the element shares it (an unannotated
    // repeated field); a list that is itself the repeated element of a two-level list (a LIST or
    // MAP group) has its repeated node below.
    int own = list.parquetPath().size() - 1;
    int from = element.parquetPath().equals(list.parquetPath()) ? own : own + 1;
    for (int i = from; i < leafPath.size(); i++) {
      List<String> prefix = leafPath.subList(0, i + 1);
      if (nodeAt(prefix).isRepetition(Type.Repetition.REPEATED)) {
        List<String> repeated = List.copyOf(prefix);
        return new ListLevels(repeated, definitionLevel(repeated), repetitionLevel(repeated));
      }
    }
    throw ParquetFileException.unsupported(file, path, "list without a repeated node");
  }

  /**
   * The column path of the first leaf below {@code m}: down the first child the mapping pairs with
   * a Parquet node, then, below a group the mapping does not descend into, down first children.
   */
  private static List<String> firstLeafPath(FieldMapping m) {
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

  private Type nodeAt(List<String> path) {
    Type t = schema;
    for (String name : path) {
      t = t.asGroupType().getType(name);
    }
    return t;
  }
}
