package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.schema.FutureLogicalType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;

/**
 * Seeded random schemas, odd trees and odd key-value metadata through both entry points of {@link
 * SchemaMapper}: each either maps or raises {@link SchemaException} whose message names a path;
 * nothing else escapes. The trees are built with constructors that do not check, the way a footer
 * or an IPC schema from another writer reaches us.
 */
class SchemaMapperFuzzTest {
  private static final String[] NAMES = {"a", "b", "list", "element", "key", "value", "metadata"};

  @Test
  void randomParquetTreesWithOddMetadataMapOrRaiseSchemaException() {
    Random r = new Random(20261122);
    int mapped = 0;
    int rejected = 0;
    for (int i = 0; i < 4000; i++) {
      MessageType m = new MessageType("m", children(r, 3));
      Map<String, String> kv = oddKeyValueMetadata(r);
      try {
        SchemaMapping mapping = SchemaMapper.toArrow(m, kv, MappingOptions.defaults());
        mapped++;
        // What we produced must map back (or be refused cleanly).
        SchemaMapper.toParquet(mapping.arrowSchema(), MappingOptions.defaults());
      } catch (SchemaException e) {
        rejected++;
        assertTrue(e.getMessage().contains(" at "), e.getMessage());
      } catch (RuntimeException | StackOverflowError e) {
        fail("seed case " + i + ": " + m + " with " + kv + ": " + e, e);
      }
    }
    assertTrue(mapped > 500 && rejected > 500, mapped + " mapped, " + rejected + " rejected");
  }

  @Test
  void randomArrowTreesWithOddFieldMetadataMapOrRaiseSchemaException() {
    Random r = new Random(7);
    int mapped = 0;
    int rejected = 0;
    for (int i = 0; i < 4000; i++) {
      List<Field> fields = new ArrayList<>();
      int n = 1 + r.nextInt(3);
      for (int f = 0; f < n; f++) {
        fields.add(arrowField(r, "f" + f, 3));
      }
      Schema s = new Schema(fields);
      try {
        SchemaMapping mapping = SchemaMapper.toParquet(s, MappingOptions.defaults());
        mapped++;
        SchemaMapper.toArrow(
            mapping.parquetSchema(), mapping.keyValueMetadata(), MappingOptions.defaults());
      } catch (SchemaException e) {
        rejected++;
        assertTrue(e.getMessage().contains(" at "), e.getMessage());
      } catch (RuntimeException | StackOverflowError e) {
        fail("seed case " + i + ": " + s + ": " + e, e);
      }
    }
    assertTrue(mapped > 500 && rejected > 500, mapped + " mapped, " + rejected + " rejected");
  }

  // ---- Parquet trees ----

  private static Type[] children(Random r, int depth) {
    int n = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(3);
    Type[] t = new Type[n];
    for (int i = 0; i < n; i++) {
      t[i] = parquetType(r, depth);
    }
    return t;
  }

  private static Type parquetType(Random r, int depth) {
    Repetition rep = Repetition.values()[r.nextInt(3)];
    String name = NAMES[r.nextInt(NAMES.length)] + (r.nextInt(4) == 0 ? "" : r.nextInt(5));
    Type t;
    if (depth > 0 && r.nextInt(3) == 0) {
      OriginalType[] groupAnnotations = {
        null, OriginalType.LIST, OriginalType.MAP, OriginalType.MAP_KEY_VALUE
      };
      int pick = r.nextInt(6);
      if (pick < 4) {
        t = new GroupType(rep, name, groupAnnotations[pick], children(r, depth - 1));
      } else if (pick == 4) {
        t = variantGroup(rep, name, children(r, depth - 1));
      } else {
        t = FutureLogicalType.group(rep, name, children(r, depth - 1));
      }
    } else {
      PrimitiveTypeName p =
          PrimitiveTypeName.values()[r.nextInt(PrimitiveTypeName.values().length)];
      int length = p == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY ? r.nextInt(20) : 0;
      t = new PrimitiveType(rep, p, length, name).withLogicalTypeAnnotation(annotation(r));
    }
    return r.nextInt(3) == 0 ? t.withId(r.nextInt(5) - 1) : t;
  }

