package io.pqarrow.spark;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.Shredding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * The Spark profile of the type mapping: for each Arrow field the bridge reads, the Arrow field
 * Spark's {@code ArrowColumnVector} can wrap, and the conversion of a batch's vector into it.
 *
 * <p>Rules (a column not listed passes through unchanged, its buffers moved, not copied):
 *
 * <ul>
 *   <li>unsigned integers widen: uint8 → short, uint16 → int, uint32 → long, uint64 →
 *       decimal(20,0);
 *   <li>half floats → float;
 *   <li>timestamps in seconds, milliseconds and nanoseconds → microseconds ({@code TimestampType}
 *       with a time zone, {@code TimestampNTZType} without); a value that overflows is an error,
 *       and a nanosecond value that is not a whole microsecond is an error unless {@link
 *       SparkProfile#allowPrecisionLoss()} (then it is floored);
 *   <li>date64 → date (days, floored);
 *   <li>time → Spark's {@code TimeType} (nanoseconds) when Spark has it enabled, else a long of
 *       microseconds since midnight with {@link SparkProfile#timeAsMicros()}, else refused;
 *   <li>durations → microseconds ({@code DayTimeIntervalType});
 *   <li>string and binary views, fixed-size binary → string / binary (copied); large string and
 *       binary pass through (Spark reads them);
 *   <li>large lists and fixed-size lists → lists;
 *   <li>{@code arrow.uuid} → its 36-character string; {@code arrow.json}, {@code geoarrow.wkb} and
 *       other extension types → their storage (so JSON is a string, GEOMETRY / GEOGRAPHY binary);
 *   <li>{@code arrow.parquet.variant} → Spark's {@code VariantType} (a struct of {@code value} and
 *       {@code metadata}); a shredded column is unshredded first;
 *   <li>256-bit decimals of at most 38 digits → 128-bit decimals;
 *   <li>dictionary-encoded columns (pyarrow's dictionaries, kept in {@code ARROW:schema}) → their
 *       values;
 *   <li>refused, with the column named: decimals over 38 digits, day-time intervals, unions and
 *       other layouts Spark has no type for.
 * </ul>
 */
final class SparkColumns {
  private static final long MICROS_PER_DAY_MS = 86_400_000L;

  private SparkColumns() {}

  /** A column that a field of {@code path} cannot become in Spark. */
  static final class UnsupportedColumnException extends IllegalArgumentException {
    UnsupportedColumnException(String path, String why) {
      super("Column '" + path + "': " + why);
    }
  }

  /** A value that cannot be converted (overflow, precision), naming column and row. */
  static final class ConversionException extends ArithmeticException {
    ConversionException(String path, int row, String why) {
      super("Column '" + path + "', row " + row + " of the batch: " + why);
    }
  }

  /** How one field becomes Spark's. */
  abstract static class Column {
    final String path;
    final Field target;

    Column(String path, Field target) {
      this.path = path;
      this.target = target;
    }

    /** The Spark-readable Arrow field. */
    Field target() {
      return target;
    }

    /**
     * A new vector of {@link #target()} holding {@code src}'s rows; {@code src}'s buffers may be
     * moved into it (the caller still closes {@code src}).
     */
    abstract FieldVector convert(FieldVector src, BufferAllocator allocator);
  }

  /** The Spark schema of the Arrow fields' Spark forms. */
  static StructType sparkSchema(List<Column> columns) {
    StructField[] fields = new StructField[columns.size()];
    for (int i = 0; i < fields.length; i++) {
      Field f = columns.get(i).target();
      DataType t = ArrowUtils.fromArrowField(f);
      fields[i] =
          new StructField(
              f.getName(), t, f.isNullable(), org.apache.spark.sql.types.Metadata.empty());
    }
    return new StructType(fields);
  }

  /**
   * The Spark form of {@code field}, or an {@link UnsupportedColumnException}.
   *
   * @param int96 the dotted paths of the file's INT96 columns ({@link #int96Paths}): read as
   *     instants ({@code TimestampType}), as Spark reads INT96, whatever {@code ARROW:schema} says
   */
  static Column of(Field field, SparkProfile profile, Set<String> int96) {
    return of(field, field.getName(), new Context(profile, int96));
  }

  /** The dotted paths of the INT96 columns of {@code schema}. */
  static Set<String> int96Paths(MessageType schema) {
    Set<String> out = new HashSet<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      if (c.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
        out.add(String.join(".", c.getPath()));
      }
    }
    return out;
  }

  private record Context(SparkProfile profile, Set<String> int96) {}

  private static Column of(Field field, String path, Context context) {
    SparkProfile profile = context.profile();
    if (field.getDictionary() != null) {
      // Stored as a dictionary in ARROW:schema: the data source reads it by value (the field's
      // type is the value type).
      field =
          new Field(
              field.getName(),
              new FieldType(field.isNullable(), field.getType(), null, field.getMetadata()),
              field.getChildren());
    }
    ArrowType type = field.getType();
    if (type instanceof ArrowType.ExtensionType ext) {
      return extension(field, ext, path, context);
    }
    return switch (type.getTypeID()) {
      case Null, Bool, Utf8, LargeUtf8, Binary, LargeBinary -> same(field, path);
      case Int -> integer(field, (ArrowType.Int) type, path);
      case FloatingPoint ->
          ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.HALF
              ? new HalfFloat(
                  path, leaf(field, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)))
              : same(field, path);
      case Decimal -> {
        ArrowType.Decimal d = (ArrowType.Decimal) type;
        if (d.getPrecision() > 38) {
          throw new UnsupportedColumnException(
              path,
              "decimal("
                  + d.getPrecision()
                  + ","
                  + d.getScale()
                  + ") has more than the 38 digits Spark holds");
        }
        if (d.getBitWidth() == 256) {
          yield new NarrowDecimal(
              path, leaf(field, new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128)));
        }
        if (d.getBitWidth() != 128) {
          throw new UnsupportedColumnException(
              path, d.getBitWidth() + "-bit decimals are not read into Spark");
        }
        yield same(field, path);
      }
      case Date ->
          ((ArrowType.Date) type).getUnit() == DateUnit.DAY
              ? same(field, path)
              : new Scale(
                  path,
                  leaf(field, new ArrowType.Date(DateUnit.DAY)),
                  8,
                  1,
                  MICROS_PER_DAY_MS,
                  true);
      case Timestamp ->
          context.int96().contains(path)
              ? int96(field, (ArrowType.Timestamp) type, path, profile)
              : timestamp(field, (ArrowType.Timestamp) type, path, profile);
      case Time -> time(field, (ArrowType.Time) type, path, profile);
      case Duration -> {
        TimeUnit unit = ((ArrowType.Duration) type).getUnit();
        yield unit == TimeUnit.MICROSECOND
            ? same(field, path)
            : scaleToMicros(
                field, new ArrowType.Duration(TimeUnit.MICROSECOND), 8, unit, path, profile);
      }
      case Interval -> {
        IntervalUnit unit = ((ArrowType.Interval) type).getUnit();
        if (unit == IntervalUnit.DAY_TIME) {
          throw new UnsupportedColumnException(path, "day-time intervals have no Spark type");
        }
        yield same(field, path);
      }
      case Utf8View -> new CopyBytes(path, leaf(field, ArrowType.Utf8.INSTANCE));
      case BinaryView, FixedSizeBinary ->
          new CopyBytes(path, leaf(field, ArrowType.Binary.INSTANCE));
      case List, LargeList, FixedSizeList -> list(field, path, context);
      case Struct -> struct(field, path, context);
      case Map -> map(field, path, context);
      default -> throw new UnsupportedColumnException(path, type + " has no Spark type");
    };
  }

  private static Field leaf(Field field, ArrowType type) {
    return new Field(field.getName(), new FieldType(field.isNullable(), type, null), null);
  }

  private static Column same(Field field, String path) {
    return new Same(path, field);
  }

  private static Column integer(Field field, ArrowType.Int t, String path) {
    if (t.getIsSigned()) {
      return same(field, path);
    }
    return switch (t.getBitWidth()) {
      case 8 -> new Unsigned(path, leaf(field, new ArrowType.Int(16, true)), 1);
      case 16 -> new Unsigned(path, leaf(field, new ArrowType.Int(32, true)), 2);
      case 32 -> new Unsigned(path, leaf(field, new ArrowType.Int(64, true)), 4);
      default -> new Unsigned(path, leaf(field, new ArrowType.Decimal(20, 0, 128)), 8);
    };
  }

  private static Column timestamp(
      Field field, ArrowType.Timestamp t, String path, SparkProfile profile) {
    if (t.getUnit() == TimeUnit.MICROSECOND) {
      return same(field, path);
    }
    return scaleToMicros(
        field,
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, t.getTimezone()),
        8,
        t.getUnit(),
        path,
        profile);
  }

  /** INT96 as Spark reads it: an instant, in microseconds. */
  private static Column int96(
      Field field, ArrowType.Timestamp t, String path, SparkProfile profile) {
    ArrowType.Timestamp zoned =
        new ArrowType.Timestamp(t.getUnit(), t.getTimezone() == null ? "UTC" : t.getTimezone());
    if (t.getUnit() == TimeUnit.MICROSECOND && t.getTimezone() != null) {
      return same(field, path);
    }
    return scaleToMicros(
        field,
        new ArrowType.Timestamp(TimeUnit.MICROSECOND, zoned.getTimezone()),
        8,
        t.getUnit(),
        path,
        profile);
  }

  private static Column time(Field field, ArrowType.Time t, String path, SparkProfile profile) {
    int width = t.getBitWidth() / 8;
    if (profile.timeType()) {
      long mul =
          switch (t.getUnit()) {
            case SECOND -> 1_000_000_000L;
            case MILLISECOND -> 1_000_000L;
            case MICROSECOND -> 1_000L;
            case NANOSECOND -> 1L;
          };
      if (mul == 1) {
        return same(field, path);
      }
      return new Scale(
          path, leaf(field, new ArrowType.Time(TimeUnit.NANOSECOND, 64)), width, mul, 1, false);
    }
    if (profile.timeAsMicros()) {
      return scaleToMicros(field, new ArrowType.Int(64, true), width, t.getUnit(), path, profile);
    }
    throw new UnsupportedColumnException(
        path,
        "TIME needs Spark's TimeType (spark.sql.timeType.enabled=true) or the option timeAsMicros=true"
            + " (a long of microseconds since midnight)");
  }

  private static Column scaleToMicros(
      Field field, ArrowType to, int width, TimeUnit unit, String path, SparkProfile profile) {
    return switch (unit) {
      case SECOND -> new Scale(path, leaf(field, to), width, 1_000_000L, 1, false);
      case MILLISECOND -> new Scale(path, leaf(field, to), width, 1_000L, 1, false);
      case MICROSECOND -> new Scale(path, leaf(field, to), width, 1, 1, false);
      case NANOSECOND ->
          new Scale(path, leaf(field, to), width, 1, 1_000L, profile.allowPrecisionLoss());
    };
  }

  private static Column extension(
      Field field, ArrowType.ExtensionType ext, String path, Context context) {
    String name = ext.extensionName();
    if (name.equals("arrow.parquet.variant")) {
      return new Variant(path, field);
    }
    if (name.equals("arrow.uuid")) {
      return new Uuid(path, leaf(field, ArrowType.Utf8.INSTANCE));
    }
    // JSON, WKB geometry and any other extension: its storage, converted as storage would be.
    Field storage =
        new Field(
            field.getName(),
            new FieldType(field.isNullable(), ext.storageType(), null),
            field.getChildren());
    Column inner = of(storage, path, context);
    return new Unwrap(path, inner);
  }

  private static Column struct(Field field, String path, Context context) {
    List<Column> children = new ArrayList<>();
    List<Field> targets = new ArrayList<>();
    boolean same = true;
    for (Field c : field.getChildren()) {
      Column col = of(c, path + "." + c.getName(), context);
      children.add(col);
      targets.add(col.target());
      same &= col instanceof Same;
    }
    if (same) {
      return same(field, path);
    }
    Field target =
        new Field(
            field.getName(),
            new FieldType(field.isNullable(), ArrowType.Struct.INSTANCE, null),
            targets);
    return new Container(path, target, children, 1);
  }

  private static Column map(Field field, String path, Context context) {
    Column entries =
        of(field.getChildren().get(0), path + "." + field.getChildren().get(0).getName(), context);
    if (entries instanceof Same) {
      return same(field, path);
    }
    Field target =
        new Field(
            field.getName(),
            new FieldType(field.isNullable(), field.getType(), null),
            List.of(entries.target()));
    return new Container(path, target, List.of(entries), 2);
  }

  private static Column list(Field field, String path, Context context) {
    Field element = field.getChildren().get(0);
    Column child = of(element, path + "." + element.getName(), context);
    Field target =
        new Field(
            field.getName(),
            new FieldType(field.isNullable(), ArrowType.List.INSTANCE, null),
            List.of(child.target()));
    if (field.getType() instanceof ArrowType.List) {
      return child instanceof Same
          ? same(field, path)
          : new Container(path, target, List.of(child), 2);
    }
    return new ToList(path, target, child);
  }

  /** Moves the vector's buffers, unchanged. */
  private static final class Same extends Column {
    Same(String path, Field field) {
      super(path, field);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      var pair = src.getTransferPair(allocator);
      pair.transfer();
      return (FieldVector) pair.getTo();
    }
  }

  /** An extension vector as its converted storage. */
  private static final class Unwrap extends Column {
    private final Column storage;

    Unwrap(String path, Column storage) {
      super(path, storage.target());
      this.storage = storage;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FieldVector under =
          src instanceof ExtensionTypeVector<?> e ? (FieldVector) e.getUnderlyingVector() : src;
      return storage.convert(under, allocator);
    }
  }

  /** A new fixed-width vector of {@code target}'s type with {@code src}'s validity copied. */
  private static FieldVector fixedLike(Field target, FieldVector src, BufferAllocator allocator) {
    FieldVector dst = target.createVector(allocator);
    int n = src.getValueCount();
    ((BaseFixedWidthVector) dst).allocateNew(n);
    copyValidity(src, dst, n);
    return dst;
  }

  private static void copyValidity(ValueVector src, FieldVector dst, int n) {
    int bytes = BitVectorHelper.getValidityBufferSizeFromCount(n);
    ArrowBuf from = src.getValidityBuffer();
    ArrowBuf to = dst.getValidityBuffer();
    if (from == null || from.capacity() < bytes || src.getNullCount() == 0) {
      to.setOne(0, bytes);
    } else {
      to.setBytes(0, from, 0, bytes);
    }
  }

  private static boolean isSet(ValueVector v, int i) {
    return !v.isNull(i);
  }

  /**
   * A fixed-width conversion: a new vector of the target type with the source's validity, its
   * values filled by {@link #fill} (freed if that fails).
   */
  private abstract static class FixedWidth extends Column {
    FixedWidth(String path, Field target) {
      super(path, target);
    }

    @Override
    final FieldVector convert(FieldVector src, BufferAllocator allocator) {
      int n = src.getValueCount();
      FieldVector dst = fixedLike(target, src, allocator);
      try {
        fill(src, src.getDataBuffer(), dst.getDataBuffer(), n);
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
      dst.setValueCount(n);
      return dst;
    }

    /** Writes the {@code n} values of {@code src} (data {@code in}) into {@code out}. */
    abstract void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n);
  }

  /** Unsigned integers widened (uint64 to decimal(20,0)). */
  private static final class Unsigned extends FixedWidth {
    private final int width;

    Unsigned(String path, Field target, int width) {
      super(path, target);
      this.width = width;
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      switch (width) {
        case 1 -> {
          for (int i = 0; i < n; i++) {
            out.setShort(2L * i, (short) (in.getByte(i) & 0xFF));
          }
        }
        case 2 -> {
          for (int i = 0; i < n; i++) {
            out.setInt(4L * i, in.getShort(2L * i) & 0xFFFF);
          }
        }
        case 4 -> {
          for (int i = 0; i < n; i++) {
            out.setLong(8L * i, in.getInt(4L * i) & 0xFFFF_FFFFL);
          }
        }
        default -> {
          for (int i = 0; i < n; i++) {
            out.setLong(16L * i, in.getLong(8L * i));
            out.setLong(16L * i + 8, 0L);
          }
        }
      }
    }
  }

  /**
   * 256-bit decimals of at most 38 digits as 128-bit ones: the value fits, so the low 16 bytes of
   * the two's complement are the value.
   */
  private static final class NarrowDecimal extends FixedWidth {
    NarrowDecimal(String path, Field target) {
      super(path, target);
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      for (int i = 0; i < n; i++) {
        out.setBytes(16L * i, in, 32L * i, 16);
      }
    }
  }

  /** Half floats widened to floats. */
  private static final class HalfFloat extends FixedWidth {
    HalfFloat(String path, Field target) {
      super(path, target);
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      for (int i = 0; i < n; i++) {
        out.setFloat(4L * i, Float16.toFloat(in.getShort(2L * i)));
      }
    }
  }

  /**
   * Integers of {@code width} bytes times {@code mul}, divided by {@code div} (floor), as longs.
   */
  private static final class Scale extends FixedWidth {
    private final int width;
    private final long mul;
    private final long div;
    private final boolean floor;
    private final boolean narrow;

    Scale(String path, Field target, int width, long mul, long div, boolean floor) {
      super(path, target);
      this.width = width;
      this.mul = mul;
      this.div = div;
      this.floor = floor;
      this.narrow = target.getType() instanceof ArrowType.Date;
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      boolean nulls = src.getNullCount() > 0;
      for (int i = 0; i < n; i++) {
        long v = width == 4 ? in.getInt(4L * i) : in.getLong(8L * i);
        if (mul != 1) {
          long r = v * mul;
          if (Math.multiplyHigh(v, mul) != (r >> 63) && !(nulls && !isSet(src, i))) {
            throw new ConversionException(
                path, i, v + " overflows microseconds (times " + mul + ")");
          }
          v = r;
        }
        if (div != 1) {
          long q = Math.floorDiv(v, div);
          if (!floor && q * div != v && !(nulls && !isSet(src, i))) {
            throw new ConversionException(
                path,
                i,
                v
                    + " is not a whole number of the target unit (set allowPrecisionLoss=true to"
                    + " truncate)");
          }
          v = q;
        }
        if (narrow) {
          if (v != (int) v && !(nulls && !isSet(src, i))) {
            throw new ConversionException(path, i, v + " days is outside Spark's date range");
          }
          out.setInt(4L * i, (int) v);
        } else {
          out.setLong(8L * i, v);
        }
      }
    }
  }

  /** Views, large and fixed-size binary copied into a 32-bit-offset string or binary vector. */
  private static final class CopyBytes extends Column {
    CopyBytes(String path, Field target) {
      super(path, target);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      return copyBytes(src, target, path, allocator);
    }
  }

  static FieldVector copyBytes(
      FieldVector src, Field target, String path, BufferAllocator allocator) {
    int n = src.getValueCount();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += length(src, i);
    }
    if (total > Integer.MAX_VALUE) {
      throw new ConversionException(path, n - 1, "the batch holds " + total + " bytes, over 2 GiB");
    }
    BaseVariableWidthVector dst = (BaseVariableWidthVector) target.createVector(allocator);
    dst.allocateNew(Math.max(1, total), n);
    copyValidity(src, dst, n);
    ArrowBuf offsets = dst.getOffsetBuffer();
    ArrowBuf data = dst.getDataBuffer();
    int at = 0;
    offsets.setInt(0, 0);
    for (int i = 0; i < n; i++) {
      int len = length(src, i);
      if (len > 0) {
        copyValue(src, i, data, at, len);
      }
      at += len;
      offsets.setInt(4L * (i + 1), at);
    }
    dst.setLastSet(n - 1);
    dst.setValueCount(n);
    return dst;
  }

  private static int length(FieldVector src, int i) {
    if (src instanceof FixedSizeBinaryVector f) {
      return f.getByteWidth();
    }
    if (src.isNull(i)) {
      return 0;
    }
    if (src instanceof BaseVariableWidthViewVector v) {
      return v.getValueLength(i);
    }
    if (src instanceof BaseLargeVariableWidthVector v) {
      return v.getValueLength(i);
    }
    return ((BaseVariableWidthVector) src).getValueLength(i);
  }

  private static void copyValue(FieldVector src, int i, ArrowBuf data, int at, int len) {
    if (src instanceof FixedSizeBinaryVector f) {
      data.setBytes(at, f.getDataBuffer(), (long) i * len, len);
    } else if (src instanceof BaseVariableWidthViewVector v) {
      ArrowBuf views = v.getDataBuffer();
      long view = (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE;
      if (len <= BaseVariableWidthViewVector.INLINE_SIZE) {
        data.setBytes(at, views, view + 4, len);
      } else {
        int buffer = views.getInt(view + 8);
        int offset = views.getInt(view + 12);
        data.setBytes(at, v.getDataBuffers().get(buffer), offset, len);
      }
    } else if (src instanceof BaseLargeVariableWidthVector v) {
      data.setBytes(at, v.getDataBuffer(), v.getOffsetBuffer().getLong(8L * i), len);
    } else {
      BaseVariableWidthVector v = (BaseVariableWidthVector) src;
      data.setBytes(at, v.getDataBuffer(), v.getStartOffset(i), len);
    }
  }

  /** {@code arrow.uuid} as its canonical 36-character text. */
  private static final class Uuid extends Column {
    private static final byte[] HEX =
        "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    Uuid(String path, Field target) {
      super(path, target);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FixedSizeBinaryVector in =
          (FixedSizeBinaryVector)
              (src instanceof ExtensionTypeVector<?> e ? e.getUnderlyingVector() : src);
      int n = in.getValueCount();
      BaseVariableWidthVector dst = (BaseVariableWidthVector) target.createVector(allocator);
      dst.allocateNew(36L * Math.max(1, n), n);
      copyValidity(in, dst, n);
      ArrowBuf bytes = in.getDataBuffer();
      ArrowBuf offsets = dst.getOffsetBuffer();
      ArrowBuf data = dst.getDataBuffer();
      offsets.setInt(0, 0);
      int at = 0;
      for (int i = 0; i < n; i++) {
        if (!in.isNull(i)) {
          for (int b = 0; b < 16; b++) {
            if (b == 4 || b == 6 || b == 8 || b == 10) {
              data.setByte(at++, '-');
            }
            int x = bytes.getByte(16L * i + b) & 0xFF;
            data.setByte(at++, HEX[x >>> 4]);
            data.setByte(at++, HEX[x & 15]);
          }
        }
        offsets.setInt(4L * (i + 1), at);
      }
      dst.setLastSet(n - 1);
      dst.setValueCount(n);
      return dst;
    }
  }

  /**
   * A struct, list or map whose own buffers (validity; offsets) are kept and whose children are
   * converted.
   */
  private static final class Container extends Column {
    private final List<Column> children;
    private final int ownBuffers;

    Container(String path, Field target, List<Column> children, int ownBuffers) {
      super(path, target);
      this.children = children;
      this.ownBuffers = ownBuffers;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FieldVector dst = target.createVector(allocator);
      try {
        List<ArrowBuf> own = src.getFieldBuffers().subList(0, ownBuffers);
        dst.loadFieldBuffers(new ArrowFieldNode(src.getValueCount(), src.getNullCount()), own);
        List<FieldVector> from = src.getChildrenFromFields();
        List<FieldVector> to = dst.getChildrenFromFields();
        for (int i = 0; i < children.size(); i++) {
          try (FieldVector converted = children.get(i).convert(from.get(i), allocator)) {
            converted.makeTransferPair(to.get(i)).transfer();
          }
        }
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }
  }

  /** Large and fixed-size lists as lists of 32-bit offsets. */
  private static final class ToList extends Column {
    private final Column child;

    ToList(String path, Field target, Column child) {
      super(path, target);
      this.child = child;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      int n = src.getValueCount();
      ListVector dst = (ListVector) target.createVector(allocator);
      try (ArrowBuf validity = allocator.buffer(BitVectorHelper.getValidityBufferSizeFromCount(n));
          ArrowBuf offsets = allocator.buffer(4L * (n + 1))) {
        validity.setZero(0, validity.capacity());
        for (int i = 0; i < n; i++) {
          if (!src.isNull(i)) {
            BitVectorHelper.setBit(validity, i);
          }
        }
        FieldVector data;
        if (src instanceof LargeListVector large) {
          ArrowBuf in = large.getOffsetBuffer();
          for (int i = 0; i <= n; i++) {
            long o = n == 0 ? 0 : in.getLong(8L * i);
            if (o > Integer.MAX_VALUE) {
              throw new ConversionException(path, i, "the list's elements pass 2^31 in one batch");
            }
            offsets.setInt(4L * i, (int) o);
          }
          data = large.getDataVector();
        } else {
          FixedSizeListVector fixed = (FixedSizeListVector) src;
          int size = fixed.getListSize();
          for (int i = 0; i <= n; i++) {
            offsets.setInt(4L * i, Math.multiplyExact(i, size));
          }
          data = fixed.getDataVector();
        }
        dst.loadFieldBuffers(new ArrowFieldNode(n, src.getNullCount()), List.of(validity, offsets));
        try (FieldVector converted = child.convert(data, allocator)) {
          converted.makeTransferPair(dst.getDataVector()).transfer();
        }
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }
  }

  /**
   * {@code arrow.parquet.variant} as Spark's Variant struct: {@code value}, then {@code metadata}.
   */
  private static final class Variant extends Column {
    Variant(String path, Field source) {
      super(path, variantTarget(source));
    }

    private static Field variantTarget(Field source) {
      Field value = new Field("value", new FieldType(false, ArrowType.Binary.INSTANCE, null), null);
      Field metadata =
          new Field(
              "metadata",
              new FieldType(false, ArrowType.Binary.INSTANCE, null, Map.of("variant", "true")),
              null);
      return new Field(
          source.getName(),
          new FieldType(source.isNullable(), ArrowType.Struct.INSTANCE, null),
          List.of(value, metadata));
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      VariantVector in = (VariantVector) src;
      if (in.metadataVector().getField().getDictionary() != null) {
        throw new UnsupportedColumnException(
            path, "dictionary-encoded Variant metadata is not read into Spark");
      }
      if (in.typedValueVector() != null) {
        try (VariantVector plain = Shredding.unshred(in, allocator)) {
          return build(plain, allocator);
        }
      }
      return build(in, allocator);
    }

    private FieldVector build(VariantVector in, BufferAllocator allocator) {
      FieldVector dst = target.createVector(allocator);
      try {
        FieldVector storage = in.getUnderlyingVector();
        int n = in.getValueCount();
        dst.loadFieldBuffers(
            new ArrowFieldNode(n, storage.getNullCount()), List.of(storage.getValidityBuffer()));
        List<FieldVector> to = dst.getChildrenFromFields();
        place(in.valueVector(), to.get(0), allocator);
        place(in.metadataVector(), to.get(1), allocator);
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }

    private void place(FieldVector from, FieldVector to, BufferAllocator allocator) {
      if (from.getField().getType() instanceof ArrowType.Binary) {
        from.makeTransferPair(to).transfer();
      } else {
        try (FieldVector copy = copyBytes(from, to.getField(), path, allocator)) {
          copy.makeTransferPair(to).transfer();
        }
      }
    }
  }
}
