package io.pqarrow.spark;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.Shredding;
import io.pqarrow.spark.SparkColumns.Column;
import io.pqarrow.spark.SparkColumns.ConversionException;
import io.pqarrow.spark.SparkColumns.UnsupportedColumnException;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The conversions {@link SparkColumns} chooses between: each a {@link SparkColumns.Column} that
 * turns a batch's vector into the Spark-readable one (buffers moved where the layout is the same,
 * values widened, rescaled or copied where it is not). {@code SparkColumns} holds the rules (which
 * Arrow field becomes which); this file holds the work on the buffers, one small class per
 * conversion.
 */
final class SparkConversions {
  private SparkConversions() {}

  /** Moves the vector's buffers, unchanged. */
  static final class Same extends Column {
    Same(String path, Field field) {
      super(path, field);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      var pair = src.getTransferPair(allocator);
      pair.transfer();
      return (FieldVector) pair.getTo();
    }
  }

  /** An extension vector as its converted storage. */
  static final class Unwrap extends Column {
    private final Column storage;

    Unwrap(String path, Column storage) {
      super(path, storage.target());
      this.storage = storage;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FieldVector under =
          src instanceof ExtensionTypeVector<?> e ? (FieldVector) e.getUnderlyingVector() : src;
      return storage.convert(under, allocator);
    }
  }

  /**
   * A {@code geoarrow.wkb} column as Spark's Arrow form of {@code geometry(srid)} / {@code
   * geography(srid)}: a struct with the column's validity, an {@code srid} child holding the type's
   * SRID in every row, and a {@code wkb} child holding the WKB (the storage's buffers, moved where
   * they are already {@code Binary}). Spark's {@code ArrowColumnVector} reads a row as {@code
   * STUtils.stGeomFromWKB(wkb, srid)} (or {@code stGeogFromWKB}), which checks the WKB, as its
   * Parquet reader does.
   */
  static final class Spatial extends Column {
    private final Column wkb;
    private final int srid;

    Spatial(String path, Field target, Column wkb, int srid) {
      super(path, target);
      this.wkb = wkb;
      this.srid = srid;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FieldVector under =
          src instanceof ExtensionTypeVector<?> e ? (FieldVector) e.getUnderlyingVector() : src;
      int n = under.getValueCount();
      StructVector dst = (StructVector) target.createVector(allocator);
      try {
        dst.setInitialCapacity(Math.max(1, n));
        dst.allocateNew();
        copyValidity(under, dst, n);
        IntVector srids = (IntVector) dst.getChildrenFromFields().get(0);
        srids.allocateNew(n);
        srids.getValidityBuffer().setOne(0, BitVectorHelper.getValidityBufferSizeFromCount(n));
        ArrowBuf ints = srids.getDataBuffer();
        for (int i = 0; i < n; i++) {
          ints.setInt(4L * i, srid);
        }
        srids.setValueCount(n);
        try (FieldVector bytes = wkb.convert(under, allocator)) {
          bytes.makeTransferPair(dst.getChildrenFromFields().get(1)).transfer();
        }
        dst.setValueCount(n);
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }
  }

  /** A new fixed-width vector of {@code target}'s type with {@code src}'s validity copied. */
  private static FieldVector fixedLike(Field target, FieldVector src, BufferAllocator allocator) {
    FieldVector dst = target.createVector(allocator);
    int n = src.getValueCount();
    ((BaseFixedWidthVector) dst).allocateNew(n);
    copyValidity(src, dst, n);
    return dst;
  }

  private static void copyValidity(ValueVector src, FieldVector dst, int n) {
    int bytes = BitVectorHelper.getValidityBufferSizeFromCount(n);
    ArrowBuf from = src.getValidityBuffer();
    ArrowBuf to = dst.getValidityBuffer();
    if (from == null || from.capacity() < bytes || src.getNullCount() == 0) {
      to.setOne(0, bytes);
    } else {
      to.setBytes(0, from, 0, bytes);
    }
  }

  private static boolean isSet(ValueVector v, int i) {
    return !v.isNull(i);
  }

  /**
   * A fixed-width conversion: a new vector of the target type with the source's validity, its
   * values filled by {@link #fill} (freed if that fails).
   */
  private abstract static class FixedWidth extends Column {
    FixedWidth(String path, Field target) {
      super(path, target);
    }

