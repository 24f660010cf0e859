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
 * What parquet-java writes into a file footer for a message type: the Thrift schema elements, with
 * the ConvertedType it derives from each logical type annotation.
 */
final class FooterTypes {
  private FooterTypes() {}

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
