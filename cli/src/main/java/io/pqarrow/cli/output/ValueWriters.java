package io.pqarrow.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Chooses, once per column, how each Arrow type is written as JSON; this is the rendering {@code
 * bridge cat} documents.
 *
 * <table>
 *   <caption>Arrow type → JSON</caption>
 *   <tr><td>null, SQL NULL of any type</td><td>{@code null}</td></tr>
 *   <tr><td>bool</td><td>{@code true} / {@code false}</td></tr>
 *   <tr><td>signed and unsigned ints</td><td>numbers (uint64 exact)</td></tr>
 *   <tr><td>float16/32/64</td><td>numbers; NaN and infinities as the strings {@code "NaN"},
 *       {@code "Infinity"}, {@code "-Infinity"}</td></tr>
 *   <tr><td>decimal128/256</td><td>exact numbers in plain notation, scale kept ({@code
 *       12.50})</td></tr>
 *   <tr><td>utf8 (all layouts)</td><td>strings</td></tr>
 *   <tr><td>binary (all layouts), fixed-size binary, geoarrow.wkb</td><td>base64 strings
 *       (RFC 4648, padded)</td></tr>
 *   <tr><td>date</td><td>{@code "2025-03-01"}</td></tr>
 *   <tr><td>time</td><td>{@code "13:45:00.123456"}, as many fraction digits as the unit</td></tr>
 *   <tr><td>timestamp with time zone</td><td>ISO-8601 with the offset in that zone, {@code
 *       "2025-03-01T13:45:00.123456Z"}</td></tr>
 *   <tr><td>timestamp without time zone</td><td>ISO-8601 without offset</td></tr>
 *   <tr><td>duration, intervals</td><td>ISO-8601 strings ({@code "PT1.5S"}, {@code
 *       "P1Y2M"})</td></tr>
 *   <tr><td>arrow.uuid</td><td>canonical strings</td></tr>
 *   <tr><td>arrow.json</td><td>the JSON value itself</td></tr>
 *   <tr><td>arrow.parquet.variant</td><td>the Variant as JSON ({@link VariantJson})</td></tr>
 *   <tr><td>list, large list, list view, fixed-size list</td><td>arrays</td></tr>
 *   <tr><td>struct</td><td>objects in field order</td></tr>
 *   <tr><td>map</td><td>objects when keys are strings, else arrays of {@code {"key": …, "value":
 *       …}}</td></tr>
 * </table>
 *
 * Unions and dictionary-encoded columns are refused with {@code Unsupported Arrow type at <path>}.
 */
public final class ValueWriters {
  private static final JsonFactory JSON = new JsonFactory();

  private final VariantJson variant;

  public ValueWriters(VariantJson variant) {
    this.variant = variant;
  }

  /**
   * The writer for {@code vector}, described by {@code field} (extension types are read from the
   * field).
   *
   * @param path the dotted column path, for error messages
   */
  public ValueWriter forVector(Field field, FieldVector vector, String path) {
    if (field.getDictionary() != null) {
      throw unsupported(path, "dictionary-encoded " + field.getType());
    }
    ValueWriter value = nonNull(field, vector, path);
    if (vector instanceof RunEndEncodedVector
        || vector instanceof UnionVector
        || vector instanceof DenseUnionVector) {
      // no validity of their own: the run's value or the selected member, written by a writer of
      // the child that checks the child's nulls (asking here would find the run or member twice)
      return value;
    }
    return (out, i) -> {
      if (vector.isNull(i)) {
        out.writeNull();
      } else {
        value.write(out, i);
      }
    };
  }

