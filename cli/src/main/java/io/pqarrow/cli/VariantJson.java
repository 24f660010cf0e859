package io.pqarrow.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pqarrow.extension.VariantVector;
import java.io.IOException;

/**
 * Renders the Variant value at one index of a {@link VariantVector} as JSON; the value is known not
 * to be SQL NULL.
 */
interface VariantJson {
  /**
   * Writes the Variant at {@code index} of {@code vector}.
   *
   * @param path the column path, for error messages
   */
  void write(JsonGenerator out, VariantVector vector, int index, String path) throws IOException;
}
