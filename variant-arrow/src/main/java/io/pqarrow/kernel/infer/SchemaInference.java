package io.pqarrow.kernel.infer;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Infers one Arrow field describing every row of a Variant column, or of many batches of one:
 * objects become structs of the union of their keys (limited by {@link InferOptions}), arrays
 * become lists, numbers of one class widen, values of different classes become a dense union, nulls
 * and missing keys make fields nullable. The observation tree is {@link TypeAccumulator}; an {@link
 * Accumulator} keeps it across batches, so that the field of many batches is the field of their
 * rows taken together (key frequencies counted over all of them).
 *
 * <pre>{@code
 * rows: {"a": 1}, {"a": 300, "b": "x"}, null, {"a": 1.5}
 * field: Struct<a: Decimal(4, 1) not null, b: Utf8 nullable> nullable
 * }</pre>
 */
public final class SchemaInference {
  private SchemaInference() {}

  /** The field of every row of {@code input}. */
  public static Field infer(VariantVector input, String name, InferOptions options) {
    Accumulator a = new Accumulator(options);
    a.add(input, name);
    return a.toField(name);
  }

  /**
   * What the rows of the batches added so far have in common. A shredded batch is read as it is
   * stored ({@link ShreddedObserver}): typed columns by their types, only {@code value} bytes
   * walked, no row rebuilt; the field is the one its unshredded values give. Not thread-safe.
   */
  public static final class Accumulator {
    private final TypeAccumulator root;
    private final VariantReader reader = new VariantReader();
    private final InferenceVisitor visitor;
    private long rows;

    /** An accumulator that has seen no row. */
    public Accumulator(InferOptions options) {
      Objects.requireNonNull(options, "options");
      this.root = new TypeAccumulator(0, options);
      this.visitor = new InferenceVisitor(options.limits());
    }

    /**
     * Observes every row of {@code input}; a row that is not valid Variant is an error naming its
     * row in this batch, and the rows before it stay observed.
     */
    public void add(VariantVector input, String name) {
      VariantColumnReader column = VariantColumnReader.of(input);
      ShreddedObserver shredded =
          input.typedValueVector() == null ? null : new ShreddedObserver(column, visitor);
      int n = column.rowCount();
      for (int i = 0; i < n; i++) {
        try {
          if (shredded != null) {
            if (column.isSqlNull(i)) {
              root.observeMissing();
            } else {
              shredded.observe(i, root);
            }
          } else if (!column.read(i, reader)) {
            root.observeMissing();
          } else {
            visitor.observe(reader, root);
          }
        } catch (VariantFormatException | VariantVectorException e) {
          throw new KernelException(
              ErrorKind.ofRow(e),
              ErrorLocation.atRow(i),
              "Invalid Variant value at row " + i + ": " + e.getMessage(),
              e);
        }
        rows++;
      }
    }

    /** The number of rows observed. */
    public long rows() {
      return rows;
    }

    /**
     * The field that describes every row observed, named {@code name}; an accumulator that saw no
     * row gives a nullable Null field. Observing more rows afterwards is allowed.
     */
    public Field toField(String name) {
      return root.toField(name);
    }
  }
}
