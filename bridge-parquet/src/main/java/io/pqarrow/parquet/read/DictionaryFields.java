package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantType;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decides which leaves of the batch are read as Arrow dictionary vectors, and gives every field of
 * the batch the form the reader's vectors take: the one home of this rule.
 *
 * <table>
 *   <caption>Which leaves are dictionary-encoded</caption>
 *   <tr><th>leaf</th><th>read as</th></tr>
 *   <tr><td>BYTE_ARRAY read as Utf8, Binary, LargeUtf8 or LargeBinary, named by {@link
 *       ReadOptions#readDictionary()} or stored as a dictionary in {@code ARROW:schema} (unless
 *       {@link ReadOptions#storedDictionaries()} is off)</td>
 *       <td>Int32 indices with {@code DictionaryEncoding(id, ordered, Int32)}; the values are the
 *       reader's dictionary {@code id}</td></tr>
 *   <tr><td>any other leaf stored as a dictionary (another physical type, a view or extension
 *       type, a leaf inside a Variant or a FixedSizeList)</td><td>its value type</td></tr>
 *   <tr><td>any leaf, when the reader's leaves are not {@link ChunkLeaves} (the tests' reference
 *       decoder)</td><td>its value type</td></tr>
 * </table>
 *
 * Ids are 0, 1, 2, … in depth-first order of the batch's fields, unique within one reader (the ids
 * of {@code ARROW:schema} are not kept); {@code ordered} is the stored encoding's, false for a
 * named column. The index type is always signed Int32, as pyarrow reads. A read-dictionary name is
 * a dotted path, as {@link ReadOptions#columns()} takes ({@code s.x}, {@code l.element}), or the
 * Parquet column path ({@code l.list.element}); it must name a leaf of the batch that can be read
 * as a dictionary. The fields returned are in Arrow Java's in-memory form (the field's type is the
 * index type); the value fields are {@link #values()}.
 */
final class DictionaryFields {
  private static final ArrowType.Int INDEX = new ArrowType.Int(32, true);

  /**
   * A dictionary of the batch.
   *
   * @param encoding its id, ordering and index type
   * @param valueField the field of its values vector
   * @param column the dotted path of the column it belongs to
   */
  record Values(DictionaryEncoding encoding, Field valueField, String column) {}

  private final Set<String> names;
  private final Set<String> unused;
  private final boolean enabled;
  private final boolean stored;
  private final List<Values> values = new ArrayList<>();
  private final List<FieldMapping> fields;

  private DictionaryFields(
      List<FieldMapping> projected,
      List<String> names,
      boolean stored,
      boolean enabled,
      String file) {
    this.stored = stored;
    this.names = new LinkedHashSet<>(names);
    this.unused = new LinkedHashSet<>(names);
    this.enabled = enabled;
    this.fields = apply(projected, "", false);
    if (!unused.isEmpty()) {
      String name = unused.iterator().next();
      throw ParquetFileException.invalid(
          ErrorKind.NOT_FOUND,
          ErrorLocation.inFile(file).withColumn(name),
          "no column of the batch to read as a dictionary (BYTE_ARRAY read as a string or binary"
              + " type)",
          null);
    }
  }

  /**
   * The batch's fields for {@code projected}, with {@code names} (dotted paths) and, if {@code
   * stored}, stored dictionaries read as dictionaries when {@code enabled}, every dictionary
   * dropped otherwise.
   *
   * @throws ParquetFileException when a name selects no leaf that can be read as a dictionary (on
   *     either path, so that a name is checked the same way whichever path reads)
   */
  static DictionaryFields of(
      List<FieldMapping> projected,
      List<String> names,
      boolean stored,
      boolean enabled,
      String file) {
    return new DictionaryFields(projected, names, stored, enabled, file);
  }

  /** The batch's fields. */
  List<FieldMapping> fields() {
    return fields;
  }

  /** The dictionaries, in id order. */
  List<Values> values() {
    return values;
  }

  private List<FieldMapping> apply(List<FieldMapping> in, String prefix, boolean plain) {
    List<FieldMapping> out = new ArrayList<>(in.size());
    for (FieldMapping f : in) {
      out.add(apply(f, prefix, plain));
    }
    return out;
  }

  /**
   * @param plain whether the leaves below cannot be dictionaries (inside a Variant or a
   *     FixedSizeList)
   */
  private FieldMapping apply(FieldMapping m, String prefix, boolean plain) {
    Field f = m.arrowField();
    String path = prefix + f.getName();
    boolean below =
        plain
            || f.getType() instanceof VariantType
            || f.getType() instanceof ArrowType.FixedSizeList;
    List<FieldMapping> children = apply(m.children(), path + ".", below);
    boolean named = names.contains(path) || names.contains(m.dottedPath());
    if (!below && named && eligible(m)) {
      unused.remove(path);
      unused.remove(m.dottedPath());
    }
    DictionaryEncoding kept = stored ? f.getDictionary() : null;
    if (enabled && !below && (named || kept != null) && eligible(m)) {
      DictionaryEncoding encoding =
          new DictionaryEncoding(values.size(), kept != null && kept.isOrdered(), INDEX);
      values.add(
          new Values(
              encoding, new Field(f.getName(), FieldType.nullable(f.getType()), null), path));
      Field indices =
          new Field(
              f.getName(), new FieldType(f.isNullable(), INDEX, encoding, f.getMetadata()), null);
      return new FieldMapping(indices, m.parquetType(), m.parquetPath(), List.of());
    }
    if (f.getDictionary() == null && children.equals(m.children())) {
      return m;
    }
    List<Field> childFields = new ArrayList<>(children.size());
    for (FieldMapping c : children) {
      childFields.add(c.arrowField());
    }
    FieldType type = new FieldType(f.isNullable(), f.getType(), null, f.getMetadata());
    return new FieldMapping(
        new Field(f.getName(), type, childFields), m.parquetType(), m.parquetPath(), children);
  }

  /**
   * A BYTE_ARRAY leaf read into a variable-width string or binary vector with 32/64-bit offsets.
   */
  private static boolean eligible(FieldMapping m) {
    if (m.parquetType() == null
        || !m.parquetType().isPrimitive()
        || !m.children().isEmpty()
        || m.parquetType().asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.BINARY) {
      return false;
    }
    return switch (m.arrowField().getType().getTypeID()) {
      case Utf8, Binary, LargeUtf8, LargeBinary -> true;
      default -> false;
    };
  }
}
