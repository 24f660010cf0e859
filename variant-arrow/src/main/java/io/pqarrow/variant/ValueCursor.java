package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.variant.internal.ValueHeader;
import java.nio.ByteBuffer;

/**
 * Where a {@link VariantReader}'s value lies, and the checks that it fits: the state of the cursor
 * and the one place it is pointed at a value.
 *
 * <p>Pointing at a value reads its header byte and checks, before any read relies on them, that a
 * primitive's payload (or a string's length prefix and bytes) lies inside the range, and for an
 * object or array that the element count, id and offset tables and the last offset do. A child's
 * offset is checked when the cursor moves to it. Bad bytes raise {@link VariantFormatException}
 * naming the row and the byte offset from the start of the row's value. An unknown primitive type
 * id is recorded (a payload length of -1) and reported only when the value is read.
 *
 * <p>The fields are package-private so that {@link VariantReader}'s getters and {@link
 * FieldSearch}'s lookups read them directly, with nothing between a row and its bytes; only this
 * class writes them.
 */
abstract class ValueCursor {
  VariantMetadata metadata;
  ByteBuffer buf;
  long row;

  /** Absolute offset of the row's top-level value: byte offsets in errors count from it. */
  int base;

  /** Absolute offset of this value's header byte. */
  int start;

  /** End of the range this value must fit in (its parent's values, or the row's value). */
  int limit;

  int header;

  /** Number of fields or elements of an object or array. */
  int count;

  int idSize;
  int offsetSize;
  int idsStart;
  int offsetsStart;
  int dataStart;
  int dataEnd;

  /** Bytes of a primitive's payload or a string's bytes; -1 for an unknown primitive type id. */
  int payloadLength;

  /**
   * Points at the value {@code [offset, offset + length)} of {@code buf}; see {@link
   * VariantReader#reset(VariantMetadata, ByteBuffer, int, int, long)}.
   */
  final void pointAt(VariantMetadata metadata, ByteBuffer buf, int offset, int length, long row) {
    this.metadata = metadata;
    this.buf = buf;
    this.row = row;
    this.base = offset;
    if (offset < 0 || length < 0 || (long) offset + length > buf.limit()) {
      this.base = 0;
      throw error(
          offset,
          "expected the range of "
              + length
              + " bytes at "
              + offset
              + " inside a buffer of "
              + buf.limit());
    }
    point(offset, offset + length);
  }

  /** Points at the same value as {@code other}. */
  final void copyFrom(ValueCursor other) {
    this.metadata = other.metadata;
    this.buf = other.buf;
    this.row = other.row;
    this.base = other.base;
    this.start = other.start;
    this.limit = other.limit;
    this.header = other.header;
    this.count = other.count;
    this.idSize = other.idSize;
    this.offsetsStart = other.offsetsStart;
    this.offsetSize = other.offsetSize;
    this.idsStart = other.idsStart;
    this.dataStart = other.dataStart;
    this.dataEnd = other.dataEnd;
    this.payloadLength = other.payloadLength;
  }

  /**
   * Points at the value at absolute offset {@code child} inside {@code [.., end)} of the row {@code
   * from} is in.
   */
  final void pointChild(ValueCursor from, int child, int end) {
    this.metadata = from.metadata;
    this.buf = from.buf;
    this.row = from.row;
    this.base = from.base;
    point(child, end);
  }

  final void point(int start, int limit) {
    this.start = start;
    this.limit = limit;
    if (start >= limit) {
      throw error(start, "expected a value header byte, found the end of the value");
    }
    int h = buf.get(start) & 0xFF;
    this.header = h;
    switch (VariantLayout.basicType(h)) {
      case ValueHeader.PRIMITIVE:
        pointPrimitive(h);
        break;
      case ValueHeader.SHORT_STRING:
        payloadLength = VariantLayout.shortStringLength(h);
        requireAvailable(start + 1, payloadLength, "short string bytes", null);
        break;
      case ValueHeader.OBJECT:
        pointContainer(
            VariantLayout.objectIsLarge(h),
            VariantLayout.objectIdSize(h),
            VariantLayout.objectOffsetSize(h),
            "object");
        break;
      default:
        pointContainer(VariantLayout.arrayIsLarge(h), 0, VariantLayout.arrayOffsetSize(h), "array");
    }
  }

  private void pointPrimitive(int h) {
    int id = VariantLayout.primitiveId(h);
    int fixed = VariantLayout.fixedPayloadSize(id);
    if (fixed >= 0) {
      payloadLength = fixed;
      requireAvailable(start + 1, fixed, "payload of ", VariantLayout.kind(h));
    } else if (fixed == -1) {
      requireAvailable(start + 1, VariantLayout.LENGTH_PREFIX, "length prefix", null);
      long n = VariantLayout.readUnsigned(buf, start + 1, 4);
      if (n > limit - start - 1 - VariantLayout.LENGTH_PREFIX) {
        throw error(
            start + 1,
            VariantLayout.payloadOverrun(n, h, limit - start - 1 - VariantLayout.LENGTH_PREFIX));
      }
      payloadLength = (int) n;
    } else {
      payloadLength = -1; // unknown type id: reported when the value is read
    }
  }

