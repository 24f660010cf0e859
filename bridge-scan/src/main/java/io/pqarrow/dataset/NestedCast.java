package io.pqarrow.dataset;

import io.pqarrow.ErrorLocation;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns one file's column into the dataset's type for it when the two differ anywhere in their
 * tree: the nested half of {@link ColumnCast}, which it calls for each leaf that differs.
 *
 * <p>The two trees are walked together. A struct's children are matched by name: a child the
 * dataset has and the file lacks reads as nulls, a child the file has and the dataset lacks is
 * dropped. A list's element and a map's key and value are matched by position (writers name them
 * differently). A subtree of the same shape (names and types; nullability aside) is moved whole,
 * and a nested vector's own buffers (validity, offsets) are shared with the file's vector rather
 * than copied, so only the leaves whose types differ are rewritten. The list kind (list, large
 * list, fixed-size list of n, map) must be the same in both.
 *
 * <pre>
 *   file     s: struct&lt;x: int32, z: utf8&gt;      dataset  s: struct&lt;x: int64, y: utf8&gt;
 *   s's validity  shared
 *   s.x           int32 → int64 (ColumnCast, per value)
 *   s.y           all null (the file lacks it)
 *   s.z           not read into the output
 * </pre>
 */
final class NestedCast {
  private NestedCast() {}

