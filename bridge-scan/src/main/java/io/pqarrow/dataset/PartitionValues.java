package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The typed partition values of every file of a dataset: the partition schema and, per file and
 * column, one value, parsed once when the dataset is opened (so that a value that does not parse as
 * its column's type fails the open, naming the file).
 *
 * <table>
 *   <caption>Types a partition value can be read as</caption>
 *   <tr><th>Arrow type</th><th>text</th><th>held as</th></tr>
 *   <tr><td>Int (signed, any width)</td><td>{@code -?[0-9]+} within the width</td>
 *       <td>{@link Long}</td></tr>
 *   <tr><td>Utf8, LargeUtf8</td><td>any</td><td>{@link String}</td></tr>
 *   <tr><td>Bool</td><td>{@code true}/{@code false}, any case</td><td>{@link Boolean}</td></tr>
 *   <tr><td>Float32, Float64</td><td>Java's {@code Double.parseDouble}</td><td>{@link Double}</td>
 *   </tr>
 *   <tr><td>Date (day)</td><td>{@code 2025-01-31}</td><td>{@link Long} days since the epoch</td>
 *   </tr>
 * </table>
 */
final class PartitionValues {
  private final Schema schema;
  private final Object[][] values;

  private PartitionValues(Schema schema, Object[][] values) {
    this.schema = schema;
    this.values = values;
  }

  /** The partition schema (every field nullable), in partition order. */
  Schema schema() {
    return schema;
  }

  /** The value of column {@code column} for file {@code file}, or null. */
  Object value(int file, int column) {
    return values[file][column];
  }

  /**
   * Types the text values of {@code files} as {@code partitioning} says.
   *
   * @throws DatasetException for a value that does not parse as its column's type, naming the file
   */
  static PartitionValues of(List<DatasetFile> files, Partitioning partitioning) {
    // files of one directory share one map of values (LocalDiscovery): each is typed once
    Map<Map<String, String>, Integer> firstOf = new IdentityHashMap<>();
    List<Map<String, String>> distinct = new ArrayList<>();
    Map<String, String> last = null;
    for (int i = 0; i < files.size(); i++) {
      Map<String, String> v = files.get(i).partitionValues();
      if (v != last && firstOf.putIfAbsent(v, i) == null) {
        distinct.add(v);
      }
      last = v; // in path order, a directory's files (sharing one map) come together
    }
    List<Field> fields = new ArrayList<>();
    if (partitioning.schema().isPresent()) {
      for (Field f : partitioning.schema().get().getFields()) {
        checkSupported(f);
        fields.add(new Field(f.getName(), FieldType.nullable(f.getType()), null));
      }
    } else {
      Set<String> names = new LinkedHashSet<>();
      for (Map<String, String> v : distinct) {
        names.addAll(v.keySet());
      }
      for (String name : names) {
        boolean ints = true;
        boolean any = false;
        for (Map<String, String> values : distinct) {
          String v = values.get(name);
          if (v != null) {
            any = true;
            ints &= parseInt(v, 32) != null;
          }
        }
        ArrowType type = any && ints ? new ArrowType.Int(32, true) : ArrowType.Utf8.INSTANCE;
        fields.add(new Field(name, FieldType.nullable(type), null));
      }
    }
    // in file order, so that a value that does not parse names the first file that has it
    Object[][] values = new Object[files.size()][];
    for (int i = 0; i < files.size(); i++) {
      DatasetFile file = files.get(i);
      if (i > 0 && file.partitionValues() == files.get(i - 1).partitionValues()) {
        values[i] = values[i - 1];
        continue;
      }
      int first = firstOf.get(file.partitionValues());
      if (first < i) {
        values[i] = values[first];
        continue;
      }
      Object[] row = new Object[fields.size()];
      for (int c = 0; c < fields.size(); c++) {
        Field field = fields.get(c);
        String text = file.partitionValues().get(field.getName());
        row[c] = text == null ? null : parse(text, field, file.path());
      }
      values[i] = row;
    }
    return new PartitionValues(new Schema(fields), values);
  }

  private static void checkSupported(Field f) {
    ArrowType t = f.getType();
    boolean ok =
        (t instanceof ArrowType.Int i && i.getIsSigned())
            || t instanceof ArrowType.Utf8
            || t instanceof ArrowType.LargeUtf8
            || t instanceof ArrowType.Bool
            || (t instanceof ArrowType.FloatingPoint fp
                && fp.getPrecision() != FloatingPointPrecision.HALF)
            || (t instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY);
    if (!ok) {
      throw DatasetException.of(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inColumn(f.getName()),
          "a partition column cannot be of type " + t,
          null);
    }
  }

  private static Object parse(String text, Field field, String file) {
    ArrowType t = field.getType();
    Object v;
    if (t instanceof ArrowType.Int i) {
      v = parseInt(text, i.getBitWidth());
    } else if (t instanceof ArrowType.Bool) {
      v =
          text.equalsIgnoreCase("true")
              ? Boolean.TRUE
              : text.equalsIgnoreCase("false") ? Boolean.FALSE : null;
    } else if (t instanceof ArrowType.FloatingPoint) {
      try {
        v = Double.parseDouble(text);
      } catch (NumberFormatException e) {
        v = null;
      }
    } else if (t instanceof ArrowType.Date) {
      try {
        v = LocalDate.parse(text).toEpochDay();
      } catch (DateTimeParseException e) {
        v = null;
      }
    } else {
      v = text;
    }
    if (v == null) {
      throw DatasetException.of(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(file).withColumn(field.getName()),
          "partition value '" + text + "' is not a " + t,
          null);
    }
    return v;
  }

  /** {@code -?[0-9]+} as a long when it fits a signed integer of {@code bits}, else null. */
  static Long parseInt(String text, int bits) {
    int start = text.startsWith("-") ? 1 : 0;
    if (text.length() == start || text.length() - start > 40) {
      return null;
    }
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return null;
      }
    }
    try {
      long v = Long.parseLong(text);
      long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
      return v >= -max - 1 && v <= max ? v : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Sets rows {@code [from, from + count)} of {@code vector} (of a partition field's type) to
   * {@code value}, or to null; the vector must have room for them (the caller allocates).
   */
  static void fill(FieldVector vector, Object value, int from, int count) {
    int end = from + count;
    if (value == null) {
      for (int i = from; i < end; i++) {
        vector.setNull(i);
      }
      return;
    }
    if (vector instanceof BaseIntVector ints) {
      long v = (Long) value;
      for (int i = from; i < end; i++) {
        ints.setWithPossibleTruncate(i, v);
      }
    } else if (vector instanceof DateDayVector days) {
      int v = (int) (long) (Long) value;
      for (int i = from; i < end; i++) {
        days.setSafe(i, v);
      }
    } else if (vector instanceof BitVector bits) {
      int v = ((Boolean) value) ? 1 : 0;
      for (int i = from; i < end; i++) {
        bits.setSafe(i, v);
      }
    } else if (vector instanceof Float8Vector f8) {
      double v = (Double) value;
      for (int i = from; i < end; i++) {
        f8.setSafe(i, v);
      }
    } else if (vector instanceof Float4Vector f4) {
      float v = (float) (double) (Double) value;
      for (int i = from; i < end; i++) {
        f4.setSafe(i, v);
      }
    } else if (vector instanceof BaseVariableWidthVector s) {
      byte[] v = ((String) value).getBytes(StandardCharsets.UTF_8);
      for (int i = from; i < end; i++) {
        s.setSafe(i, v);
      }
    } else if (vector instanceof BaseLargeVariableWidthVector s) {
      byte[] v = ((String) value).getBytes(StandardCharsets.UTF_8);
      for (int i = from; i < end; i++) {
        s.setSafe(i, v);
      }
    } else {
      throw new IllegalStateException("no partition fill for " + vector.getField());
    }
  }

  /** The text values of the files as a map per file, for callers that print them. */
  Map<String, Object> valuesOf(int file) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int c = 0; c < schema.getFields().size(); c++) {
      out.put(schema.getFields().get(c).getName(), values[file][c]);
    }
    return out;
  }
}
