package io.pqarrow.kernel.cast;

import io.pqarrow.kernel.decode.WriterFactory;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes Variant values into one Arrow vector of a fixed target type. One writer is built per
 * target field when a kernel call starts ({@link WriterFactory}); the row loop then calls {@link
 * #write} with no branching on the target type.
 *
 * <p>Contract: {@link #write} always leaves slot {@code index} written (a value or null) and
 * returns whether the value fit completely. A Variant null becomes a null slot and counts as
 * fitting (subclasses that can express it, such as the Variant and union writers, keep it apart).
 * Indices are written in increasing order.
 *
 * <p>A writer also declares its fast paths, so that the row loops never classify the output vector
 * themselves: {@link #direct()} (values stored straight into its buffers) and {@link #copiesColumn}
 * (a shredded {@code typed_value} column copied slot for slot).
 */
public abstract class ValueWriter {
  public final CastContext ctx;
  public final String target;

  public ValueWriter(CastContext ctx, String target) {
    this.ctx = ctx;
    this.target = target;
  }

  /**
   * The base of the writers into a vector of type {@code V}: holds it once, so that a subclass is
   * what it writes. Each subclass is final and bound to one vector type, so the calls in its row
   * loop resolve to one method.
   */
  public abstract static class Of<V extends FieldVector> extends ValueWriter {
    /** The vector written to, as its own type. */
    protected final V vector;

    /** A writer of {@code target} into {@code vector}. */
    protected Of(CastContext ctx, String target, V vector) {
      super(ctx, target);
      this.vector = vector;
    }

    @Override
    public final FieldVector vector() {
      return vector;
    }
  }

  /** The vector written to. */
  public abstract FieldVector vector();

  /**
   * The values this writer takes straight into its buffers ({@link DirectScalar}), or null when
   * every value goes through {@link #write}.
   */
  public DirectScalar direct() {
    return null;
  }

  /**
   * Whether the slots of {@code typed}, a shredded {@code typed_value} column, may be copied into
   * this writer's vector as they are (the same Arrow type, and every slot a value that fits); false
   * by default.
   */
  public boolean copiesColumn(FieldVector typed) {
    return false;
  }

  /**
   * Whether {@code typed} holds values of exactly this writer's type: the scalar writers' {@link
   * #copiesColumn}. An extension vector's field gives its storage type, not the extension, so a
   * writer into an extension vector copies nothing.
   */
  protected final boolean holdsSameType(FieldVector typed) {
    FieldVector v = vector();
    return !(v instanceof ExtensionTypeVector)
        && typed.getField().getType().equals(v.getField().getType());
  }

  /** Writes the value {@code v} points at into slot {@code index}; false when it did not fit. */
  public final boolean write(VariantReader v, int index) {
    if (v.isNull()) {
      writeVariantNull(index);
      return true;
    }
    return writeValue(v, index);
  }

  /** Writes a non-null value (see {@link #write}). */
  public abstract boolean writeValue(VariantReader v, int index);

  /** Writes SQL NULL (a missing value) into slot {@code index}. */
  public abstract void writeNull(int index);

  /** Writes a Variant null; by default a null slot. */
  public void writeVariantNull(int index) {
    writeNull(index);
  }

  /** Sets the value counts once all {@code count} slots are written. */
  public void finish(int count) {
    vector().setValueCount(count);
  }

  /** Refuses {@code v}: writes a null slot and records the failure. */
  public final boolean refuse(VariantReader v, int index) {
    writeNull(index);
    return ctx.fail(v.kind(), target);
  }
}
