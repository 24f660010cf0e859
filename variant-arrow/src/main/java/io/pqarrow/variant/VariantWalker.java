package io.pqarrow.variant;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Walks a Variant value depth first, calling a {@link VariantVisitor} and keeping the {@link
 * VariantPath}. The one recursive descent over values that conversions (copying, JSON) share.
 *
 * <p>Nesting deeper than the walker's cap, {@link Limits#maxVariantDepth()} of the limits it is
 * given (the operation's options; at most {@link Limits#VARIANT_DEPTH_CEILING}), raises {@link
 * VariantFormatException} (a depth bomb cannot overflow the stack). A walker reuses its readers and
 * path, so a walk allocates nothing itself; it is not thread-safe and not re-entrant.
 */
public final class VariantWalker {
  private final int maxDepth;
  private final List<VariantReader> readers = new ArrayList<>();
  private final VariantPath path = new VariantPath();

  /** A walker with the default {@link Limits#maxVariantDepth()}. */
  public VariantWalker() {
    this(Limits.defaults());
  }

  /**
   * A walker that fails past {@link Limits#maxVariantDepth()} nested objects and arrays (a cap
   * {@link Limits} has already checked against {@link Limits#VARIANT_DEPTH_CEILING}).
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting walked
   */
  public VariantWalker(Limits limits) {
    this.maxDepth = Objects.requireNonNull(limits, "limits").maxVariantDepth();
  }

  /**
   * Visits the value {@code root} points at ({@code root} itself is not moved).
   *
   * @param root a reader on the value to walk
   * @param visitor called for every value, depth first
   * @throws VariantFormatException if the value is malformed or nested deeper than the walker's cap
   */
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