  /** A VARIANT group, or a plain group when parquet-java's builder refuses the children. */
  private static Type variantGroup(Repetition rep, String name, Type[] fields) {
    try {
      return org.apache.parquet.schema.Types.buildGroup(rep)
          .as(LogicalTypeAnnotation.variantType((byte) 1))
          .addFields(fields)
          .named(name);
    } catch (RuntimeException e) {
      return new GroupType(rep, name, fields);
    }
  }

  private static LogicalTypeAnnotation annotation(Random r) {
    switch (r.nextInt(14)) {
      case 0:
        return LogicalTypeAnnotation.stringType();
      case 1:
        return LogicalTypeAnnotation.decimalType(r.nextInt(5) - 1, r.nextInt(80) - 1);
      case 2:
        return LogicalTypeAnnotation.geometryType(crs(r));
      case 3:
        return LogicalTypeAnnotation.geographyType(
            crs(r),
            r.nextBoolean()
                ? null
                : EdgeInterpolationAlgorithm.values()[
                    r.nextInt(EdgeInterpolationAlgorithm.values().length)]);
      case 4:
        return LogicalTypeAnnotation.intType(8 << r.nextInt(4), r.nextBoolean());
      case 5:
        return LogicalTypeAnnotation.timestampType(
            r.nextBoolean(), LogicalTypeAnnotation.TimeUnit.values()[r.nextInt(3)]);
      case 6:
        return LogicalTypeAnnotation.timeType(
            r.nextBoolean(), LogicalTypeAnnotation.TimeUnit.values()[r.nextInt(3)]);
      case 7:
        return LogicalTypeAnnotation.uuidType();
      case 8:
        return LogicalTypeAnnotation.jsonType();
      case 9:
        return LogicalTypeAnnotation.float16Type();
      case 10:
        return LogicalTypeAnnotation.intervalType();
      case 11:
        return LogicalTypeAnnotation.variantType((byte) 1);
      case 12:
        return FutureLogicalType.INSTANCE;
      default:
        return null;
    }
  }

  private static String crs(Random r) {
    String[] crs = {
      null,
      "",
      "OGC:CRS84",
      "srid:",
      "srid:abc",
      "srid:4326",
      "projjson:",
      "projjson:k",
      "projjson:missing",
      "EPSG:4326",
      "{}",
      "PROJCRS[\"x\"]"
    };
    return crs[r.nextInt(crs.length)];
  }

  private static Map<String, String> oddKeyValueMetadata(Random r) {
    Map<String, String> kv = new HashMap<>();
    switch (r.nextInt(8)) {
      case 0:
        kv.put("ARROW:schema", "not base64 !!");
        break;
      case 1:
        byte[] junk = new byte[r.nextInt(64)];
        r.nextBytes(junk);
        kv.put("ARROW:schema", Base64.getEncoder().encodeToString(junk));
        break;
      case 2:
        kv.put("ARROW:schema", storedSchemaMutated(r));
        break;
      case 3:
        kv.put("projjson:k", r.nextBoolean() ? "{\"type\": \"GeographicCRS\"}" : "[1, 2");
        kv.put("projjson:", "null");
        break;
      case 4:
        kv.put("ARROW:schema", "");
        break;
      default:
        break;
    }
    return kv;
  }

  /** A valid stored schema of a small Arrow schema, with a few bytes overwritten. */
  private static String storedSchemaMutated(Random r) {
    Schema s =
        new Schema(
            List.of(
                new Field(
                    "a",
                    new FieldType(
                        true,
                        new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"),
                        null,
                        Map.of("note", "x")),
                    null),
                Field.nullable("b", ArrowType.Utf8.INSTANCE)));
    String stored =
        SchemaMapper.toParquet(s, MappingOptions.defaults()).keyValueMetadata().get("ARROW:schema");
    byte[] bytes = Base64.getDecoder().decode(stored);
    for (int k = r.nextInt(4); k >= 0; k--) {
      bytes[r.nextInt(bytes.length)] = (byte) r.nextInt(256);
    }
    return Base64.getEncoder().encodeToString(bytes);
  }