  private ValueWriter nonNull(Field field, FieldVector vector, String path) {
    ArrowType type = field.getType();
    if (UuidExtension.isUuid(field)) {
      FixedSizeBinaryVector v =
          (FixedSizeBinaryVector)
              (vector instanceof ExtensionTypeVector<?> e ? e.getUnderlyingVector() : vector);
      return (out, i) -> {
        ByteBuffer b = ByteBuffer.wrap(v.get(i));
        out.writeString(new UUID(b.getLong(), b.getLong()).toString());
      };
    }
    if (type instanceof ArrowType.ExtensionType) {
      return extension((ArrowType.ExtensionType) type, field, vector, path);
    }
    if (vector instanceof NullVector) {
      return (out, i) -> out.writeNull();
    }
    if (vector instanceof BitVector) {
      BitVector v = (BitVector) vector;
      return (out, i) -> out.writeBoolean(v.get(i) != 0);
    }
    ValueWriter number = integer(vector);
    if (number != null) {
      return number;
    }
    if (vector instanceof FloatingPointVector v) { // Float2, Float4, Float8, widened exactly
      return (out, i) -> writeDouble(out, v.getValueAsDouble(i));
    }
    if (vector instanceof DecimalVector || vector instanceof Decimal256Vector) {
      return (out, i) -> out.writeNumber((BigDecimal) vector.getObject(i));
    }
    ValueWriter bytes = bytes(vector);
    if (bytes != null) {
      return bytes;
    }
    ValueWriter temporal = TemporalWriters.forVector(type, vector);
    if (temporal != null) {
      return temporal;
    }
    if (vector instanceof MapVector) {
      return map(field, (MapVector) vector, path);
    }
    if (vector instanceof BaseListVector) {
      BaseListVector v = (BaseListVector) vector;
      ValueWriter element = child(field, vector, 0, path);
      return (out, i) -> {
        int end = v.getElementEndIndex(i);
        out.writeStartArray();
        for (int j = v.getElementStartIndex(i); j < end; j++) {
          element.write(out, j);
        }
        out.writeEndArray();
      };
    }
    if (vector instanceof LargeListVector) {
      LargeListVector v = (LargeListVector) vector;
      ValueWriter element = child(field, vector, 0, path);
      return (out, i) -> {
        long end = v.getElementEndIndex(i);
        out.writeStartArray();
        for (long j = v.getElementStartIndex(i); j < end; j++) {
          element.write(out, Math.toIntExact(j));
        }
        out.writeEndArray();
      };
    }
    if (vector instanceof StructVector) {
      return struct(field, vector, path);
    }
    if (vector instanceof UnionVector || vector instanceof DenseUnionVector) {
      return union(field, vector, path);
    }
    if (vector instanceof RunEndEncodedVector v) {
      // The value of the run the row falls in (pyarrow's to_pylist gives the same).
      ValueWriter value = child(field, vector, 1, path);
      return (out, i) -> value.write(out, v.getPhysicalIndex(i));
    }
    throw unsupported(path, type.toString());
  }

  private ValueWriter extension(
      ArrowType.ExtensionType type, Field field, FieldVector vector, String path) {
    String name = type.extensionName();
    if (vector instanceof VariantVector && VariantType.isVariantName(name)) {
      return variant.writerFor((VariantVector) vector, path);
    }
    FieldVector storage = (FieldVector) ((ExtensionTypeVector<?>) vector).getUnderlyingVector();
    Field storageField =
        new Field(
            field.getName(),
            new org.apache.arrow.vector.types.pojo.FieldType(
                field.isNullable(), type.storageType(), field.getDictionary(), null),
            field.getChildren());
    if (JsonType.NAME.equals(name)) {
      return embeddedJson(storage, path);
    }
    return nonNull(storageField, storage, path);
  }

  /** An {@code arrow.json} value is copied as JSON (parsed, so that invalid text is refused). */
  private static ValueWriter embeddedJson(FieldVector storage, String path) {
    ValueWriter text = bytes(storage);
    if (text == null) {
      throw unsupported(path, "arrow.json on " + storage.getField().getType());
    }
    return (out, i) -> {
      byte[] utf8 = textBytes(storage, i);
      try (JsonParser parser = JSON.createParser(utf8)) {
        if (parser.nextToken() == null) {
          throw new CliException(
              ErrorKind.INVALID_DATA,
              ErrorLocation.inColumn(path),
              "Invalid arrow.json value at " + path + ": empty",
              null);
        }
        out.copyCurrentStructure(parser);
      } catch (JsonProcessingException e) {
        throw new CliException(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inColumn(path),
            "Invalid arrow.json value at " + path + ": " + e.getOriginalMessage(),
            e);
      }
    };
  }

  private static byte[] textBytes(FieldVector v, int i) {
    if (v instanceof VarCharVector) {
      return ((VarCharVector) v).get(i);
    }
    if (v instanceof LargeVarCharVector) {
      return ((LargeVarCharVector) v).get(i);
    }
    if (v instanceof ViewVarCharVector) {
      return ((ViewVarCharVector) v).get(i);
    }
    throw new IllegalStateException("not a string vector: " + v.getField());
  }

  private static ValueWriter integer(FieldVector vector) {
    if (vector instanceof UInt8Vector v) {
      return (out, i) -> {
        long x = v.get(i);
        if (x >= 0) {
          out.writeNumber(x);
        } else {
          out.writeNumber(new BigInteger(Long.toUnsignedString(x)));
        }
      };
    }
    if (vector instanceof BaseIntVector v) {
      // the signed widths and UInt1, UInt2, UInt4, whose getValueAsLong is the unsigned value
      return (out, i) -> out.writeNumber(v.getValueAsLong(i));
    }
    return null;
  }

  private static ValueWriter bytes(FieldVector vector) {
    if (vector instanceof VarCharVector
        || vector instanceof LargeVarCharVector
        || vector instanceof ViewVarCharVector) {
      return (out, i) -> {
        byte[] utf8 = textBytes(vector, i);
        out.writeUTF8String(utf8, 0, utf8.length);
      };
    }
    if (vector instanceof VarBinaryVector
        || vector instanceof LargeVarBinaryVector
        || vector instanceof ViewVarBinaryVector
        || vector instanceof FixedSizeBinaryVector) {
      return (out, i) -> out.writeBinary((byte[]) vector.getObject(i));
    }
    return null;
  }