    @Override
    final FieldVector convert(FieldVector src, BufferAllocator allocator) {
      int n = src.getValueCount();
      FieldVector dst = fixedLike(target, src, allocator);
      try {
        fill(src, src.getDataBuffer(), dst.getDataBuffer(), n);
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
      dst.setValueCount(n);
      return dst;
    }

    /** Writes the {@code n} values of {@code src} (data {@code in}) into {@code out}. */
    abstract void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n);
  }

  /** Unsigned integers widened (uint64 to decimal(20,0)). */
  static final class Unsigned extends FixedWidth {
    private final int width;

    Unsigned(String path, Field target, int width) {
      super(path, target);
      this.width = width;
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      switch (width) {
        case 1 -> {
          for (int i = 0; i < n; i++) {
            out.setShort(2L * i, (short) (in.getByte(i) & 0xFF));
          }
        }
        case 2 -> {
          for (int i = 0; i < n; i++) {
            out.setInt(4L * i, in.getShort(2L * i) & 0xFFFF);
          }
        }
        case 4 -> {
          for (int i = 0; i < n; i++) {
            out.setLong(8L * i, in.getInt(4L * i) & 0xFFFF_FFFFL);
          }
        }
        default -> {
          for (int i = 0; i < n; i++) {
            out.setLong(16L * i, in.getLong(8L * i));
            out.setLong(16L * i + 8, 0L);
          }
        }
      }
    }
  }

  /**
   * 256-bit decimals of at most 38 digits as 128-bit ones: the value fits, so the low 16 bytes of
   * the two's complement are the value.
   */
  static final class NarrowDecimal extends FixedWidth {
    NarrowDecimal(String path, Field target) {
      super(path, target);
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      for (int i = 0; i < n; i++) {
        out.setBytes(16L * i, in, 32L * i, 16);
      }
    }
  }

  /** Half floats widened to floats. */
  static final class HalfFloat extends FixedWidth {
    HalfFloat(String path, Field target) {
      super(path, target);
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      for (int i = 0; i < n; i++) {
        out.setFloat(4L * i, Float16.toFloat(in.getShort(2L * i)));
      }
    }
  }

  /**
   * Integers of {@code width} bytes times {@code mul}, divided by {@code div} (floor), as longs.
   */
  static final class Scale extends FixedWidth {
    private final int width;
    private final long mul;
    private final long div;
    private final boolean floor;
    private final boolean narrow;

    Scale(String path, Field target, int width, long mul, long div, boolean floor) {
      super(path, target);
      this.width = width;
      this.mul = mul;
      this.div = div;
      this.floor = floor;
      this.narrow = target.getType() instanceof ArrowType.Date;
    }

    @Override
    void fill(FieldVector src, ArrowBuf in, ArrowBuf out, int n) {
      boolean nulls = src.getNullCount() > 0;
      for (int i = 0; i < n; i++) {
        long v = width == 4 ? in.getInt(4L * i) : in.getLong(8L * i);
        if (mul != 1) {
          long r = v * mul;
          if (Math.multiplyHigh(v, mul) != (r >> 63) && !(nulls && !isSet(src, i))) {
            throw new ConversionException(
                path, i, v + " overflows microseconds (times " + mul + ")");
          }
          v = r;
        }
        if (div != 1) {
          long q = Math.floorDiv(v, div);
          if (!floor && q * div != v && !(nulls && !isSet(src, i))) {
            throw new ConversionException(
                path,
                i,
                v
                    + " is not a whole number of the target unit (set allowPrecisionLoss=true to"
                    + " truncate)");
          }
          v = q;
        }
        if (narrow) {
          if (v != (int) v && !(nulls && !isSet(src, i))) {
            throw new ConversionException(path, i, v + " days is outside Spark's date range");
          }
          out.setInt(4L * i, (int) v);
        } else {
          out.setLong(8L * i, v);
        }
      }
    }
  }

  /** Views, large and fixed-size binary copied into a 32-bit-offset string or binary vector. */
  static final class CopyBytes extends Column {
    CopyBytes(String path, Field target) {
      super(path, target);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      return copyBytes(src, target, path, allocator);
    }
  }

