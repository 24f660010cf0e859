package io.pqarrow.ipc;

import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Every Arrow type the schema mapping produces, one column each, with the type string pyarrow
 * prints for it. The IPC round trips, the Python consumer checks and the batch generator all read
 * this one table.
 */
final class TypeCatalog {
  /** The id of the one dictionary, used by the {@code dict_utf8} column. */
  static final long DICTIONARY_ID = 7;

  /** The values of that dictionary; indices in batches point into it. */
  static final List<String> DICTIONARY_VALUES = List.of("red", "grün", "", "a long blue-ish value");

  /** A geoarrow.wkb type with every metadata member set. */
  static final GeoWkbType GEO_TYPE =
      new GeoWkbType(
          ArrowType.Binary.INSTANCE,
          TextNode.valueOf("OGC:CRS84"),
          "authority_code",
          GeoWkbType.Edges.SPHERICAL);

  /**
   * One column of the catalog.
   *
   * @param field the Arrow field (in Arrow Java's memory form: a dictionary field has its index
   *     type)
   * @param pyarrowType {@code str(field.type)} as pyarrow 25 prints it after reading the IPC data:
   *     its own type for arrow.uuid and arrow.json, the storage type for geoarrow.wkb and
   *     arrow.parquet.variant (which pyarrow does not register)
   */
  record Column(Field field, String pyarrowType) {
    String name() {
      return field.getName();
    }
  }

  private TypeCatalog() {}

