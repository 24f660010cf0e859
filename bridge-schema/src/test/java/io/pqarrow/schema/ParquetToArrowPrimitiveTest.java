package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.JsonType;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One row per Parquet primitive type and annotation, new and legacy spellings alike. */
class ParquetToArrowPrimitiveTest {
  private static final MappingOptions NO_EXTENSIONS =
      MappingOptions.builder().extensionTypes(false).build();

  static Field map(String column, MappingOptions options) {
    MessageType message = MessageTypeParser.parseMessageType("message m { " + column + " }");
    SchemaMapping mapping = SchemaMapper.toArrow(message, Map.of(), options);
    assertEquals(1, mapping.fields().size());
    Field field = mapping.arrowSchema().getFields().get(0);
    assertEquals(field, mapping.fields().get(0).arrowField());
    assertEquals(message.getType(0), mapping.fields().get(0).parquetType());
    return field;
  }

  static Stream<Arguments> defaults() {
    return Stream.of(
        // physical types alone
        row("boolean", ArrowType.Bool.INSTANCE),
        row("int32", new ArrowType.Int(32, true)),
        row("int64", new ArrowType.Int(64, true)),
        row("int96", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        row("float", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        row("double", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        row("binary", ArrowType.Binary.INSTANCE),
        row("fixed_len_byte_array(7)", new ArrowType.FixedSizeBinary(7)),
        // integers: logical type and ConvertedType spellings
        row("int32 (INTEGER(8,true))", new ArrowType.Int(8, true)),
        row("int32 (INTEGER(16,true))", new ArrowType.Int(16, true)),
        row("int32 (INTEGER(32,true))", new ArrowType.Int(32, true)),
        row("int64 (INTEGER(64,true))", new ArrowType.Int(64, true)),
        row("int32 (INTEGER(8,false))", new ArrowType.Int(8, false)),
        row("int32 (INTEGER(16,false))", new ArrowType.Int(16, false)),
        row("int32 (INTEGER(32,false))", new ArrowType.Int(32, false)),
        row("int64 (INTEGER(64,false))", new ArrowType.Int(64, false)),
        row("int32 (INT_8)", new ArrowType.Int(8, true)),
        row("int32 (INT_16)", new ArrowType.Int(16, true)),
        row("int32 (INT_32)", new ArrowType.Int(32, true)),
        row("int64 (INT_64)", new ArrowType.Int(64, true)),
        row("int32 (UINT_8)", new ArrowType.Int(8, false)),
        row("int32 (UINT_16)", new ArrowType.Int(16, false)),
        row("int32 (UINT_32)", new ArrowType.Int(32, false)),
        row("int64 (UINT_64)", new ArrowType.Int(64, false)),
        // strings and embedded documents
        row("binary (STRING)", ArrowType.Utf8.INSTANCE),
        row("binary (UTF8)", ArrowType.Utf8.INSTANCE),
        row("binary (ENUM)", ArrowType.Utf8.INSTANCE),
        row("binary (JSON)", JsonType.UTF8),
        row("binary (BSON)", ArrowType.Binary.INSTANCE),
        row("fixed_len_byte_array(16) (UUID)", UuidType.INSTANCE),
        // decimals on every physical type, at each physical limit
        row("int32 (DECIMAL(9,2))", new ArrowType.Decimal(9, 2, 128)),
        row("int32 (DECIMAL(1,0))", new ArrowType.Decimal(1, 0, 128)),
        row("int64 (DECIMAL(18,3))", new ArrowType.Decimal(18, 3, 128)),
        row("fixed_len_byte_array(1) (DECIMAL(2,1))", new ArrowType.Decimal(2, 1, 128)),
        row("fixed_len_byte_array(16) (DECIMAL(38,10))", new ArrowType.Decimal(38, 10, 128)),
        row("fixed_len_byte_array(17) (DECIMAL(39,0))", new ArrowType.Decimal(39, 0, 256)),
        row("fixed_len_byte_array(32) (DECIMAL(76,5))", new ArrowType.Decimal(76, 5, 256)),
        row("binary (DECIMAL(20,4))", new ArrowType.Decimal(20, 4, 128)),
        row("binary (DECIMAL(50,4))", new ArrowType.Decimal(50, 4, 256)),
        row("fixed_len_byte_array(5) (DECIMAL(11,2))", new ArrowType.Decimal(11, 2, 128)),
        // floats and temporals
        row(
            "fixed_len_byte_array(2) (FLOAT16)",
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        row("int32 (DATE)", new ArrowType.Date(DateUnit.DAY)),
        row("int32 (TIME(MILLIS,true))", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        row("int32 (TIME(MILLIS,false))", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        row("int64 (TIME(MICROS,true))", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        row("int64 (TIME(MICROS,false))", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        row("int64 (TIME(NANOS,true))", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        row("int64 (TIME(NANOS,false))", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        row("int32 (TIME_MILLIS)", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        row("int64 (TIME_MICROS)", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        row("int64 (TIMESTAMP(MILLIS,true))", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        row("int64 (TIMESTAMP(MILLIS,false))", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        row("int64 (TIMESTAMP(MICROS,true))", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        row("int64 (TIMESTAMP(MICROS,false))", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        row("int64 (TIMESTAMP(NANOS,true))", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
        row("int64 (TIMESTAMP(NANOS,false))", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        row("int64 (TIMESTAMP_MILLIS)", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        row("int64 (TIMESTAMP_MICROS)", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        row(
            "fixed_len_byte_array(12) (INTERVAL)",
            new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
        // always null
        row("int32 (UNKNOWN)", ArrowType.Null.INSTANCE),
        row("binary (UNKNOWN)", ArrowType.Null.INSTANCE));
  }

  /**
   * {@code "optional", "fixed_len_byte_array(16) (UUID)"} → {@code "optional
   * fixed_len_byte_array(16) c (UUID);"}.
   */
  static String column(String repetition, String type) {
    int end = type.startsWith("fixed_len_byte_array(") ? type.indexOf(')') + 1 : type.indexOf(' ');
    if (end <= 0) {
      end = type.length();
    }
    return repetition + " " + type.substring(0, end) + " c " + type.substring(end).trim() + ";";
  }

  private static Arguments row(String parquet, ArrowType arrow) {
    return Arguments.of(parquet, arrow);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("defaults")
  void mapsEachPrimitiveWithDefaults(String parquet, ArrowType expected) {
    Field optional = map(column("optional", parquet), MappingOptions.defaults());
    assertEquals(expected, optional.getType());
    assertEquals("c", optional.getName());
    assertTrue(optional.isNullable());
    assertTrue(optional.getChildren().isEmpty());

    Field required = map(column("required", parquet), MappingOptions.defaults());
    assertEquals(expected, required.getType());
    assertFalse(required.isNullable());
  }

  static Stream<Arguments> optionVariants() {
    MappingOptions large =
        MappingOptions.builder()
            .stringLayout(MappingOptions.Layout.LARGE)
            .binaryLayout(MappingOptions.Layout.LARGE)
            .build();
    MappingOptions view =
        MappingOptions.builder()
            .stringLayout(MappingOptions.Layout.VIEW)
            .binaryLayout(MappingOptions.Layout.VIEW)
            .build();
    MappingOptions enumBinary = MappingOptions.builder().enumAsBinary(true).build();
    MappingOptions micros = MappingOptions.builder().int96Unit(TimeUnit.MICROSECOND).build();
    MappingOptions millis = MappingOptions.builder().int96Unit(TimeUnit.MILLISECOND).build();
    MappingOptions fixedInterval = MappingOptions.builder().intervalAsFixedSizeBinary(true).build();
    MappingOptions unknownPhysical = MappingOptions.builder().unknownAsNull(false).build();
    return Stream.of(
        Arguments.of("int32 (UNKNOWN)", unknownPhysical, new ArrowType.Int(32, true)),
        Arguments.of("binary (UNKNOWN)", unknownPhysical, ArrowType.Binary.INSTANCE),
        Arguments.of("binary", large, ArrowType.LargeBinary.INSTANCE),
        Arguments.of("binary", view, ArrowType.BinaryView.INSTANCE),
        Arguments.of("binary (STRING)", large, ArrowType.LargeUtf8.INSTANCE),
        Arguments.of("binary (STRING)", view, ArrowType.Utf8View.INSTANCE),
        Arguments.of("binary (UTF8)", view, ArrowType.Utf8View.INSTANCE),
        Arguments.of("binary (ENUM)", large, ArrowType.LargeUtf8.INSTANCE),
        Arguments.of("binary (ENUM)", enumBinary, ArrowType.Binary.INSTANCE),
        Arguments.of("binary (BSON)", view, ArrowType.BinaryView.INSTANCE),
        Arguments.of("binary (JSON)", large, new JsonType(ArrowType.LargeUtf8.INSTANCE)),
        Arguments.of("binary (JSON)", view, new JsonType(ArrowType.Utf8View.INSTANCE)),
        Arguments.of("binary (JSON)", NO_EXTENSIONS, ArrowType.Utf8.INSTANCE),
        Arguments.of(
            "fixed_len_byte_array(16) (UUID)", NO_EXTENSIONS, new ArrowType.FixedSizeBinary(16)),
        Arguments.of("binary (GEOMETRY)", NO_EXTENSIONS, ArrowType.Binary.INSTANCE),
        Arguments.of("binary (GEOGRAPHY)", NO_EXTENSIONS, ArrowType.Binary.INSTANCE),
        Arguments.of("int96", micros, new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        Arguments.of("int96", millis, new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        Arguments.of(
            "fixed_len_byte_array(12) (INTERVAL)",
            fixedInterval,
            new ArrowType.FixedSizeBinary(12)));
  }

  @ParameterizedTest(name = "{0} with {1} -> {2}")
  @MethodSource("optionVariants")
  void optionsChooseLayouts(String parquet, MappingOptions options, ArrowType expected) {
    assertEquals(expected, map(column("optional", parquet), options).getType());
  }

  @Test
  void timeKeepsItsUtcAdjustmentInFieldMetadata() {
    assertEquals(
        Map.of(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "true"),
        map("required int64 t (TIME(MICROS,true));", MappingOptions.defaults()).getMetadata());
    assertEquals(
        Map.of(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "false"),
        map("required int64 t (TIME(NANOS,false));", MappingOptions.defaults()).getMetadata());
    // The legacy ConvertedType means UTC-adjusted.
    assertEquals(
        Map.of(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "true"),
        map("required int32 t (TIME_MILLIS);", MappingOptions.defaults()).getMetadata());
    assertEquals(
        Map.of(
            ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "true", ParquetFieldMetadata.FIELD_ID, "4"),
        map("required int32 t (TIME(MILLIS,true)) = 4;", MappingOptions.defaults()).getMetadata());
  }

  @Test
  void otherPrimitivesCarryNoMetadataWithoutAFieldId() {
    for (String column :
        List.of(
            "required int64 t (TIMESTAMP(MICROS,true));",
            "optional binary s (STRING);",
            "optional int32 d (DATE);")) {
      assertEquals(Map.of(), map(column, MappingOptions.defaults()).getMetadata(), column);
    }
  }

  @Test
  void decimalPrecisionLimitOfFixedLengthFollowsTheFormula() {
    // floor(log10(2^(8n-1) - 1)) for n = 1..16, worked out by hand from 2^(8n-1).
    int[] expected = {2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38};
    for (int n = 1; n <= expected.length; n++) {
      assertEquals(expected[n - 1], ParquetPrimitiveToArrow.maxDecimalDigits(n), "length " + n);
    }
    assertEquals(74, ParquetPrimitiveToArrow.maxDecimalDigits(31)); // 2^247 - 1 has 75 digits
    assertEquals(76, ParquetPrimitiveToArrow.maxDecimalDigits(32)); // Decimal256's limit
    assertEquals(Integer.MAX_VALUE, ParquetPrimitiveToArrow.maxDecimalDigits(33));
  }
}
