package io.pqarrow.parquet;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;

/**
 * Owns the Parquet INTERVAL layout and its encoders and decoders for the three Arrow interval
 * units. An INTERVAL is a FIXED_LEN_BYTE_ARRAY(12) of three unsigned little-endian 32-bit ints:
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
 *   <tr><td>MONTH_DAY_NANO</td><td>(months, days, nanos / 10^6) when nanos is whole
 *       milliseconds</td><td>(months, days, millis &times; 10^6)</td></tr>
 * </table>
 *
 * <p>Decision: the Parquet fields are unsigned and Arrow's are signed, so the writer refuses a
 * negative field (and nanoseconds that are not whole milliseconds, or more milliseconds than 32
 * bits hold) with an error naming the column and row, instead of writing a value that reads back as
 * another one. The reader refuses a field above {@link Integer#MAX_VALUE} (which no signed Arrow
 * field holds) and, for YEAR_MONTH and DAY_TIME, parts the Arrow unit has no room for. So every
 * value written reads back exactly.
 */
final class Intervals {
  private static final long NANOS_PER_MILLI = 1_000_000L;
  private static final long UNSIGNED_INT_MAX = 0xFFFF_FFFFL;

  private Intervals() {}

  /** The encoder of an Arrow interval column, or {@code null} when {@code type} is not one. */
  static LeafEncoder encoder(String path, int nullDef, ColumnDescriptor column, ArrowType type) {
    if (!(type instanceof ArrowType.Interval interval)) {
      return null;
    }
    return switch (interval.getUnit()) {
      case YEAR_MONTH -> new YearMonthOut(path, nullDef, column);
      case DAY_TIME -> new DayTimeOut(path, nullDef, column);
      case MONTH_DAY_NANO -> new MonthDayNanoOut(path, nullDef, column);
    };
  }

  /** The decoder into an Arrow interval vector, or {@code null} when it is not one. */
  static LeafDecoder decoder(String column, int maxDef, int slotDef, FieldVector storage) {
    if (storage instanceof IntervalMonthDayNanoVector v) {
      return new MonthDayNanoIn(column, maxDef, slotDef, v);
    }
    if (storage instanceof IntervalDayVector v) {
      return new DayTimeIn(column, maxDef, slotDef, v);
    }
    if (storage instanceof IntervalYearVector v) {
      return new YearMonthIn(column, maxDef, slotDef, v);
    }
    return null;
  }

  /** Checks the three parts and writes them; the subclass reads them from its vector. */
  abstract static class Out extends LeafEncoder {
    private final IntervalUnit unit;
    private final byte[] scratch = new byte[12];
    ArrowBuf data;

    Out(String path, int nullDef, ColumnDescriptor column, IntervalUnit unit) {
      super(path, nullDef, column);
      this.unit = unit;
    }

    abstract boolean accepts(FieldVector storage);

    @Override
    final void bindTyped(FieldVector storage) {
      if (!accepts(storage)) {
        throw new InvalidValueException(
            path, "vector " + storage.getClass().getSimpleName() + " is not an " + unit + " one");
      }
      data = storage.getDataBuffer();
    }

    /** Writes months, days and milliseconds, refusing negatives. */
    final void put(long months, long days, long millis, int rep) {
      if (months < 0 || days < 0 || millis < 0) {
        throw refuse(months, days, millis * NANOS_PER_MILLI, "Parquet INTERVAL is unsigned");
      }
      putInt(0, months);
      putInt(4, days);
      putInt(8, millis);
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }

    final InvalidValueException refuse(long months, long days, long nanos, String why) {
      return new InvalidValueException(
          path,
          "Interval("
              + unit
              + ") value (months "
              + months
              + ", days "
              + days
              + ", nanoseconds "
              + nanos
              + ") cannot be written exactly as Parquet INTERVAL: "
              + why);
    }

    private void putInt(int at, long value) {
      scratch[at] = (byte) value;
      scratch[at + 1] = (byte) (value >> 8);
      scratch[at + 2] = (byte) (value >> 16);
      scratch[at + 3] = (byte) (value >> 24);
    }
  }

