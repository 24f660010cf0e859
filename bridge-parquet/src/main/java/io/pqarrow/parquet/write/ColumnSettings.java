package io.pqarrow.parquet.write;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.FieldPath;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.write.WriteOptions.BloomFilter;
import io.pqarrow.parquet.write.WriteOptions.Compression;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The per-column options of {@link WriteOptions} resolved against the file's leaves: each option is
 * keyed by a path that names a leaf (its Parquet column path, {@code l.list.element}) or a group,
 * whose leaves it then applies to. Paths are read as {@link FieldPath} reads them against the
 * Parquet schema: a name in backticks is literal ({@code `a.b`}), and unquoted dots take at each
 * level the longest run of parts that names a field, so that a column whose name holds a dot can be
 * named, and {@code a} does not take in a column {@code a.b} beside it. A key that names no leaf,
 * or an encoding that does not fit a leaf's physical type, is refused naming both.
 */
final class ColumnSettings {
  /**
   * The Parquet physical types each encoding can encode (read through {@link
   * Encoding#physicalTypes()}).
   */
  static final Map<Encoding, Set<PrimitiveTypeName>> FITS =
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

  static ColumnSettings resolve(
      List<LeafEncoder> leaves, MessageType schema, WriteOptions options, Path file) {
    ColumnSettings s = new ColumnSettings();
    List<Field> tree = fields(schema);
    for (LeafEncoder leaf : leaves) {
      s.arrowPaths.put(columnPath(leaf.column), leaf.path);
    }
    for (Map.Entry<String, Encoding> e : options.columnEncoding().entrySet()) {
      for (LeafEncoder leaf : matching(leaves, tree, e.getKey(), "encoding", file)) {
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
      for (LeafEncoder leaf : matching(leaves, tree, e.getKey(), "compression", file)) {
        s.codecs.put(leaf.column, e.getValue());
      }
    }
    for (Map.Entry<String, BloomFilter> e : options.bloomFilters().entrySet()) {
      for (LeafEncoder leaf : matching(leaves, tree, e.getKey(), "bloom filter", file)) {
        if (leaf.column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BOOLEAN) {
          throw ParquetFileException.write(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(file).withColumn(leaf.path),
              "a bloom filter does not fit the column's Parquet type BOOLEAN",
              null);
        }
        if (Arrays.stream(leaf.column.getPath()).anyMatch(name -> name.contains("."))) {
          // parquet-java keys its bloom filter settings by dotted text, which it splits at every
          // dot: it would take the setting for another column, or for none.
          throw ParquetFileException.write(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(file).withColumn(leaf.path),
              "a bloom filter cannot be written for a column whose name holds a dot (parquet-java"
                  + " names columns for bloom filters by dotted text)",
              null);
        }
        s.bloomFilters.put(columnPath(leaf.column), e.getValue());
      }
    }
    return s;
  }

  /** The leaf a sorting column names (a leaf, not a group). */
  static LeafEncoder leaf(List<LeafEncoder> leaves, MessageType schema, String key, Path file) {
    List<String> names = names(fields(schema), key, file);
    for (LeafEncoder leaf : leaves) {
      if (Arrays.asList(leaf.column.getPath()).equals(names)) {
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
      List<LeafEncoder> leaves, List<Field> tree, String key, String option, Path file) {
    List<String> names = names(tree, key, file);
    List<LeafEncoder> out = new ArrayList<>();
    for (LeafEncoder l : leaves) {
      List<String> path = Arrays.asList(l.column.getPath());
      if (path.size() >= names.size() && path.subList(0, names.size()).equals(names)) {
        out.add(l);
      }
    }
    if (out.isEmpty()) {
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.inFile(file).withColumn(key),
          "no column of the schema for the " + option + " option",
          null);
    }
    return out;
  }

  /**
   * The Parquet names {@code key} selects in {@code tree} ({@link FieldPath#resolve}).
   *
   * @throws ParquetFileException for a key that is not a path (an unterminated backtick), naming it
   *     and what is wrong
   */
  private static List<String> names(List<Field> tree, String key, Path file) {
    try {
      return FieldPath.parse(key).resolve(tree);
    } catch (IllegalArgumentException e) {
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.inFile(file).withColumn(key),
          "invalid column path: " + e.getMessage(),
          e);
    }
  }

  /** The Parquet schema's fields as Arrow fields of the same names, for {@link FieldPath}. */
  private static List<Field> fields(GroupType group) {
    List<Field> out = new ArrayList<>();
    for (Type t : group.getFields()) {
      out.add(
          t.isPrimitive()
              ? new Field(t.getName(), FieldType.nullable(ArrowType.Null.INSTANCE), null)
              : new Field(
                  t.getName(),
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  fields(t.asGroupType())));
    }
    return out;
  }
}
