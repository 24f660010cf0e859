package io.pqarrow.ipc;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow IPC readers that honour the schema's byte order. Arrow Java reads a schema's {@code
 * endianness} but never acts on it: it loads a big-endian body as it is, and every multi-byte value
 * then reads wrong, silently. The readers here look at the schema message first; for a big-endian
 * one they turn each record batch's and dictionary batch's buffers little-endian before Arrow Java
 * loads them ({@link BigEndianBodies} has the table of what is swapped), and refuse, naming the
 * field, a type they cannot swap. A little-endian input gets Arrow Java's own reader.
 *
 * <pre>
 * try (FileChannel channel = FileChannel.open(path);
 *     ArrowFileReader reader = IpcReaders.file(channel, allocator, IpcCompression.FACTORY)) {
 *   while (reader.loadNextBatch()) { ... reader.getVectorSchemaRoot() ... }
 * }
 * </pre>
 *
 * A compressed big-endian body is refused: the buffers would have to be swapped after Arrow Java
 * decompresses them, inside its loader.
 */
public final class IpcReaders {
  /** The IPC file's magic, {@code ARROW1}, and its padding: the stream inside starts after it. */
  private static final long FILE_STREAM_START = 8;

  /** A schema message longer than this is not looked at (Arrow Java refuses it anyway). */
  private static final int MAX_SCHEMA_MESSAGE = Integer.MAX_VALUE - 16;

  private IpcReaders() {}

  /**
   * A reader of the IPC stream that starts at {@code channel}'s position (the position is left
   * there).
   *
   * @param channel the stream's bytes
   * @param allocator where the batches' buffers come from
   * @param compression the codecs of compressed bodies ({@link IpcCompression#FACTORY})
   * @return Arrow Java's reader for a little-endian stream, a byte-swapping one for a big-endian
   *     one
   * @throws IOException when the schema message cannot be read
   */
  public static ArrowStreamReader stream(
      SeekableByteChannel channel, BufferAllocator allocator, CompressionCodec.Factory compression)
      throws IOException {
    if (schemaOrder(channel, channel.position()) == ByteOrder.BIG_ENDIAN) {
      return new BigEndianStream(channel, allocator, compression);
    }
    return new ArrowStreamReader(channel, allocator, compression);
  }

  /**
   * A reader of the IPC stream in {@code in}, which need not seek: the schema message is read ahead
   * under a mark (through a {@link BufferedInputStream} when {@code in} supports no mark) and then
   * read again by the reader.
   *
   * @param in the stream's bytes, from its start
   * @param allocator where the batches' buffers come from
   * @param compression the codecs of compressed bodies ({@link IpcCompression#FACTORY})
   * @return Arrow Java's reader for a little-endian stream, a byte-swapping one for a big-endian
   *     one
   * @throws IOException when the schema message cannot be read
   */
  public static ArrowStreamReader stream(
      InputStream in, BufferAllocator allocator, CompressionCodec.Factory compression)
      throws IOException {
    InputStream marked = in.markSupported() ? in : new BufferedInputStream(in);
    marked.mark(MAX_SCHEMA_MESSAGE + 8);
    ByteOrder order;
    try {
      order = schemaOrder(marked);
    } finally {
      marked.reset();
    }
    if (order == ByteOrder.BIG_ENDIAN) {
      return new BigEndianStream(marked, allocator, compression);
    }
    return new ArrowStreamReader(marked, allocator, compression);
  }

  /**
   * A reader of the IPC file (the random-access format) in {@code channel}.
   *
   * @param channel the file's bytes
   * @param allocator where the batches' buffers come from
   * @param compression the codecs of compressed bodies ({@link IpcCompression#FACTORY})
   * @return Arrow Java's reader for a little-endian file, a byte-swapping one for a big-endian one
   * @throws IOException when the schema message cannot be read
   */
  public static ArrowFileReader file(
      SeekableByteChannel channel, BufferAllocator allocator, CompressionCodec.Factory compression)
      throws IOException {
    if (schemaOrder(channel, FILE_STREAM_START) == ByteOrder.BIG_ENDIAN) {
      return new BigEndianFile(channel, allocator, compression);
    }
    return new ArrowFileReader(channel, allocator, compression);
  }

  /**
   * The byte order the schema message at {@code position} declares: {@link ByteOrder#LITTLE_ENDIAN}
   * also when the bytes there are no schema message (the reader then reports what is wrong). The
   * channel's position is not moved. The framing is {@code FF FF FF FF} (absent before Arrow 0.15),
   * the metadata's length as a little-endian int32, then the {@code Message} flatbuffer.
   */
  static ByteOrder schemaOrder(SeekableByteChannel channel, long position) throws IOException {
    long saved = channel.position();
    try {
      channel.position(position);
      ByteBuffer prefix = readFully(channel, 8);
      long[] frame = frame(prefix);
      if (frame == null || position + frame[0] + frame[1] > channel.size()) {
        return ByteOrder.LITTLE_ENDIAN;
      }
      channel.position(position + frame[0]);
      ByteBuffer metadata = readFully(channel, (int) frame[1]);
      return metadata == null ? ByteOrder.LITTLE_ENDIAN : schemaOrder(metadata);
    } finally {
      channel.position(saved);
    }
  }

