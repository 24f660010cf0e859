package io.pqarrow.spark;

import static io.pqarrow.extension.VariantType.TYPED_VALUE;
import static io.pqarrow.extension.VariantType.VALUE;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.Shredding;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.catalyst.expressions.variant.ObjectExtraction;
import org.apache.spark.sql.catalyst.expressions.variant.VariantCastArgs;
import org.apache.spark.sql.catalyst.expressions.variant.VariantGet;
import org.apache.spark.sql.catalyst.expressions.variant.VariantPathParser;
import org.apache.spark.sql.catalyst.expressions.variant.VariantPathSegment;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.execution.datasources.VariantMetadata;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.util.ArrowUtils;
import org.apache.spark.unsafe.types.UTF8String;
import org.apache.spark.unsafe.types.VariantVal;
import scala.Option;

/**
 * {@code variant_get} / {@code try_variant_get} (and casts of a Variant) pushed into the scan
 * ({@link org.apache.spark.sql.connector.read.SupportsPushDownVariantExtractions}).
 *
 * <p>When Spark pushes extractions of a Variant column, the column's read type becomes a struct of
 * fields {@code "0"}, {@code "1"}, … (one per extraction, in the order Spark gave them), each of
 * the extraction's target type and carrying Spark's {@code VariantMetadata} (path, failOnError,
 * time zone). The scan fills that struct. An extraction whose path runs through shredded objects to
 * a typed column of exactly its target type copies that column ({@link Shredded}; Spark's cast only
 * for the rows whose value has another type); every other is Spark's own {@code
 * VariantGet.variantGet} (path and cast) on each row's value, the column unshredded as for a
 * whole-value read. So navigation and casts (strings parsed as numbers, numbers across types,
 * timestamps in the session time zone, errors of {@code variant_get} and nulls of {@code
 * try_variant_get}) are exactly Spark's, on exactly the values a read without pushdown gives. SQL
 * NULL rows are null structs (so {@code v IS NULL} stays true), a missing path or a Variant null is
 * a null field.
 *
 * <p>Of a shredded column only what the paths need is read ({@link #paths}): the metadata and,
 * along each path, the shredded field's columns (or the residual {@code value} where the key is not
 * shredded), so an extraction of one shredded field reads that field's columns, not the document.
 * Only with the option {@code variantPushdown=true}: Spark 4.2 builds a scan with pushed
 * extractions without pruning its other columns, so every column of the relation is then read.
 *
 * <p>Accepted: top-level Variant columns; targets boolean, byte, short, int, long, float, double,
 * decimal, string (default collation), binary, date, timestamp, timestamp_ntz and variant; the
 * extractions Spark offers at once are accepted all together or not at all ({@link #push}).
 */
final class SparkVariantExtraction {
  private SparkVariantExtraction() {}

  /**
   * Which of {@code extractions} the scan takes: all of them, or none. Spark 4.2 rewrites every
   * Variant of a column once it accepts one extraction of it, and rewrites the expressions over
   * every Variant it offered, accepted or not (a rejected one then fails planning): so the scan
   * takes the extractions only when it can do every one. Those accepted are added to {@code
   * accepted} by column name, in order.
   */
  static boolean[] push(
      VariantExtraction[] extractions,
      StructType schema,
      Map<String, List<VariantExtraction>> accepted) {
    boolean[] out = new boolean[extractions.length];
    for (VariantExtraction e : extractions) {
      if (e.columnName().length != 1
          || !isVariant(schema, e.columnName()[0])
          || !supported(e)
          || isWholeColumn(e)) {
        return out;
      }
    }
    for (int i = 0; i < extractions.length; i++) {
      out[i] = true;
      accepted
          .computeIfAbsent(extractions[i].columnName()[0], k -> new ArrayList<>())
          .add(extractions[i]);
    }
    return out;
  }

