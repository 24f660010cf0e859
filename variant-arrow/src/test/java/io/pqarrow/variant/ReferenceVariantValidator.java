package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.variant.internal.Utf8;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The recursive walker {@link VariantValidator} used before it looped over the bytes directly: a
 * {@link VariantReader} per nesting level, kept verbatim as the reference the differential test
 * compares the byte loop with (same acceptance, same messages). Metadata checks are shared.
 */
final class ReferenceVariantValidator {
  private final ValidationOptions options;
  private final int maxDepth;
  private final long maxElements;
  private final List<VariantReader> scratch = new ArrayList<>();
  private final VariantReader top = new VariantReader();

  /** A validator with the given options. */
  ReferenceVariantValidator(ValidationOptions options) {
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
    VariantValidator.validateMetadata(metadata, options);
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
            && !VariantValidator.fitsIn38Digits(
                VariantLayout.readLong(r.buffer(), r.offset() + 2),
                VariantLayout.readLong(r.buffer(), r.offset() + 10))) {
          throw r.error(r.offset() + 2, "expected a decimal of at most 38 digits");
        }
        break;
      default:
        break;
    }
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
