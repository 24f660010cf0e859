package io.pqarrow.parquet.write;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.write.WriteOptions.BloomFilter;
import io.pqarrow.parquet.write.WriteOptions.Compression;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The per-column options of {@link WriteOptions} resolved against the file's leaves: each option is
 * keyed by a dotted path that names a leaf (its Arrow dotted path, {@code l.element}, or its
 * Parquet column path, {@code l.list.element}) or a group, whose leaves it then applies to. A key
 * that names no leaf, or an encoding that does not fit a leaf's physical type, is refused naming
 * both.
 */
final class ColumnSettings {
  private static final Map<Encoding, Set<PrimitiveTypeName>> FITS =
      Map.of(
          Encoding.PLAIN, EnumSet.allOf(PrimitiveTypeName.class),
          Encoding.DICTIONARY, EnumSet.complementOf(EnumSet.of(PrimitiveTypeName.BOOLEAN)),
          Encoding.DELTA_BINARY_PACKED,
              EnumSet.of(PrimitiveTypeName.INT32, PrimitiveTypeName.INT64),
          Encoding.DELTA_LENGTH_BYTE_ARRAY, EnumSet.of(PrimitiveTypeName.BINARY),
          Encoding.DELTA_BYTE_ARRAY,
              EnumSet.of(PrimitiveTypeName.BINARY, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY),
          Encoding.BYTE_STREAM_SPLIT,
              EnumSet.of(
                  PrimitiveTypeName.FLOAT,
                  PrimitiveTypeName.DOUBLE,
                  PrimitiveTypeName.INT32,
                  PrimitiveTypeName.INT64,
                  PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY));

  /** Encodings given to leaves; a leaf absent here gets the file's default. */
  final Map<ColumnDescriptor, Encoding> encodings = new HashMap<>();

  /** Codecs given to leaves. */
  final Map<ColumnDescriptor, Compression> codecs = new HashMap<>();

  /** Bloom filters, by Parquet column path (dot-joined), as parquet-java keys them. */
  final Map<String, BloomFilter> bloomFilters = new HashMap<>();

  /** The Arrow dotted path of each leaf's column. */
  final Map<String, String> arrowPaths = new HashMap<>();

  private ColumnSettings() {}

  static ColumnSettings resolve(List<LeafEncoder> leaves, WriteOptions options, Path file) {
    ColumnSettings s = new ColumnSettings();
    for (LeafEncoder leaf : leaves) {
      s.arrowPaths.put(columnPath(leaf.column), leaf.path);
    }
    for (Map.Entry<String, Encoding> e : options.columnEncoding().entrySet()) {
      for (LeafEncoder leaf : matching(leaves, e.getKey(), "encoding", file)) {
        PrimitiveTypeName type = leaf.column.getPrimitiveType().getPrimitiveTypeName();
        if (!FITS.get(e.getValue()).contains(type)) {
          throw ParquetFileException.write(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(file).withColumn(leaf.path),
              "encoding "
                  + e.getValue()
                  + " does not fit the column's Parquet type "
                  + type
                  + " (it takes "
                  + FITS.get(e.getValue())
                  + ")",
              null);
        }
        s.encodings.put(leaf.column, e.getValue());
      }
    }
    for (Map.Entry<String, Compression> e : options.columnCompression().entrySet()) {
      for (LeafEncoder leaf : matching(leaves, e.getKey(), "compression", file)) {
        s.codecs.put(leaf.column, e.getValue());
      }
    }
    for (Map.Entry<String, BloomFilter> e : options.bloomFilters().entrySet()) {
      for (LeafEncoder leaf : matching(leaves, e.getKey(), "bloom filter", file)) {
        if (leaf.column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BOOLEAN) {
          throw ParquetFileException.write(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(file).withColumn(leaf.path),
              "a bloom filter does not fit the column's Parquet type BOOLEAN",
              null);
        }
        s.bloomFilters.put(columnPath(leaf.column), e.getValue());
      }
    }
    return s;
  }

  /** The leaf a sorting column names (a leaf, not a group). */
  static LeafEncoder leaf(List<LeafEncoder> leaves, String key, Path file) {
    for (LeafEncoder leaf : leaves) {
      if (leaf.path.equals(key) || columnPath(leaf.column).equals(key)) {
        return leaf;
      }
    }
    throw ParquetFileException.write(
        ErrorKind.INVALID_ARGUMENT,
        ErrorLocation.inFile(file).withColumn(key),
        "no leaf column of the schema to declare as a sorting column",
        null);
  }

  static String columnPath(ColumnDescriptor column) {
    return String.join(".", column.getPath());
  }

  private static List<LeafEncoder> matching(
      List<LeafEncoder> leaves, String key, String option, Path file) {
    List<LeafEncoder> out =
        leaves.stream()
            .filter(l -> names(l.path, key) || names(columnPath(l.column), key))
            .toList();
    if (out.isEmpty()) {
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.inFile(file).withColumn(key),
          "no column of the schema for the " + option + " option",
          null);
    }
    return out;
  }

  private static boolean names(String path, String key) {
    return path.equals(key) || path.startsWith(key + ".");
  }
}
