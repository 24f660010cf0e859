package io.pqarrow.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A minimal Variant → JSON rendering over the {@code io.pqarrow.variant} reader, for {@code bridge
 * cat} until the library's own JSON conversion ({@code io.pqarrow.json}) exists. It reads shredded
 * storage directly: a {@code typed_value} that is set wins; an object's shredded fields are merged
 * with the fields left in its {@code value} (a partially shredded object), in key order.
 *
 * <table>
 *   <caption>Variant → JSON</caption>
 *   <tr><td>null</td><td>{@code null}</td></tr>
 *   <tr><td>boolean, integers, float, double</td><td>JSON literals and numbers (NaN and
 *       infinities as strings)</td></tr>
 *   <tr><td>decimal4/8/16</td><td>exact numbers, scale kept</td></tr>
 *   <tr><td>date, time, timestamps</td><td>ISO-8601 strings as {@link ValueWriters}
 *       writes them; UTC-adjusted timestamps end in {@code Z}</td></tr>
 *   <tr><td>string</td><td>string</td></tr>
 *   <tr><td>binary</td><td>base64 string</td></tr>
 *   <tr><td>uuid</td><td>canonical string</td></tr>
 *   <tr><td>object, array</td><td>object (in key order), array</td></tr>
 * </table>
 */
final class VariantJsonAdapter implements VariantJson {
  /** Objects and arrays nested deeper than this are refused rather than recursed into. */
  static final int MAX_DEPTH = 500;

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

  private final ValueWriters typed = new ValueWriters(this);

  /** Writes one (value, typed_value) pair; false when both are null (a missing field). */
  @FunctionalInterface
  private interface Slot {
    boolean write(JsonGenerator out, int index, VariantMetadata metadata) throws IOException;
  }

