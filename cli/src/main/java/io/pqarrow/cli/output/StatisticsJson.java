package io.pqarrow.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.pqarrow.TemporalText;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * A statistics value (a footer's PLAIN-encoded {@code min} or {@code max}) as a JSON value of its
 * column's type:
 *
 * <table>
 *   <caption>Statistics as JSON</caption>
 *   <tr><th>column</th><th>JSON</th><th>example</th></tr>
 *   <tr><td>integers (signed or unsigned)</td><td>number</td><td>{@code 18446744073709551615}</td></tr>
 *   <tr><td>boolean</td><td>true / false</td><td>{@code true}</td></tr>
 *   <tr><td>float, double, float16</td><td>number (a float's exact value as a double); {@code
 *       "NaN"}, {@code "Infinity"},
 *       {@code "-Infinity"} as strings</td><td>{@code 1.5}</td></tr>
 *   <tr><td>decimal</td><td>string, exact</td><td>{@code "-12.30"}</td></tr>
 *   <tr><td>date, time, timestamp</td><td>ISO-8601 as {@code bridge cat} prints them ({@link
 *       TemporalText}): digits of the unit, {@code Z} when adjusted to UTC</td>
 *       <td>{@code "2024-01-02T03:04:05.123456Z"}</td></tr>
 *   <tr><td>string, enum, JSON</td><td>string (UTF-8)</td><td>{@code "abc"}</td></tr>
 *   <tr><td>UUID</td><td>string</td><td>{@code "00112233-4455-6677-8899-aabbccddeeff"}</td></tr>
 *   <tr><td>other binary, fixed-size binary, INT96, interval</td><td>base64 string (RFC 4648,
 *       padded; as {@code bridge cat} prints binary)</td><td>{@code "AP8="}</td></tr>
 * </table>
 */
public final class StatisticsJson {
  private StatisticsJson() {}

  /** The value as JSON text. */
  public static String text(PrimitiveType type, byte[] plain) {
    StringWriter text = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(text)) {
      write(g, type, plain);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** Writes the value; a value too short for its type is written as base64. */
  public static void write(JsonGenerator g, PrimitiveType type, byte[] plain) throws IOException {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    ByteBuffer le = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> {
        if (plain.length < 1) {
          g.writeBinary(plain);
        } else {
          g.writeBoolean(plain[0] != 0);
        }
      }
      case INT32 -> {
        if (plain.length < 4) {
          g.writeBinary(plain);
        } else {
          writeInteger(g, logical, le.getInt(0), 32);
        }
      }
      case INT64 -> {
        if (plain.length < 8) {
          g.writeBinary(plain);
        } else {
          writeInteger(g, logical, le.getLong(0), 64);
        }
      }
      case FLOAT -> {
        if (plain.length < 4) {
          g.writeBinary(plain);
        } else {
          ValueWriters.writeDouble(g, (double) le.getFloat(0)); // exactly, as a double
        }
      }
      case DOUBLE -> {
        if (plain.length < 8) {
          g.writeBinary(plain);
        } else {
          ValueWriters.writeDouble(g, le.getDouble(0));
        }
      }
      case BINARY, FIXED_LEN_BYTE_ARRAY -> writeBytes(g, logical, plain);
      default -> g.writeBinary(plain); // INT96
    }
  }

  private static void writeInteger(JsonGenerator g, LogicalTypeAnnotation logical, long v, int bits)
      throws IOException {
    if (logical instanceof IntLogicalTypeAnnotation i && !i.isSigned()) {
      if (bits == 32) {
        g.writeNumber(Integer.toUnsignedLong((int) v));
      } else {
        g.writeNumber(new BigInteger(Long.toUnsignedString(v)));
      }
    } else if (logical instanceof DecimalLogicalTypeAnnotation d) {
      g.writeString(BigDecimal.valueOf(v, d.getScale()).toPlainString());
    } else if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      writeTemporal(g, TemporalText.date(), v);
    } else if (logical instanceof TimeLogicalTypeAnnotation t) {
      writeTemporal(g, TemporalText.time(unit(t.getUnit())), v);
    } else if (logical instanceof TimestampLogicalTypeAnnotation t) {
      writeTemporal(
          g, TemporalText.timestamp(unit(t.getUnit()), t.isAdjustedToUTC() ? "UTC" : null), v);
    } else {
      g.writeNumber(v);
    }
  }

  /** The value as ISO text ({@link TemporalText}); as a number when java.time has no such day. */
  private static void writeTemporal(JsonGenerator g, TemporalText text, long v) throws IOException {
    try {
      g.writeString(text.format(v));
    } catch (DateTimeException e) {
      g.writeNumber(v);
    }
  }

  private static org.apache.arrow.vector.types.TimeUnit unit(TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
      case MICROS -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
      case NANOS -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
    };
  }

  private static void writeBytes(JsonGenerator g, LogicalTypeAnnotation logical, byte[] plain)
      throws IOException {
    if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
      g.writeString(new String(plain, StandardCharsets.UTF_8));
    } else if (logical instanceof DecimalLogicalTypeAnnotation d && plain.length > 0) {
      g.writeString(new BigDecimal(new BigInteger(plain), d.getScale()).toPlainString());
    } else if (logical instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
        && plain.length == 16) {
      ByteBuffer be = ByteBuffer.wrap(plain);
      g.writeString(new java.util.UUID(be.getLong(0), be.getLong(8)).toString());
    } else if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation
        && plain.length == 2) {
      ValueWriters.writeDouble(
          g, (double) halfToFloat((short) ((plain[0] & 0xff) | (plain[1] & 0xff) << 8)));
    } else {
      g.writeBinary(plain);
    }
  }

  /** An IEEE 754 half-precision value as a float. */
  static float halfToFloat(short half) {
    int sign = (half >>> 15) & 1;
    int exponent = (half >>> 10) & 0x1f;
    int mantissa = half & 0x3ff;
    float value;
    if (exponent == 0) {
      value = mantissa * 0x1p-24f;
    } else if (exponent == 0x1f) {
      value = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else {
      value = (1 + mantissa / 1024f) * (float) Math.pow(2, exponent - 15);
    }
    return sign == 0 ? value : -value;
  }
}
