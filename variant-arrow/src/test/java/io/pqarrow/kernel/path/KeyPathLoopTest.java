package io.pqarrow.kernel.path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.NumberWriters;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectors;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link KeyPathLoop} against the general row reading: the same rows stored with a Binary {@code
 * value} (the batch loop) and a LargeBinary one (which it does not take), on seeded random objects
 * whose rows carry their own metadata (often the same bytes as the row before, often not), SQL NULL
 * rows, values of every scalar kind at the path, and bytes corrupted at random: the results, the
 * failed rows, the Variant null rows and, in strict mode, the error must be the same.
 */
class KeyPathLoopTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String[] KEYS = {"a", "b", "c", "x", "pad", "zz"};
  private static final String[] PATHS = {"$.x", "$.a.b", "$.a.b.c", "$.zz.a"};
  private static final List<Field> TARGETS =
      List.of(
          Field.nullable("r", new ArrowType.Int(64, true)),
          Field.nullable("r", new ArrowType.Int(32, true)),
          Field.nullable("r", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          Field.nullable("r", ArrowType.Bool.INSTANCE));

  /** An object of some of {@link #KEYS}; objects nest below {@code depth}. */
  private static void object(VariantBuilder b, Random r, int depth, int width) {
    b.startObject();
    for (String key : KEYS) {
      if (r.nextInt(3) == 0) {
        continue;
      }
      b.appendKey(key);
      if (depth > 0 && r.nextInt(3) > 0) {
        object(b, r, depth - 1, width);
      } else {
        scalar(b, r);
      }
    }
    // Filler keys make some objects wider than 8 fields (binary search) and some wider than 255.
    for (int k = 0; k < width; k++) {
      b.appendKey("f" + k).appendInt(k);
    }
    b.endObject();
  }

  private static void scalar(VariantBuilder b, Random r) {
    switch (r.nextInt(10)) {
      case 0 -> b.appendNull();
      case 1 -> b.appendByte((byte) r.nextInt());
      case 2 -> b.appendShort((short) r.nextInt());
      case 3 -> b.appendInt(r.nextInt());
      case 4 -> b.appendLong(r.nextLong());
      case 5 -> b.appendDouble(r.nextDouble());
      case 6 -> b.appendBoolean(r.nextBoolean());
      case 7 -> b.appendString("s" + r.nextInt(100));
      case 8 -> b.startArray().appendLong(r.nextInt(9)).endArray();
      default -> b.appendFloat(r.nextFloat());
    }
  }

  /** Seeded rows; null is SQL NULL; runs of rows share one document (and metadata bytes). */
  private static List<EncodedVariant> rows(long seed, int n) {
    Random r = new Random(seed);
    List<EncodedVariant> rows = new ArrayList<>();
    EncodedVariant previous = null;
    for (int i = 0; i < n; i++) {
      if (r.nextInt(9) == 0) {
        rows.add(null);
        continue;
      }
      if (previous == null || r.nextInt(3) > 0) {
        VariantBuilder b = new VariantBuilder();
        if (r.nextInt(20) == 0) {
          scalar(b, r); // not an object at the top
        } else {
          int width = r.nextInt(40) == 0 ? 300 : r.nextInt(12);
          object(b, r, 2, width);
        }
        previous = b.build();
      }
      rows.add(previous);
    }
    return rows;
  }

  /** The rows with Binary children ({@code large}: LargeBinary value). */
  private VariantVector vector(List<EncodedVariant> rows, boolean large) {
    BufferAllocator a = memory.allocator();
    int n = rows.size();
    EncodedVariant empty = new VariantBuilder().appendNull().build();
    try (VarBinaryVector meta = new VarBinaryVector("metadata", a);
        FieldVector value =
            large ? new LargeVarBinaryVector("value", a) : new VarBinaryVector("value", a);
        ArrowBuf validity = a.buffer((n + 7) / 8)) {
      validity.setZero(0, validity.capacity());
      meta.allocateNew();
      value.allocateNew();
      for (int i = 0; i < n; i++) {
        EncodedVariant e = rows.get(i) == null ? empty : rows.get(i);
        meta.setSafe(i, e.metadata());
        if (large) {
          ((LargeVarBinaryVector) value).setSafe(i, e.value());
        } else {
          ((VarBinaryVector) value).setSafe(i, e.value());
        }
        if (rows.get(i) != null) {
          BitVectorHelper.setBit(validity, i);
        }
      }
      meta.setValueCount(n);
      value.setValueCount(n);
      return VariantVectors.wrap("v", meta, value, validity, a);
    }
  }

  /** Flips random bytes of the value and metadata data buffers (offsets left sound). */
  private static void corrupt(VariantVector v, long seed, int flips) {
    Random r = new Random(seed);
    for (FieldVector child : List.of(v.valueVector(), v.metadataVector())) {
      ArrowBuf data =
          child instanceof BaseVariableWidthVector b
              ? b.getDataBuffer()
              : ((BaseLargeVariableWidthVector) child).getDataBuffer();
      long used =
          child instanceof BaseVariableWidthVector b
              ? b.getOffsetBuffer().getInt(4L * child.getValueCount())
              : ((BaseLargeVariableWidthVector) child)
                  .getOffsetBuffer()
                  .getLong(8L * child.getValueCount());
      for (int k = 0; k < flips; k++) {
        long at = (long) (r.nextDouble() * used);
        data.setByte(at, data.getByte(at) ^ (1 << r.nextInt(8)));
      }
    }
  }

  private void assertSame(VariantVector fast, VariantVector general, String what) {
    for (String path : PATHS) {
      for (Field target : TARGETS) {
        String at = what + " " + path + " as " + target.getType();
        try (KernelResult want =
                VariantKernels.get(
                    general, path, target, GetOptions.defaults(), memory.allocator());
            KernelResult got =
                VariantKernels.get(fast, path, target, GetOptions.defaults(), memory.allocator())) {
          for (int i = 0; i < fast.getValueCount(); i++) {
            assertEquals(want.vector().getObject(i), got.vector().getObject(i), at + " row " + i);
          }
          assertEquals(want.failedRowCount(), got.failedRowCount(), at);
          assertArrayEquals(want.firstFailedRows(), got.firstFailedRows(), at);
          assertEquals(want.variantNullRows(), got.variantNullRows(), at);
        }
        assertEquals(strictError(general, path, target), strictError(fast, path, target), at);
      }
    }
  }

  private String strictError(VariantVector v, String path, Field target) {
    try (KernelResult r =
        VariantKernels.get(v, path, target, GetOptions.strict(), memory.allocator())) {
      return "no error, " + r.vector().getValueCount() + " rows";
    } catch (KernelException e) {
      return e.getMessage();
    }
  }

  @Test
  void randomObjectsGiveWhatTheRowReadingGives() {
    for (int n : new int[] {1, 63, 64, 65, 700}) {
      List<EncodedVariant> rows = rows(n * 31L, n);
      try (VariantVector fast = vector(rows, false);
          VariantVector general = vector(rows, true)) {
        assertNotNull(loop(fast, "$.a.b"), "the batch loop takes the Binary storage");
        assertNull(loop(general, "$.a.b"), "and leaves LargeBinary to the row reading");
        assertSame(fast, general, n + " rows");
      }
    }
  }

  @Test
  void corruptBytesFailTheSameRowsWithTheSameErrors() {
    for (int seed = 0; seed < 12; seed++) {
      List<EncodedVariant> rows = rows(1000 + seed, 150);
      try (VariantVector fast = vector(rows, false);
          VariantVector general = vector(rows, true)) {
        corrupt(fast, seed, 1 + seed * 3);
        corrupt(general, seed, 1 + seed * 3);
        assertSame(fast, general, "seed " + seed);
      }
    }
  }

  @Test
  void slotsOutsideTheDataBufferAreReportedByTheRowReading() {
    List<EncodedVariant> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      VariantBuilder b = new VariantBuilder().startObject().appendKey("a").startObject();
      rows.add(b.appendKey("b").appendLong(i).endObject().endObject().build());
    }
    try (VariantVector fast = vector(rows, false);
        VariantVector general = vector(rows, true)) {
      // Row 70's value slot ends past the end of its data buffer in both layouts.
      VarBinaryVector value = (VarBinaryVector) fast.valueVector();
      value.getOffsetBuffer().setInt(4L * 71, (int) value.getDataBuffer().capacity() + 5);
      LargeVarBinaryVector large = (LargeVarBinaryVector) general.valueVector();
      large.getOffsetBuffer().setLong(8L * 71, large.getDataBuffer().capacity() + 5);
      Field int64 = TARGETS.get(0);
      String message = strictError(fast, "$.a.b", int64);
      assertTrue(message.contains("row 70"), message);
      // The two layouts' data buffers differ in size, which the message gives.
      String sizes = "slot of \\d+ bytes at 1330 lies outside a buffer of \\d+ bytes";
      assertEquals(
          strictError(general, "$.a.b", int64).replaceAll(sizes, "?"),
          message.replaceAll(sizes, "?"));
      assertTrue(message.contains("lies outside a buffer"), message);
      try (KernelResult r =
          VariantKernels.get(fast, "$.a.b", int64, GetOptions.defaults(), memory.allocator())) {
        assertArrayEquals(new int[] {70, 71}, r.firstFailedRows());
        assertEquals(69L, r.vector().getObject(69));
        assertEquals(72L, r.vector().getObject(72));
      }
    }
  }

  @Test
  void sqlNullRowsStayNullAndVariantNullsAreCounted() {
    List<EncodedVariant> rows = new ArrayList<>();
    for (int i = 0; i < 130; i++) {
      VariantBuilder b = new VariantBuilder().startObject().appendKey("x");
      if (i % 5 == 1) {
        b.appendNull();
      } else {
        b.appendLong(i);
      }
      rows.add(i % 5 == 0 ? null : b.endObject().build());
    }
    try (VariantVector v = vector(rows, false);
        KernelResult r =
            VariantKernels.get(
                v, "$.x", TARGETS.get(0), GetOptions.defaults(), memory.allocator())) {
      BigIntVector out = (BigIntVector) r.vector();
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(i % 5 > 1 ? Long.valueOf(i) : null, out.getObject(i), "row " + i);
        assertEquals(i % 5 == 1, r.variantNullRows().get(i), "row " + i);
      }
      assertEquals(0, r.failedRowCount());
    }
  }

  private KeyPathLoop loop(VariantVector v, String path) {
    try (BigIntVector out = new BigIntVector("r", memory.allocator())) {
      out.allocateNew(v.getValueCount());
      CastContext ctx = new CastContext();
      return KeyPathLoop.of(
          VariantColumnReader.of(v),
          PathExpression.parse(path),
          ctx,
          NumberWriters.integer(ctx, "r", out));
    }
  }
}