  private void pointContainer(boolean large, int idSize, int offsetSize, String what) {
    int countSize = large ? 4 : 1;
    requireAvailable(start + 1, countSize, what, " element count");
    long n = VariantLayout.readUnsigned(buf, start + 1, countSize);
    long ids = (long) start + 1 + countSize;
    long offsets = ids + n * idSize;
    long data = offsets + (n + 1) * offsetSize;
    if (data > limit) {
      throw error(start + 1, VariantLayout.headerOverrun(n, what, idSize, offsetSize, limit - ids));
    }
    this.count = (int) n;
    this.idSize = idSize;
    this.offsetSize = offsetSize;
    this.idsStart = (int) ids;
    this.offsetsStart = (int) offsets;
    this.dataStart = (int) data;
    long last = VariantLayout.readUnsigned(buf, offsetsStart + count * offsetSize, offsetSize);
    if (last > limit - data) {
      throw error(
          offsetsStart + (long) count * offsetSize,
          "expected the last offset to be at most " + (limit - data) + ", found " + last);
    }
    this.dataEnd = (int) (data + last);
  }

  /** Checks that {@code n} bytes follow {@code pos}; the description is built only on failure. */
  private void requireAvailable(long pos, long n, String what, Object whatSuffix) {
    if (pos + n > limit) {
      String description = whatSuffix == null ? what : what + whatSuffix;
      throw error(
          pos,
          "expected " + n + " bytes of " + description + ", only " + (limit - pos) + " remain");
    }
  }

  final VariantFormatException error(long absolutePos, String problem) {
    return VariantFormatException.at(
        ErrorKind.INVALID_DATA, "value", row, absolutePos - base, problem);
  }

  final VariantTypeException mismatch(String expected) {
    VariantKind k = VariantLayout.kind(header);
    String found = k == null ? "unknown type id " + VariantLayout.primitiveId(header) : k.name();
    return new VariantTypeException(
        ErrorLocation.atRow(row).withByteOffset(start - base),
        "expected " + expected + ", found " + found);
  }

  /** Encoded size of this value in bytes; see {@link VariantReader#encodedSize()}. */
  final int encodedLength() {
    switch (VariantLayout.basicType(header)) {
      case ValueHeader.PRIMITIVE:
        int id = VariantLayout.primitiveId(header);
        if (payloadLength < 0) {
          throw unknownType();
        }
        return 1
            + payloadLength
            + (id == ValueHeader.BINARY || id == ValueHeader.STRING
                ? VariantLayout.LENGTH_PREFIX
                : 0);
      case ValueHeader.SHORT_STRING:
        return 1 + payloadLength;
      default:
        return dataEnd - start;
    }
  }

  VariantFormatException unknownType() {
    return error(
        start, "expected a primitive type id 0 to 20, found " + VariantLayout.primitiveId(header));
  }

  final int primitiveIdOrMinus1() {
    return VariantLayout.basicType(header) == ValueHeader.PRIMITIVE
        ? VariantLayout.primitiveId(header)
        : -1;
  }

  // ---- objects and arrays ----

  /** Field id {@code i} (in range), checked against the dictionary size {@code size}. */
  final int checkedFieldId(int i, int size) {
    long id = VariantLayout.readUnsigned(buf, idsStart + i * idSize, idSize);
    if (id >= size) {
      throw error(
          idsStart + (long) i * idSize,
          "expected a field id below the dictionary size " + size + ", found " + id);
    }
    return (int) id;
  }

  /** Offset entry {@code i} (0 to count) of an object or array, relative to the values. */
  final long childOffset(int i) {
    return VariantLayout.readUnsigned(buf, offsetsStart + i * offsetSize, offsetSize);
  }

  /** Absolute offset of offset entry {@code i}. */
  final int childOffsetPosition(int i) {
    return offsetsStart + i * offsetSize;
  }

  /** Absolute offset of field id entry {@code i}. */
  final int fieldIdPosition(int i) {
    return idsStart + i * idSize;
  }

  final int dataStart() {
    return dataStart;
  }

  final int dataEnd() {
    return dataEnd;
  }

  /** The header byte, for code that copies values verbatim. */
  final int header() {
    return header;
  }

  final int limit() {
    return limit;
  }

  /** Points {@code out} at child {@code i} (in range) of this object or array. */
  final void childInto(int i, ValueCursor out) {
    long off = childOffset(i);
    if (off >= dataEnd - dataStart) {
      throw error(
          childOffsetPosition(i),
          "expected offset "
              + i
              + " below the values size "
              + (dataEnd - dataStart)
              + ", found "
              + off);
    }
    out.pointChild(this, dataStart + (int) off, dataEnd);
  }
}
