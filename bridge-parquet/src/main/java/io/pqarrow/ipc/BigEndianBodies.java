package io.pqarrow.ipc;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns a big-endian IPC batch's body buffers little-endian, in place, before Arrow Java loads
 * them. The flatbuffer metadata is little-endian either way; bitmaps, bytes and union type ids have
 * no byte order. Buffers are walked in the IPC order: fields depth first, {@link
 * TypeLayout#getTypeBufferCount} buffers each, in the memory form (a dictionary-encoded field is
 * its index type; an extension type is its storage type).
 *
 * <table>
 *   <caption>What is swapped</caption>
 *   <tr><th>type</th><th>buffer</th><th>unit (bytes)</th></tr>
 *   <tr><td>Int, FloatingPoint, Date, Time, Timestamp, Duration</td><td>data</td><td>its
 *       width</td></tr>
 *   <tr><td>Decimal</td><td>data</td><td>the whole 4, 8, 16 or 32 bytes</td></tr>
 *   <tr><td>Interval</td><td>data</td><td>each component: 4; 4 + 4; 4 + 4 + 8</td></tr>
 *   <tr><td>Utf8, Binary, List, Map / LargeUtf8, LargeBinary, LargeList</td><td>offsets</td>
 *       <td>4 / 8</td></tr>
 *   <tr><td>ListView / LargeListView</td><td>offsets and sizes</td><td>4 / 8</td></tr>
 *   <tr><td>Union(Dense)</td><td>offsets</td><td>4</td></tr>
 *   <tr><td>Bool, FixedSizeBinary, Struct, FixedSizeList, Null, Union(Sparse),
 *       RunEndEncoded</td><td>—</td><td>— (children are walked)</td></tr>
 *   <tr><td>Utf8View, BinaryView</td><td colspan="2">refused (variadic buffers)</td></tr>
 * </table>
 */
final class BigEndianBodies {
  private static final byte NO_COMPRESSION = NoCompressionCodec.COMPRESSION_TYPE;

  private BigEndianBodies() {}

  /**
   * {@code schema}, once every field has been checked to be swappable.
   *
   * @throws BridgeException ({@link ErrorKind#UNSUPPORTED}) naming the first field that is not
   */
  static Schema check(Schema schema) {
    for (Field field : schema.getFields()) {
      check(field, field.getName());
    }
    return schema;
  }

  private static void check(Field field, String path) {
    ArrowType type = storage(field.getType());
    if (type.getTypeID() == ArrowType.ArrowTypeID.Utf8View
        || type.getTypeID() == ArrowType.ArrowTypeID.BinaryView) {
      throw new BridgeException(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inColumn(path),
          "cannot read the big-endian field '"
              + path
              + "' of type "
              + type
              + ": its byte order cannot be swapped (views are not supported big-endian)",
          null);
    }
    for (Field child : field.getChildren()) {
      check(child, path + "." + child.getName());
    }
  }

  /** {@code batch} with its buffers swapped; closed, and the failure thrown, when it cannot be. */
  static ArrowRecordBatch swapped(ArrowRecordBatch batch, ArrowReader reader) {
    try {
      List<Field> fields = reader.getVectorSchemaRoot().getSchema().getFields();
      swap(batch, fields);
      return batch;
    } catch (IOException e) {
      batch.close();
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      batch.close();
      throw e;
    }
  }

  /** {@code batch} with its buffers swapped as its dictionary's vector lays them out. */
  static ArrowDictionaryBatch swapped(ArrowDictionaryBatch batch, Map<Long, Dictionary> known) {
    Dictionary dictionary = known.get(batch.getDictionaryId());
    if (dictionary == null) {
      return batch; // Arrow Java refuses an unknown id
    }
    try {
      swap(batch.getDictionary(), List.of(dictionary.getVector().getField()));
      return batch;
    } catch (RuntimeException e) {
      batch.close();
      throw e;
    }
  }

  private static void swap(ArrowRecordBatch batch, List<Field> fields) {
    if (batch.getBodyCompression().getCodec() != NO_COMPRESSION) {
      throw new BridgeException(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.NONE,
          "cannot read a compressed big-endian Arrow IPC body (write it uncompressed or"
              + " little-endian)",
          null);
    }
    Iterator<ArrowFieldNode> nodes = batch.getNodes().iterator();
    Iterator<ArrowBuf> buffers = batch.getBuffers().iterator();
    for (Field field : fields) {
      swap(field, field.getName(), nodes, buffers);
    }
  }