  /** The full catalog, in column order. */
  static List<Column> columns() {
    List<Column> c = new ArrayList<>();
    c.add(col("bool", ArrowType.Bool.INSTANCE, "bool"));
    c.add(col("int8", new ArrowType.Int(8, true), "int8"));
    c.add(col("int16", new ArrowType.Int(16, true), "int16"));
    c.add(col("int32", new ArrowType.Int(32, true), "int32"));
    c.add(col("int64", new ArrowType.Int(64, true), "int64"));
    c.add(col("uint8", new ArrowType.Int(8, false), "uint8"));
    c.add(col("uint16", new ArrowType.Int(16, false), "uint16"));
    c.add(col("uint32", new ArrowType.Int(32, false), "uint32"));
    c.add(col("uint64", new ArrowType.Int(64, false), "uint64"));
    c.add(col("float16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), "halffloat"));
    c.add(col("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), "float"));
    c.add(col("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), "double"));
    c.add(col("decimal128_9_2", new ArrowType.Decimal(9, 2, 128), "decimal128(9, 2)"));
    c.add(col("decimal128_38_10", new ArrowType.Decimal(38, 10, 128), "decimal128(38, 10)"));
    c.add(col("decimal256_76_20", new ArrowType.Decimal(76, 20, 256), "decimal256(76, 20)"));
    c.add(col("date32", new ArrowType.Date(DateUnit.DAY), "date32[day]"));
    c.add(col("date64", new ArrowType.Date(DateUnit.MILLISECOND), "date64[ms]"));
    c.add(col("time32_s", new ArrowType.Time(TimeUnit.SECOND, 32), "time32[s]"));
    c.add(col("time32_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32), "time32[ms]"));
    c.add(col("time64_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64), "time64[us]"));
    c.add(col("time64_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64), "time64[ns]"));
    for (TimeUnit unit : TimeUnit.values()) {
      String u = unitName(unit);
      c.add(col("ts_" + u, new ArrowType.Timestamp(unit, null), "timestamp[" + u + "]"));
      c.add(
          col(
              "ts_" + u + "_utc",
              new ArrowType.Timestamp(unit, "UTC"),
              "timestamp[" + u + ", tz=UTC]"));
      c.add(col("duration_" + u, new ArrowType.Duration(unit), "duration[" + u + "]"));
    }
    c.add(
        col(
            "ts_us_paris",
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"),
            "timestamp[us, tz=Europe/Paris]"));
    c.add(col("interval_ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH), "month_interval"));
    c.add(col("interval_dt", new ArrowType.Interval(IntervalUnit.DAY_TIME), "day_time_interval"));
    c.add(
        col(
            "interval_mdn",
            new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO),
            "month_day_nano_interval"));
    c.add(col("utf8", ArrowType.Utf8.INSTANCE, "string"));
    c.add(col("large_utf8", ArrowType.LargeUtf8.INSTANCE, "large_string"));
    c.add(col("utf8_view", ArrowType.Utf8View.INSTANCE, "string_view"));
    c.add(col("binary", ArrowType.Binary.INSTANCE, "binary"));
    c.add(col("large_binary", ArrowType.LargeBinary.INSTANCE, "large_binary"));
    c.add(col("binary_view", ArrowType.BinaryView.INSTANCE, "binary_view"));
    c.add(col("fixed_binary_5", new ArrowType.FixedSizeBinary(5), "fixed_size_binary[5]"));
    c.add(nested("list_int32", ArrowType.List.INSTANCE, "list<element: int32>", int32("element")));
    c.add(
        nested(
            "large_list_utf8",
            ArrowType.LargeList.INSTANCE,
            "large_list<element: string>",
            Field.nullable("element", ArrowType.Utf8.INSTANCE)));
    c.add(
        nested(
            "fixed_list_f64_3",
            new ArrowType.FixedSizeList(3),
            "fixed_size_list<element: double>[3]",
            Field.nullable("element", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    c.add(
        nested(
            "list_view_int32",
            ArrowType.ListView.INSTANCE,
            "list_view<element: int32>",
            int32("element")));
    c.add(structColumn());
    c.add(mapColumn());
    c.add(
        new Column(
            new Field(
                "dict_utf8",
                new FieldType(
                    true,
                    new ArrowType.Int(32, true),
                    new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))),
                null),
            "dictionary<values=string, indices=int32, ordered=0>"));
    c.add(col("null", ArrowType.Null.INSTANCE, "null"));
    c.add(new Column(Field.notNullable("required_int64", new ArrowType.Int(64, true)), "int64"));
    c.addAll(extensionColumns());
    return List.copyOf(c);
  }

  /** The extension-typed columns alone. */
  static List<Column> extensionColumns() {
    return List.of(
        col("uuid", UuidType.INSTANCE, "extension<arrow.uuid>"),
        col("json", JsonType.UTF8, "extension<arrow.json>"),
        col("geo_wkb", GEO_TYPE, "binary"),
        new Column(
            VariantType.unshreddedField("variant", true),
            "struct<metadata: binary not null, value: binary not null>"));
  }

  /** The catalog as a schema. */
  static Schema schema() {
    return schema(columns());
  }

  static Schema schema(List<Column> columns) {
    return new Schema(columns.stream().map(Column::field).toList());
  }

  static String unitName(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> "s";
      case MILLISECOND -> "ms";
      case MICROSECOND -> "us";
      case NANOSECOND -> "ns";
    };
  }

  private static Column structColumn() {
    Field inner =
        new Field(
            "c",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                new Field(
                    "d",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(Field.nullable("element", new ArrowType.Int(64, true))))));
    Field struct =
        new Field(
            "struct",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(int32("a"), Field.nullable("b", ArrowType.Utf8.INSTANCE), inner));
    return new Column(struct, "struct<a: int32, b: string, c: struct<d: list<element: int64>>>");
  }

  private static Column mapColumn() {
    Field entries =
        new Field(
            "entries",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                Field.nullable("value", new ArrowType.Int(32, true))));
    return new Column(
        new Field("map", FieldType.nullable(new ArrowType.Map(false)), List.of(entries)),
        "map<string, int32>");
  }

  private static Field int32(String name) {
    return Field.nullable(name, new ArrowType.Int(32, true));
  }

  private static Column col(String name, ArrowType type, String pyarrowType) {
    return new Column(Field.nullable(name, type), pyarrowType);
  }

  private static Column nested(String name, ArrowType type, String pyarrowType, Field child) {
    return new Column(new Field(name, FieldType.nullable(type), List.of(child)), pyarrowType);
  }
}
