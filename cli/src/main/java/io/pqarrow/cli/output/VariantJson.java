package io.pqarrow.cli.output;

import io.pqarrow.cli.variant.VariantColumns;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonConversionException;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;

/**
 * Renders the Variant values of {@code bridge cat} with the library's {@link VariantToJson}. A
 * shredded column is first rebuilt into plain {@code metadata} + {@code value} by the unshred
 * kernel ({@link VariantColumns#unshred}); those vectors live until {@link #endBatch()}.
 */
public final class VariantJson implements AutoCloseable {
  private final BufferAllocator allocator;
  private final VariantToJson json = new VariantToJson();
  private final List<FieldVector> batchVectors = new ArrayList<>();

  public VariantJson(BufferAllocator allocator) {
    this.allocator = allocator;
  }

  /**
   * The writer of the non-null values of {@code vector}, chosen once per batch.
   *
   * @param path the column path, for error messages
   */
  ValueWriter writerFor(VariantVector vector, String path) {
    VariantVector plain = vector;
    if (vector.typedValueVector() != null) {
      FieldVector unshredded =
          VariantColumns.unshred(
              vector, VariantType.unshreddedField(vector.getName(), true), path, allocator);
      batchVectors.add(unshredded);
      plain = (VariantVector) unshredded;
    }
    VariantColumnReader column = VariantColumnReader.of(plain);
    VariantReader row = new VariantReader();
    return (out, i) -> {
      if (!column.read(i, row)) {
        out.writeNull();
      } else {
        json.write(row, out, JsonConversionException.UNKNOWN_ROW);
      }
    };
  }

  /** Releases what the batch's writers needed. */
  public void endBatch() {
    try {
      AutoCloseables.close(batchVectors);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      batchVectors.clear();
    }
  }

  @Override
  public void close() {
    endBatch();
  }
}