  static FieldVector copyBytes(
      FieldVector src, Field target, String path, BufferAllocator allocator) {
    int n = src.getValueCount();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += length(src, i);
    }
    if (total > Integer.MAX_VALUE) {
      throw new ConversionException(path, n - 1, "the batch holds " + total + " bytes, over 2 GiB");
    }
    BaseVariableWidthVector dst = (BaseVariableWidthVector) target.createVector(allocator);
    dst.allocateNew(Math.max(1, total), n);
    copyValidity(src, dst, n);
    ArrowBuf offsets = dst.getOffsetBuffer();
    ArrowBuf data = dst.getDataBuffer();
    int at = 0;
    offsets.setInt(0, 0);
    for (int i = 0; i < n; i++) {
      int len = length(src, i);
      if (len > 0) {
        copyValue(src, i, data, at, len);
      }
      at += len;
      offsets.setInt(4L * (i + 1), at);
    }
    dst.setLastSet(n - 1);
    dst.setValueCount(n);
    return dst;
  }

  private static int length(FieldVector src, int i) {
    if (src instanceof FixedSizeBinaryVector f) {
      return f.getByteWidth();
    }
    if (src.isNull(i)) {
      return 0;
    }
    if (src instanceof BaseVariableWidthViewVector v) {
      return v.getValueLength(i);
    }
    if (src instanceof BaseLargeVariableWidthVector v) {
      return v.getValueLength(i);
    }
    return ((BaseVariableWidthVector) src).getValueLength(i);
  }

  private static void copyValue(FieldVector src, int i, ArrowBuf data, int at, int len) {
    if (src instanceof FixedSizeBinaryVector f) {
      data.setBytes(at, f.getDataBuffer(), (long) i * len, len);
    } else if (src instanceof BaseVariableWidthViewVector v) {
      ArrowBuf views = v.getDataBuffer();
      long view = (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE;
      if (len <= BaseVariableWidthViewVector.INLINE_SIZE) {
        data.setBytes(at, views, view + 4, len);
      } else {
        int buffer = views.getInt(view + 8);
        int offset = views.getInt(view + 12);
        data.setBytes(at, v.getDataBuffers().get(buffer), offset, len);
      }
    } else if (src instanceof BaseLargeVariableWidthVector v) {
      data.setBytes(at, v.getDataBuffer(), v.getOffsetBuffer().getLong(8L * i), len);
    } else {
      BaseVariableWidthVector v = (BaseVariableWidthVector) src;
      data.setBytes(at, v.getDataBuffer(), v.getStartOffset(i), len);
    }
  }

  /** {@code arrow.uuid} as its canonical 36-character text. */
  static final class Uuid extends Column {
    private static final byte[] HEX =
        "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    Uuid(String path, Field target) {
      super(path, target);
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FixedSizeBinaryVector in =
          (FixedSizeBinaryVector)
              (src instanceof ExtensionTypeVector<?> e ? e.getUnderlyingVector() : src);
      int n = in.getValueCount();
      BaseVariableWidthVector dst = (BaseVariableWidthVector) target.createVector(allocator);
      dst.allocateNew(36L * Math.max(1, n), n);
      copyValidity(in, dst, n);
      ArrowBuf bytes = in.getDataBuffer();
      ArrowBuf offsets = dst.getOffsetBuffer();
      ArrowBuf data = dst.getDataBuffer();
      offsets.setInt(0, 0);
      int at = 0;
      for (int i = 0; i < n; i++) {
        if (!in.isNull(i)) {
          for (int b = 0; b < 16; b++) {
            if (b == 4 || b == 6 || b == 8 || b == 10) {
              data.setByte(at++, '-');
            }
            int x = bytes.getByte(16L * i + b) & 0xFF;
            data.setByte(at++, HEX[x >>> 4]);
            data.setByte(at++, HEX[x & 15]);
          }
        }
        offsets.setInt(4L * (i + 1), at);
      }
      dst.setLastSet(n - 1);
      dst.setValueCount(n);
      return dst;
    }
  }

  /**
   * A struct, list or map whose own buffers (validity; offsets) are kept and whose children are
   * converted.
   */
  static final class Container extends Column {
    private final List<Column> children;
    private final int ownBuffers;