  /**
   * Whether {@code e} asks for the whole Variant ({@code $} as a Variant): Spark offers that when
   * the column itself is passed up, past the operations it collected extractions from (a {@code
   * Project} or {@code Filter} directly above the scan), to an aggregate, a join, a window or a
   * subquery whose own {@code variant_get}s it neither offers nor rewrites. Accepting would turn
   * the column into the struct of extractions under those operators, whose expressions still read
   * it as a Variant: planning fails ({@code Could not find v#0 in [sum#5L]}) or values are misread.
   * So such a batch is declined whole, and the query runs as without pushdown.
   */
  static boolean isWholeColumn(VariantExtraction e) {
    if (e.expectedDataType() != DataTypes.VariantType) {
      return false;
    }
    try {
      scala.Option<VariantPathSegment[]> path =
          VariantPathParser.parse(VariantMetadata.fromMetadata(e.metadata()).path());
      return path.isDefined() && path.get().length == 0;
    } catch (RuntimeException bad) {
      return true;
    }
  }

  private static boolean isVariant(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equals(name)) {
        return f.dataType() == DataTypes.VariantType;
      }
    }
    return false;
  }

  private static boolean supported(VariantExtraction e) {
    Metadata m = e.metadata();
    if (!m.contains(VariantMetadata.METADATA_KEY())) {
      return false;
    }
    VariantMetadata vm;
    try {
      vm = VariantMetadata.fromMetadata(m);
    } catch (RuntimeException bad) {
      return false;
    }
    return VariantPathParser.parse(vm.path()).isDefined() && supportedType(e.expectedDataType());
  }

  private static boolean supportedType(DataType t) {
    return t == DataTypes.StringType
        || t instanceof BooleanType
        || t instanceof ByteType
        || t instanceof ShortType
        || t instanceof IntegerType
        || t instanceof LongType
        || t instanceof FloatType
        || t instanceof DoubleType
        || t instanceof DecimalType
        || t instanceof BinaryType
        || t instanceof DateType
        || t instanceof TimestampType
        || t instanceof TimestampNTZType
        || t == DataTypes.VariantType;
  }

  /**
   * {@code required} with each column of {@code accepted} replaced by the struct Spark expects: a
   * field {@code "i"} per extraction, of its target type, with its metadata.
   */
  static StructType readSchema(StructType required, Map<String, List<VariantExtraction>> accepted) {
    if (accepted.isEmpty()) {
      return required;
    }
    StructField[] fields = required.fields().clone();
    for (int f = 0; f < fields.length; f++) {
      List<VariantExtraction> list = accepted.get(fields[f].name());
      if (list != null) {
        StructField[] parts = new StructField[list.size()];
        for (int i = 0; i < parts.length; i++) {
          parts[i] =
              new StructField(
                  Integer.toString(i),
                  list.get(i).expectedDataType(),
                  true,
                  list.get(i).metadata());
        }
        fields[f] =
            new StructField(
                fields[f].name(),
                new StructType(parts),
                fields[f].nullable(),
                fields[f].metadata());
      }
    }
    return new StructType(fields);
  }

  /**
   * The bridge's column paths that read of Variant column {@code column} what the extractions of
   * {@code wanted} need: per extraction, the column followed by the object keys its path starts
   * with (up to the first array index), e.g. {@code v.b.c} for {@code $.b.c} and {@code v.arr} for
   * {@code $.arr[0]}. The bridge then reads only the metadata and, along each path, the shredded
   * columns or residual {@code value} that can hold it ({@code ReadOptions.columns}); a path of no
   * key ({@code $}, {@code $[1]}), or an empty key, reads the column whole; a key that holds a dot
   * is written in backticks.
   */
  static List<String> paths(String column, StructType wanted) {
    List<String> out = new ArrayList<>();
    for (StructField f : wanted.fields()) {
      StringBuilder path = new StringBuilder(column);
      for (VariantPathSegment segment : VariantMetadata.fromMetadata(f.metadata()).parsedPath()) {
        if (!(segment instanceof ObjectExtraction key)) {
          break;
        }
        if (key.key().isEmpty()) {
          return List.of(column);
        }
        path.append('.').append(SparkReads.name(key.key()));
      }
      if (path.length() == column.length()) {
        return List.of(column);
      }
      if (!out.contains(path.toString())) {
        out.add(path.toString());
      }
    }
    return out;
  }

  /** Whether a read type is a struct of pushed extractions. */
  static boolean isExtractions(DataType t) {
    return VariantMetadata.isVariantStruct(t);
  }

  /** The pushed extractions of {@code schema}, for the scan's description; empty when none. */
  static String describe(StructType schema) {
    List<String> out = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (isExtractions(f.dataType())) {
        for (StructField p : ((StructType) f.dataType()).fields()) {
          VariantMetadata m = VariantMetadata.fromMetadata(p.metadata());
          out.add(
              f.name()
                  + "."
                  + p.name()
                  + "="
                  + (m.failOnError() ? "variant_get(" : "try_variant_get(")
                  + f.name()
                  + ", '"
                  + m.path()
                  + "', "
                  + p.dataType().catalogString()
                  + ")");
        }
      }
    }
    return out.isEmpty() ? "" : out.toString();
  }

  /** The converter of a Variant column read as the struct {@code wanted} of extractions. */
  static SparkColumns.Column column(Field source, StructType wanted) {
    return new Extract(source.getName(), wanted);
  }

  /**
   * Which extractions of {@code wanted} a batch {@code in} answers from its typed columns alone
   * ({@link Shredded}), in order; the others go through Spark's {@code VariantGet}.
   */
  static boolean[] typedParts(VariantVector in, StructType wanted) {
    Extract e = new Extract(in.getName(), wanted);
    boolean[] out = new boolean[e.parts.size()];
    for (int p = 0; p < out.length; p++) {
      out[p] = Shredded.of(in, e.parts.get(p), e.target.getChildren().get(p).getType()) != null;
    }
    return out;
  }

  /** One extraction: Spark's parsed path, target type and cast arguments. */
  private record Part(VariantPathSegment[] path, DataType type, VariantCastArgs args) {}

  /** The path of a value itself. */
  private static final VariantPathSegment[] NO_PATH = new VariantPathSegment[0];

  /**
   * An extraction whose path is a chain of shredded object fields ending on a {@code typed_value}
   * column of exactly the target's Arrow type (an int64 column for {@code 'long'}, a string column
   * for {@code 'string'}, a decimal of the same precision and scale, ...): a row's result is then
   * that column's value, copied, with no Variant decoded. By the shredding rules a row is null for
   * the path when an object level's {@code typed_value} is null (the value there is not an object),
   * and, when the typed column is null, the result is Spark's cast of the field's {@code value}
   * alone (a value of another type), or null when that is null too (the key is missing).
   */
  private static final class Shredded {
    /** The {@code typed_value} struct of each object along the path, the top level first. */
    private final StructVector[] objects;

    /** The last field's {@code value}, or null when the file has none. */
    final VarBinaryVector value;

    /** The last field's {@code typed_value}. */
    final FieldVector typed;

    private Shredded(StructVector[] objects, VarBinaryVector value, FieldVector typed) {
      this.objects = objects;
      this.value = value;
      this.typed = typed;
    }

    /** Whether a level along the path is not an object in row {@code i}. */
    boolean missing(int i) {
      for (StructVector o : objects) {
        if (o.isNull(i)) {
          return true;
        }
      }
      return false;
    }

    /**
     * The shredded columns of {@code part} in {@code in}, or null when its path leaves the shredded
     * objects (an array index, a key not shredded) or ends on another type than {@code target}.
     */
    static Shredded of(VariantVector in, Part part, ArrowType target) {
      if (part.path().length == 0 || part.type() == DataTypes.VariantType) {
        return null;
      }
      StructVector level = in.getUnderlyingVector();
      StructVector[] objects = new StructVector[part.path().length];
      for (int k = 0; k < objects.length; k++) {
        if (!(part.path()[k] instanceof ObjectExtraction key)
            || !(level.getChild(TYPED_VALUE) instanceof StructVector object)
            || !(object.getChild(key.key()) instanceof StructVector field)) {
          return null;
        }
        objects[k] = object;
        level = field;
      }
      FieldVector typed = (FieldVector) level.getChild(TYPED_VALUE);
      Object value = level.getChild(VALUE);
      if (typed == null
          || !typed.getField().getType().equals(target)
          || typed.getField().getDictionary() != null
          || (value != null && !(value instanceof VarBinaryVector))) {
        return null;
      }
      return new Shredded(objects, (VarBinaryVector) value, typed);
    }
  }

  /**
   * Fills the struct of extractions from a batch's Variant vector: from the typed columns where
   * they answer an extraction exactly ({@link Shredded}), else from the column unshredded as for a
   * whole-value read (so the values are the ones Spark sees without pushdown) by Spark's own {@code
   * VariantGet.variantGet} per row.
   */
  private static final class Extract extends SparkColumns.Column {
    private final List<Part> parts = new ArrayList<>();

    Extract(String name, StructType wanted) {
      super(name, ArrowUtils.toArrowField(name, wanted, true, "UTC", false, Metadata.empty()));
      for (StructField f : wanted.fields()) {
        VariantMetadata m = VariantMetadata.fromMetadata(f.metadata());
        String zone = m.timeZoneId();
        parts.add(
            new Part(
                m.parsedPath(),
                f.dataType(),
                new VariantCastArgs(
                    m.failOnError(), Option.apply(zone), DateTimeUtils.getZoneId(zone))));
      }
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      VariantVector in = (VariantVector) src;
      if (in.metadataVector().getField().getDictionary() != null) {
        throw new SparkColumns.UnsupportedColumnException(
            path, "dictionary-encoded Variant metadata is not read into Spark");
      }
      Shredded[] typed = new Shredded[parts.size()];
      boolean slow = false;
      for (int p = 0; p < typed.length; p++) {
        typed[p] = Shredded.of(in, parts.get(p), target.getChildren().get(p).getType());
        slow |= typed[p] == null;
      }
      if (slow && in.typedValueVector() != null) {
        try (VariantVector plain = Shredding.unshred(in, allocator)) {
          return build(in, plain, typed, allocator);
        }
      }
      return build(in, slow ? in : null, typed, allocator);
    }

    /**
     * Fills the struct of extractions: those of {@code typed} (non-null entries) from the shredded
     * columns of {@code in}, the others by Spark's {@code VariantGet} on the rows of {@code plain}
     * ({@code in} unshredded; may be null when every extraction is typed).
     */
    private FieldVector build(
        VariantVector in, VariantVector plain, Shredded[] typed, BufferAllocator allocator) {
      int n = in.getValueCount();
      StructVector dst = (StructVector) target.createVector(allocator);
      try {
        FieldVector storage = in.getUnderlyingVector();
        dst.loadFieldBuffers(
            new ArrowFieldNode(n, storage.getNullCount()), List.of(storage.getValidityBuffer()));
        List<FieldVector> children = dst.getChildrenFromFields();
        Writer[] writers = new Writer[parts.size()];
        for (int p = 0; p < writers.length; p++) {
          writers[p] = Writer.of(children.get(p), n);
        }
        // Unshredding may rewrite the metadata: rows of plain use plain's, typed fields in's.
        FieldVector metadata = in.metadataVector();
        byte[] meta = null;
        int metaRow = -1;
        FieldVector plainMetadata = plain == null ? null : plain.metadataVector();
        byte[] plainMeta = null;
        int plainMetaRow = -1;
        FieldVector values = plain == null ? null : plain.valueVector();
        VariantVal row = null;
        for (int i = 0; i < n; i++) {
          if (in.isNull(i)) {
            for (Writer w : writers) {
              w.setNull(i);
            }
            continue;
          }
          if (plain != null) {
            plainMeta = metadata(plainMetadata, i, plainMetaRow, plainMeta);
            plainMetaRow = i;
            row = new VariantVal((byte[]) values.getObject(i), plainMeta);
          }
          for (int p = 0; p < writers.length; p++) {
            Part part = parts.get(p);
            Shredded t = typed[p];
            Object v;
            if (t == null) {
              v = VariantGet.variantGet(row, part.path(), part.type(), part.args());
            } else if (t.missing(i)) {
              v = null;
            } else if (!t.typed.isNull(i)) {
              children.get(p).copyFromSafe(i, i, t.typed);
              continue;
            } else if (t.value == null || t.value.isNull(i)) {
              v = null;
            } else {
              // A value of another type than the shredded one: Spark's cast of it, alone.
              meta = metadata(metadata, i, metaRow, meta);
              metaRow = i;
              VariantVal leaf = new VariantVal(t.value.getObject(i), meta);
              v = VariantGet.variantGet(leaf, NO_PATH, part.type(), part.args());
            }
            if (v == null) {
              writers[p].setNull(i);
            } else {
              writers[p].set(i, v);
            }
          }
        }
        dst.setValueCount(n);
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }

    /**
     * Row {@code i}'s metadata: {@code previous}, the metadata of row {@code row}, again when the
     * bytes are the same (files usually repeat one dictionary), else a copy.
     */
    private static byte[] metadata(FieldVector metadata, int i, int row, byte[] previous) {
      if (previous != null && metadata instanceof VarBinaryVector m) {
        ArrowBuf bytes = m.getDataBuffer();
        if (ByteFunctionHelpers.equal(
                bytes,
                m.getStartOffset(row),
                m.getEndOffset(row),
                bytes,
                m.getStartOffset(i),
                m.getEndOffset(i))
            != 0) {
          return previous;
        }
      }
      return (byte[]) metadata.getObject(i);
    }
  }

  /** Puts Spark's cast results into an Arrow vector of the target type. */
  private abstract static class Writer {
    abstract void set(int i, Object v);

    abstract void setNull(int i);

    static Writer of(FieldVector out, int n) {
      if (out instanceof StructVector variant) {
        return variantWriter(variant, n);
      }
      out.setInitialCapacity(n);
      out.allocateNew();
      Setter setter = setter(out);
      return new Writer() {
        @Override
        void set(int i, Object v) {
          setter.set(i, v);
        }

        @Override
        void setNull(int i) {
          out.setNull(i);
        }
      };
    }

    /** How a cast result of the vector's type is stored, chosen once per batch. */
    private interface Setter {
      void set(int i, Object v);
    }

    private static Setter setter(FieldVector out) {
      // Spark's cast gives the boxed value of the target type: Byte, Short, Integer, Long (for
      // dates and timestamps too), Float, Double, Decimal, UTF8String or byte[].
      if (out instanceof BitVector b) {
        return (i, v) -> b.setSafe(i, (Boolean) v ? 1 : 0);
      } else if (out instanceof BaseIntVector b) {
        return (i, v) -> b.setWithPossibleTruncate(i, ((Number) v).longValue());
      } else if (out instanceof FloatingPointVector b) {
        return (i, v) -> b.setWithPossibleTruncate(i, ((Number) v).doubleValue());
      } else if (out instanceof DateDayVector b) {
        return (i, v) -> b.setSafe(i, (Integer) v);
      } else if (out instanceof TimeStampVector b) {
        return (i, v) -> b.setSafe(i, (Long) v);
      } else if (out instanceof DecimalVector b) {
        return (i, v) -> b.setSafe(i, decimal((Decimal) v, b.getScale()));
      } else if (out instanceof VarCharVector b) {
        return (i, v) -> b.setSafe(i, ((UTF8String) v).getBytes());
      } else if (out instanceof VarBinaryVector b) {
        return (i, v) -> b.setSafe(i, (byte[]) v);
      }
      throw new IllegalStateException("No writer for " + out.getField().getType());
    }

    private static BigDecimal decimal(Decimal d, int scale) {
      return d.toJavaBigDecimal().setScale(scale);
    }

    private static Writer variantWriter(StructVector out, int n) {
      VarBinaryVector value = (VarBinaryVector) out.getChild("value");
      VarBinaryVector metadata = (VarBinaryVector) out.getChild("metadata");
      out.setInitialCapacity(n);
      out.allocateNew();
      return new Writer() {
        @Override
        void set(int i, Object v) {
          VariantVal val = (VariantVal) v;
          out.setIndexDefined(i);
          value.setSafe(i, val.getValue());
          metadata.setSafe(i, val.getMetadata());
        }

        @Override
        void setNull(int i) {
          out.setNull(i);
          value.setSafe(i, new byte[0]);
          metadata.setSafe(i, new byte[0]);
        }
      };
    }
  }
}
