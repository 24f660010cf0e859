package io.pqarrow.cli;

import io.pqarrow.extension.VariantVector;

/** Renders the Variant values of a {@link VariantVector} as JSON. */
interface VariantJson {
  /**
   * The writer of the non-null values of {@code vector}, chosen once for its storage (shredded or
   * not).
   *
   * @param path the column path, for error messages
   */
  ValueWriter writerFor(VariantVector vector, String path);
}