    Container(String path, Field target, List<Column> children, int ownBuffers) {
      super(path, target);
      this.children = children;
      this.ownBuffers = ownBuffers;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      FieldVector dst = target.createVector(allocator);
      try {
        List<ArrowBuf> own = src.getFieldBuffers().subList(0, ownBuffers);
        dst.loadFieldBuffers(new ArrowFieldNode(src.getValueCount(), src.getNullCount()), own);
        List<FieldVector> from = src.getChildrenFromFields();
        List<FieldVector> to = dst.getChildrenFromFields();
        for (int i = 0; i < children.size(); i++) {
          try (FieldVector converted = children.get(i).convert(from.get(i), allocator)) {
            converted.makeTransferPair(to.get(i)).transfer();
          }
        }
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }
  }

  /** Large and fixed-size lists as lists of 32-bit offsets. */
  static final class ToList extends Column {
    private final Column child;

    ToList(String path, Field target, Column child) {
      super(path, target);
      this.child = child;
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      int n = src.getValueCount();
      ListVector dst = (ListVector) target.createVector(allocator);
      try (ArrowBuf validity = allocator.buffer(BitVectorHelper.getValidityBufferSizeFromCount(n));
          ArrowBuf offsets = allocator.buffer(4L * (n + 1))) {
        validity.setZero(0, validity.capacity());
        for (int i = 0; i < n; i++) {
          if (!src.isNull(i)) {
            BitVectorHelper.setBit(validity, i);
          }
        }
        FieldVector data;
        if (src instanceof LargeListVector large) {
          ArrowBuf in = large.getOffsetBuffer();
          for (int i = 0; i <= n; i++) {
            long o = n == 0 ? 0 : in.getLong(8L * i);
            if (o > Integer.MAX_VALUE) {
              throw new ConversionException(path, i, "the list's elements pass 2^31 in one batch");
            }
            offsets.setInt(4L * i, (int) o);
          }
          data = large.getDataVector();
        } else {
          FixedSizeListVector fixed = (FixedSizeListVector) src;
          int size = fixed.getListSize();
          for (int i = 0; i <= n; i++) {
            offsets.setInt(4L * i, Math.multiplyExact(i, size));
          }
          data = fixed.getDataVector();
        }
        dst.loadFieldBuffers(new ArrowFieldNode(n, src.getNullCount()), List.of(validity, offsets));
        try (FieldVector converted = child.convert(data, allocator)) {
          converted.makeTransferPair(dst.getDataVector()).transfer();
        }
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }
  }

  /**
   * {@code arrow.parquet.variant} as Spark's Variant struct: {@code value}, then {@code metadata}.
   */
  static final class Variant extends Column {
    Variant(String path, Field source) {
      super(path, variantTarget(source));
    }

    private static Field variantTarget(Field source) {
      Field value = new Field("value", new FieldType(false, ArrowType.Binary.INSTANCE, null), null);
      Field metadata =
          new Field(
              "metadata",
              new FieldType(false, ArrowType.Binary.INSTANCE, null, Map.of("variant", "true")),
              null);
      return new Field(
          source.getName(),
          new FieldType(source.isNullable(), ArrowType.Struct.INSTANCE, null),
          List.of(value, metadata));
    }

    @Override
    FieldVector convert(FieldVector src, BufferAllocator allocator) {
      VariantVector in = (VariantVector) src;
      if (in.metadataVector().getField().getDictionary() != null) {
        throw new UnsupportedColumnException(
            path, "dictionary-encoded Variant metadata is not read into Spark");
      }
      if (in.typedValueVector() != null) {
        try (VariantVector plain = Shredding.unshred(in, allocator)) {
          return build(plain, allocator);
        }
      }
      return build(in, allocator);
    }

    private FieldVector build(VariantVector in, BufferAllocator allocator) {
      FieldVector dst = target.createVector(allocator);
      try {
        FieldVector storage = in.getUnderlyingVector();
        int n = in.getValueCount();
        dst.loadFieldBuffers(
            new ArrowFieldNode(n, storage.getNullCount()), List.of(storage.getValidityBuffer()));
        List<FieldVector> to = dst.getChildrenFromFields();
        place(in.valueVector(), to.get(0), allocator);
        place(in.metadataVector(), to.get(1), allocator);
        return dst;
      } catch (RuntimeException e) {
        dst.close();
        throw e;
      }
    }

    private void place(FieldVector from, FieldVector to, BufferAllocator allocator) {
      if (from.getField().getType() instanceof ArrowType.Binary) {
        from.makeTransferPair(to).transfer();
      } else {
        try (FieldVector copy = copyBytes(from, to.getField(), path, allocator)) {
          copy.makeTransferPair(to).transfer();
        }
      }
    }
  }
}
