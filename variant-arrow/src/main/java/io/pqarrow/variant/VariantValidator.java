package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.variant.internal.Utf8;
import io.pqarrow.variant.internal.ValueHeader;
import java.nio.ByteBuffer;
import java.util.Arrays;

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
 * validating many rows that share one metadata costs one dictionary check. Values are walked by a
 * loop over the bytes with an explicit stack of container offsets (no reader per level, no object
 * per value); an instance keeps that stack between calls and is not thread-safe.
 */
public final class VariantValidator {
  private final ValidationOptions options;
  private final int maxDepth;
  private final long maxElements;
  private final VariantReader top = new VariantReader();

  // The enclosing containers of the one being walked, one entry per level: header offset, element
  // count, field id size (0 for an array), offset size, field id table, offset table, first value
  // byte and end of the values, and the index of the child being walked.
  private int[] fStart = new int[16];
  private int[] fCount = new int[16];
  private int[] fIdSize = new int[16];
  private int[] fOffSize = new int[16];
  private int[] fIds = new int[16];
  private int[] fOffs = new int[16];
  private int[] fData = new int[16];
  private int[] fEnd = new int[16];
  private int[] fNext = new int[16];

  /**
   * A validator with the given options.
   *
   * @param options the mode (full or trusted) and the caps
   */
  public VariantValidator(ValidationOptions options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
    this.maxDepth = options.limits().maxValidationDepth();
    this.maxElements = options.limits().maxVariantElements();
  }

  /**
   * Validates the metadata and the value {@code [offset, offset + length)} of {@code value}.
   *
   * @param metadata the metadata the value's field ids refer to; validated once per instance
   * @param value the buffer holding the value; its position and limit are not used
   * @param offset the absolute offset of the value's header byte
   * @param length the number of bytes of the value
   * @param row the row named in error messages (0-based), or {@link
   *     VariantFormatException#UNKNOWN_ROW}
   * @return a reader pointing at the value (owned by this validator: valid until the next call)
   * @throws VariantFormatException for the first problem found, naming the row and byte offset
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
      int size = walk(metadata, value, offset, offset + length, row) - offset;
      if (size != length) {
        throw top.error(
            offset + size,
            "expected the value to end at byte " + size + ", found " + (length - size) + " more");
      }
    }
    return top;
  }

  /**
   * Validates one row with a throw-away validator.
   *
   * @param metadata the metadata the value's field ids refer to
   * @param value the buffer holding the value; its position and limit are not used
   * @param offset the absolute offset of the value's header byte
   * @param length the number of bytes of the value
   * @param row the row named in error messages (0-based), or {@link
   *     VariantFormatException#UNKNOWN_ROW}
   * @param options the mode and the caps
   * @throws VariantFormatException for the first problem found, naming the row and byte offset
   */
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
   *
   * @param md the metadata
   * @param options the mode and the caps
   * @throws VariantFormatException for the first problem found, naming the byte offset
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

  /** Payload bytes after the header by primitive type id; -1 length-prefixed, -2 unknown id. */
  private static final int[] PAYLOAD = new int[64];

  static {
    for (int id = 0; id < 64; id++) {
      PAYLOAD[id] = VariantLayout.fixedPayloadSize(id);
    }
  }

