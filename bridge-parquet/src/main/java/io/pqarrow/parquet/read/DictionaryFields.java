package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantType;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.ChunkLeaves;
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
 * Decides which fields of the batch are read as Arrow dictionary vectors, and gives every field of
 * the batch the form the reader's vectors take: the one home of this rule.
 *
 * <table>
 *   <caption>Which fields are dictionary-encoded</caption>
 *   <tr><th>field</th><th>read as</th></tr>
 *   <tr><td>BYTE_ARRAY read as Utf8, Binary, LargeUtf8 or LargeBinary, named by {@link
 *       ReadOptions#readDictionary()} or stored as a dictionary in {@code ARROW:schema} (unless
 *       {@link ReadOptions#storedDictionaries()} is off)</td>
 *       <td>Int32 indices with {@code DictionaryEncoding(id, ordered, Int32)}; the values are the
 *       reader's dictionary {@code id}</td></tr>
 *   <tr><td>any other field stored as a dictionary (an Int64 or other non-BYTE_ARRAY leaf, an
 *       extension type, a list, a struct or a map, dictionaries inside it included), not inside a
 *       Variant or a FixedSizeList</td><td>decoded as its values, then dictionary-encoded with the
 *       stored index type by {@link DictionaryStage}</td></tr>
 *   <tr><td>anything inside a Variant or a FixedSizeList</td><td>its value type</td></tr>
 *   <tr><td>any field, when the reader's leaves are not {@link ChunkLeaves} (the tests' reference
 *       decoder)</td><td>its value type</td></tr>
 * </table>
 *
 * The index type is the one {@code ARROW:schema} records (Int8, Int16, Int32, Int64, signed or
 * not): the page reader decodes Int32 indices and {@link DictionaryStage} narrows them when the
 * stored type is another; a column named in {@link ReadOptions#readDictionary()} and not stored as
 * a dictionary gets Int32 indices, as pyarrow reads it. {@code ordered} is the stored encoding's,
 * false for a named column. Ids are unique within one reader and handed out in depth-first order of
 * the batch's fields (the ids of {@code ARROW:schema} are not kept: each Parquet column has its own
 * dictionary, so dictionaries an IPC stream shares come back as one per column); the page reader's
 * dictionaries and the stage's have ids of their own. A read-dictionary name is a dotted path, as
 * {@link ReadOptions#columns()} takes ({@code s.x}, {@code l.element}), or the Parquet column path
 * ({@code l.list.element}); it must name a leaf of the batch that can be read as a dictionary. The
 * fields are in Arrow Java's in-memory form (the field's type is the index type): {@link #fields()}
 * as the page reader decodes them, {@link #outputFields()} as the caller gets them, {@link
 * #values()} the value fields of the page reader's dictionaries.
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
  private final boolean storedTypes;
  private final List<Values> values = new ArrayList<>();
  private final List<FieldMapping> fields;
  private final List<Field> outputFields;
  private final List<DictionaryStage.Step> steps;
  private long nextId;

  private DictionaryFields(
      List<FieldMapping> projected,
      List<String> names,
      boolean stored,
      boolean storedTypes,
      boolean enabled,
      String file) {
    this.stored = stored;
    this.storedTypes = storedTypes;
    this.names = new LinkedHashSet<>(names);
    this.unused = new LinkedHashSet<>(names);
    this.enabled = enabled;
    List<Shaped> shaped = apply(projected, "", false);
    List<FieldMapping> decoded = new ArrayList<>(shaped.size());
    List<Field> output = new ArrayList<>(shaped.size());
    List<DictionaryStage.Step> steps = new ArrayList<>(shaped.size());
    for (Shaped s : shaped) {
      decoded.add(s.decoded());
      output.add(s.output());
      steps.add(s.step());
    }
    this.fields = decoded;
    this.outputFields = output;
    this.steps = steps;
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
   * dropped otherwise; with their stored index types and nesting if {@code storedTypes}.
   *
   * @throws ParquetFileException when a name selects no leaf that can be read as a dictionary (on
   *     either path, so that a name is checked the same way whichever path reads)
   */
  static DictionaryFields of(
      List<FieldMapping> projected,
      List<String> names,
      boolean stored,
      boolean storedTypes,
      boolean enabled,
      String file) {
    return new DictionaryFields(projected, names, stored, storedTypes, enabled, file);
  }

  /** The batch's fields. */
  List<FieldMapping> fields() {
    return fields;
  }

  /**
   * The batch's fields as the caller sees them: {@link #fields()} with the index types and
   * dictionaries {@code ARROW:schema} records (see {@link DictionaryStage}).
   */
  List<Field> outputFields() {
    return outputFields;
  }

  /** For each field, what turns its decoded vector into the caller's; all {@code KEEP} if none. */
  List<DictionaryStage.Step> steps() {
    return steps;
  }

  /**
   * Whether some field's decoded vector is not the caller's (a {@link DictionaryStage} is needed).
   */
  boolean reshapes() {
    for (DictionaryStage.Step s : steps) {
      if (s != DictionaryStage.KEEP) {
        return true;
      }
    }
    return false;
  }

  /** The dictionaries the page reader builds, in id order. */
  List<Values> values() {
    return values;
  }

  /** A field in its decoded form, in the form the caller sees, and the step between them. */
  private record Shaped(FieldMapping decoded, Field output, DictionaryStage.Step step) {}

  private List<Shaped> apply(List<FieldMapping> in, String prefix, boolean plain) {
    List<Shaped> out = new ArrayList<>(in.size());
    for (FieldMapping f : in) {
      out.add(apply(f, prefix, plain));
    }
    return out;
  }

  /**
   * @param plain whether the leaves below cannot be dictionaries (inside a Variant or a
   *     FixedSizeList)
   */
  private Shaped apply(FieldMapping m, String prefix, boolean plain) {
    Field f = m.arrowField();
    String path = prefix + f.getName();
    boolean below =
        plain
            || f.getType() instanceof VariantType
            || f.getType() instanceof ArrowType.FixedSizeList;
    boolean named = names.contains(path) || names.contains(m.dottedPath());
    if (!below && named && eligible(m)) {
      unused.remove(path);
      unused.remove(m.dottedPath());
    }
    DictionaryEncoding kept = stored ? f.getDictionary() : null;
    if (enabled && !below && (named || kept != null) && eligible(m)) {
      // decoded by the page reader into Int32 indices of a dictionary it builds
      DictionaryEncoding encoding =
          new DictionaryEncoding(nextId++, kept != null && kept.isOrdered(), INDEX);
      Field valueField = new Field(f.getName(), FieldType.nullable(f.getType()), null);
      values.add(new Values(encoding, valueField, path));
      Field indices =
          new Field(
              f.getName(), new FieldType(f.isNullable(), INDEX, encoding, f.getMetadata()), null);
      FieldMapping decoded = new FieldMapping(indices, m.parquetType(), m.parquetPath(), List.of());
      if (kept == null || INDEX.equals(kept.getIndexType()) || !storedTypes) {
        return new Shaped(decoded, indices, DictionaryStage.KEEP);
      }
      DictionaryEncoding stored =
          new DictionaryEncoding(nextId++, kept.isOrdered(), kept.getIndexType());
      Field output =
          new Field(
              f.getName(),
              new FieldType(f.isNullable(), kept.getIndexType(), stored, f.getMetadata()),
              null);
      return new Shaped(
          decoded, output, new DictionaryStage.Narrow(encoding.getId(), stored, valueField, path));
    }
    List<Shaped> children = apply(m.children(), path + ".", below);
    List<FieldMapping> decodedChildren = new ArrayList<>(children.size());
    List<Field> decodedFields = new ArrayList<>(children.size());
    List<Field> outputFields = new ArrayList<>(children.size());
    List<DictionaryStage.Step> steps = new ArrayList<>(children.size());
    boolean changed = false;
    for (Shaped c : children) {
      decodedChildren.add(c.decoded());
      decodedFields.add(c.decoded().arrowField());
      outputFields.add(c.output());
      steps.add(c.step());
      changed |= c.step() != DictionaryStage.KEEP;
    }
    DictionaryStage.Step step = changed ? new DictionaryStage.Rebuild(steps) : DictionaryStage.KEEP;
    FieldMapping decoded = m;
    if (f.getDictionary() != null || !decodedChildren.equals(m.children())) {
      FieldType type = new FieldType(f.isNullable(), f.getType(), null, f.getMetadata());
      decoded =
          new FieldMapping(
              new Field(f.getName(), type, decodedFields),
              m.parquetType(),
              m.parquetPath(),
              decodedChildren);
    }
    if (enabled && storedTypes && !below && kept != null) {
      // any other stored dictionary: decoded as its values, encoded again after decoding
      DictionaryEncoding stored =
          new DictionaryEncoding(nextId++, kept.isOrdered(), kept.getIndexType());
      Field valueField = new Field(f.getName(), FieldType.nullable(f.getType()), outputFields);
      Field output =
          new Field(
              f.getName(),
              new FieldType(f.isNullable(), kept.getIndexType(), stored, f.getMetadata()),
              null);
      return new Shaped(
          decoded, output, new DictionaryStage.Encode(step, valueField, stored, path));
    }
    if (!changed) {
      return new Shaped(decoded, decoded.arrowField(), step);
    }
    FieldType type = new FieldType(f.isNullable(), f.getType(), null, f.getMetadata());
    return new Shaped(decoded, new Field(f.getName(), type, outputFields), step);
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
