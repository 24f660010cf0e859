package io.pqarrow.variant;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a Variant value depth first, calling a {@link VariantVisitor} and keeping the {@link
 * VariantPath}. The one recursive descent over values that conversions (copying, JSON) share.
 *
 * <p>Nesting deeper than the walker's cap (usually {@link Limits#maxVariantDepth()} of the
 * operation's options) raises {@link VariantFormatException} (a depth bomb cannot overflow the
 * stack). A walker reuses its readers and path, so a walk allocates nothing itself; it is not
 * thread-safe and not re-entrant.
 */
public final class VariantWalker {
  /**
   * Highest cap a walker accepts: {@link Limits#VARIANT_DEPTH_CEILING}, where the reason for it is
   * given.
   */
  public static final int MAX_DEPTH_LIMIT = Limits.VARIANT_DEPTH_CEILING;

  private final int maxDepth;
  private final List<VariantReader> readers = new ArrayList<>();
  private final VariantPath path = new VariantPath();

  /** A walker with the default {@link Limits#maxVariantDepth()}. */
  public VariantWalker() {
    this(Limits.defaults().maxVariantDepth());
  }

  /**
   * A walker that fails past {@code maxDepth} nested objects and arrays.
   *
   * @throws IllegalArgumentException unless {@code 0 <= maxDepth <= }{@link #MAX_DEPTH_LIMIT}
   */
  public VariantWalker(int maxDepth) {
    if (maxDepth < 0 || maxDepth > MAX_DEPTH_LIMIT) {
      throw new IllegalArgumentException(
          "maxDepth must be between 0 and " + MAX_DEPTH_LIMIT + ", was " + maxDepth);
    }
    this.maxDepth = maxDepth;
  }

  /** Visits the value {@code root} points at ({@code root} itself is not moved). */
  public void walk(VariantReader root, VariantVisitor visitor) {
    path.reset(root.metadata());
    visit(root, visitor);
  }

  private void visit(VariantReader r, VariantVisitor visitor) {
    switch (r.kind()) {
      case OBJECT:
        {
          VariantReader child = enter(r);
          visitor.startObject(r, path);
          int n = r.fieldCount();
          for (int i = 0; i < n; i++) {
            int id = r.fieldId(i);
            path.pushField(id, i);
            visitor.field(i, id, path);
            visit(r.fieldInto(i, child), visitor);
            path.pop();
          }
          visitor.endObject(r, path);
          break;
        }
      case ARRAY:
        {
          VariantReader child = enter(r);
          visitor.startArray(r, path);
          int n = r.elementCount();
          for (int i = 0; i < n; i++) {
            path.pushElement(i);
            visitor.element(i, path);
            visit(r.elementInto(i, child), visitor);
            path.pop();
          }
          visitor.endArray(r, path);
          break;
        }
      default:
        visitor.primitive(r, path);
    }
  }

  /** The scratch reader for the children of {@code r}, after checking the depth cap. */
  private VariantReader enter(VariantReader r) {
    int d = path.depth();
    if (d >= maxDepth) {
      throw r.error(r.offset(), "expected nesting depth at most " + maxDepth + ", found deeper");
    }
    while (readers.size() <= d) {
      readers.add(new VariantReader());
    }
    return readers.get(d);
  }
}
