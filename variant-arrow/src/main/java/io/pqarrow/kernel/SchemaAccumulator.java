package io.pqarrow.kernel;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.infer.SchemaInference;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * What the rows of the batches added so far have in common, for inferring one field from many
 * batches ({@link VariantKernels#inferSchemaAccumulator}): {@link #add} each batch, then {@link
 * #toField}. The field describes the rows of every batch added, with key frequencies counted over
 * all of them, as {@link VariantKernels#inferSchema} describes one batch. A shredded batch is read
 * as it is stored (typed columns by their types, no row rebuilt) and gives the field its unshredded
 * values give. Not thread-safe.
 */
public final class SchemaAccumulator {
  private final SchemaInference.Accumulator rows;

  SchemaAccumulator(InferOptions options) {
    this.rows = new SchemaInference.Accumulator(options);
  }

  /**
   * Observes every row of {@code input}; a row that is not valid Variant is a {@link
   * KernelException} naming its row in this batch, and the rows before it stay observed.
   *
   * @param name the name of the column, for messages
   * @param input the Variant vector, plain or shredded (not modified, not closed)
   */
  public void add(VariantVector input, String name) {
    rows.add(input, name);
  }

  /** {@return the number of rows observed so far, over every batch added (null rows included)} */
  public long rows() {
    return rows.rows();
  }

  /**
   * The field that describes every row observed, named {@code name}; an accumulator that saw no row
   * gives a nullable Null field. Observing more rows afterwards is allowed.
   *
   * @param name the name of the returned field
   * @return a nullable field describing every row observed so far
   */
  public Field toField(String name) {
    return rows.toField(name);
  }
}
