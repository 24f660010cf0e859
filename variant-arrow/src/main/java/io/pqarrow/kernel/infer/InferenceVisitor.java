package io.pqarrow.kernel.infer;

import io.pqarrow.Limits;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantPath;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantVisitor;
import io.pqarrow.variant.VariantWalker;
import java.util.ArrayDeque;

/**
 * Feeds one row at a time to a tree of {@link TypeAccumulator}s through the shared {@link
 * VariantWalker}: each value goes to the accumulator of its position (the top level, an object key,
 * the elements of arrays). Containers deeper than the inference depth are recorded as opaque and
 * their contents skipped.
 */
final class InferenceVisitor implements VariantVisitor {
  private final VariantWalker walker;
  private final ArrayDeque<TypeAccumulator> open = new ArrayDeque<>();
  private TypeAccumulator next;
  private VariantMetadata metadata;
  private int skipping;

  /** A visitor whose walks refuse values nested deeper than {@link Limits#maxVariantDepth()}. */
  InferenceVisitor(Limits limits) {
    this.walker = new VariantWalker(limits);
  }

  /** Observes the value {@code root} points at as a value of position {@code top}. */
  void observe(VariantReader root, TypeAccumulator top) {
    open.clear();
    next = top;
    skipping = 0;
    metadata = root.metadata();
    walker.walk(root, this);
  }

  @Override
  public void primitive(VariantReader value, VariantPath path) {
    if (skipping == 0) {
      next.observePrimitive(value);
    }
  }

  @Override
  public void startObject(VariantReader object, VariantPath path) {
    start(object);
  }

  @Override
  public void startArray(VariantReader array, VariantPath path) {
    start(array);
  }

  private void start(VariantReader container) {
    if (skipping > 0 || !next.observeContainer(container.kind())) {
      skipping++;
      return;
    }
    open.push(next);
  }

  @Override
  public void field(int index, int keyId, VariantPath path) {
    if (skipping == 0) {
      next = open.peek().field(metadata.key(keyId));
    }
  }

  @Override
  public void element(int index, VariantPath path) {
    if (skipping == 0) {
      next = open.peek().elements();
    }
  }

  @Override
  public void endObject(VariantReader object, VariantPath path) {
    end();
  }

  @Override
  public void endArray(VariantReader array, VariantPath path) {
    end();
  }

  private void end() {
    if (skipping > 0) {
      skipping--;
    } else {
      open.pop();
    }
  }
}