  private static void swap(
      Field field, String path, Iterator<ArrowFieldNode> nodes, Iterator<ArrowBuf> buffers) {
    if (!nodes.hasNext()) {
      throw malformed(path, "no field node");
    }
    nodes.next();
    ArrowType type = storage(field.getType());
    int count = TypeLayout.getTypeBufferCount(type);
    ArrowBuf[] b = new ArrowBuf[count];
    for (int i = 0; i < count; i++) {
      if (!buffers.hasNext()) {
        throw malformed(path, "too few buffers");
      }
      b[i] = buffers.next();
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
          components(
              b[1],
              switch (((ArrowType.Interval) type).getUnit()) {
                case YEAR_MONTH -> YEAR_MONTH;
                case DAY_TIME -> DAY_TIME;
                case MONTH_DAY_NANO -> MONTH_DAY_NANO;
              });
      case Utf8, Binary, List, Map -> units(b[1], 4);
      case LargeUtf8, LargeBinary, LargeList -> units(b[1], 8);
      case ListView -> {
        units(b[1], 4);
        units(b[2], 4);
      }
      case LargeListView -> {
        units(b[1], 8);
        units(b[2], 8);
      }
      case Union -> {
        if (((ArrowType.Union) type).getMode() == UnionMode.Dense) {
          units(b[1], 4);
        }
      }
      case Null, Bool, FixedSizeBinary, Struct, FixedSizeList, RunEndEncoded -> {}
      default -> throw malformed(path, "no byte swap for " + type);
    }
    for (Field child : field.getChildren()) {
      swap(child, path + "." + child.getName(), nodes, buffers);
    }
  }

  private static final int[] YEAR_MONTH = {4};
  private static final int[] DAY_TIME = {4, 4};
  private static final int[] MONTH_DAY_NANO = {4, 4, 8};

  private static ArrowType storage(ArrowType type) {
    return type instanceof ArrowType.ExtensionType ext ? ext.storageType() : type;
  }

  private static BridgeException malformed(String path, String problem) {
    return new BridgeException(
        ErrorKind.INVALID_DATA,
        ErrorLocation.inColumn(path),
        "invalid big-endian Arrow IPC batch at field '" + path + "': " + problem,
        null);
  }

  /** Reverses every {@code width}-byte value of the buffer. */
  private static void units(ArrowBuf buf, int width) {
    long end = buf.capacity() / width * width;
    switch (width) {
      case 1 -> {} // a byte has no order
      case 2 -> {
        for (long at = 0; at < end; at += 2) {
          buf.setShort(at, Short.reverseBytes(buf.getShort(at)));
        }
      }
      case 4 -> {
        for (long at = 0; at < end; at += 4) {
          buf.setInt(at, Integer.reverseBytes(buf.getInt(at)));
        }
      }
      case 8 -> {
        for (long at = 0; at < end; at += 8) {
          buf.setLong(at, Long.reverseBytes(buf.getLong(at)));
        }
      }
      default -> throw new IllegalArgumentException("width " + width);
    }
  }

  /** Reverses each component of every value, a value being {@code widths} bytes laid end to end. */
  private static void components(ArrowBuf buf, int[] widths) {
    int unit = 0;
    for (int w : widths) {
      unit += w;
    }
    long end = buf.capacity() / unit * unit;
    for (long at = 0; at < end; ) {
      for (int w : widths) {
        if (w == 4) {
          buf.setInt(at, Integer.reverseBytes(buf.getInt(at)));
        } else {
          buf.setLong(at, Long.reverseBytes(buf.getLong(at)));
        }
        at += w;
      }
    }
  }

  /** Reverses each {@code width}-byte value as one integer (decimals). */
  private static void whole(ArrowBuf buf, int width) {
    if (width <= 8) {
      units(buf, width);
      return;
    }
    int words = width / 8;
    long n = buf.capacity() / width;
    for (long i = 0; i < n; i++) {
      long base = i * width;
      for (int lo = 0, hi = words - 1; lo < hi; lo++, hi--) {
        long a = buf.getLong(base + 8L * lo);
        long z = buf.getLong(base + 8L * hi);
        buf.setLong(base + 8L * lo, Long.reverseBytes(z));
        buf.setLong(base + 8L * hi, Long.reverseBytes(a));
      }
      if (words % 2 == 1) {
        long mid = base + 8L * (words / 2);
        buf.setLong(mid, Long.reverseBytes(buf.getLong(mid)));
      }
    }
  }
}
