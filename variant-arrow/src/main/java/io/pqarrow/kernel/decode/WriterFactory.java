package io.pqarrow.kernel.decode;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.VariantClass;
import io.pqarrow.kernel.cast.BytesWriters;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.NullWriter;
import io.pqarrow.kernel.cast.NumberWriters;
import io.pqarrow.kernel.cast.TemporalWriters;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Builds the writer tree for a target vector, once per kernel call: the one place that switches on
 * the target type. Unsupported targets fail here, before any row is read: {@code Unsupported target
 * type at <field path>: <type>}.
 */
public final class WriterFactory {
  private final CastContext ctx;

  public WriterFactory(CastContext ctx) {
    this.ctx = ctx;
  }

  /** The writer of {@code vector}, created from {@code field}. */
  public ValueWriter create(FieldVector vector, Field field, String path) {
    ArrowType type = field.getType();
    String target = path + " (" + describe(type) + ")";
    if (type instanceof VariantType) {
      VariantVector v = (VariantVector) vector;
      if (!(v.metadataVector() instanceof org.apache.arrow.vector.VarBinaryVector)
          || !(v.valueVector() instanceof org.apache.arrow.vector.VarBinaryVector)
          || v.typedValueVector() != null) {
        throw unsupported(
            path, "a Variant target must be unshredded with Binary metadata and value");
      }
      return new VariantValueWriter(ctx, target, v);
    }
    if (UuidExtension.isUuid(field)) {
      return new BytesWriters.FixedWriter(ctx, target, vector);
    }
    switch (type.getTypeID()) {
      case Null:
        return new NullWriter(ctx, target, (NullVector) vector);
      case Bool:
        return new NumberWriters.BooleanWriter(ctx, target, (BitVector) vector);
      case Int:
        return NumberWriters.integer(ctx, target, vector);
      case FloatingPoint:
        return switch (((ArrowType.FloatingPoint) type).getPrecision()) {
          case HALF -> new NumberWriters.Float16Writer(ctx, target, (Float2Vector) vector);
          case SINGLE -> new NumberWriters.Float32Writer(ctx, target, (Float4Vector) vector);
          case DOUBLE -> new NumberWriters.Float64Writer(ctx, target, (Float8Vector) vector);
        };
      case Decimal:
        {
          ArrowType.Decimal d = (ArrowType.Decimal) type;
          int maxPrecision = d.getBitWidth() == 128 ? 38 : 76;
          if (d.getPrecision() < 1 || d.getPrecision() > maxPrecision) {
            // Arrow's type accepts any precision, but its vectors fail on the first wide value
            throw unsupported(
                path, describe(type) + " (precision must be 1 to " + maxPrecision + ")");
          }
          ValueWriter w = NumberWriters.decimal(ctx, target, vector);
          if (w == null) {
            throw unsupported(path, describe(type));
          }
          return w;
        }
      case Date:
        return TemporalWriters.date(ctx, target, vector);
      case Time:
        return TemporalWriters.time(ctx, target, vector);
      case Timestamp:
        {
          ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
          return TemporalWriters.timestamp(
              ctx, target, vector, ts.getUnit(), ts.getTimezone() != null);
        }
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return BytesWriters.varWidth(ctx, target, vector, VariantKind.STRING);
      case Binary:
      case LargeBinary:
      case BinaryView:
        return BytesWriters.varWidth(ctx, target, vector, VariantKind.BINARY);
      case FixedSizeBinary:
        return new BytesWriters.FixedWriter(ctx, target, vector);
      case List:
      case LargeList:
        {
          Field child = field.getChildren().get(0);
          FieldVector childVector = vector.getChildrenFromFields().get(0);
          return ListWriter.of(ctx, target, vector, create(childVector, child, path + "[]"));
        }
      case Struct:
        {
          List<String> names = new ArrayList<>();
          List<ValueWriter> children = new ArrayList<>();
          StructVector s = (StructVector) vector;
          for (Field child : field.getChildren()) {
            names.add(child.getName());
            children.add(
                create(
                    (FieldVector) s.getChild(child.getName()),
                    child,
                    path + "." + child.getName()));
          }
          return new StructWriter(ctx, target, s, names, children);
        }
      case Map:
        {
          MapVector m = (MapVector) vector;
          StructVector entries = (StructVector) m.getDataVector();
          Field entryField = field.getChildren().get(0);
          Field keyField = entryField.getChildren().get(0);
          Field valueField = entryField.getChildren().get(1);
          FieldVector keys = entries.getChildrenFromFields().get(0);
          if (!(keys instanceof VarCharVector k)) {
            throw unsupported(
                path + ".key", describe(keyField.getType()) + " (map keys must be Utf8)");
          }
          FieldVector values = entries.getChildrenFromFields().get(1);
          return new MapWriter(ctx, target, m, k, create(values, valueField, path + ".value"));
        }
      case Union:
        {
          ArrowType.Union u = (ArrowType.Union) type;
          if (u.getMode() != UnionMode.Dense) {
            throw unsupported(path, describe(type) + " (only dense unions)");
          }
          DenseUnionVector d = (DenseUnionVector) vector;
          List<ValueWriter> children = new ArrayList<>();
          List<VariantClass> classes = new ArrayList<>();
          List<Boolean> isVariant = new ArrayList<>();
          List<Field> fields = field.getChildren();
          byte[] typeIds = new byte[fields.size()];
          for (int i = 0; i < fields.size(); i++) {
            Field child = fields.get(i);
            typeIds[i] = (byte) (u.getTypeIds() == null ? i : u.getTypeIds()[i]);
            FieldVector cv = (FieldVector) d.getVectorByType(typeIds[i]);
            children.add(create(cv, child, path + "<" + child.getName() + ">"));
            classes.add(VariantClass.of(child));
            isVariant.add(child.getType() instanceof VariantType);
          }
          return new UnionWriter(ctx, target, d, children, classes, isVariant, typeIds);
        }
      default:
        throw unsupported(path, describe(type));
    }
  }

  static String describe(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType e) {
      return e.extensionName();
    }
    return type.toString();
  }

  private static KernelException unsupported(String path, String what) {
    return new KernelException(
        ErrorKind.UNSUPPORTED, "Unsupported target type at " + path + ": " + what);
  }
}
