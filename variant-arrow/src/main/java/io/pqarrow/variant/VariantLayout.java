package io.pqarrow.variant;

import static io.pqarrow.variant.internal.ValueHeader.ARRAY;
import static io.pqarrow.variant.internal.ValueHeader.OBJECT;
import static io.pqarrow.variant.internal.ValueHeader.PRIMITIVE;
import static io.pqarrow.variant.internal.ValueHeader.SHORT_STRING;

import io.pqarrow.variant.internal.ValueHeader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Variant binary layout: the one class that knows where the bits are. Everything else asks it
 * to decode or compose a header, and to read or write a little-endian unsigned integer.
 *
 * <p>All multi-byte integers are little-endian; every size, offset, field id and element count is
 * unsigned. Reserved bits are ignored on read and written as zero.
 *
 * <pre>
 * metadata   header: bit 7-6 offset_size-1 | bit 5 reserved | bit 4 sorted_strings | bit 3-0 version (1)
 *            dictionary_size       offset_size bytes
 *            offset[0..size]       offset_size bytes each, relative to the string bytes
 *            string bytes          UTF-8
 *
 * value      header: bit 7-2 value_header | bit 1-0 basic_type
 *
 *   basic_type 0 primitive     value_header = primitive type id, then the payload:
 *                              0 null, 1 true, 2 false (no payload)
 *                              3 int8 (1), 4 int16 (2), 5 int32 (4), 6 int64 (8), 7 double (8)
 *                              8/9/10 decimal4/8/16: 1 scale byte + 4/8/16 unscaled bytes
 *                              11 date (4), 12/13 timestamp micros tz/ntz (8), 14 float (4)
 *                              15 binary, 16 string: 4-byte length + bytes
 *                              17 time micros (8), 18/19 timestamp nanos tz/ntz (8)
 *                              20 uuid: 16 bytes, big-endian
 *   basic_type 1 short string  value_header = length 0-63, then the UTF-8 bytes
 *   basic_type 2 object        value_header: bit 5 reserved | bit 4 is_large |
 *                                            bit 3-2 field_id_size-1 | bit 1-0 field_offset_size-1
 *                              num_elements (4 bytes if is_large, else 1)
 *                              field_id[n] (field_id_size each, in key order)
 *                              field_offset[n+1] (field_offset_size each, relative to the values)
 *                              values (any order)
 *   basic_type 3 array         value_header: bit 5-3 reserved | bit 2 is_large | bit 1-0 offset_size-1
 *                              num_elements (4 bytes if is_large, else 1)
 *                              field_offset[n+1], values in element order
 * </pre>
 *
 * <p>Example: {@code {"a": 1}} with the dictionary {@code ["a"]} is the value {@code 02 01 00 00 02
 * 0C 01} (object header, 1 field, id 0, offsets 0 and 2, then int8 1) with the metadata {@code 11
 * 01 00 01 61} (version 1 sorted, 1 key, offsets 0 and 1, "a").
 */
final class VariantLayout {
  /** Longest string stored with the short-string basic type. */
  static final int MAX_SHORT_STRING = 63;

  /** The only metadata version this library reads and writes. */
  static final int VERSION = 1;

  /** Above this many elements an object or array needs a 4-byte element count. */
  static final int MAX_SMALL_COUNT = 0xFF;

  /** Size of the length prefix of long strings and binaries. */
  static final int LENGTH_PREFIX = 4;

  /** Kind by header byte; {@code null} for unknown primitive type ids. */
  private static final VariantKind[] KINDS = new VariantKind[256];

  static {
    VariantKind[] byId = {
      VariantKind.NULL,
      VariantKind.BOOLEAN,
      VariantKind.BOOLEAN,
      VariantKind.INT8,
      VariantKind.INT16,
      VariantKind.INT32,
      VariantKind.INT64,
      VariantKind.DOUBLE,
      VariantKind.DECIMAL4,
      VariantKind.DECIMAL8,
      VariantKind.DECIMAL16,
      VariantKind.DATE,
      VariantKind.TIMESTAMP_MICROS,
      VariantKind.TIMESTAMP_NTZ_MICROS,
      VariantKind.FLOAT,
      VariantKind.BINARY,
      VariantKind.STRING,
      VariantKind.TIME_MICROS,
      VariantKind.TIMESTAMP_NANOS,
      VariantKind.TIMESTAMP_NTZ_NANOS,
      VariantKind.UUID
    };
    for (int h = 0; h < 256; h++) {
      switch (basicType(h)) {
        case PRIMITIVE:
          int id = primitiveId(h);
          KINDS[h] = id < byId.length ? byId[id] : null;
          break;
        case SHORT_STRING:
          KINDS[h] = VariantKind.STRING;
          break;
        case OBJECT:
          KINDS[h] = VariantKind.OBJECT;
          break;
        default:
          KINDS[h] = VariantKind.ARRAY;
      }
    }
  }

  private VariantLayout() {}

  // ---- value header ----

  static int basicType(int header) {
    return header & 0x3;
  }

  /** Kind of a value with this header byte, or {@code null} for an unknown primitive type id. */
  static VariantKind kind(int header) {
    return KINDS[header & 0xFF];
  }

  static int primitiveId(int header) {
    return (header >>> 2) & 0x3F;
  }

  static int shortStringLength(int header) {
    return (header >>> 2) & 0x3F;
  }

