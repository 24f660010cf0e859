package io.pqarrow.kernel.encode;

import io.pqarrow.variant.internal.Utf8;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Word-at-a-time checks on the bytes of an Arrow slot, for the encoders' per-value work. */
final class Bytes {
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
  private static final VarHandle LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}

  /**
   * Index (relative to {@code at}) of the first byte of {@code buf[at, at + n)} that does not start
   * well-formed UTF-8, or -1; ASCII runs are skipped eight bytes at a time.
   */
  static int firstInvalidUtf8(ByteBuffer buf, int at, int n) {
    int k = 0;
    while (k + 8 <= n && (buf.getLong(at + k) & HIGH_BITS) == 0) {
      k += 8;
    }
    while (k < n && buf.get(at + k) >= 0) {
      k++;
    }
    if (k == n) {
      return -1;
    }
    int bad = Utf8.firstInvalid(buf, at + k, n - k);
    return bad < 0 ? -1 : k + bad;
  }

  /** Whether {@code buf[at, at + key.length)} holds exactly {@code key}. */
  static boolean equal(ByteBuffer buf, int at, byte[] key) {
    int n = key.length;
    VarHandle words = buf.order() == ByteOrder.LITTLE_ENDIAN ? LE : BE;
    int k = 0;
    for (; k + 8 <= n; k += 8) {
      if (buf.getLong(at + k) != (long) words.get(key, k)) {
        return false;
      }
    }
    for (; k < n; k++) {
      if (buf.get(at + k) != key[k]) {
        return false;
      }
    }
    return true;
  }
}
