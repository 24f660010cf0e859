package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.variant.internal.Utf8;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks Variant metadata and values before they are trusted, in the mode and with the caps of a
 * {@link ValidationOptions}. Failures raise {@link VariantFormatException} naming the row, the byte
 * offset and what was expected, for example {@code Invalid Variant value at row 12, byte 9:
 * duplicate key "a"}.
 *
 * <p>Decimal scales must be at most 38 and DECIMAL16 values at most 38 digits; DECIMAL4 and
 * DECIMAL8 unscaled values are accepted at their full 32 and 64-bit range. TIME values are not
 * range-checked.
 *
 * <p>Metadata is validated once per {@link VariantMetadata} instance (the result is remembered), so
 * validating many rows that share one metadata costs one dictionary check. An instance keeps
 * scratch readers to walk values without allocating; it is not thread-safe.
 */
public final class VariantValidator {
  private final ValidationOptions options;
  private final int maxDepth;
  private final long maxElements;
  private final List<VariantReader> scratch = new ArrayList<>();
  private final VariantReader top = new VariantReader();

  /** A validator with the given options. */
  public VariantValidator(ValidationOptions options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
    this.maxDepth = options.limits().maxValidationDepth();
    this.maxElements = options.limits().maxVariantElements();
  }

  /**
   * Validates the metadata and the value {@code [offset, offset + length)} of {@code value}.
   *
   * @return a reader pointing at the value (owned by this validator: valid until the next call)
   */
  public VariantReader validate(
      VariantMetadata metadata, ByteBuffer value, int offset, int length, long row) {
    validateMetadata(metadata, options);
    long maxValueBytes = options.limits().maxVariantValueBytes();
    if (length > maxValueBytes) {
      throw VariantFormatException.at(
          ErrorKind.INVALID_DATA,
          "value",
          row,
          0,
          "expected at most " + maxValueBytes + " bytes, found " + length);
    }
    top.reset(metadata, value, offset, length, row);
    if (options.mode() == ValidationOptions.Mode.FULL) {
      walk(top, 0);
      int size = top.encodedSize();
      if (size != length) {
        throw top.error(
            offset + size,
            "expected the value to end at byte " + size + ", found " + (length - size) + " more");
      }
    }
    return top;
  }

  /** Validates one row with a throw-away validator. */
  public static void validate(
      VariantMetadata metadata,
      ByteBuffer value,
      int offset,
      int length,
      long row,
      ValidationOptions options) {
    new VariantValidator(options).validate(metadata, value, offset, length, row);
  }

  /**
   * Validates metadata: its size caps always, and in {@code FULL} mode (once per instance) the
   * offsets, UTF-8 of every key and the truth of the sorted flag.
   */
  public static void validateMetadata(VariantMetadata md, ValidationOptions options) {
    long maxBytes = options.limits().maxVariantMetadataBytes();
    if (md.length() > maxBytes) {
      throw md.error(0, "expected at most " + maxBytes + " bytes, found " + md.length());
    }
    long maxKeys = options.limits().maxVariantDictionarySize();
    if (md.size() > maxKeys) {
      throw md.error(1, "expected at most " + maxKeys + " keys, found " + md.size());
    }
    if (options.mode() != ValidationOptions.Mode.FULL || md.validated) {
      return;
    }
    int n = md.size();
    long prev = md.offsetAt(0);
    if (prev != 0) {
      throw md.error(md.offsetEntryRelative(0), "expected the first offset to be 0, found " + prev);
    }
    for (int i = 1; i <= n; i++) {
      long o = md.offsetAt(i);
      if (o < prev || o > md.bytesLength()) {
        throw md.error(
            md.offsetEntryRelative(i),
            "expected offset "
                + i
                + " between "
                + prev
                + " and "
                + md.bytesLength()
                + ", found "
                + o);
      }
      prev = o;
    }
    if (prev != md.bytesLength()) {
      throw md.error(
          md.offsetEntryRelative(n),
          "expected the last offset to equal the "
              + md.bytesLength()
              + " string bytes, found "
              + prev);
    }
    ByteBuffer buf = md.buffer();
    for (int id = 0; id < n; id++) {
      int at = md.keyOffset(id);
      int len = md.keyLength(id);
      int bad = Utf8.firstInvalid(buf, at, len);
      if (bad >= 0) {
        throw md.error(
            at - md.offset() + bad,
            "expected valid UTF-8 in key " + id + ", found byte 0x" + hex(buf.get(at + bad)));
      }
      if (md.isSorted() && id > 0) {
        int c = Utf8.compare(buf, md.keyOffset(id - 1), md.keyLength(id - 1), buf, at, len);
        if (c >= 0) {
          throw md.error(
              at - md.offset(),
              "expected keys sorted and unique (sorted_strings is set), found \""
                  + md.key(id)
                  + "\" after \""
                  + md.key(id - 1)
                  + "\"");
        }
      }
    }
    md.validated = true;
  }