  /**
   * Walks the row's value, whose header is at {@code base} and which must fit before {@code limit},
   * depth first in field and element order with the stack of open containers; returns where it
   * ends. Each value gets the header checks of {@link VariantReader} (in their order and with their
   * messages) and then the semantic checks.
   */
  private int walk(VariantMetadata md, ByteBuffer buf, int base, int limit, long row) {
    int mdSize = md.size();
    // A dictionary checked sorted and unique orders its keys as its ids: an int compare per field
    // gives the same answer as comparing the keys' bytes.
    boolean idOrder = md.isSorted() && md.validated;
    int sp = -1;
    // The innermost open container (stack entry sp), in locals; its entry is written when a child
    // container opens and read back when that child closes.
    int cStart = 0;
    int cCount = 0;
    int cIdSize = 0;
    int cOffSize = 0;
    int cIds = 0;
    int cOffs = 0;
    int cData = 0;
    int cEnd = 0;
    int cNext = 0;
    int pos = base;
    int lim = limit;
    while (true) {
      int h = buf.get(pos) & 0xFF;
      int end;
      int basic = h & 0x3;
      if (basic == ValueHeader.PRIMITIVE) {
        int id = h >>> 2;
        int fixed = PAYLOAD[id];
        if (fixed >= 0) {
          if ((long) pos + 1 + fixed > lim) {
            throw notAvailable(
                row, base, pos + 1, fixed, "payload of " + VariantLayout.kind(h), lim);
          }
          end = pos + 1 + fixed;
          if (id >= ValueHeader.DECIMAL4 && id <= ValueHeader.DECIMAL16) {
            checkDecimal(buf, pos, id, row, base);
          }
        } else if (fixed == -1) {
          if ((long) pos + 1 + VariantLayout.LENGTH_PREFIX > lim) {
            throw notAvailable(
                row, base, pos + 1, VariantLayout.LENGTH_PREFIX, "length prefix", lim);
          }
          long n = u32(buf, pos + 1);
          int room = lim - pos - 1 - VariantLayout.LENGTH_PREFIX;
          if (n > room) {
            throw error(row, base, pos + 1, VariantLayout.payloadOverrun(n, h, room));
          }
          end = pos + 1 + VariantLayout.LENGTH_PREFIX + (int) n;
          if (id == ValueHeader.STRING) {
            checkUtf8(buf, pos + 1 + VariantLayout.LENGTH_PREFIX, (int) n, row, base);
          }
        } else {
          throw error(row, base, pos, "expected a primitive type id 0 to 20, found " + id);
        }
      } else if (basic == ValueHeader.SHORT_STRING) {
        int len = h >>> 2;
        if ((long) pos + 1 + len > lim) {
          throw notAvailable(row, base, pos + 1, len, "short string bytes", lim);
        }
        end = pos + 1 + len;
        checkUtf8(buf, pos + 1, len, row, base);
      } else {
        // The checks of VariantReader.pointContainer, then the depth and element caps.
        boolean object = basic == ValueHeader.OBJECT;
        String what = object ? "object" : "array";
        int countSize =
            (object ? VariantLayout.objectIsLarge(h) : VariantLayout.arrayIsLarge(h)) ? 4 : 1;
        int idSize = object ? VariantLayout.objectIdSize(h) : 0;
        int offSize = VariantLayout.arrayOffsetSize(h); // the same bits for objects
        if ((long) pos + 1 + countSize > lim) {
          throw notAvailable(row, base, pos + 1, countSize, what + " element count", lim);
        }
        long n = countSize == 1 ? buf.get(pos + 1) & 0xFFL : u32(buf, pos + 1);
        long ids = (long) pos + 1 + countSize;
        long offs = ids + n * idSize;
        long data = offs + (n + 1) * offSize;
        if (data > lim) {
          throw error(
              row, base, pos + 1, VariantLayout.headerOverrun(n, what, idSize, offSize, lim - ids));
        }
        int lastAt = (int) (offs + n * offSize);
        long last = VariantLayout.readUnsigned(buf, lastAt, offSize);
        if (last > lim - data) {
          throw error(
              row,
              base,
              lastAt,
              "expected the last offset to be at most " + (lim - data) + ", found " + last);
        }
        end = (int) (data + last);
        // Its depth: the sp + 1 open containers around it, plus itself (a top-level one is 1).
        if (sp + 2 > maxDepth) {
          throw error(
              row, base, pos, "expected nesting depth at most " + maxDepth + ", found deeper");
        }
        if (n > maxElements) {
          throw error(
              row,
              base,
              pos + 1,
              "expected at most " + maxElements + " " + what + " elements, found " + n);
        }
        if (n > 0) {
          if (sp >= 0) {
            fStart[sp] = cStart;
            fCount[sp] = cCount;
            fIdSize[sp] = cIdSize;
            fOffSize[sp] = cOffSize;
            fIds[sp] = cIds;
            fOffs[sp] = cOffs;
            fData[sp] = cData;
            fEnd[sp] = cEnd;
            fNext[sp] = cNext;
          }
          if (++sp == fStart.length) {
            grow();
          }
          cStart = pos;
          cCount = (int) n;
          cIdSize = idSize;
          cOffSize = offSize;
          cIds = (int) ids;
          cOffs = (int) offs;
          cData = (int) data;
          cEnd = end;
          cNext = 0;
          pos =
              child(
                  buf, md, mdSize, idOrder, cIds, cOffs, cData, cEnd, idSize, offSize, 0, row,
                  base);
          lim = end;
          continue;
        }
      }
      // The value [pos, end) is done: check it against its container, move to the next child,
      // closing every container whose last child this was.
      while (true) {
        if (sp < 0) {
          return end;
        }
        int i = cNext;
        if (cIdSize > 0) {
          if (end > cEnd) {
            throw error(
                row,
                base,
                pos,
                "expected field "
                    + i
                    + " to end within the object's values at byte "
                    + (cEnd - base)
                    + ", it needs "
                    + (end - pos)
                    + " bytes");
          }
        } else {
          int offAt = cOffs + i * cOffSize;
          long size =
              VariantLayout.readUnsigned(buf, offAt + cOffSize, cOffSize)
                  - VariantLayout.readUnsigned(buf, offAt, cOffSize);
          if (end - pos != size) {
            throw error(
                row,
                base,
                pos,
                "expected element "
                    + i
                    + " to fill its "
                    + size
                    + " bytes, it encodes "
                    + (end - pos));
          }
        }
        if (++i < cCount) {
          cNext = i;
          pos =
              child(
                  buf, md, mdSize, idOrder, cIds, cOffs, cData, cEnd, cIdSize, cOffSize, i, row,
                  base);
          lim = cEnd;
          break;
        }
        pos = cStart;
        end = cEnd;
        if (--sp >= 0) {
          cStart = fStart[sp];
          cCount = fCount[sp];
          cIdSize = fIdSize[sp];
          cOffSize = fOffSize[sp];
          cIds = fIds[sp];
          cOffs = fOffs[sp];
          cData = fData[sp];
          cEnd = fEnd[sp];
          cNext = fNext[sp];
        }
      }
    }
  }

