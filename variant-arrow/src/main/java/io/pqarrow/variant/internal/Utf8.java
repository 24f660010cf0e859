package io.pqarrow.variant.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 helpers over buffer ranges that allocate nothing unless they return a {@code String}. Only
 * {@link #firstInvalid(byte[], int, int)} is public: text readers outside the codec (JSON) check
 * their input with the same rule the codec applies to Variant strings and keys.
 */
public final class Utf8 {
  private Utf8() {}

  /**
   * Compares the bytes {@code [pos, pos + len)} of {@code buf} with {@code key} in unsigned byte
   * order, which for valid UTF-8 is code point order (and differs from {@link String#compareTo}).
   */
  public static int compare(ByteBuffer buf, int pos, int len, byte[] key) {
    int n = Math.min(len, key.length);
    for (int i = 0; i < n; i++) {
      int c = (buf.get(pos + i) & 0xFF) - (key[i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return len - key.length;
  }

  /** Compares two buffer ranges in unsigned byte order. */
  public static int compare(ByteBuffer a, int aPos, int aLen, ByteBuffer b, int bPos, int bLen) {
    int n = Math.min(aLen, bLen);
    for (int i = 0; i < n; i++) {
      int c = (a.get(aPos + i) & 0xFF) - (b.get(bPos + i) & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return aLen - bLen;
  }

  /** Compares two byte arrays in unsigned byte order. */
  public static int compare(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }

  /**
   * True when {@code key} has a character at or above U+E000 (a UTF-8 lead byte of 0xEE or more):
   * only then can its unsigned-byte order against another key differ from Java's UTF-16 order.
   */
  public static boolean mayOrderDifferentlyInUtf16(byte[] key) {
    for (byte b : key) {
      if ((b & 0xFF) >= 0xEE) {
        return true;
      }
    }
    return false;
  }

  /** Decodes {@code [pos, pos + len)} of {@code buf}; invalid sequences become U+FFFD. */
  public static String decode(ByteBuffer buf, int pos, int len) {
    if (buf.hasArray()) {
      return new String(buf.array(), buf.arrayOffset() + pos, len, StandardCharsets.UTF_8);
    }
    byte[] tmp = new byte[len];
    buf.get(pos, tmp, 0, len);
    return new String(tmp, StandardCharsets.UTF_8);
  }

  /**
   * Index (relative to {@code offset}) of the first byte of {@code bytes[offset, offset + length)}
   * that does not start a well-formed UTF-8 sequence (overlong forms such as {@code C0 AF},
   * surrogates such as {@code ED A0 80} and code points above U+10FFFF are ill-formed), or -1 when
   * the whole range is well-formed.
   *
   * @param bytes the bytes
   * @param offset first byte of the range
   * @param length number of bytes in the range
   * @return the relative index of the first ill-formed sequence, or -1
   * @throws IndexOutOfBoundsException if the range is not inside {@code bytes}
   */
  public static int firstInvalid(byte[] bytes, int offset, int length) {
    java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
    ByteBuffer buf = null;
    int i = 0;
    while (i < length) {
      // ASCII, most JSON text: eight bytes at a time
      while (i + 8 <= length && ((long) LONGS.get(bytes, offset + i) & HIGH_BITS) == 0) {
        i += 8;
      }
      if (i < length && bytes[offset + i] >= 0) {
        i++;
        continue;
      }
      if (i == length) {
        break;
      }
      if (buf == null) {
        buf = ByteBuffer.wrap(bytes);
      }
      int n = wellFormedLength(buf, offset + i, length - i);
      if (n == 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private static final long HIGH_BITS = 0x8080808080808080L;

  /**
   * Index (relative to {@code pos}) of the first byte that does not start a well-formed UTF-8
   * sequence (overlong forms, surrogates and code points above U+10FFFF are ill-formed), or -1.
   */
  public static int firstInvalid(ByteBuffer buf, int pos, int len) {
    int i = 0;
    while (i < len) {
      // ASCII eight bytes at a time (the high bits are the same in either byte order)
      while (i + 8 <= len && (buf.getLong(pos + i) & HIGH_BITS) == 0) {
        i += 8;
      }
      if (i == len) {
        break;
      }
      int n = wellFormedLength(buf, pos + i, len - i);
      if (n == 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  /**
   * The length of the well-formed UTF-8 sequence at {@code at} within {@code remaining} bytes, or 0
   * when it is ill-formed.
   */
  private static int wellFormedLength(ByteBuffer buf, int at, int remaining) {
    int b = buf.get(at) & 0xFF;
    if (b < 0x80) {
      return 1;
    }
    int need;
    int min;
    int max = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
      need = 2;
      min = b == 0xE0 ? 0xA0 : 0x80;
      max = b == 0xED ? 0x9F : 0xBF;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3;
      min = b == 0xF0 ? 0x90 : 0x80;
      max = b == 0xF4 ? 0x8F : 0xBF;
    } else {
      return 0;
    }
    if (need >= remaining) {
      return 0;
    }
    int second = buf.get(at + 1) & 0xFF;
    if (second < min || second > max) {
      return 0;
    }
    for (int k = 2; k <= need; k++) {
      int c = buf.get(at + k) & 0xFF;
      if (c < 0x80 || c > 0xBF) {
        return 0;
      }
    }
    return need + 1;
  }
}
