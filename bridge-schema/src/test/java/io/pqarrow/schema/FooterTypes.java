package io.pqarrow.schema;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;

/**
 * File footers through parquet-java's Thrift layer only: what parquet-java writes for a message
 * type (with the ConvertedType it derives from each logical type annotation), and the footer of a
 * file on disk. {@code ParquetFileReader} is avoided because its read options need Hadoop classes
 * ({@code org.apache.hadoop.mapreduce.lib.input.FileInputFormat}, and Woodstox for a Hadoop {@code
 * Configuration}) that arrow-bridge's dependencies exclude.
 */
final class FooterTypes {
  private FooterTypes() {}

  /**
   * The footer of the Parquet file at {@code path}: the tail is {@code <footer> <int32 LE length>
   * "PAR1"}.
   */
  static org.apache.parquet.hadoop.metadata.FileMetaData read(java.nio.file.Path path)
      throws java.io.IOException {
    byte[] file = java.nio.file.Files.readAllBytes(path);
    int n = file.length;
    int length =
        java.nio.ByteBuffer.wrap(file, n - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
    var thrift =
        org.apache.parquet.format.Util.readFileMetaData(
            new java.io.ByteArrayInputStream(file, n - 8 - length, length));
    return new ParquetMetadataConverter().fromParquetMetadata(thrift).getFileMetaData();
  }

  /**
   * Writes a Parquet file with no row groups: {@code "PAR1" <thrift FileMetaData> <int32 LE length>
   * "PAR1"}, the footer exactly as parquet-java would write it for {@code message} and {@code
   * keyValue}.
   */
  static void writeEmptyFile(
      java.nio.file.Path path, MessageType message, Map<String, String> keyValue)
      throws java.io.IOException {
    ParquetMetadata metadata =
        new ParquetMetadata(new FileMetaData(message, keyValue, "pqarrow-test"), List.of());
    var thrift = new ParquetMetadataConverter().toParquetMetadata(1, metadata);
    java.io.ByteArrayOutputStream footer = new java.io.ByteArrayOutputStream();
    org.apache.parquet.format.Util.writeFileMetaData(thrift, footer);
    byte[] magic = "PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    try (var out = java.nio.file.Files.newOutputStream(path)) {
      out.write(magic);
      footer.writeTo(out);
      out.write(
          java.nio.ByteBuffer.allocate(4)
              .order(java.nio.ByteOrder.LITTLE_ENDIAN)
              .putInt(footer.size())
              .array());
      out.write(magic);
    }
  }

  /** The footer's schema elements (the root first), as parquet-java would write them. */
  static List<SchemaElement> elements(MessageType message) {
    ParquetMetadata metadata =
        new ParquetMetadata(new FileMetaData(message, Map.of(), "pqarrow-test"), List.of());
    return new ParquetMetadataConverter().toParquetMetadata(1, metadata).getSchema();
  }

  /**
   * Each non-root element as {@code name:CONVERTED_TYPE} ({@code -} when none), in schema order,
   * e.g. {@code a:LIST list:- element:UTF8}.
   */
  static String convertedTypes(MessageType message) {
    return elements(message).stream()
        .skip(1)
        .map(e -> e.getName() + ":" + (e.isSetConverted_type() ? e.getConverted_type() : "-"))
        .collect(Collectors.joining(" "));
  }
}