  /** Whether the two fields have the same names and types all the way down. */
  static boolean sameShape(Field a, Field b) {
    if (a.getChildren().size() != b.getChildren().size() || !a.getType().equals(b.getType())) {
      return false;
    }
    for (int i = 0; i < a.getChildren().size(); i++) {
      Field x = a.getChildren().get(i);
      Field y = b.getChildren().get(i);
      if (!x.getName().equals(y.getName()) || !sameShape(x, y)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The path, from {@code to} down, of the first part of {@code from} that cannot be read as {@code
   * to}, or null when all of it can.
   */
  static String unsupported(Field from, Field to) {
    return unsupported(from, to, to.getName());
  }

  private static String unsupported(Field from, Field to, String path) {
    ArrowType f = from.getType();
    ArrowType t = to.getType();
    if (f instanceof ArrowType.Null) {
      return null;
    }
    if (t instanceof ArrowType.Struct) {
      if (!(f instanceof ArrowType.Struct)) {
        return path;
      }
      for (Field c : to.getChildren()) {
        Field fc = child(from, c.getName());
        String bad = fc == null ? null : unsupported(fc, c, path + "." + c.getName());
        if (bad != null) {
          return bad;
        }
      }
      return null;
    }
    if (!to.getChildren().isEmpty() || !from.getChildren().isEmpty()) {
      if (!f.equals(t) || from.getChildren().size() != to.getChildren().size()) {
        return path;
      }
      boolean map = t instanceof ArrowType.Map;
      for (int i = 0; i < to.getChildren().size(); i++) {
        Field fc = from.getChildren().get(i);
        Field tc = to.getChildren().get(i);
        String at = path + "." + tc.getName();
        String bad = map ? positional(fc, tc, at) : unsupported(fc, tc, at);
        if (bad != null) {
          return bad;
        }
      }
      return null;
    }
    return ColumnCast.supports(f, t) ? null : path;
  }

  /** A map's entries: key and value by position. */
  private static String positional(Field from, Field to, String path) {
    if (from.getChildren().size() != to.getChildren().size()) {
      return path;
    }
    for (int i = 0; i < to.getChildren().size(); i++) {
      Field tc = to.getChildren().get(i);
      String bad = unsupported(from.getChildren().get(i), tc, path + "." + tc.getName());
      if (bad != null) {
        return bad;
      }
    }
    return null;
  }

  private static Field child(Field parent, String name) {
    for (Field c : parent.getChildren()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static FieldVector child(FieldVector parent, String name) {
    for (FieldVector c : parent.getChildrenFromFields()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /**
   * Puts the first {@code count} values of {@code from} into {@code to} (whose field the dataset
   * gives) as {@code to}'s type. Buffers of {@code from} may end up shared with {@code to} or
   * moved: the caller gives {@code from} fresh buffers before reading into it again.
   *
   * @param want {@code to}'s field as the dataset has it (its names, for errors: Arrow names a list
   *     vector's element {@code $data$})
   * @param where the file, for errors (the column's path is added)
   * @param rowOf the file row of each of {@code from}'s values
   * @throws DatasetException for a value that does not fit
   */
  static void cast(
      FieldVector from,
      FieldVector to,
      Field want,
      int count,
      ErrorLocation where,
      ColumnCast.RowOf rowOf) {
    cast(from, to, want, count, where, want.getName(), rowOf, false);
  }

  private static void cast(
      FieldVector from,
      FieldVector to,
      Field want,
      int count,
      ErrorLocation where,
      String path,
      ColumnCast.RowOf rowOf,
      boolean entries) {
    Field ff = from.getField();
    Field tf = to.getField();
    if (sameShape(ff, tf)) {
      from.makeTransferPair(to).transfer();
      return;
    }
    if (ff.getType() instanceof ArrowType.Null) {
      allNull(to, count);
      return;
    }
    ArrowType t = tf.getType();
    if (t instanceof ArrowType.Struct) {
      shareOwnBuffers(from, to, count);
      List<FieldVector> targets = to.getChildrenFromFields();
      List<FieldVector> sources = from.getChildrenFromFields();
      for (int i = 0; i < targets.size(); i++) {
        FieldVector target = targets.get(i);
        FieldVector source = entries ? sources.get(i) : child(from, target.getName());
        Field wantChild = want.getChildren().get(i);
        String at = path + "." + wantChild.getName();
        if (source == null) {
          allNull(target, count);
        } else {
          cast(source, target, wantChild, count, where, at, rowOf, false);
        }
      }
    } else if (to instanceof ListVector || to instanceof LargeListVector) {
      // a map is a list of its entries
      shareOwnBuffers(from, to, count);
      ArrowBuf offsets = to.getOffsetBuffer();
      int width = to instanceof LargeListVector ? 8 : 4;
      long elements =
          count == 0
              ? 0
              : width == 8 ? offsets.getLong((long) count * 8) : offsets.getInt((long) count * 4);
      FieldVector source = dataOf(from);
      FieldVector target = dataOf(to);
      Field element = want.getChildren().get(0);
      cast(
          source,
          target,
          element,
          Math.toIntExact(elements),
          where,
          path + "." + element.getName(),
          i -> rowOf.row(parentOf(offsets, width, count, i)),
          t instanceof ArrowType.Map);
    } else if (to instanceof FixedSizeListVector l) {
      shareOwnBuffers(from, to, count);
      int size = l.getListSize();
      Field element = want.getChildren().get(0);
      cast(
          ((FixedSizeListVector) from).getDataVector(),
          l.getDataVector(),
          element,
          Math.multiplyExact(count, size),
          where,
          path + "." + element.getName(),
          i -> rowOf.row(i / size),
          false);
    } else {
      ColumnCast.cast(from, to, count, where.withColumn(path), rowOf);
    }
  }

  private static FieldVector dataOf(FieldVector list) {
    return list instanceof ListVector l
        ? l.getDataVector()
        : ((LargeListVector) list).getDataVector();
  }

  /** {@code count} nulls. */
  private static void allNull(FieldVector v, int count) {
    v.setInitialCapacity(count);
    v.allocateNew();
    v.setValueCount(count);
  }

  /** {@code to}'s validity (and offsets) become {@code from}'s, shared. */
  private static void shareOwnBuffers(FieldVector from, FieldVector to, int count) {
    List<ArrowBuf> own = from.getFieldBuffers();
    int n = to.getFieldBuffers().size();
    to.loadFieldBuffers(
        new ArrowFieldNode(count, from.getNullCount()), own.subList(0, Math.min(n, own.size())));
  }

  /** The list (of {@code count}) that holds element {@code index}: a search of the offsets. */
  private static int parentOf(ArrowBuf offsets, int width, int count, int index) {
    int lo = 0;
    int hi = count - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      long start = width == 8 ? offsets.getLong((long) mid * 8) : offsets.getInt((long) mid * 4);
      if (start <= index) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