  /** Whether a (value, typed_value) pair holds a value at an index (else the field is missing). */
  private static boolean present(FieldVector group, int index) {
    for (FieldVector child : group.getChildrenFromFields()) {
      String name = child.getName();
      if ((name.equals(VariantType.VALUE) || name.equals(VariantType.TYPED_VALUE))
          && !child.isNull(index)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public ValueWriter writerFor(VariantVector vector, String path) {
    Field field = vector.getField();
    FieldVector metadataVector = vector.metadataVector();
    if (metadataVector == null) {
      throw new CliException("Invalid arrow.parquet.variant storage at " + path + ": no metadata");
    }
    Binary metadata = binary(metadataVector, path + ".metadata");
    Slot slot = slot(field, vector.getUnderlyingVector(), path);
    return (out, i) -> {
      byte[] bytes = metadata.get(i);
      VariantMetadata m = VariantMetadata.of(bytes);
      if (!slot.write(out, i, m)) {
        out.writeNull(); // neither value nor typed_value: read as Variant null
      }
    };
  }

  /** Reads the bytes at one index of a binary vector of any layout. */
  @FunctionalInterface
  private interface Binary {
    byte[] get(int index);
  }

  private static Binary binary(FieldVector v, String path) {
    if (v instanceof VarBinaryVector) {
      return ((VarBinaryVector) v)::get;
    }
    if (v instanceof LargeVarBinaryVector) {
      return ((LargeVarBinaryVector) v)::get;
    }
    if (v instanceof ViewVarBinaryVector) {
      return ((ViewVarBinaryVector) v)::get;
    }
    throw new CliException(
        "Unsupported Variant storage at " + path + ": " + v.getField().getType());
  }

  /** The slot of a group with {@code value} and/or {@code typed_value} children. */
  private Slot slot(Field group, FieldVector groupVector, String path) {
    FieldVector valueVector = null;
    FieldVector typedVector = null;
    Field typedField = null;
    List<FieldVector> children = groupVector.getChildrenFromFields();
    for (int c = 0; c < group.getChildren().size(); c++) {
      Field child = group.getChildren().get(c);
      if (child.getName().equals(VariantType.VALUE)) {
        valueVector = children.get(c);
      } else if (child.getName().equals(VariantType.TYPED_VALUE)) {
        typedVector = children.get(c);
        typedField = child;
      }
    }
    Binary value = valueVector == null ? null : binary(valueVector, path + ".value");
    FieldVector valueNulls = valueVector;
    Slot shredded =
        typedVector == null ? null : shredded(typedField, typedVector, value, valueNulls, path);
    FieldVector typedNulls = typedVector;
    return (out, i, m) -> {
      if (shredded != null && !typedNulls.isNull(i)) {
        return shredded.write(out, i, m);
      }
      if (value != null && !valueNulls.isNull(i)) {
        byte[] bytes = value.get(i);
        VariantReader reader =
            new VariantReader().reset(m, ByteBuffer.wrap(bytes), 0, bytes.length);
        writeVariant(out, reader, 0, path);
        return true;
      }
      return false;
    };
  }

  /** The writer of a non-null {@code typed_value}. */
  private Slot shredded(
      Field typedField,
      FieldVector typedVector,
      Binary value,
      FieldVector valueNulls,
      String path) {
    ArrowType type = typedField.getType();
    if (type instanceof ArrowType.Struct) {
      return object(typedField, typedVector, value, valueNulls, path);
    }
    if (typedVector instanceof BaseListVector
        && (type instanceof ArrowType.List || type instanceof ArrowType.ListView)) {
      BaseListVector list = (BaseListVector) typedVector;
      Field elementField = typedField.getChildren().get(0);
      Slot element = slot(elementField, typedVector.getChildrenFromFields().get(0), path + "[]");
      return (out, i, m) -> {
        out.writeStartArray();
        int end = list.getElementEndIndex(i);
        for (int j = list.getElementStartIndex(i); j < end; j++) {
          if (!element.write(out, j, m)) {
            out.writeNull();
          }
        }
        out.writeEndArray();
        return true;
      };
    }
    ValueWriter primitive = typed.forVector(typedField, typedVector, path + ".typed_value");
    return (out, i, m) -> {
      primitive.write(out, i);
      return true;
    };
  }

  /** A shredded object: its typed fields, merged with the fields left in {@code value}. */
  private Slot object(
      Field typedField,
      FieldVector typedVector,
      Binary value,
      FieldVector valueNulls,
      String path) {
    StructVector struct = (StructVector) typedVector;
    List<String> names = new ArrayList<>();
    List<Slot> fields = new ArrayList<>();
    List<FieldVector> groups = new ArrayList<>();
    for (Field child : typedField.getChildren()) {
      FieldVector group = (FieldVector) struct.getChild(child.getName());
      names.add(child.getName());
      groups.add(group);
      fields.add(slot(child, group, path + "." + child.getName()));
    }
    return (out, i, m) -> {
      // residual fields of a partially shredded object, by name
      Map<String, Object> merged = new TreeMap<>();
      VariantReader residual = null;
      if (value != null && !valueNulls.isNull(i)) {
        byte[] bytes = value.get(i);
        residual = new VariantReader().reset(m, ByteBuffer.wrap(bytes), 0, bytes.length);
        if (residual.kind() != VariantKind.OBJECT) {
          throw new CliException(
              "Invalid shredded Variant at "
                  + path
                  + ": value holds "
                  + residual.kind()
                  + " beside a shredded object");
        }
        for (int f = 0; f < residual.fieldCount(); f++) {
          merged.put(residual.fieldName(f), f);
        }
      }
      for (int f = 0; f < names.size(); f++) {
        if (present(groups.get(f), i)) {
          merged.put(names.get(f), fields.get(f));
        }
      }
      out.writeStartObject();
      for (Map.Entry<String, Object> e : merged.entrySet()) {
        if (e.getValue() instanceof Slot) {
          out.writeFieldName(e.getKey());
          ((Slot) e.getValue()).write(out, i, m);
        } else {
          out.writeFieldName(e.getKey());
          VariantReader child = residual.fieldInto((Integer) e.getValue(), new VariantReader());
          writeVariant(out, child, 1, path + "." + e.getKey());
        }
      }
      out.writeEndObject();
      return true;
    };
  }

  /** Writes the value {@code reader} points at. */
  static void writeVariant(JsonGenerator out, VariantReader reader, int depth, String path)
      throws IOException {
    if (depth > MAX_DEPTH) {
      throw new CliException(
          "Unsupported Variant value at " + path + ": nested deeper than " + MAX_DEPTH);
    }
    VariantKind kind = reader.kind();
    switch (kind) {
      case NULL -> out.writeNull();
      case BOOLEAN -> out.writeBoolean(reader.getBoolean());
      case INT8, INT16, INT32, INT64 -> out.writeNumber(reader.getLong());
      case DOUBLE -> writeDouble(out, reader.getDouble());
      case FLOAT -> writeDouble(out, reader.getFloat());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> out.writeNumber(reader.getDecimal());
      case DATE -> out.writeString(LocalDate.ofEpochDay(reader.getDate()).toString());
      case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS -> {
        boolean nanos =
            kind == VariantKind.TIMESTAMP_NANOS || kind == VariantKind.TIMESTAMP_NTZ_NANOS;
        boolean zoned = kind == VariantKind.TIMESTAMP_MICROS || kind == VariantKind.TIMESTAMP_NANOS;
        DateTimeFormatter f =
            ValueWriters.dateTimeFormatter(nanos ? 9 : 6, zoned).withZone(ZoneOffset.UTC);
        out.writeString(
            f.format(
                ValueWriters.instant(
                    reader.getTimestamp(), nanos ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND)));
      }
      case TIME_MICROS ->
          out.writeString(TIME.format(LocalTime.ofNanoOfDay(reader.getTimeMicros() * 1000L)));
      case STRING -> out.writeString(reader.getString());
      case BINARY -> {
        ByteBuffer b = reader.getBinary();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        out.writeBinary(bytes);
      }
      case UUID -> {
        UUID u = reader.getUuid();
        out.writeString(u.toString());
      }
      case OBJECT -> {
        out.writeStartObject();
        VariantReader child = new VariantReader();
        for (int f = 0; f < reader.fieldCount(); f++) {
          String name = reader.fieldName(f);
          out.writeFieldName(name);
          writeVariant(out, reader.fieldInto(f, child), depth + 1, path + "." + name);
        }
        out.writeEndObject();
      }
      case ARRAY -> {
        out.writeStartArray();
        VariantReader child = new VariantReader();
        for (int e = 0; e < reader.elementCount(); e++) {
          writeVariant(out, reader.elementInto(e, child), depth + 1, path + "[" + e + "]");
        }
        out.writeEndArray();
      }
      default -> throw new CliException("Unsupported Variant value at " + path + ": " + kind);
    }
  }

  private static void writeDouble(JsonGenerator out, double value) throws IOException {
    if (Double.isNaN(value)) {
      out.writeString("NaN");
    } else if (Double.isInfinite(value)) {
      out.writeString(value > 0 ? "Infinity" : "-Infinity");
    } else {
      out.writeNumber(value);
    }
  }
}
