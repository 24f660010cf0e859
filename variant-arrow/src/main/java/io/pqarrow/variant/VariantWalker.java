package io.pqarrow.variant;

import java.util.ArrayList;
import java.util.List;

/**
 * Walks a Variant value depth first, calling a {@link VariantVisitor} and keeping the {@link
 * VariantPath}. The one recursive descent over values that conversions (copying, JSON) share.
 *
 * <p>Nesting deeper than the walker's cap raises {@link VariantFormatException} (a depth bomb
 * cannot overflow the stack). A walker reuses its readers and path, so a walk allocates nothing
 * itself; it is not thread-safe and not re-entrant.
 */
public final class VariantWalker {
  /** Default cap on nesting depth. */
  public static final int DEFAULT_MAX_DEPTH = 512;

  /**
   * Highest cap a walker or {@link ValidationOptions} accepts. Walks recurse once per level, so an
   * unbounded cap would let a depth bomb overflow the stack instead of failing with {@link
   * VariantFormatException}. At 2048 levels the validator (two frames a level) overflowed a default
   * 1 MiB stack before the JIT had compiled it, and 1024 levels overflowed a 512 KiB stack in one
   * run out of several, depending on what the JIT had compiled; 512 leaves a factor of two.
   */
  public static final int MAX_DEPTH_LIMIT = 512;

  private final int maxDepth;
  private final List<VariantReader> readers = new ArrayList<>();
  private final VariantPath path = new VariantPath();

  /** A walker with {@link #DEFAULT_MAX_DEPTH}. */
  public VariantWalker() {
    this(DEFAULT_MAX_DEPTH);
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
