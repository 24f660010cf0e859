package io.pqarrow.kernel.decode;

import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/** Writes ARRAY values into a List or LargeList vector, elements through one child writer. */
abstract class ListWriter extends ValueWriter.Of<FieldVector> {
  private final ValueWriter element;
  private final VariantReader scratch = new VariantReader();

  ListWriter(CastContext ctx, String target, FieldVector vector, ValueWriter element) {
    super(ctx, target, vector);
    this.element = element;
  }

  static ListWriter of(CastContext ctx, String target, FieldVector vector, ValueWriter element) {
    // The two list vectors share no interface for their offsets: each writer says only that.
    if (vector instanceof ListVector l) {
      return new ListWriter(ctx, target, l, element) {
        @Override
        long start(int index) {
          return l.startNewValue(index);
        }

        @Override
        void end(int index, int size) {
          l.endValue(index, size);
        }
      };
    }
    LargeListVector l = (LargeListVector) vector;
    return new ListWriter(ctx, target, l, element) {
      @Override
      long start(int index) {
        return l.startNewValue(index);
      }

      @Override
      void end(int index, int size) {
        l.endValue(index, size);
      }
    };
  }

  @Override
  public final void writeNull(int index) {
    vector.setNull(index);
  }

  @Override
  public final boolean writeValue(VariantReader v, int index) {
    if (v.kind() != VariantKind.ARRAY) {
      return refuse(v, index);
    }
    int n = v.elementCount();
    long first = start(index);
    if (first + n > Integer.MAX_VALUE) {
      end(index, 0);
      return refuse(v, index);
    }
    int at = (int) first;
    boolean fit = true;
    for (int i = 0; i < n; i++) {
      fit &= element.write(v.elementInto(i, scratch), at + i);
    }
    end(index, n);
    return fit;
  }

  abstract long start(int index);

  abstract void end(int index, int size);
}
