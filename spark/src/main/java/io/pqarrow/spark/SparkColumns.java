package io.pqarrow.spark;

import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.spark.SparkConversions.Container;
import io.pqarrow.spark.SparkConversions.CopyBytes;
import io.pqarrow.spark.SparkConversions.HalfFloat;
import io.pqarrow.spark.SparkConversions.NarrowDecimal;
import io.pqarrow.spark.SparkConversions.Same;
import io.pqarrow.spark.SparkConversions.Scale;
import io.pqarrow.spark.SparkConversions.Spatial;
import io.pqarrow.spark.SparkConversions.ToList;
import io.pqarrow.spark.SparkConversions.Unsigned;
import io.pqarrow.spark.SparkConversions.Unwrap;
import io.pqarrow.spark.SparkConversions.Uuid;
import io.pqarrow.spark.SparkConversions.Variant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.GeographyType;
import org.apache.spark.sql.types.GeometryType;
import org.apache.spark.sql.types.Metadata;
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
 *   <li>{@code arrow.uuid} → its 36-character string; {@code geoarrow.wkb} (Parquet GEOMETRY /
 *       GEOGRAPHY) → Spark's {@code geometry(srid)} / {@code geography(srid)} as Spark's Parquet
 *       reader types the column's CRS (in Spark's Arrow form: a struct of the SRID and the WKB,
 *       which {@code ArrowColumnVector} turns into Spark's value), its WKB binary where Spark has
 *       no type for the CRS; {@code arrow.json} and other extension types → their storage (so JSON
 *       is a string);
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
    return of(field, profile, int96, Map.of());
  }

  /**
   * The Spark form of {@code field}, or an {@link UnsupportedColumnException}.
   *
   * @param int96 the dotted paths of the file's INT96 columns ({@link #int96Paths})
   * @param spatial the file's GEOMETRY / GEOGRAPHY columns ({@link #spatialTypes})
   */
  static Column of(
      Field field, SparkProfile profile, Set<String> int96, Map<String, DataType> spatial) {
    return of(field, field.getName(), new Context(profile, int96, spatial));
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

  private record Context(SparkProfile profile, Set<String> int96, Map<String, DataType> spatial) {}

  /**
   * The Parquet dotted paths of the GEOMETRY / GEOGRAPHY columns of {@code schema}, each with the
   * type Spark's Parquet reader gives it: {@code GeometryType(crs)} or {@code GeographyType(crs,
   * algorithm)}, an unset CRS being {@code OGC:CRS84} and an unset algorithm spherical; {@code
   * binary} where Spark has no type for the CRS or algorithm (its reader then refuses the file;
   * {@code pqarrow} reads the WKB as binary).
   */
  static Map<String, DataType> spatialTypes(MessageType schema) {
    Map<String, DataType> out = new HashMap<>();
    for (ColumnDescriptor c : schema.getColumns()) {
      LogicalTypeAnnotation a = c.getPrimitiveType().getLogicalTypeAnnotation();
      String path = String.join(".", c.getPath());
      if (a instanceof LogicalTypeAnnotation.GeometryLogicalTypeAnnotation g) {
        String crs = g.getCrs() == null ? "OGC:CRS84" : g.getCrs();
        out.put(path, spark(() -> GeometryType.apply(crs)));
      } else if (a instanceof LogicalTypeAnnotation.GeographyLogicalTypeAnnotation g) {
        String crs = g.getCrs() == null ? "OGC:CRS84" : g.getCrs();
        String algorithm = g.getAlgorithm() == null ? "SPHERICAL" : g.getAlgorithm().toString();
        out.put(path, spark(() -> GeographyType.apply(crs, algorithm)));
      }
    }
    return out;
  }

  /** Spark's type, or {@link #NO_SPARK_TYPE} where Spark refuses to make it. */
  private static DataType spark(java.util.function.Supplier<DataType> type) {
    try {
      return type.get();
    } catch (RuntimeException unsupported) {
      return NO_SPARK_TYPE;
    }
  }

  /** A spatial column Spark has no type for: its WKB is read as binary. */
  private static final DataType NO_SPARK_TYPE = org.apache.spark.sql.types.BinaryType$.MODULE$;

  /**
   * The Spark type of the spatial column at Arrow {@code path}, or {@code null}: the entry whose
   * Parquet path is the same once the names a list's levels take are left out of both ({@code
   * list}, {@code element}, {@code item}, {@code array}, {@code bag}: Parquet's {@code
   * l.list.element} is pyarrow's {@code l.item}).
   */
  private static DataType spatialAt(Map<String, DataType> spatial, String path) {
    DataType exact = spatial.get(path);
    if (exact != null || spatial.isEmpty()) {
      return exact;
    }
    String want = withoutListLevels(path);
    for (Map.Entry<String, DataType> e : spatial.entrySet()) {
      if (withoutListLevels(e.getKey()).equals(want)) {
        return e.getValue();
      }
    }
    return null;
  }

  private static final Set<String> LIST_LEVELS = Set.of("list", "element", "item", "array", "bag");

  private static String withoutListLevels(String path) {
    StringBuilder out = new StringBuilder();
    for (String name : path.split("\\.")) {
      if (!LIST_LEVELS.contains(name)) {
        out.append(name).append('.');
      }
    }
    return out.toString();
  }

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
    if (ext instanceof GeoWkbType) {
      DataType spatial = spatialAt(context.spatial(), path);
      if (spatial != null && spatial != NO_SPARK_TYPE) {
        return geo(field, spatial, path, inner);
      }
    }
    return new Unwrap(path, inner);
  }

  /**
   * Spark's Arrow form of a spatial type: a struct of the SRID and the WKB ({@code ArrowUtils}).
   */
  private static Column geo(Field field, DataType spatial, String path, Column wkb) {
    Field spark =
        ArrowUtils.toArrowField(
            field.getName(), spatial, field.isNullable(), "UTC", false, Metadata.empty());
    Field sparkWkb = spark.getChildren().get(1);
    Field wkbTarget =
        new Field(
            sparkWkb.getName(),
            new FieldType(false, wkb.target().getType(), null, sparkWkb.getMetadata()),
            null);
    Field target =
        new Field(
            spark.getName(), spark.getFieldType(), List.of(spark.getChildren().get(0), wkbTarget));
    int srid = spatial instanceof GeometryType g ? g.srid() : ((GeographyType) spatial).srid();
    return new Spatial(path, target, wkb, srid);
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
}
