package io.pqarrow.json;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.JsonVector;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.BinarySlots;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Converts whole Arrow columns between JSON text and Variant.
 *
 * <p>SQL NULL and Variant null stay apart in both directions: a null text slot is a SQL NULL row
 * (null struct slot) and the text {@code null} is Variant null; a SQL NULL row becomes a null text
 * slot and Variant null the text {@code null}.
 *
 * <pre>{@code
 * try (VariantVector v = JsonColumns.toVariant(jsonText, "v", JsonOptions.defaults(), allocator);
 *     FieldVector back = JsonColumns.toJson(v, null, "j", JsonColumns.Output.ARROW_JSON,
 *         JsonOptions.defaults(), allocator)) { ... }
 * }</pre>
 */
public final class JsonColumns {
  /** The vector {@link #toJson} produces. */
  public enum Output {
    /** A plain {@code Utf8} ({@link VarCharVector}). */
    UTF8,
    /** An {@code arrow.json} extension vector over {@code Utf8} ({@link JsonVector}). */
    ARROW_JSON
  }

  private JsonColumns() {}

  /**
   * Parses every row of a JSON text column into one Variant vector whose rows share one sorted
   * metadata dictionary ({@link VariantColumnBuilder}).
   *
   * @param json a {@code Utf8}, {@code LargeUtf8} or {@code Utf8View} vector, or an {@code
   *     arrow.json} vector over one of them
   * @param name the name of the new vector
   * @param allocator the caller's allocator; the caller closes the result
   * @param options how numbers and duplicate keys are read, and the JSON caps
   * @return a new unshredded Variant vector with one row per input row; a null input row is a SQL
   *     NULL row
   * @throws JsonConversionException for the first invalid row, naming it ({@code Invalid JSON at
   *     row R, line L, column C: ...})
   */
  public static VariantVector toVariant(
      FieldVector json, String name, JsonOptions options, BufferAllocator allocator) {
    FieldVector text = json instanceof ExtensionTypeVector<?> e ? e.getUnderlyingVector() : json;
    int rows = text.getValueCount();
    BinarySlots slots = BinarySlots.of(json.getName(), text, rows);
    JsonToVariant parser = new JsonToVariant(options);
    VariantVectorWriter writer = new VariantVectorWriter();
    // A Variant is rarely larger than its JSON text: the values grow once, not by doubling.
    writer.reserve(rows, textBytes(text, rows));
    byte[] scratch = new byte[256];
    for (int i = 0; i < rows; i++) {
      if (slots.isNull(i)) {
        writer.appendSqlNull();
        continue;
      }
      slots.position(i);
      int n = slots.length();
      if (n > scratch.length) {
        scratch = new byte[Math.max(n, 2 * scratch.length)];
      }
      slots.buffer().get(slots.offset(), scratch, 0, n);
      parser.parse(scratch, 0, n, writer.row(), i);
      writer.finishRow();
    }
    return writer.finish(name, allocator);
  }

  /** The bytes of the text of {@code rows} slots of a string vector (0 when it cannot tell). */
  private static long textBytes(FieldVector text, int rows) {
    if (text instanceof org.apache.arrow.vector.BaseVariableWidthVector v && rows > 0) {
      return v.getOffsetBuffer().getInt((long) rows * 4) - (long) v.getOffsetBuffer().getInt(0);
    }
    if (text instanceof org.apache.arrow.vector.BaseLargeVariableWidthVector v && rows > 0) {
      return v.getOffsetBuffer().getLong((long) rows * 8) - v.getOffsetBuffer().getLong(0);
    }
    return 0;
  }

  /**
   * Writes every row of a Variant vector as JSON text.
   *
   * @param variants an unshredded Variant vector
   * @param dictionaries the dictionaries of a dictionary-encoded metadata child, or {@code null}
   * @param name the name of the new vector
   * @param output a plain {@code Utf8} vector or an {@code arrow.json} one
   * @param allocator the caller's allocator; the caller closes the result
   * @param options how NaN and infinities are written, and the depth walked
   * @return a new vector of the JSON text of each row, of the kind {@code output} names; a SQL NULL
   *     row is a null slot, a Variant null the text {@code null}
   * @throws JsonConversionException for a value JSON cannot hold, naming its row
   */
  public static FieldVector toJson(
      VariantVector variants,
      DictionaryProvider dictionaries,
      String name,
      Output output,
      JsonOptions options,
      BufferAllocator allocator) {
    Objects.requireNonNull(output, "output");
    VariantColumnReader reader = VariantColumnReader.of(variants, dictionaries);
    VariantToJson writer = new VariantToJson(options);
    FieldVector out =
        output == Output.ARROW_JSON
            ? new JsonVector(name, allocator, new FieldType(true, JsonType.UTF8, null))
            : new VarCharVector(name, allocator);
    try {
      VarCharVector text =
          out instanceof JsonVector j
              ? (VarCharVector) j.getUnderlyingVector()
              : (VarCharVector) out;
      int rows = reader.rowCount();
      VariantReader row = new VariantReader();
      try (JsonTextWriter texts = new JsonTextWriter(writer, text, rows)) {
        for (int i = 0; i < rows; i++) {
          if (reader.read(i, row)) {
            texts.append(i, row);
          } else {
            texts.appendNull(i);
          }
        }
        texts.finish();
      }
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }
}