  /**
   * Checks entry {@code i} of a container whose field id table, offset table and values are at
   * {@code ids}, {@code offs} and {@code [data, end)} (for an object its field id and key order,
   * for an array that its offsets do not decrease) and returns where its value starts, checked
   * inside the values.
   */
  private static int child(
      ByteBuffer buf,
      VariantMetadata md,
      int mdSize,
      boolean idOrder,
      int ids,
      int offs,
      int data,
      int end,
      int idSize,
      int offSize,
      int i,
      long row,
      int base) {
    int offAt = offs + i * offSize;
    long off = VariantLayout.readUnsigned(buf, offAt, offSize);
    if (idSize > 0) {
      int idAt = ids + i * idSize;
      long id = VariantLayout.readUnsigned(buf, idAt, idSize);
      if (id >= mdSize) {
        throw error(
            row,
            base,
            idAt,
            "expected a field id below the dictionary size " + mdSize + ", found " + id);
      }
      if (i > 0) {
        // The previous id was checked in range when its field was reached.
        int prevId = (int) VariantLayout.readUnsigned(buf, idAt - idSize, idSize);
        if (!idOrder || prevId >= id) {
          checkKeyOrder(md, prevId, (int) id, idOrder, row, base, idAt);
        }
      }
    } else {
      long to = VariantLayout.readUnsigned(buf, offAt + offSize, offSize);
      if (to < off) {
        throw error(
            row,
            base,
            offAt + offSize,
            "expected offset " + (i + 1) + " at least " + off + ", found " + to);
      }
    }
    int size = end - data;
    if (off >= size) {
      throw error(
          row,
          base,
          offAt,
          "expected offset " + i + " below the values size " + size + ", found " + off);
    }
    return data + (int) off;
  }

