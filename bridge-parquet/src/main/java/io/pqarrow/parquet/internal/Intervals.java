package io.pqarrow.parquet.internal;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Owns the Parquet INTERVAL byte layout: its size, where each part sits, and reading and writing
 * the three parts at an offset (without allocating). The encoders and decoders for the three Arrow
 * interval units live in {@code parquet.write.IntervalEncoders} and {@code
 * parquet.read.IntervalDecoders}, and both use this layout. An INTERVAL is a
 * FIXED_LEN_BYTE_ARRAY(12) of three unsigned little-endian 32-bit ints:
 *
 * <pre>
 * bytes 0..3   months        (unsigned, little-endian)
 * bytes 4..7   days          (unsigned, little-endian)
 * bytes 8..11  milliseconds  (unsigned, little-endian)
 *
 * e.g. 1 month, 2 days, 3.5 s:  01 00 00 00 | 02 00 00 00 | ac 0d 00 00
 * </pre>
 *
 * <table>
 *   <caption>Arrow intervals in Parquet</caption>
 *   <tr><th>Arrow</th><th>written as</th><th>read back from</th></tr>
 *   <tr><td>YEAR_MONTH (months)</td><td>(months, 0, 0)</td><td>(months, 0, 0) only</td></tr>
 *   <tr><td>DAY_TIME (days, millis)</td><td>(0, days, millis)</td><td>(0, days, millis)
 *       only</td></tr>
 *   <tr><td>MONTH_DAY_NANO</td><td>(months, days, nanos / 10^6) when nanos is 0 to 2^32 - 1
 *       whole milliseconds</td><td>(months, days, millis &times; 10^6)</td></tr>
 * </table>
 *
 * <p>Decision: the Parquet parts are unsigned and Arrow's are signed 32-bit (but MONTH_DAY_NANO's
 * 64-bit nanoseconds). Months, days and DAY_TIME milliseconds are written as their 32 bits, so a
 * negative one is written as 2^32 plus it, and read back into an Arrow interval as the signed
 * 32-bit value of those bits: every YEAR_MONTH and DAY_TIME value, and a MONTH_DAY_NANO one's
 * months and days, make the trip exactly (as arrow-rs writes and reads them; a part of 2^31 or more
 * in another producer's file, which no signed Arrow field holds and which was refused before, reads
 * as that negative value). A MONTH_DAY_NANO's milliseconds stay unsigned both ways, so that another
 * producer's 2^31 to 2^32 - 1 milliseconds read back as they are: the writer refuses nanoseconds
 * that are negative, not whole milliseconds, or more milliseconds than 32 bits hold, with an error
 * naming the column and row. pyarrow reads INTERVAL as {@code fixed_size_binary[12]} (it does not
 * map INTERVAL to an Arrow interval, nor writes one), so its reader sees these bytes. Storing
 * MONTH_DAY_NANO as an unannotated FIXED_LEN_BYTE_ARRAY(16) of Arrow's bytes would carry every
 * value, but the Parquet type is chosen from the schema before any value is seen, so every
 * MONTH_DAY_NANO column would lose the INTERVAL annotation that DuckDB and parquet-java read: not
 * done (docs/type-mapping.md).
 */
public final class Intervals {
  /** Size in bytes of one Parquet INTERVAL value. */
  public static final int BYTES = 12;

  /** Nanoseconds in one of the layout's milliseconds. */
  public static final long NANOS_PER_MILLI = 1_000_000L;

  /** The largest value of one unsigned 32-bit part. */
  public static final long UNSIGNED_INT_MAX = 0xFFFF_FFFFL;

  private static final int MONTHS_AT = 0;
  private static final int DAYS_AT = 4;
  private static final int MILLIS_AT = 8;

  private Intervals() {}

  /** The months part of the INTERVAL starting at absolute index {@code at} of {@code value}. */
  public static long months(ByteBuffer value, int at) {
    return unsignedInt(value, at + MONTHS_AT);
  }

  /** The days part of the INTERVAL starting at absolute index {@code at} of {@code value}. */
  public static long days(ByteBuffer value, int at) {
    return unsignedInt(value, at + DAYS_AT);
  }

  /**
   * The milliseconds part of the INTERVAL starting at absolute index {@code at} of {@code value}.
   */
  public static long millis(ByteBuffer value, int at) {
    return unsignedInt(value, at + MILLIS_AT);
  }

  /** The months part of the INTERVAL starting at byte {@code at} of {@code value}. */
  public static long months(ArrowBuf value, long at) {
    return value.getInt(at + MONTHS_AT) & UNSIGNED_INT_MAX;
  }

  /** The days part of the INTERVAL starting at byte {@code at} of {@code value}. */
  public static long days(ArrowBuf value, long at) {
    return value.getInt(at + DAYS_AT) & UNSIGNED_INT_MAX;
  }

  /** The milliseconds part of the INTERVAL starting at byte {@code at} of {@code value}. */
  public static long millis(ArrowBuf value, long at) {
    return value.getInt(at + MILLIS_AT) & UNSIGNED_INT_MAX;
  }

  /**
   * Writes the three parts into {@code out[at .. at + BYTES)}; each must already be within 0 ..
   * {@link #UNSIGNED_INT_MAX} (only its low 32 bits are written).
   */
  public static void put(byte[] out, int at, long months, long days, long millis) {
    putUnsignedInt(out, at + MONTHS_AT, months);
    putUnsignedInt(out, at + DAYS_AT, days);
    putUnsignedInt(out, at + MILLIS_AT, millis);
  }

  private static long unsignedInt(ByteBuffer b, int p) {
    return ((b.get(p) & 0xFF)
            | (b.get(p + 1) & 0xFF) << 8
            | (b.get(p + 2) & 0xFF) << 16
            | (b.get(p + 3) & 0xFF) << 24)
        & UNSIGNED_INT_MAX;
  }

  private static void putUnsignedInt(byte[] out, int p, long value) {
    out[p] = (byte) value;
    out[p + 1] = (byte) (value >> 8);
    out[p + 2] = (byte) (value >> 16);
    out[p + 3] = (byte) (value >> 24);
  }
}