  /** YEAR_MONTH: one int32 of months per value. */
  static final class YearMonthOut extends Out {
    YearMonthOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalUnit.YEAR_MONTH);
    }

    @Override
    boolean accepts(FieldVector storage) {
      return storage instanceof IntervalYearVector;
    }

    @Override
    void writeValue(int index, int rep) {
      put(data.getInt((long) index * 4), 0, 0, rep);
    }
  }

  /** DAY_TIME: int32 days then int32 milliseconds per value. */
  static final class DayTimeOut extends Out {
    DayTimeOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalUnit.DAY_TIME);
    }

    @Override
    boolean accepts(FieldVector storage) {
      return storage instanceof IntervalDayVector;
    }

    @Override
    void writeValue(int index, int rep) {
      long base = (long) index * 8;
      put(0, data.getInt(base), data.getInt(base + 4), rep);
    }
  }

  /** MONTH_DAY_NANO: int32 months, int32 days, int64 nanoseconds per value. */
  static final class MonthDayNanoOut extends Out {
    MonthDayNanoOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalUnit.MONTH_DAY_NANO);
    }

    @Override
    boolean accepts(FieldVector storage) {
      return storage instanceof IntervalMonthDayNanoVector;
    }

    @Override
    void writeValue(int index, int rep) {
      long base = (long) index * 16;
      long months = data.getInt(base);
      long days = data.getInt(base + 4);
      long nanos = data.getLong(base + 8);
      if (nanos % NANOS_PER_MILLI != 0) {
        throw refuse(months, days, nanos, "nanoseconds are not whole milliseconds");
      }
      long millis = nanos / NANOS_PER_MILLI;
      if (millis > UNSIGNED_INT_MAX) {
        throw refuse(months, days, nanos, "milliseconds do not fit 32 bits");
      }
      put(months, days, millis, rep);
    }
  }

  /** Reads the three unsigned parts; the subclass checks they fit its unit and stores them. */
  abstract static class In extends LeafDecoder {
    private final FieldVector v;
    private final IntervalUnit unit;

    In(String column, int maxDef, int slotDef, FieldVector v, IntervalUnit unit) {
      super(column, maxDef, slotDef);
      this.v = v;
      this.unit = unit;
    }

    abstract void store(int slot, long months, long days, long millis);

    @Override
    final FieldVector vector() {
      return v;
    }

    @Override
    final void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      if (bb.remaining() != 12) {
        throw new IllegalStateException("INTERVAL value of " + bb.remaining() + " bytes");
      }
      int p = bb.position();
      store(
          slot,
          LeafDecoders.littleEndianInt(bb, p) & UNSIGNED_INT_MAX,
          LeafDecoders.littleEndianInt(bb, p + 4) & UNSIGNED_INT_MAX,
          LeafDecoders.littleEndianInt(bb, p + 8) & UNSIGNED_INT_MAX);
    }

    final void check(boolean fits, long months, long days, long millis) {
      if (!fits) {
        throw new IllegalStateException(
            "INTERVAL (months "
                + months
                + ", days "
                + days
                + ", milliseconds "
                + millis
                + ") does not fit Arrow Interval("
                + unit
                + ")");
      }
    }
  }

  static final class YearMonthIn extends In {
    private final IntervalYearVector v;

    YearMonthIn(String column, int maxDef, int slotDef, IntervalYearVector v) {
      super(column, maxDef, slotDef, v, IntervalUnit.YEAR_MONTH);
      this.v = v;
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(months <= Integer.MAX_VALUE && days == 0 && millis == 0, months, days, millis);
      v.setSafe(slot, (int) months);
    }
  }

  static final class DayTimeIn extends In {
    private final IntervalDayVector v;

    DayTimeIn(String column, int maxDef, int slotDef, IntervalDayVector v) {
      super(column, maxDef, slotDef, v, IntervalUnit.DAY_TIME);
      this.v = v;
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(
          months == 0 && days <= Integer.MAX_VALUE && millis <= Integer.MAX_VALUE,
          months,
          days,
          millis);
      v.setSafe(slot, (int) days, (int) millis);
    }
  }

  static final class MonthDayNanoIn extends In {
    private final IntervalMonthDayNanoVector v;

    MonthDayNanoIn(String column, int maxDef, int slotDef, IntervalMonthDayNanoVector v) {
      super(column, maxDef, slotDef, v, IntervalUnit.MONTH_DAY_NANO);
      this.v = v;
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(months <= Integer.MAX_VALUE && days <= Integer.MAX_VALUE, months, days, millis);
      v.setSafe(slot, (int) months, (int) days, millis * NANOS_PER_MILLI);
    }
  }
}
