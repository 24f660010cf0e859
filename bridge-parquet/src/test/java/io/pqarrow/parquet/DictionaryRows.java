package io.pqarrow.parquet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Rows of a batch as text, with every dictionary resolved at any depth (a dictionary of lists whose
 * elements are dictionary-encoded, a struct of dictionaries): two batches hold the same values
 * exactly when their texts are equal, whatever indices and dictionaries each writer chose. Slow and
 * obvious, for tests.
 */
public final class DictionaryRows {
  private DictionaryRows() {}

  /** One text per row of {@code batch}. */
  public static List<String> render(VectorSchemaRoot batch, DictionaryProvider dictionaries) {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < batch.getRowCount(); i++) {
      StringBuilder row = new StringBuilder();
      for (FieldVector v : batch.getFieldVectors()) {
        row.append(v.getName()).append('=');
        value(v, i, dictionaries, row);
        row.append("; ");
      }
      rows.add(row.toString());
    }
    return rows;
  }

  private static void value(
      ValueVector v, int i, DictionaryProvider dictionaries, StringBuilder out) {
    if (v.isNull(i)) {
      out.append("null");
      return;
    }
    DictionaryEncoding encoding = v.getField().getDictionary();
    if (encoding != null) {
      Dictionary d = dictionaries.lookup(encoding.getId());
      long index = ((BaseIntVector) v).getValueAsLong(i);
      value(d.getVector(), Math.toIntExact(index), dictionaries, out);
      return;
    }
    if (v instanceof BaseRepeatedValueVector list) {
      int start = list.getOffsetBuffer().getInt((long) i * 4);
      int end = list.getOffsetBuffer().getInt((long) (i + 1) * 4);
      elements(list.getDataVector(), start, end, dictionaries, out);
    } else if (v instanceof LargeListVector list) {
      int start = (int) list.getOffsetBuffer().getLong((long) i * 8);
      int end = (int) list.getOffsetBuffer().getLong((long) (i + 1) * 8);
      elements(list.getDataVector(), start, end, dictionaries, out);
    } else if (v instanceof FixedSizeListVector list) {
      int size = list.getListSize();
      elements(list.getDataVector(), i * size, (i + 1) * size, dictionaries, out);
    } else if (v instanceof NonNullableStructVector struct) {
      out.append('{');
      for (FieldVector child : struct.getChildrenFromFields()) {
        out.append(child.getName()).append(": ");
        value(child, i, dictionaries, out);
        out.append(", ");
      }
      out.append('}');
    } else {
      Object o = v.getObject(i);
      out.append(o instanceof byte[] b ? Arrays.toString(b) : String.valueOf(o));
    }
  }

  private static void elements(
      ValueVector data, int start, int end, DictionaryProvider dictionaries, StringBuilder out) {
    out.append('[');
    for (int k = start; k < end; k++) {
      value(data, k, dictionaries, out);
      out.append(", ");
    }
    out.append(']');
  }
}