  static int objectOffsetSize(int header) {
    return ((header >>> 2) & 0x3) + 1;
  }

  static int objectIdSize(int header) {
    return ((header >>> 4) & 0x3) + 1;
  }

  static boolean objectIsLarge(int header) {
    return (header & 0x40) != 0;
  }

  static int arrayOffsetSize(int header) {
    return ((header >>> 2) & 0x3) + 1;
  }

  static boolean arrayIsLarge(int header) {
    return (header & 0x10) != 0;
  }

  /**
   * Payload bytes after the header of a fixed-size primitive, -1 for binary and string (a 4-byte
   * length then the bytes), -2 for an unknown type id.
   */
  static int fixedPayloadSize(int primitiveId) {
    return ValueHeader.payloadSize(primitiveId);
  }

  static byte primitiveHeader(int primitiveId) {
    return (byte) (primitiveId << 2);
  }

  static byte shortStringHeader(int length) {
    return (byte) ((length << 2) | SHORT_STRING);
  }

  static byte objectHeader(boolean large, int idSize, int offsetSize) {
    return (byte) (((large ? 1 : 0) << 6) | ((idSize - 1) << 4) | ((offsetSize - 1) << 2) | OBJECT);
  }

  static byte arrayHeader(boolean large, int offsetSize) {
    return (byte) (((large ? 1 : 0) << 4) | ((offsetSize - 1) << 2) | ARRAY);
  }

  // ---- metadata header ----

  static int metadataVersion(int header) {
    return header & 0xF;
  }

  static boolean metadataSorted(int header) {
    return (header & 0x10) != 0;
  }

  static int metadataOffsetSize(int header) {
    return ((header >>> 6) & 0x3) + 1;
  }

  static byte metadataHeader(boolean sorted, int offsetSize) {
    return (byte) (((offsetSize - 1) << 6) | (sorted ? 0x10 : 0) | VERSION);
  }

  // ---- integers ----

  /** Fewest bytes (1 to 4) that hold the unsigned value {@code max}. */
  static int widthOf(long max) {
    if (max <= 0xFFL) {
      return 1;
    } else if (max <= 0xFFFFL) {
      return 2;
    } else if (max <= 0xFFFFFFL) {
      return 3;
    }
    return 4;
  }

  /**
   * The problem of an object's or array's header whose ids and offsets run past the value: the
   * reader and the validator say it alike.
   */
  static String headerOverrun(long n, String what, int idSize, int offsetSize, long remain) {
    return "expected "
        + n
        + " "
        + what
        + " elements with "
        + (idSize > 0 ? idSize + "-byte field ids and " : "")
        + (n + 1)
        + " offsets of "
        + offsetSize
        + " bytes, only "
        + remain
        + " bytes remain";
  }

  /** The problem of a length-prefixed value longer than what is left: reader and validator. */
  static String payloadOverrun(long n, int header, long remain) {
    return "expected " + n + " bytes of " + kind(header) + ", only " + remain + " remain";
  }

  /**
   * Unsigned little-endian integer of 1 to 4 bytes at an absolute position; caller checks bounds.
   */
  static long readUnsigned(ByteBuffer buf, int pos, int size) {
    switch (size) {
      case 1:
        return buf.get(pos) & 0xFFL;
      case 2:
        return readShort(buf, pos) & 0xFFFFL;
      case 3:
        return (readShort(buf, pos) & 0xFFFFL) | (buf.get(pos + 2) & 0xFFL) << 16;
      default:
        return readInt(buf, pos) & 0xFFFFFFFFL;
    }
  }

  /** Little-endian int at an absolute position, whatever the buffer's byte order. */
  static int readInt(ByteBuffer buf, int pos) {
    int v = buf.getInt(pos);
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? v : Integer.reverseBytes(v);
  }

  /** Little-endian short at an absolute position, whatever the buffer's byte order. */
  static short readShort(ByteBuffer buf, int pos) {
    short v = buf.getShort(pos);
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? v : Short.reverseBytes(v);
  }

  /** Little-endian long at an absolute position, whatever the buffer's byte order. */
  static long readLong(ByteBuffer buf, int pos) {
    long v = buf.getLong(pos);
    return buf.order() == ByteOrder.LITTLE_ENDIAN ? v : Long.reverseBytes(v);
  }

  /** Big-endian long at an absolute position (UUID halves). */
  static long readLongBigEndian(ByteBuffer buf, int pos) {
    long v = buf.getLong(pos);
    return buf.order() == ByteOrder.BIG_ENDIAN ? v : Long.reverseBytes(v);
  }

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Writes the low {@code size} bytes of {@code value} little-endian; 8 and 4 bytes (the payloads
   * of most primitives) in one store each.
   */
  static void writeUnsigned(byte[] dst, int pos, long value, int size) {
    if (size == 8) {
      LONG_LE.set(dst, pos, value);
    } else if (size == 4) {
      INT_LE.set(dst, pos, (int) value);
    } else {
      for (int i = 0; i < size; i++) {
        dst[pos + i] = (byte) (value >>> (8 * i));
      }
    }
  }

  /** Writes {@code value} big-endian (UUID halves). */
  static void writeLongBigEndian(byte[] dst, int pos, long value) {
    for (int i = 0; i < 8; i++) {
      dst[pos + i] = (byte) (value >>> (56 - 8 * i));
    }
  }
}
