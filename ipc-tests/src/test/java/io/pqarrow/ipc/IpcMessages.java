package io.pqarrow.ipc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * Reads the raw message headers of IPC bytes, below any reader, to see what a writer really put on
 * the wire. A file is its 8-byte magic and padding, then the same messages as a stream.
 */
final class IpcMessages {
  private static final int FILE_PREAMBLE = 8;

  private IpcMessages() {}

  /** The body compression of each record batch message, in order. */
  static List<BodyCompression> recordBatchCompressions(IpcFormat format, byte[] bytes) {
    List<BodyCompression> result = new ArrayList<>();
    for (Message message : messages(format, bytes)) {
      if (message.headerType() == MessageHeader.RecordBatch) {
        RecordBatch batch = (RecordBatch) message.header(new RecordBatch());
        result.add(compression(batch.compression()));
      }
    }
    return result;
  }

  private static BodyCompression compression(org.apache.arrow.flatbuf.BodyCompression compression) {
    if (compression == null) {
      return BodyCompression.NONE;
    }
    return switch (compression.codec()) {
      case CompressionType.LZ4_FRAME -> BodyCompression.LZ4_FRAME;
      case CompressionType.ZSTD -> BodyCompression.ZSTD;
      default -> throw new AssertionError("unknown codec " + compression.codec());
    };
  }

  /** Every message up to the end-of-stream marker. */
  static List<Message> messages(IpcFormat format, byte[] bytes) {
    List<Message> messages = new ArrayList<>();
    try (ByteArrayReadableSeekableByteChannel channel =
            new ByteArrayReadableSeekableByteChannel(bytes);
        SeekableReadChannel in = new SeekableReadChannel(channel)) {
      in.setPosition(format == IpcFormat.FILE ? FILE_PREAMBLE : 0);
      MessageMetadataResult result;
      while ((result = MessageSerializer.readMessage(in)) != null) {
        messages.add(result.getMessage());
        channel.position(channel.position() + result.getMessageBodyLength());
      }
      return messages;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