  /** A double as a JSON number; NaN and the infinities as the strings {@code "NaN"}, …. */
  static void writeDouble(JsonGenerator out, double value) throws IOException {
    if (Double.isNaN(value)) {
      out.writeString("NaN");
    } else if (Double.isInfinite(value)) {
      out.writeString(value > 0 ? "Infinity" : "-Infinity");
    } else {
      out.writeNumber(value);
    }
  }

  private static void writeDouble(JsonGenerator out, float value) throws IOException {
    if (Float.isNaN(value) || Float.isInfinite(value)) {
      writeDouble(out, (double) value);
    } else {
      out.writeNumber(value);
    }
  }

  private ValueWriter child(Field field, FieldVector vector, int index, String path) {
    Field childField = field.getChildren().get(index);
    FieldVector childVector = vector.getChildrenFromFields().get(index);
    return forVector(childField, childVector, path + "." + childField.getName());
  }

  /**
   * A sparse or dense union: the value of the member the row's type id selects (pyarrow's to_pylist
   * gives the same), found through the type ids the union's field declares.
   */
  private ValueWriter union(Field field, FieldVector vector, String path) {
    int[] declared = ((ArrowType.Union) field.getType()).getTypeIds();
    int members = field.getChildren().size();
    ValueWriter[] byTypeId = new ValueWriter[128];
    for (int c = 0; c < members; c++) {
      int typeId = declared == null ? c : declared[c];
      if (typeId < 0 || typeId >= byTypeId.length) {
        throw unsupported(path, field.getType() + " (type id " + typeId + " outside 0 to 127)");
      }
      byTypeId[typeId] = child(field, vector, c, path);
    }
    UnionVector sparse = vector instanceof UnionVector u ? u : null;
    DenseUnionVector dense = vector instanceof DenseUnionVector d ? d : null;
    return (out, i) -> {
      int typeId = sparse != null ? sparse.getTypeValue(i) : dense.getTypeId(i);
      ValueWriter member = typeId < 0 || typeId >= byTypeId.length ? null : byTypeId[typeId];
      if (member == null) {
        throw new CliException(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inColumn(path),
            "column " + path + ": union type id " + typeId + " names no member",
            null);
      }
      member.write(out, sparse != null ? i : dense.getOffset(i));
    };
  }

  private ValueWriter struct(Field field, FieldVector vector, String path) {
    List<Field> fields = field.getChildren();
    List<ValueWriter> writers = new ArrayList<>(fields.size());
    for (int c = 0; c < fields.size(); c++) {
      writers.add(child(field, vector, c, path));
    }
    String[] names = fields.stream().map(Field::getName).toArray(String[]::new);
    ValueWriter[] children = writers.toArray(new ValueWriter[0]);
    return (out, i) -> {
      out.writeStartObject();
      for (int c = 0; c < children.length; c++) {
        out.writeFieldName(names[c]);
        children[c].write(out, i);
      }
      out.writeEndObject();
    };
  }

  private ValueWriter map(Field field, MapVector vector, String path) {
    Field entries = field.getChildren().get(0);
    StructVector entryVector = (StructVector) vector.getDataVector();
    Field keyField = entries.getChildren().get(0);
    FieldVector keyVector = entryVector.getChildrenFromFields().get(0);
    ValueWriter value =
        forVector(
            entries.getChildren().get(1),
            entryVector.getChildrenFromFields().get(1),
            path + "." + entries.getChildren().get(1).getName());
    ArrowType keyType = keyField.getType();
    boolean stringKeys =
        keyType instanceof ArrowType.Utf8
            || keyType instanceof ArrowType.LargeUtf8
            || keyType instanceof ArrowType.Utf8View;
    if (stringKeys) {
      return (out, i) -> {
        int end = vector.getElementEndIndex(i);
        out.writeStartObject();
        for (int j = vector.getElementStartIndex(i); j < end; j++) {
          out.writeFieldName(
              new String(textBytes(keyVector, j), java.nio.charset.StandardCharsets.UTF_8));
          value.write(out, j);
        }
        out.writeEndObject();
      };
    }
    ValueWriter key = forVector(keyField, keyVector, path + "." + keyField.getName());
    return (out, i) -> {
      int end = vector.getElementEndIndex(i);
      out.writeStartArray();
      for (int j = vector.getElementStartIndex(i); j < end; j++) {
        out.writeStartObject();
        out.writeFieldName("key");
        key.write(out, j);
        out.writeFieldName("value");
        value.write(out, j);
        out.writeEndObject();
      }
      out.writeEndArray();
    };
  }

  private static CliException unsupported(String path, String type) {
    return new CliException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(path),
        "Unsupported Arrow type at " + path + ": " + type,
        null);
  }
}
