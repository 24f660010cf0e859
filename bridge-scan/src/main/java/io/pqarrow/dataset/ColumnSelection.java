package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The parts of one dataset column a scan selects ({@code s}, or {@code s.x} and {@code s.t.y}), and
 * what to ask each file for. As for one file, {@code s.x} keeps struct {@code s} with only its
 * child {@code x}, and a path may pass through a list's element ({@code l.element.x}).
 *
 * <p>A file need not have every selected part. The paths asked of it are the selected ones as far
 * as the file has them, each continued, where the file lacks the next name, down the first children
 * of the last struct it has to a leaf: that leaf is read only for its parent's validity, so that a
 * row whose struct is present but lacks the selected child reads as a struct holding null, not as a
 * null struct. {@link NestedCast} then drops the extra leaf and fills the missing child with nulls.
 */
final class ColumnSelection {
  private final Map<String, ColumnSelection> children = new LinkedHashMap<>();
  private boolean whole;

  /** A selection of nothing yet. */
  ColumnSelection() {}

  /** Selects the part at {@code names} below this one (the whole of it when empty). */
  void select(List<String> names) {
    ColumnSelection n = this;
    for (String name : names) {
      n = n.children.computeIfAbsent(name, k -> new ColumnSelection());
    }
    n.whole = true;
  }

  private boolean isWhole() {
    return whole || children.isEmpty();
  }

  /**
   * {@code f} with only the selected parts, children in {@code f}'s order.
   *
   * @throws DatasetException for a name {@code f} does not have, or a path into a column that has
   *     no named children
   */
  Field prune(Field f, String path) {
    if (isWhole()) {
      return f;
    }
    ArrowType type = f.getType();
    boolean descends =
        type instanceof ArrowType.Struct
            || type instanceof ArrowType.List
            || type instanceof ArrowType.LargeList;
    if (!descends) {
      throw DatasetException.of(
          ErrorKind.NOT_FOUND,
          ErrorLocation.inColumn(path),
          "cannot select inside a column of type " + type + "; select the whole column",
          null);
    }
    for (String name : children.keySet()) {
      if (f.getChildren().stream().noneMatch(c -> c.getName().equals(name))) {
        throw DatasetException.of(
            ErrorKind.NOT_FOUND, ErrorLocation.inColumn(path + "." + name), "no such column", null);
      }
    }
    List<Field> kept = new ArrayList<>();
    for (Field c : f.getChildren()) {
      ColumnSelection sel = children.get(c.getName());
      if (sel != null) {
        kept.add(sel.prune(c, path + "." + c.getName()));
      }
    }
    return new Field(f.getName(), new FieldType(f.isNullable(), type, null, f.getMetadata()), kept);
  }

  /**
   * The paths (names from the file's top level down) to ask a file for, whose column {@code have}
   * is the dataset's column {@code want}.
   */
  List<List<String>> inFile(Field want, Field have) {
    List<List<String>> out = new ArrayList<>();
    walk(want, have, new ArrayList<>(List.of(have.getName())), out);
    return out;
  }

  private void walk(Field want, Field have, List<String> at, List<List<String>> out) {
    if (isWhole() || have.getChildren().isEmpty()) {
      out.add(List.copyOf(at));
      return;
    }
    boolean struct = want.getType() instanceof ArrowType.Struct;
    for (Map.Entry<String, ColumnSelection> e : children.entrySet()) {
      Field next = null;
      if (struct) {
        for (Field c : have.getChildren()) {
          if (c.getName().equals(e.getKey())) {
            next = c;
          }
        }
      } else {
        next = have.getChildren().get(0); // a list's element, whatever the file names it
      }
      List<String> down = new ArrayList<>(at);
      if (next == null) {
        // the file's struct lacks it: read its first leaf, for the struct's validity
        for (Field f = have; !f.getChildren().isEmpty(); f = f.getChildren().get(0)) {
          down.add(f.getChildren().get(0).getName());
        }
        if (!out.contains(down)) {
          out.add(down);
        }
        continue;
      }
      down.add(next.getName());
      Field wantNext = want;
      for (Field c : want.getChildren()) {
        if (c.getName().equals(e.getKey())) {
          wantNext = c;
        }
      }
      e.getValue().walk(wantNext, next, down, out);
    }
  }
}
