package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A footer from the ConvertedType era, built from Thrift schema elements that carry only {@code
 * converted_type} (no {@code logicalType}), serialized and read back through parquet-java's
 * metadata converter as a file's footer would be. Annotations are the ConvertedTypes of
 * docs/type-mapping.md §2.2.
 */
class ParquetToArrowLegacyFooterTest {

  private static SchemaElement leaf(
      String name, Type type, FieldRepetitionType repetition, ConvertedType converted) {
    SchemaElement e = new SchemaElement(name);
    e.setType(type);
    e.setRepetition_type(repetition);
    if (converted != null) {
      e.setConverted_type(converted);
    }
    return e;
  }

  private static SchemaElement group(
      String name, FieldRepetitionType repetition, ConvertedType converted, int children) {
    SchemaElement e = new SchemaElement(name);
    if (repetition != null) {
      e.setRepetition_type(repetition);
    }
    if (converted != null) {
      e.setConverted_type(converted);
    }
    e.setNum_children(children);
    return e;
  }

  /** The Thrift footer of a file with this schema and no row groups. */
  static byte[] footerBytes(List<SchemaElement> elements) throws IOException {
    FileMetaData footer = new FileMetaData(1, elements, 0L, List.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, out);
    return out.toByteArray();
  }

  /** {@code "PAR1" | footer | footer length (4 bytes little-endian) | "PAR1"}. */
  static void writeFooterOnlyFile(Path file, byte[] footer) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    out.write(magic);
    out.write(footer);
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.length).array());
    out.write(magic);
    Files.write(file, out.toByteArray());
  }

  /** Writes the elements as a Thrift footer and reads them back as parquet-java does. */
  private static MessageType readBack(List<SchemaElement> elements) throws IOException {
    return new ParquetMetadataConverter()
        .readParquetMetadata(
            new ByteArrayInputStream(footerBytes(elements)), ParquetMetadataConverter.NO_FILTER)
        .getFileMetaData()
        .getSchema();
  }

  /** Every ConvertedType (docs/type-mapping.md §2.2) and the legacy nested forms (§2.6–§2.8). */
  private static List<SchemaElement> legacySchema() {
    FieldRepetitionType opt = FieldRepetitionType.OPTIONAL;
    FieldRepetitionType req = FieldRepetitionType.REQUIRED;
    FieldRepetitionType rep = FieldRepetitionType.REPEATED;
    List<SchemaElement> e = new ArrayList<>();
    e.add(group("schema", null, null, 20));
    e.add(leaf("s", Type.BYTE_ARRAY, opt, ConvertedType.UTF8));
    e.add(leaf("en", Type.BYTE_ARRAY, opt, ConvertedType.ENUM));
    e.add(leaf("js", Type.BYTE_ARRAY, opt, ConvertedType.JSON));
    e.add(leaf("bs", Type.BYTE_ARRAY, opt, ConvertedType.BSON));
    e.add(leaf("i8", Type.INT32, req, ConvertedType.INT_8));
    e.add(leaf("u16", Type.INT32, req, ConvertedType.UINT_16));
    e.add(leaf("u64", Type.INT64, req, ConvertedType.UINT_64));
    SchemaElement dec = leaf("dec", Type.FIXED_LEN_BYTE_ARRAY, opt, ConvertedType.DECIMAL);
    dec.setType_length(9);
    dec.setPrecision(20);
    dec.setScale(3);
    e.add(dec);
    e.add(leaf("dt", Type.INT32, opt, ConvertedType.DATE));
    e.add(leaf("tms", Type.INT32, opt, ConvertedType.TIME_MILLIS));
    e.add(leaf("tus", Type.INT64, opt, ConvertedType.TIME_MICROS));
    e.add(leaf("tsms", Type.INT64, opt, ConvertedType.TIMESTAMP_MILLIS));
    e.add(leaf("tsus", Type.INT64, opt, ConvertedType.TIMESTAMP_MICROS));
    SchemaElement interval = leaf("iv", Type.FIXED_LEN_BYTE_ARRAY, opt, ConvertedType.INTERVAL);
    interval.setType_length(12);
    e.add(interval);
    e.add(leaf("i96", Type.INT96, opt, null));
    SchemaElement withId = leaf("id", Type.INT64, req, null);
    withId.setField_id(42);
    e.add(withId);
    // 2-level list as old parquet-mr / Hive wrote it: group (LIST) { repeated int32 array; }
    e.add(group("l", opt, ConvertedType.LIST, 1));
    e.add(leaf("array", Type.INT32, rep, null));
    // Map with MAP_KEY_VALUE on the repeated group
    e.add(group("m", opt, ConvertedType.MAP, 1));
    e.add(group("map", rep, ConvertedType.MAP_KEY_VALUE, 2));
    e.add(leaf("key", Type.BYTE_ARRAY, req, ConvertedType.UTF8));
    e.add(leaf("value", Type.INT32, opt, null));
    // MAP_KEY_VALUE in place of MAP
    e.add(group("mkv", req, ConvertedType.MAP_KEY_VALUE, 1));
    e.add(group("map", rep, null, 2));
    e.add(leaf("key", Type.INT32, req, null));
    e.add(leaf("value", Type.DOUBLE, req, null));
    // unannotated repeated group
    e.add(group("pairs", rep, null, 1));
    e.add(leaf("x", Type.INT64, opt, null));

    return e;
  }

  /**
   * pyarrow reads the same footer (as a file with no row groups) the same way once the options that
   * pick pyarrow's choices are set: ENUM as binary and INTERVAL as its 12 bytes. List items differ
   * only in name (pyarrow keeps the Parquet name, this library says element).
   */
  @Test
  void convertedTypesOnlyMapAsPyarrowReadsThem(@TempDir Path dir) throws IOException {
    List<SchemaElement> e = legacySchema();
    Path file = dir.resolve("legacy.parquet");
    writeFooterOnlyFile(file, footerBytes(e));
    List<String> expected =
        PythonEnv.require()
            .run(ParquetToArrowProducerFilesTest.RENDER, "--normalize", file.toString())
            .lines()
            .toList();
    MappingOptions asPyarrow =
        MappingOptions.builder().enumAsBinary(true).intervalAsFixedSizeBinary(true).build();
    SchemaMapping mapping = SchemaMapper.toArrow(readBack(e), Map.of(), asPyarrow);
    assertEquals(expected, ParquetToArrowProducerFilesTest.render(mapping));
    assertEquals(20, expected.size());
  }

  @Test
  void convertedTypesOnlyMapLikeTheirLogicalCounterparts() throws IOException {
    List<SchemaElement> e = legacySchema();
    MessageType schema = readBack(e);
    SchemaMapping mapping = SchemaMapper.toArrow(schema, Map.of(), MappingOptions.defaults());
    MappingTrees.checkConsistent(mapping);
    List<String> rendered = mapping.fields().stream().map(MappingTrees::render).toList();
    assertEquals(
        List.of(
            "s?:Utf8@s",
            "en?:Utf8@en",
            "js?:ExtensionType(arrow.json, Utf8)@js",
            "bs?:Binary@bs",
            "i8!:Int(8, true)@i8",
            "u16!:Int(16, false)@u16",
            "u64!:Int(64, false)@u64",
            "dec?:Decimal(20, 3, 128)@dec",
            "dt?:Date(DAY)@dt",
            "tms?:Time(MILLISECOND, 32)@tms",
            "tus?:Time(MICROSECOND, 64)@tus",
            "tsms?:Timestamp(MILLISECOND, UTC)@tsms",
            "tsus?:Timestamp(MICROSECOND, UTC)@tsus",
            "iv?:Interval(MONTH_DAY_NANO)@iv",
            "i96?:Timestamp(NANOSECOND, null)@i96",
            "id!:Int(64, true)@id",
            "l?:List@l{element!:Int(32, true)@l.array}",
            "m?:Map(false)@m{entries!:Struct@m.map{key!:Utf8@m.map.key,"
                + " value?:Int(32, true)@m.map.value}}",
            "mkv!:Map(false)@mkv{entries!:Struct@mkv.map{key!:Int(32, true)@mkv.map.key,"
                + " value!:FloatingPoint(DOUBLE)@mkv.map.value}}",
            "pairs!:List@pairs{element!:Struct@pairs{x?:Int(64, true)@pairs.x}}"),
        rendered);
    assertEquals(
        "42",
        mapping.arrowSchema().findField("id").getMetadata().get(ParquetFieldMetadata.FIELD_ID));
    assertEquals(
        "true",
        mapping
            .arrowSchema()
            .findField("tms")
            .getMetadata()
            .get(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC));
  }

  /**
   * Not our code, but the file reader must know: parquet-java's footer conversion already refuses
   * some invalid annotations, with an {@code IllegalStateException} that names no path, before the
   * mapping could report them. (Built directly, the same schema gets our {@code SchemaException};
   * see {@code ParquetToArrowErrorTest}.)
   */
  @Test
  void parquetJavaRejectsTooLargeDecimalPrecisionWhileReadingTheFooter() {
    List<SchemaElement> e = new ArrayList<>();
    e.add(group("schema", null, null, 1));
    SchemaElement dec = leaf("d", Type.INT32, FieldRepetitionType.OPTIONAL, ConvertedType.DECIMAL);
    dec.setPrecision(12);
    dec.setScale(2);
    e.add(dec);
    IllegalStateException ex = assertThrows(IllegalStateException.class, () -> readBack(e));
    assertEquals("INT32 cannot store 12 digits (max 9)", ex.getMessage());
  }
}
