package io.pqarrow.schema;

import io.pqarrow.extension.GeoWkbType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Restores, from a file's {@code ARROW:schema}, the Arrow types Parquet alone cannot express: time
 * zones, Date64, Time32(s), Timestamp(s), Duration, large and view layouts, dictionary encoding,
 * list flavours, map {@code keysSorted}, extension types and field metadata.
 *
 * <p>The result is a merge of the base mapping (what the Parquet schema says) with the stored
 * schema, field by field and recursively. Struct children and top-level fields are matched by name
 * (the Parquet name our writer gives an empty or repeated Arrow name, {@link
 * ArrowToParquet#parquetNames}, else the name itself, the first unused sibling of that name); a
 * list's element, a map's entries and their key and value by position. The restored field takes the
 * stored name. A stored field is taken when the Parquet column can hold it:
 *
 * <table>
 *   <caption>When a stored type replaces the base type</caption>
 *   <tr><th>base (from Parquet)</th><th>stored</th></tr>
 *   <tr><td>any</td><td>the same type</td></tr>
 *   <tr><td>Timestamp(u, tz)</td><td>Timestamp(u', tz'), u' stored in Parquet as u (s → ms);
 *       other units keep u and take tz'</td></tr>
 *   <tr><td>Date(DAY)</td><td>Date(any)</td></tr>
 *   <tr><td>Time(ms)</td><td>Time(s | ms); other units must be equal</td></tr>
 *   <tr><td>Int64</td><td>Duration(any)</td></tr>
 *   <tr><td>Utf8 / LargeUtf8 / Utf8View</td><td>any of them</td></tr>
 *   <tr><td>Binary / LargeBinary / BinaryView</td><td>any of them</td></tr>
 *   <tr><td>Interval(MONTH_DAY_NANO) or FixedSizeBinary(12) from INTERVAL</td><td>Interval(any)</td></tr>
 *   <tr><td>Decimal(p, s)</td><td>Decimal(p, s) of any bit width</td></tr>
 *   <tr><td>List</td><td>List, LargeList, FixedSizeList, ListView, LargeListView</td></tr>
 *   <tr><td>Map, Struct</td><td>Map (keysSorted from stored), Struct</td></tr>
 *   <tr><td>T</td><td>an extension type or dictionary over a type accepted for T; but a base
 *       extension type (from a Parquet annotation) is only replaced by an extension type</td></tr>
 * </table>
 *
 * A top-level union or run-end encoded field restores from its {@link ParquetForms Parquet form} (a
 * struct of {@code type_id} and the members; the values), the members or values merged by the same
 * rules; anywhere else the stored union or run-end encoded field does not fit.
 *
 * <p>The restored field keeps the base nullability (Parquet repetition is the truth about nulls)
 * and the stored field metadata, overlaid with the base's {@code PARQUET:field_id} and a {@code
 * true} {@code PARQUET:time_adjusted_to_utc}. Where a stored field does not fit (another name, an
 * incompatible type, no column for it, a column with no stored field), the base field is kept and a
 * warning names the path; an unreadable {@code ARROW:schema} is one warning and the base schema.
 * This never throws for bad stored schemas.
 *
 * <p>A restored type may need values converted on read (seconds from milliseconds, Date64 from
 * days, a dictionary built, a fixed list size checked); that is the file reader's job, which reads
 * {@link FieldMapping#arrowField()} as the target and {@link FieldMapping#parquetType()} as the
 * source.
 */
final class StoredSchemaToArrow {
  private final MappingOptions options;
  private final List<String> warnings = new ArrayList<>();

  /** How deep {@link #field} is: 1 for a top-level field. */
  private int depth;

  /** Resolves a stored geometry's {@code projjson:KEY} CRS against the file's metadata. */
  private final GeoCrsToArrow geo;

  private StoredSchemaToArrow(MappingOptions options, Map<String, String> keyValueMetadata) {
    this.options = options;
    this.geo = new GeoCrsToArrow(keyValueMetadata);
  }

  /**
   * {@code base} with the stored schema of its key-value metadata merged in; {@code base} itself
   * when there is none.
   */
  static SchemaMapping restore(SchemaMapping base, MappingOptions options) {
    return restore(base, options, null);
  }

  /**
   * As {@link #restore(SchemaMapping, MappingOptions)}, where {@code base} maps only the top-level
   * fields named {@code names} (each once): only those stored fields are converted and merged;
   * {@code null} when the stored top-level names are not unique and non-empty, so that a selection
   * by name could pair other fields than the whole schema's merge ({@link #children}).
   *
   * @param names the names of {@code base}'s top-level fields; {@code null} when it maps all
   */
  static SchemaMapping restore(SchemaMapping base, MappingOptions options, Set<String> names) {
    String encoded = base.keyValueMetadata().get(StoredArrowSchema.KEY);
    if (encoded == null) {
      return base;
    }
    StoredSchemaToArrow restore = new StoredSchemaToArrow(options, base.keyValueMetadata());
    restore.warnings.addAll(base.warnings());
    Optional<Schema> stored =
        names == null
            ? StoredArrowSchema.decode(encoded, restore.warnings, options.limits())
            : StoredArrowSchema.decodeFields(encoded, restore.warnings, options.limits(), names);
    if (stored == null) {
      return null;
    }
    if (stored.isEmpty()) {
      return new SchemaMapping(
          base.arrowSchema(),
          base.parquetSchema(),
          base.fields(),
          base.keyValueMetadata(),
          restore.warnings);
    }
    List<FieldMapping> fields = restore.children(base.fields(), stored.get().getFields(), "<root>");
    List<Field> arrowFields = new ArrayList<>(fields.size());
    for (FieldMapping f : fields) {
      arrowFields.add(f.arrowField());
    }
    Map<String, String> metadata = new LinkedHashMap<>();
    if (stored.get().getCustomMetadata() != null) {
      metadata.putAll(stored.get().getCustomMetadata());
    }
    if (base.arrowSchema().getCustomMetadata() != null) {
      metadata.putAll(base.arrowSchema().getCustomMetadata());
    }
    Schema schema = new Schema(arrowFields, metadata.isEmpty() ? null : metadata);
    for (String w : restore.geo.warnings()) {
      if (!restore.warnings.contains(w)) {
        restore.warnings.add(w);
      }
    }
    return new SchemaMapping(
        schema, base.parquetSchema(), fields, base.keyValueMetadata(), restore.warnings);
  }

  /** Each name's positions in {@code names}, ascending. */
  private static Map<String, ArrayDeque<Integer>> positions(List<String> names) {
    Map<String, ArrayDeque<Integer>> out = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      out.computeIfAbsent(names.get(i), k -> new ArrayDeque<>()).add(i);
    }
    return out;
  }

  /** The first of {@code positions} not yet {@code used} (used ones are dropped); -1: none. */
  private static int firstUnused(ArrayDeque<Integer> positions, boolean[] used) {
    if (positions == null) {
      return -1;
    }
    while (!positions.isEmpty() && used[positions.peekFirst()]) {
      positions.pollFirst();
    }
    return positions.isEmpty() ? -1 : positions.peekFirst();
  }

  /** Merges struct children (or top-level fields) by name; {@code where} names the parent. */
  private List<FieldMapping> children(List<FieldMapping> base, List<Field> stored, String where) {
    List<FieldMapping> result = new ArrayList<>(base.size());
    boolean[] used = new boolean[stored.size()];
    List<String> storedNames = new ArrayList<>(stored.size());
    for (Field f : stored) {
      storedNames.add(f.getName() == null ? "" : f.getName());
    }
    // As our writer names them in Parquet (empty and repeated names made unique) ...
    List<String> written = ArrowToParquet.parquetNames(storedNames);
    // the positions of each name, ascending, so a wide schema is matched in linear time
    Map<String, ArrayDeque<Integer>> byWritten = positions(written);
    Map<String, ArrayDeque<Integer>> byStored = positions(storedNames);
    for (FieldMapping b : base) {
      String name = b.arrowField().getName();
      int match = firstUnused(byWritten.get(name), used);
      // ... or as they are (pyarrow writes repeated names as they are): the first unused one.
      if (match < 0) {
        match = firstUnused(byStored.get(name), used);
      }
      if (match < 0) {
        warn(b, "no stored field named " + b.arrowField().getName());
        result.add(b);
      } else {
        used[match] = true;
        result.add(field(b, stored.get(match)));
      }
    }
    for (int i = 0; i < stored.size(); i++) {
      if (!used[i]) {
        warnings.add(
            "Ignored "
                + StoredArrowSchema.KEY
                + " at "
                + where
                + ": stored field "
                + stored.get(i).getName()
                + " has no Parquet column");
      }
    }
    return result;
  }

  private void warn(FieldMapping base, String problem) {
    warnings.add("Ignored " + StoredArrowSchema.KEY + " at " + base.dottedPath() + ": " + problem);
  }

  /** Merges one field; the base when the stored field does not fit. */
  private FieldMapping field(FieldMapping base, Field stored) {
    depth++;
    try {
      if (depth == 1 && stored.getType() instanceof ArrowType.Union) {
        return union(base, stored);
      }
      if (depth == 1 && stored.getType() instanceof ArrowType.RunEndEncoded) {
        return runEndEncoded(base, stored);
      }
      return merged(base, stored);
    } finally {
      depth--;
    }
  }

  /**
   * A top-level union from its {@link ParquetForms struct form}: the type id column, then one
   * member per stored child, each merged with it. The mapping's children are the members'; the type
   * id column is the Parquet group's first field.
   */
  private FieldMapping union(FieldMapping base, Field stored) {
    List<Field> members = stored.getChildren();
    List<FieldMapping> parts = base.children();
    if (base.arrowField().getType().getTypeID() != ArrowTypeID.Struct
        || parts.size() != members.size() + 1
        || !parts.get(0).arrowField().getType().equals(ParquetForms.TYPE_ID_TYPE)
        || !parts.get(0).parquetType().isPrimitive()
        || parts.get(0).arrowField().isNullable()) {
      return mismatch(base, stored);
    }
    int before = warnings.size();
    List<FieldMapping> restored = new ArrayList<>(members.size());
    for (int k = 0; k < members.size(); k++) {
      restored.add(field(parts.get(k + 1), members.get(k)));
    }
    if (warnings.size() > before) {
      return mismatch(base, stored);
    }
    // The members' columns are optional (a row holds one member); the union keeps the stored
    // nullability of each, while the mappings read them as the nullable columns they are.
    Field union = rebuilt(base, stored, stored.getType(), restored).arrowField();
    List<Field> children = new ArrayList<>(members.size());
    for (int k = 0; k < members.size(); k++) {
      Field c = union.getChildren().get(k);
      children.add(
          new Field(
              c.getName(),
              new FieldType(
                  members.get(k).isNullable(), c.getType(), c.getDictionary(), c.getMetadata()),
              c.getChildren()));
    }
    return new FieldMapping(
        new Field(union.getName(), union.getFieldType(), children),
        base.parquetType(),
        base.parquetPath(),
        restored);
  }

  /**
   * A top-level run-end encoded field from its values' column: the values merged with the stored
   * values field. The mapping's children are the values field's.
   */
  private FieldMapping runEndEncoded(FieldMapping base, Field stored) {
    if (stored.getChildren().size() != 2) {
      return mismatch(base, stored);
    }
    int before = warnings.size();
    FieldMapping values = field(base, stored.getChildren().get(1));
    if (warnings.size() > before) {
      return mismatch(base, stored);
    }
    Field named = rebuilt(base, stored, stored.getType(), List.of()).arrowField();
    Field ree =
        new Field(
            named.getName(),
            new FieldType(named.isNullable(), stored.getType(), null, named.getMetadata()),
            List.of(stored.getChildren().get(0), values.arrowField()));
    return new FieldMapping(ree, base.parquetType(), base.parquetPath(), values.children());
  }

  private FieldMapping merged(FieldMapping base, Field stored) {
    Field b = base.arrowField();
    ArrowType baseType = b.getType();
    ArrowType storedType = stored.getType();
    if (baseType instanceof ExtensionType && !(storedType instanceof ExtensionType)) {
      // The Parquet annotation says more than a stored schema that lacks the extension.
      return base;
    }
    ArrowType baseStorage = storage(baseType);
    ArrowType storedStorage = storage(storedType);
    if (base.children().size() != b.getChildren().size()) {
      return mismatch(base, stored);
    }
    List<FieldMapping> children;
    ArrowType restored = storedType;
    switch (baseStorage.getTypeID()) {
      case Struct -> {
        if (storedStorage.getTypeID() != ArrowTypeID.Struct) {
          return mismatch(base, stored);
        }
        children = children(base.children(), stored.getChildren(), base.dottedPath());
      }
      case List -> {
        if (!isList(storedStorage) || stored.getChildren().size() != 1) {
          return mismatch(base, stored);
        }
        children = List.of(field(base.children().get(0), stored.getChildren().get(0)));
      }
      case Map -> {
        if (storedStorage.getTypeID() != ArrowTypeID.Map
            || stored.getChildren().size() != 1
            || stored.getChildren().get(0).getChildren().size() != 2
            || base.children().get(0).children().size() != 2) {
          return mismatch(base, stored);
        }
        FieldMapping entries = base.children().get(0);
        Field storedEntries = stored.getChildren().get(0);
        List<FieldMapping> kv =
            List.of(
                field(entries.children().get(0), storedEntries.getChildren().get(0)),
                field(entries.children().get(1), storedEntries.getChildren().get(1)));
        children = List.of(rebuilt(entries, storedEntries, entries.arrowField().getType(), kv));
      }
      default -> {
        if (isNested(storedStorage)) {
          return mismatch(base, stored);
        }
        ArrowType leaf = leaf(baseStorage, storedStorage);
        if (leaf == null) {
          return mismatch(base, stored);
        }
        children = List.of();
        if (leaf != storedStorage) {
          // Only a timestamp whose unit the file does not hold: base unit, stored zone.
          restored = leaf;
        }
      }
    }
    if (restored instanceof GeoWkbType g) {
      // A writer stores the CRS reference as it found it (pyarrow: "projjson:KEY"); resolved here
      // as the Parquet annotation's is, so both give one type.
      restored = geo.resolved(g, base.dottedPath());
    }
    if (!options.extensionTypes() && restored instanceof ExtensionType ext) {
      restored = ext.storageType();
      stored = withExtensionMetadata(stored, ext);
    }
    return rebuilt(base, stored, restored, children);
  }

  private FieldMapping mismatch(FieldMapping base, Field stored) {
    warn(
        base,
        "stored type "
            + stored.getType()
            + " does not fit the Parquet column, read as "
            + base.arrowField().getType());
    return base;
  }

  /** The restored field: stored name, type, dictionary and metadata; base nullability. */
  private static FieldMapping rebuilt(
      FieldMapping base, Field stored, ArrowType type, List<FieldMapping> children) {
    Field b = base.arrowField();
    Map<String, String> metadata = new LinkedHashMap<>();
    if (stored.getMetadata() != null) {
      metadata.putAll(stored.getMetadata());
    }
    String id = b.getMetadata().get(ParquetFieldMetadata.FIELD_ID);
    if (id != null) {
      metadata.put(ParquetFieldMetadata.FIELD_ID, id);
    } else {
      metadata.remove(ParquetFieldMetadata.FIELD_ID);
    }
    if ("true".equals(b.getMetadata().get(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC))) {
      metadata.put(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "true");
    }
    List<Field> fields = new ArrayList<>(children.size());
    for (FieldMapping c : children) {
      fields.add(c.arrowField());
    }
    Field restored =
        new Field(
            stored.getName(),
            new FieldType(
                b.isNullable(), type, stored.getDictionary(), metadata.isEmpty() ? null : metadata),
            fields);
    return new FieldMapping(restored, base.parquetType(), base.parquetPath(), children);
  }

  private static Field withExtensionMetadata(Field stored, ExtensionType ext) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (stored.getMetadata() != null) {
      metadata.putAll(stored.getMetadata());
    }
    metadata.put(ArrowToParquet.EXTENSION_NAME, ext.extensionName());
    metadata.put(ArrowToParquet.EXTENSION_METADATA, ext.serialize());
    return new Field(
        stored.getName(),
        new FieldType(stored.isNullable(), ext.storageType(), stored.getDictionary(), metadata),
        stored.getChildren());
  }

  private static ArrowType storage(ArrowType type) {
    return type instanceof ExtensionType ext ? ext.storageType() : type;
  }

  private static boolean isList(ArrowType type) {
    return switch (type.getTypeID()) {
      case List, LargeList, FixedSizeList, ListView, LargeListView -> true;
      default -> false;
    };
  }

  private static boolean isNested(ArrowType type) {
    return isList(type)
        || switch (type.getTypeID()) {
          case Struct, Map, Union, RunEndEncoded -> true;
          default -> false;
        };
  }

  /**
   * The leaf type to restore for a column read as {@code base} when {@code stored} was written:
   * {@code stored} when the column holds it, a timestamp of the base unit with the stored zone when
   * only the unit differs, {@code null} when they do not fit.
   */
  private static ArrowType leaf(ArrowType base, ArrowType stored) {
    if (base.equals(stored)) {
      return stored;
    }
    switch (base.getTypeID()) {
      case Timestamp -> {
        if (!(stored instanceof ArrowType.Timestamp s)) {
          return null;
        }
        ArrowType.Timestamp b = (ArrowType.Timestamp) base;
        return parquetUnit(s.getUnit()) == parquetUnit(b.getUnit())
            ? stored
            : new ArrowType.Timestamp(b.getUnit(), s.getTimezone());
      }
      case Date -> {
        return stored.getTypeID() == ArrowTypeID.Date ? stored : null;
      }
      case Time -> {
        if (!(stored instanceof ArrowType.Time s)) {
          return null;
        }
        ArrowType.Time b = (ArrowType.Time) base;
        return parquetUnit(s.getUnit()) == parquetUnit(b.getUnit()) ? stored : null;
      }
      case Int -> {
        ArrowType.Int b = (ArrowType.Int) base;
        boolean int64 = b.getBitWidth() == 64 && b.getIsSigned();
        return int64 && stored.getTypeID() == ArrowTypeID.Duration ? stored : null;
      }
      case Utf8, LargeUtf8, Utf8View -> {
        return switch (stored.getTypeID()) {
          case Utf8, LargeUtf8, Utf8View -> stored;
          default -> null;
        };
      }
      case Binary, LargeBinary, BinaryView -> {
        return switch (stored.getTypeID()) {
          case Binary, LargeBinary, BinaryView -> stored;
          default -> null;
        };
      }
      case Interval -> {
        return stored.getTypeID() == ArrowTypeID.Interval ? stored : null;
      }
      case FixedSizeBinary -> {
        boolean interval = ((ArrowType.FixedSizeBinary) base).getByteWidth() == 12;
        return interval && stored.getTypeID() == ArrowTypeID.Interval ? stored : null;
      }
      case Decimal -> {
        if (!(stored instanceof ArrowType.Decimal s)) {
          return null;
        }
        ArrowType.Decimal b = (ArrowType.Decimal) base;
        return s.getPrecision() == b.getPrecision() && s.getScale() == b.getScale() ? stored : null;
      }
      default -> {
        return null;
      }
    }
  }

  /** The unit Parquet stores a time or timestamp of {@code unit} in (no seconds in Parquet). */
  private static TimeUnit parquetUnit(TimeUnit unit) {
    return unit == TimeUnit.SECOND ? TimeUnit.MILLISECOND : unit;
  }
}
