package io.pqarrow.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Writes the value at one index of one vector as JSON. Chosen once per column by {@link
 * ValueWriters}, so that writing a row makes no decision on the column's type.
 */
@FunctionalInterface
public interface ValueWriter {
  /** Writes the value at {@code index}, {@code null} included. */
  void write(JsonGenerator out, int index) throws IOException;
}