  private void walk(VariantReader r, int depth) {
    VariantKind kind = r.kind();
    switch (kind) {
      case OBJECT:
        walkObject(r, depth + 1);
        break;
      case ARRAY:
        walkArray(r, depth + 1);
        break;
      case STRING:
        int at = r.bytesOffset();
        int bad = Utf8.firstInvalid(r.buffer(), at, r.bytesLength());
        if (bad >= 0) {
          throw r.error(
              at + bad,
              "expected valid UTF-8 in a string, found byte 0x" + hex(r.buffer().get(at + bad)));
        }
        break;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        int scale = r.getDecimalScale();
        if (scale > 38) {
          throw r.error(r.offset() + 1, "expected a decimal scale of at most 38, found " + scale);
        }
        if (kind == VariantKind.DECIMAL16
            && !fitsIn38Digits(
                VariantLayout.readLong(r.buffer(), r.offset() + 2),
                VariantLayout.readLong(r.buffer(), r.offset() + 10))) {
          throw r.error(r.offset() + 2, "expected a decimal of at most 38 digits");
        }
        break;
      default:
        break;
    }
  }

  /** High and low 64 bits of 10^38 - 1, the largest 38-digit unscaled value. */
  private static final long MAX_38_HIGH = 0x4B3B4CA85A86C47AL;

  private static final long MAX_38_LOW = 0x098A223FFFFFFFFFL;

  /**
   * Whether the 128-bit two's complement value {@code high:low} has at most 38 digits, without
   * allocating: its magnitude, compared unsigned with 10^38 - 1. The magnitude of -2^127 does not
   * fit in 128 bits signed but does unsigned (0x8000...0), and is correctly too large.
   */
  static boolean fitsIn38Digits(long low, long high) {
    if (high < 0) {
      low = ~low + 1;
      high = ~high + (low == 0 ? 1 : 0);
    }
    int c = Long.compareUnsigned(high, MAX_38_HIGH);
    return c < 0 || (c == 0 && Long.compareUnsigned(low, MAX_38_LOW) <= 0);
  }

  private void checkContainer(VariantReader r, int depth, int n, String what) {
    if (depth > maxDepth) {
      throw r.error(r.offset(), "expected nesting depth at most " + maxDepth + ", found deeper");
    }
    if (n > maxElements) {
      throw r.error(
          r.offset() + 1, "expected at most " + maxElements + " " + what + " elements, found " + n);
    }
  }

  private void walkObject(VariantReader r, int depth) {
    int n = r.fieldCount();
    checkContainer(r, depth, n, "object");
    VariantMetadata md = r.metadata();
    ByteBuffer mb = md.buffer();
    VariantReader child = scratch(depth);
    // A dictionary checked sorted and unique orders its keys as its ids: an int compare per field
    // gives the same answer as comparing the keys' bytes.
    boolean idOrder = md.isSorted() && md.validated;
    int prevId = -1;
    for (int i = 0; i < n; i++) {
      int id = r.fieldId(i);
      if (prevId >= 0) {
        int c =
            idOrder
                ? Integer.compare(prevId, id)
                : Utf8.compare(
                    mb,
                    md.keyOffset(prevId),
                    md.keyLength(prevId),
                    mb,
                    md.keyOffset(id),
                    md.keyLength(id));
        if (c == 0) {
          throw r.error(r.fieldIdPosition(i), "duplicate key \"" + md.key(id) + "\"");
        } else if (c > 0) {
          throw r.error(
              r.fieldIdPosition(i),
              "expected keys in ascending UTF-8 byte order, found \""
                  + md.key(id)
                  + "\" after \""
                  + md.key(prevId)
                  + "\"");
        }
      }
      prevId = id;
      r.fieldInto(i, child);
      walk(child, depth);
      long end = (long) child.offset() + child.encodedSize();
      if (end > r.dataEnd()) {
        throw r.error(
            child.offset(),
            "expected field "
                + i
                + " to end within the object's values at byte "
                + (r.dataEnd() - r.offset() + r.offsetInRow())
                + ", it needs "
                + child.encodedSize()
                + " bytes");
      }
    }
  }

  private void walkArray(VariantReader r, int depth) {
    int n = r.elementCount();
    checkContainer(r, depth, n, "array");
    VariantReader child = scratch(depth);
    for (int i = 0; i < n; i++) {
      long from = r.childOffset(i);
      long to = r.childOffset(i + 1);
      if (to < from) {
        throw r.error(
            r.childOffsetPosition(i + 1),
            "expected offset " + (i + 1) + " at least " + from + ", found " + to);
      }
      r.elementInto(i, child);
      walk(child, depth);
      if (child.encodedSize() != to - from) {
        throw r.error(
            child.offset(),
            "expected element "
                + i
                + " to fill its "
                + (to - from)
                + " bytes, it encodes "
                + child.encodedSize());
      }
    }
  }

  private VariantReader scratch(int depth) {
    while (scratch.size() <= depth) {
      scratch.add(new VariantReader());
    }
    return scratch.get(depth);
  }

  private static String hex(byte b) {
    return String.format("%02X", b & 0xFF);
  }
}