  /** Checks that the key of {@code id} sorts strictly after the key of {@code prevId}. */
  private static void checkKeyOrder(
      VariantMetadata md, int prevId, int id, boolean idOrder, long row, int base, int idAt) {
    int c;
    if (idOrder) {
      c = Integer.compare(prevId, id);
    } else {
      ByteBuffer mb = md.buffer();
      c =
          Utf8.compare(
              mb,
              md.keyOffset(prevId),
              md.keyLength(prevId),
              mb,
              md.keyOffset(id),
              md.keyLength(id));
    }
    if (c == 0) {
      throw error(row, base, idAt, "duplicate key \"" + md.key(id) + "\"");
    } else if (c > 0) {
      throw error(
          row,
          base,
          idAt,
          "expected keys in ascending UTF-8 byte order, found \""
              + md.key(id)
              + "\" after \""
              + md.key(prevId)
              + "\"");
    }
  }

  /** Eight high bits: a long with none of them set is eight ASCII bytes, in either byte order. */
  private static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * Checks the UTF-8 of a string: ASCII eight bytes then one byte at a time here, and from the
   * first byte at or above 0x80 (a sequence boundary, all before it being ASCII) with {@link Utf8}.
   */
  private static void checkUtf8(ByteBuffer buf, int at, int len, long row, int base) {
    int i = 0;
    while (i + 8 <= len && (buf.getLong(at + i) & HIGH_BITS) == 0) {
      i += 8;
    }
    while (i < len && buf.get(at + i) >= 0) {
      i++;
    }
    if (i == len) {
      return;
    }
    int bad = Utf8.firstInvalid(buf, at + i, len - i);
    if (bad >= 0) {
      bad += i;
      throw error(
          row,
          base,
          at + bad,
          "expected valid UTF-8 in a string, found byte 0x" + hex(buf.get(at + bad)));
    }
  }

  private static void checkDecimal(ByteBuffer buf, int pos, int id, long row, int base) {
    int scale = buf.get(pos + 1) & 0xFF;
    if (scale > 38) {
      throw error(row, base, pos + 1, "expected a decimal scale of at most 38, found " + scale);
    }
    if (id == ValueHeader.DECIMAL16
        && !fitsIn38Digits(
            VariantLayout.readLong(buf, pos + 2), VariantLayout.readLong(buf, pos + 10))) {
      throw error(row, base, pos + 2, "expected a decimal of at most 38 digits");
    }
  }

  private void grow() {
    int n = fStart.length * 2;
    fStart = Arrays.copyOf(fStart, n);
    fCount = Arrays.copyOf(fCount, n);
    fIdSize = Arrays.copyOf(fIdSize, n);
    fOffSize = Arrays.copyOf(fOffSize, n);
    fIds = Arrays.copyOf(fIds, n);
    fOffs = Arrays.copyOf(fOffs, n);
    fData = Arrays.copyOf(fData, n);
    fEnd = Arrays.copyOf(fEnd, n);
    fNext = Arrays.copyOf(fNext, n);
  }

  private static long u32(ByteBuffer buf, int pos) {
    return VariantLayout.readInt(buf, pos) & 0xFFFFFFFFL;
  }

  /** "expected n bytes of what, only ... remain" at {@code pos}, as the reader words it. */
  private static VariantFormatException notAvailable(
      long row, int base, int pos, int n, String what, int limit) {
    return error(
        row,
        base,
        pos,
        "expected " + n + " bytes of " + what + ", only " + (limit - pos) + " remain");
  }

  private static VariantFormatException error(long row, int base, long pos, String problem) {
    return VariantFormatException.at(ErrorKind.INVALID_DATA, "value", row, pos - base, problem);
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

  private static String hex(byte b) {
    return String.format("%02X", b & 0xFF);
  }
}