  /** As the channel's, from {@code in}'s next bytes (which it consumes). */
  private static ByteOrder schemaOrder(InputStream in) throws IOException {
    byte[] prefix = in.readNBytes(8);
    long[] frame =
        frame(prefix.length < 8 ? null : ByteBuffer.wrap(prefix).order(ByteOrder.LITTLE_ENDIAN));
    if (frame == null) {
      return ByteOrder.LITTLE_ENDIAN;
    }
    int skip = (int) frame[0];
    int length = (int) frame[1];
    int carried = Math.min(prefix.length - skip, length); // metadata bytes already in the prefix
    byte[] rest = in.readNBytes(length - carried); // grows as bytes come: no length-sized guess
    if (rest.length < length - carried) {
      return ByteOrder.LITTLE_ENDIAN;
    }
    ByteBuffer metadata = ByteBuffer.allocate(length);
    metadata.put(prefix, skip, carried).put(rest).flip();
    return schemaOrder(metadata);
  }

  /**
   * The framing of the message whose first 8 bytes are {@code prefix}: the bytes before its
   * metadata (8, or 4 before Arrow 0.15) and the metadata's length; null when there is none.
   */
  private static long[] frame(ByteBuffer prefix) {
    if (prefix == null) {
      return null;
    }
    int length = prefix.getInt(0);
    int skip = 4;
    if (length == -1) {
      length = prefix.getInt(4);
      skip = 8;
    }
    if (length <= 0 || length > MAX_SCHEMA_MESSAGE) {
      return null;
    }
    return new long[] {skip, length};
  }

  /** The byte order a {@code Message} flatbuffer holding a schema declares. */
  static ByteOrder schemaOrder(ByteBuffer metadata) {
    try {
      Message message = Message.getRootAsMessage(metadata.order(ByteOrder.LITTLE_ENDIAN));
      if (message.headerType() != MessageHeader.Schema) {
        return ByteOrder.LITTLE_ENDIAN;
      }
      org.apache.arrow.flatbuf.Schema schema =
          (org.apache.arrow.flatbuf.Schema) message.header(new org.apache.arrow.flatbuf.Schema());
      return schema != null && schema.endianness() == Endianness.Big
          ? ByteOrder.BIG_ENDIAN
          : ByteOrder.LITTLE_ENDIAN;
    } catch (IndexOutOfBoundsException e) {
      return ByteOrder.LITTLE_ENDIAN; // not a flatbuffer: Arrow Java's reader says what is wrong
    }
  }

  private static ByteBuffer readFully(SeekableByteChannel channel, int n) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer) < 0) {
        return null;
      }
    }
    return buffer.flip();
  }

  /** A big-endian stream: batches swapped before they load. */
  private static final class BigEndianStream extends ArrowStreamReader {
    BigEndianStream(
        SeekableByteChannel in, BufferAllocator allocator, CompressionCodec.Factory compression) {
      super(in, allocator, compression);
    }

    BigEndianStream(
        InputStream in, BufferAllocator allocator, CompressionCodec.Factory compression) {
      super(in, allocator, compression);
    }

    @Override
    protected Schema readSchema() throws IOException {
      return BigEndianBodies.check(super.readSchema());
    }

    @Override
    protected void loadRecordBatch(ArrowRecordBatch batch) {
      super.loadRecordBatch(BigEndianBodies.swapped(batch, this));
    }

    @Override
    protected void loadDictionary(ArrowDictionaryBatch batch) {
      super.loadDictionary(BigEndianBodies.swapped(batch, dictionaries));
    }
  }

  /** A big-endian file: batches swapped before they load. */
  private static final class BigEndianFile extends ArrowFileReader {
    BigEndianFile(
        SeekableByteChannel in, BufferAllocator allocator, CompressionCodec.Factory compression) {
      super(in, allocator, compression);
    }

    @Override
    protected Schema readSchema() throws IOException {
      return BigEndianBodies.check(super.readSchema());
    }

    @Override
    protected void loadRecordBatch(ArrowRecordBatch batch) {
      super.loadRecordBatch(BigEndianBodies.swapped(batch, this));
    }

    @Override
    protected void loadDictionary(ArrowDictionaryBatch batch) {
      super.loadDictionary(BigEndianBodies.swapped(batch, dictionaries));
    }
  }
}
