package io.pqarrow.ipc;

import java.io.InputStream;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An {@link ArrowStreamReader} for a big-endian IPC stream: it turns each record batch's and
 * dictionary batch's body buffers little-endian before Arrow Java loads them. Arrow Java reads the
 * schema's {@code endianness} but never acts on it: it loads a big-endian body as it is, and every
 * multi-byte value reads as garbage, silently (loading lists even reads the unswapped offsets). The
 * flatbuffer metadata is little-endian either way; bitmaps, bytes and union type ids have no byte
 * order. Buffers are walked in the IPC order: fields depth first, {@link
 * TypeLayout#getTypeBufferCount} buffers each (the memory form: a dictionary-encoded field is its
 * index type).
 *
 * <table>
 *   <caption>What is swapped</caption>
 *   <tr><th>type</th><th>buffer</th><th>unit</th></tr>
 *   <tr><td>Int, FloatingPoint, Date, Time, Timestamp, Duration</td><td>data</td><td>its
 *       width</td></tr>
 *   <tr><td>Decimal(128 | 256)</td><td>data</td><td>the whole 16 or 32 bytes</td></tr>
 *   <tr><td>Interval</td><td>data</td><td>each component: 4; 4 + 4; 4 + 4 + 8</td></tr>
 *   <tr><td>Utf8, Binary, List, Map / LargeUtf8, LargeBinary, LargeList</td><td>offsets</td>
 *       <td>4 / 8</td></tr>
 *   <tr><td>Union(Dense)</td><td>offsets</td><td>4</td></tr>
 *   <tr><td>Bool, FixedSizeBinary, Struct, FixedSizeList, Null, Union(Sparse)</td><td>—</td>
 *       <td>—</td></tr>
 * </table>
 *
 * Types a 1.0.0 stream cannot hold (views, run-end encoded) are refused.
 */
final class BigEndianStreamReader extends ArrowStreamReader {
  BigEndianStreamReader(InputStream in, BufferAllocator allocator) {
    super(in, allocator);
  }

  @Override
  protected void loadRecordBatch(ArrowRecordBatch batch) {
    try {
      swap(getVectorSchemaRoot().getSchema().getFields(), batch);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    super.loadRecordBatch(batch);
  }

  @Override
  protected void loadDictionary(ArrowDictionaryBatch batch) {
    Dictionary d = dictionaries.get(batch.getDictionaryId());
    if (d != null) {
      swap(List.of(d.getVector().getField()), batch.getDictionary());
    }
    super.loadDictionary(batch);
  }

  private static void swap(List<Field> fields, ArrowRecordBatch batch) {
    Iterator<ArrowFieldNode> nodes = batch.getNodes().iterator();
    Iterator<ArrowBuf> buffers = batch.getBuffers().iterator();
    for (Field f : fields) {
      swap(f, nodes, buffers);
    }
  }

  private static void swap(Field field, Iterator<ArrowFieldNode> nodes, Iterator<ArrowBuf> bufs) {
    nodes.next();
    ArrowType type = field.getType();
    if (type instanceof ArrowType.ExtensionType ext) {
      type = ext.storageType();
    }
    int count = TypeLayout.getTypeBufferCount(type);
    ArrowBuf[] b = new ArrowBuf[count];
    for (int i = 0; i < count; i++) {
      b[i] = bufs.next();
    }
    switch (type.getTypeID()) {
      case Int -> units(b[1], ((ArrowType.Int) type).getBitWidth() / 8);
      case FloatingPoint ->
          units(
              b[1],
              switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                case HALF -> 2;
                case SINGLE -> 4;
                case DOUBLE -> 8;
              });
      case Date -> units(b[1], ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? 4 : 8);
      case Time -> units(b[1], ((ArrowType.Time) type).getBitWidth() / 8);
      case Timestamp, Duration -> units(b[1], 8);
      case Decimal -> whole(b[1], ((ArrowType.Decimal) type).getBitWidth() / 8);
      case Interval ->
          units(
              b[1],
              switch (((ArrowType.Interval) type).getUnit()) {
                case YEAR_MONTH -> new int[] {4};
                case DAY_TIME -> new int[] {4, 4};
                case MONTH_DAY_NANO -> new int[] {4, 4, 8};
              });
      case Utf8, Binary, List, Map -> units(b[1], 4);
      case LargeUtf8, LargeBinary, LargeList -> units(b[1], 8);
      case Union -> {
        if (((ArrowType.Union) type).getMode() == UnionMode.Dense) {
          units(b[1], 4);
        }
      }
      case Null, Bool, FixedSizeBinary, Struct, FixedSizeList -> {}
      default -> throw new IllegalArgumentException("no big-endian swap for " + type);
    }
    for (Field child : field.getChildren()) {
      swap(child, nodes, bufs);
    }
  }

  private static void units(ArrowBuf buf, int width) {
    units(buf, new int[] {width});
  }

  /** Swaps every value of the buffer, each made of components of {@code widths} bytes. */
  private static void units(ArrowBuf buf, int[] widths) {
    int unit = 0;
    for (int w : widths) {
      unit += w;
    }
    long n = buf.capacity() / unit;
    long at = 0;
    for (long i = 0; i < n; i++) {
      for (int w : widths) {
        switch (w) {
          case 1 -> {} // a byte has no order
          case 2 -> buf.setShort(at, Short.reverseBytes(buf.getShort(at)));
          case 4 -> buf.setInt(at, Integer.reverseBytes(buf.getInt(at)));
          case 8 -> buf.setLong(at, Long.reverseBytes(buf.getLong(at)));
          default -> throw new IllegalArgumentException("width " + w);
        }
        at += w;
      }
    }
  }

  /** Reverses each {@code width}-byte value as one integer (decimals). */
  private static void whole(ArrowBuf buf, int width) {
    int words = width / 8;
    long[] w = new long[words];
    long n = buf.capacity() / width;
    for (long i = 0; i < n; i++) {
      long base = i * width;
      for (int k = 0; k < words; k++) {
        w[k] = buf.getLong(base + 8L * k);
      }
      for (int k = 0; k < words; k++) {
        buf.setLong(base + 8L * k, Long.reverseBytes(w[words - 1 - k]));
      }
    }
  }
}