  // ---- Arrow trees ----

  private static Field arrowField(Random r, String name, int depth) {
    Map<String, String> md = fieldMetadata(r);
    boolean nullable = r.nextBoolean();
    if (depth > 0 && r.nextInt(3) == 0) {
      ArrowType[] nested = {
        ArrowType.List.INSTANCE,
        ArrowType.LargeList.INSTANCE,
        ArrowType.ListView.INSTANCE,
        new ArrowType.FixedSizeList(r.nextInt(3)),
        ArrowType.Struct.INSTANCE,
        new ArrowType.Map(r.nextBoolean()),
        new ArrowType.Union(UnionMode.Sparse, null),
        new ArrowType.RunEndEncoded(),
        io.pqarrow.extension.VariantType.INSTANCE,
      };
      ArrowType type = nested[r.nextInt(nested.length)];
      List<Field> children = new ArrayList<>();
      int n = r.nextInt(4); // 0 and 3 children are wrong for lists and maps on purpose
      for (int i = 0; i < n; i++) {
        children.add(
            arrowField(r, r.nextBoolean() ? NAMES[r.nextInt(NAMES.length)] : "c" + i, depth - 1));
      }
      return new Field(name, new FieldType(nullable, type, null, md), children);
    }
    ArrowType[] leaves = {
      ArrowType.Null.INSTANCE,
      new ArrowType.Int(8 << r.nextInt(4), r.nextBoolean()),
      new ArrowType.FloatingPoint(FloatingPointPrecision.values()[r.nextInt(3)]),
      new ArrowType.Decimal(r.nextInt(80), r.nextInt(40) - 1, r.nextBoolean() ? 128 : 256),
      new ArrowType.Date(DateUnit.values()[r.nextInt(2)]),
      new ArrowType.Time(TimeUnit.values()[r.nextInt(4)], 32 << r.nextInt(2)),
      new ArrowType.Timestamp(TimeUnit.values()[r.nextInt(4)], r.nextBoolean() ? null : "UTC"),
      new ArrowType.Duration(TimeUnit.values()[r.nextInt(4)]),
      new ArrowType.Interval(IntervalUnit.values()[r.nextInt(3)]),
      ArrowType.Utf8.INSTANCE,
      ArrowType.LargeBinary.INSTANCE,
      ArrowType.BinaryView.INSTANCE,
      new ArrowType.FixedSizeBinary(r.nextInt(20)),
      ArrowType.Bool.INSTANCE,
      io.pqarrow.extension.JsonType.UTF8,
      io.pqarrow.extension.GeoWkbType.DEFAULT,
      org.apache.arrow.vector.extension.UuidType.INSTANCE,
    };
    ArrowType type = leaves[r.nextInt(leaves.length)];
    DictionaryEncoding dict =
        r.nextInt(8) == 0
            ? new DictionaryEncoding(1, r.nextBoolean(), new ArrowType.Int(32, true))
            : null;
    return new Field(name, new FieldType(nullable, type, dict, md), null);
  }

  private static Map<String, String> fieldMetadata(Random r) {
    switch (r.nextInt(10)) {
      case 0:
        return Map.of(
            "PARQUET:field_id", new String[] {"x", "", "-5", "99999999999", " 3 "}[r.nextInt(5)]);
      case 1:
        return Map.of(
            "ARROW:extension:name",
            new String[] {"arrow.json", "geoarrow.wkb", "arrow.uuid", "arrow.parquet.variant"}
                [r.nextInt(4)],
            "ARROW:extension:metadata",
            new String[] {"", "{}", "{\"crs\": 5}", "[", "{\"edges\": \"x\"}"}[r.nextInt(5)]);
      case 2:
        return Map.of("PARQUET:field_id", "1");
      default:
        return null;
    }
  }
}
