package io.pqarrow.kernel.encode;

import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.extension.VariantVector;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Builds the encoder of a vector and its children: the one switch on the Arrow type of a {@code
 * cast_to_variant} call. A type with no Variant counterpart (intervals, durations, maps with
 * non-string keys, list views of over 2<sup>31</sup> elements) is refused here, naming the column,
 * before any row is written.
 */
final class Encoders implements AutoCloseable {
  private final java.util.ArrayList<VariantEncoder> owners = new java.util.ArrayList<>();
  private final EncodeContext ctx;
  private final DictionaryProvider dictionaries;
  private final BufferAllocator allocator;

  Encoders(EncodeContext ctx, DictionaryProvider dictionaries, BufferAllocator allocator) {
    this.ctx = ctx;
    this.dictionaries = dictionaries;
    this.allocator = allocator;
  }

  /** The encoder of {@code v}, whose dotted path is {@code path}. */
  SlotEncoder create(FieldVector v, String path) {
    Field field = v.getField();
    DictionaryEncoding encoding = field.getDictionary();
    if (encoding != null) {
      return dictionary(v, path, encoding);
    }
    if (v instanceof VariantVector variant) {
      VariantEncoder e = new VariantEncoder(ctx, path, variant, dictionaries, allocator);
      owners.add(e);
      return e;
    }
    if (UuidExtension.isUuid(field)) {
      return new BytesEncoders.Uuid(ctx, path, storage(v));
    }
    if (isJson(field)) {
      return new BytesEncoders.Json(ctx, path, storage(v));
    }
    if (v instanceof ExtensionTypeVector<?> ext) {
      // Another extension type: its storage values, unchanged.
      return create(ext.getUnderlyingVector(), path);
    }
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Null:
        return new NestedEncoders.Null(ctx, path);
      case Bool:
        return new NumberEncoders.Bool(ctx, path, (BitVector) v);
      case Int:
        return integer(v, path, (ArrowType.Int) type);
      case FloatingPoint:
        return switch (((ArrowType.FloatingPoint) type).getPrecision()) {
          case HALF -> new NumberEncoders.Float16(ctx, path, (Float2Vector) v);
          case SINGLE -> new NumberEncoders.Float32(ctx, path, v);
          case DOUBLE -> new NumberEncoders.Float64(ctx, path, v);
        };
      case Decimal:
        {
          ArrowType.Decimal d = (ArrowType.Decimal) type;
          return d.getBitWidth() == 128 && d.getScale() >= 0 && d.getScale() <= 38
              ? new NumberEncoders.Decimal128(ctx, path, v, d)
              : new NumberEncoders.WideDecimal(ctx, path, v, d);
        }
      case Date:
        return ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY
            ? new TemporalEncoders.Date32(ctx, path, v)
            : new TemporalEncoders.Date64(ctx, path, v);
      case Time:
        {
          ArrowType.Time t = (ArrowType.Time) type;
          return new TemporalEncoders.Time(ctx, path, v, t.getUnit(), t.getBitWidth());
        }
      case Timestamp:
        {
          ArrowType.Timestamp t = (ArrowType.Timestamp) type;
          return new TemporalEncoders.Timestamp(ctx, path, v, t.getUnit(), t.getTimezone() != null);
        }
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return new BytesEncoders.Text(ctx, path, v);
      case Binary:
      case LargeBinary:
      case BinaryView:
        return new BytesEncoders.Binary(ctx, path, v);
      case FixedSizeBinary:
        return new BytesEncoders.FixedBinary(
            ctx, path, v, ((ArrowType.FixedSizeBinary) type).getByteWidth());
      case Map:
        return map((MapVector) v, path);
      case List:
      case LargeList:
      case FixedSizeList:
      case ListView:
      case LargeListView:
        return new NestedEncoders.Array(ctx, path, v, create(elements(v), path + "[]"));
      case Struct:
        return struct((StructVector) v, path);
      case Union:
        return union(v, path);
      case RunEndEncoded:
        {
          RunEndEncodedVector ree = (RunEndEncodedVector) v;
          return new NestedEncoders.RunEnds(ctx, path, ree, create(ree.getValuesVector(), path));
        }
      default:
        throw EncodeContext.unsupported(
            path, type + " (no Variant type holds it without changing its meaning)");
    }
  }

  /** Frees the unshredded copies the nested Variant encoders made. */
  @Override
  public void close() {
    for (VariantEncoder e : owners) {
      e.close();
    }
    owners.clear();
  }

  private static FieldVector storage(FieldVector v) {
    return v instanceof ExtensionTypeVector<?> ext ? ext.getUnderlyingVector() : v;
  }

  private static boolean isJson(Field field) {
    if (field.getType() instanceof ArrowType.ExtensionType ext) {
      return JsonType.NAME.equals(ext.extensionName());
    }
    Map<String, String> metadata = field.getMetadata();
    return metadata != null
        && JsonType.NAME.equals(metadata.get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME))
        && JsonType.isAllowedStorage(field.getType());
  }

  private SlotEncoder integer(FieldVector v, String path, ArrowType.Int t) {
    boolean signed = t.getIsSigned();
    return switch (t.getBitWidth()) {
      case 8 ->
          signed ? new NumberEncoders.Int8(ctx, path, v) : new NumberEncoders.UInt8(ctx, path, v);
      case 16 ->
          signed ? new NumberEncoders.Int16(ctx, path, v) : new NumberEncoders.UInt16(ctx, path, v);
      case 32 ->
          signed ? new NumberEncoders.Int32(ctx, path, v) : new NumberEncoders.UInt32(ctx, path, v);
      default ->
          signed ? new NumberEncoders.Int64(ctx, path, v) : new NumberEncoders.UInt64(ctx, path, v);
    };
  }

  private static FieldVector elements(FieldVector v) {
    if (v instanceof ListVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListVector l) {
      return l.getDataVector();
    } else if (v instanceof FixedSizeListVector l) {
      return l.getDataVector();
    } else if (v instanceof ListViewVector l) {
      return l.getDataVector();
    }
    return ((LargeListViewVector) v).getDataVector();
  }

  private SlotEncoder struct(StructVector v, String path) {
    List<FieldVector> children = v.getChildrenFromFields();
    String[] names = new String[children.size()];
    SlotEncoder[] encoders = new SlotEncoder[children.size()];
    for (int k = 0; k < names.length; k++) {
      FieldVector c = children.get(k);
      names[k] = c.getName();
      encoders[k] = create(c, path + "." + c.getName());
    }
    return new NestedEncoders.Struct(ctx, path, v, names, encoders);
  }

  private SlotEncoder map(MapVector v, String path) {
    StructVector entries = (StructVector) v.getDataVector();
    List<FieldVector> kv = entries.getChildrenFromFields();
    if (kv.size() != 2) {
      throw EncodeContext.unsupported(path, "a map whose entries have " + kv.size() + " fields");
    }
    FieldVector keys = kv.get(0);
    ArrowType keyType = keys.getField().getType();
    boolean text =
        keys.getField().getDictionary() == null
            && (keyType instanceof ArrowType.Utf8
                || keyType instanceof ArrowType.LargeUtf8
                || keyType instanceof ArrowType.Utf8View);
    if (!text) {
      throw EncodeContext.unsupported(
          path,
          "a map with keys of type "
              + keyType
              + " (only string keys become object keys; cast the keys to strings first)");
    }
    return new NestedEncoders.Map(ctx, path, v, keys, create(kv.get(1), path + ".value"));
  }

  private SlotEncoder union(FieldVector v, String path) {
    List<FieldVector> children =
        v instanceof UnionVector u
            ? u.getChildrenFromFields()
            : ((DenseUnionVector) v).getChildrenFromFields();
    ValueVector[] vectors = new ValueVector[children.size()];
    SlotEncoder[] encoders = new SlotEncoder[children.size()];
    for (int k = 0; k < vectors.length; k++) {
      vectors[k] = children.get(k);
      encoders[k] = create(children.get(k), path + "." + children.get(k).getName());
    }
    return new NestedEncoders.Union(ctx, path, v, vectors, encoders);
  }

  private SlotEncoder dictionary(FieldVector indices, String path, DictionaryEncoding encoding) {
    Dictionary d = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
    if (d == null) {
      throw EncodeContext.unsupported(
          path,
          "dictionary-encoded (dictionary id "
              + encoding.getId()
              + ") but no such dictionary was supplied");
    }
    FieldVector values = d.getVector();
    return new NestedEncoders.Dictionary(
        ctx, path, indices, create(values, path), values.getValueCount());
  }
}
