package io.pqarrow.ipc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian well-known binary for the two geometries the tests need.
 *
 * <pre>
 * Point:      01 | 01 00 00 00 (type 1) | x: f64 | y: f64
 * LineString: 01 | 02 00 00 00 (type 2) | n: u32 | n × (x: f64, y: f64)
 * </pre>
 */
final class Wkb {
  private Wkb() {}

  static byte[] point(double x, double y) {
    return header(1, 16).putDouble(x).putDouble(y).array();
  }

  static byte[] lineString(double... xy) {
    if (xy.length % 2 != 0) {
      throw new IllegalArgumentException("coordinates come in x, y pairs: " + xy.length);
    }
    ByteBuffer b = header(2, 4 + 8 * xy.length).putInt(xy.length / 2);
    for (double d : xy) {
      b.putDouble(d);
    }
    return b.array();
  }

  private static ByteBuffer header(int type, int bodyLength) {
    return ByteBuffer.allocate(5 + bodyLength)
        .order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) 1)
        .putInt(type);
  }
}
