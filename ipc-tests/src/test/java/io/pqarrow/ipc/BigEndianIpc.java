package io.pqarrow.ipc;

import com.google.flatbuffers.FlatBufferBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowFooter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageChannelReader;
import org.apache.arrow.vector.ipc.message.MessageResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes the big-endian form of a little-endian IPC stream, as an Arrow build on a big-endian
 * machine would have written it: the schema message says {@code Big}, and every multi-byte value of
 * every record batch and dictionary batch is byte-swapped. The flatbuffer metadata stays
 * little-endian (the format says so); bitmaps, bytes and union type ids have no byte order. This is
 * the test's own table, kept apart from the library's ({@code io.pqarrow.ipc.BigEndianBodies}), so
 * a wrong row in either shows as a difference; it was first checked against arrow-testing's
 * big-endian gold streams, which a big-endian machine wrote.
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
 *   <tr><td>ListView / LargeListView</td><td>offsets, sizes</td><td>4 / 8</td></tr>
 *   <tr><td>Union(Dense)</td><td>offsets</td><td>4</td></tr>
 *   <tr><td>Bool, FixedSizeBinary, Struct, FixedSizeList, Null, Union(Sparse)</td><td>—</td>
 *       <td>—</td></tr>
 * </table>
 */
final class BigEndianIpc {
  private static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

  private BigEndianIpc() {}

  /** The big-endian stream holding what the little-endian {@code stream} holds. */
  static byte[] stream(byte[] stream, BufferAllocator allocator) throws IOException {
    return write(IpcFormat.STREAM, stream, allocator, true);
  }

  /** The big-endian IPC file holding what the little-endian {@code stream} holds. */
  static byte[] file(byte[] stream, BufferAllocator allocator) throws IOException {
    return write(IpcFormat.FILE, stream, allocator, true);
  }

  /**
   * {@code stream} with its schema saying big-endian but its bodies as they are: for types the
   * table has no row for, and compressed bodies, whose refusal needs only the flag.
   */
  static byte[] withoutSwapping(IpcFormat format, byte[] stream, BufferAllocator allocator)
      throws IOException {
    return write(format, stream, allocator, false);
  }

  private static byte[] write(
      IpcFormat format, byte[] stream, BufferAllocator allocator, boolean swap) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (WriteChannel out = new WriteChannel(Channels.newChannel(bytes))) {
      if (format == IpcFormat.STREAM) {
        convert(stream, allocator, swap, out, new ArrayList<>(), new ArrayList<>());
        return bytes.toByteArray();
      }
      out.write(FILE_MAGIC);
      out.align();
      List<ArrowBlock> dictionaryBlocks = new ArrayList<>();
      List<ArrowBlock> recordBlocks = new ArrayList<>();
      Schema schema = convert(stream, allocator, swap, out, dictionaryBlocks, recordBlocks);
      long footerStart = out.getCurrentPosition();
      out.write(new ArrowFooter(schema, dictionaryBlocks, recordBlocks), false);
      out.writeIntLittleEndian((int) (out.getCurrentPosition() - footerStart));
      out.write(FILE_MAGIC);
    }
    return bytes.toByteArray();
  }

  /**
   * Writes {@code stream}'s messages big-endian to {@code out}, noting where each batch went;
   * returns the schema (message form).
   */
  private static Schema convert(
      byte[] stream,
      BufferAllocator allocator,
      boolean swap,
      WriteChannel out,
      List<ArrowBlock> dictionaryBlocks,
      List<ArrowBlock> recordBlocks)
      throws IOException {
    Schema schema;
    List<Field> memoryFields;
    Map<Long, Field> dictionaryFields = new HashMap<>();
    try (ArrowStreamReader reader =
        new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
      schema = reader.getVectorSchemaRoot().getSchema();
      memoryFields = schema.getFields();
      while (reader.loadNextBatch()) {
        // loads every dictionary
      }
      for (Map.Entry<Long, Dictionary> d : reader.getDictionaryVectors().entrySet()) {
        dictionaryFields.put(d.getKey(), d.getValue().getVector().getField());
      }
    }
    Schema messageSchema;
    try (MessageChannelReader messages =
        new MessageChannelReader(
            new ReadChannel(Channels.newChannel(new ByteArrayInputStream(stream))), allocator)) {
      MessageResult first = messages.readNext();
      messageSchema = MessageSerializer.deserializeSchema(first.getMessage());
      writeSchema(messageSchema, out);
      MessageResult next;
      while ((next = messages.readNext()) != null) {
        ArrowBuf body = next.getBodyBuffer(); // the batch made of it owns it
        if (next.getMessage().headerType() == MessageHeader.DictionaryBatch) {
          try (ArrowDictionaryBatch batch =
              MessageSerializer.deserializeDictionaryBatch(next.getMessage(), body)) {
            if (swap) {
              swap(List.of(dictionaryFields.get(batch.getDictionaryId())), batch.getDictionary());
            }
            dictionaryBlocks.add(MessageSerializer.serialize(out, batch));
          }
        } else {
          try (ArrowRecordBatch batch =
              MessageSerializer.deserializeRecordBatch(next.getMessage(), body)) {
            if (swap) {
              swap(memoryFields, batch);
            }
            recordBlocks.add(MessageSerializer.serialize(out, batch));
          }
        }
      }
    }
    ArrowStreamWriter.writeEndOfStream(out, IpcOption.DEFAULT);
    return messageSchema;
  }

  /** The schema message with {@code endianness = Big}: Arrow Java always writes its own order. */
  private static void writeSchema(Schema schema, WriteChannel out) throws IOException {
    FlatBufferBuilder builder = new FlatBufferBuilder();
    int[] fields = new int[schema.getFields().size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = schema.getFields().get(i).getField(builder);
    }
    int fieldsVector = org.apache.arrow.flatbuf.Schema.createFieldsVector(builder, fields);
    org.apache.arrow.flatbuf.Schema.startSchema(builder);
    org.apache.arrow.flatbuf.Schema.addEndianness(builder, Endianness.Big);
    org.apache.arrow.flatbuf.Schema.addFields(builder, fieldsVector);
    int header = org.apache.arrow.flatbuf.Schema.endSchema(builder);
    Message.startMessage(builder);
    Message.addVersion(builder, MetadataVersion.V5);
    Message.addHeaderType(builder, MessageHeader.Schema);
    Message.addHeader(builder, header);
    Message.addBodyLength(builder, 0);
    builder.finish(Message.endMessage(builder));
    ByteBuffer message = builder.dataBuffer();
    MessageSerializer.writeMessageBuffer(out, message.remaining(), message, IpcOption.DEFAULT);
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
      default -> throw new IllegalArgumentException("no big-endian form for " + type);
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
