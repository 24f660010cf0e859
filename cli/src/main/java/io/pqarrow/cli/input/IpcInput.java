package io.pqarrow.cli.input;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.FileChecks;
import io.pqarrow.cli.common.IpcFormat;
import io.pqarrow.ipc.IpcReaders;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An Arrow IPC file or stream being read, whichever the first bytes say it is: the file format
 * starts with {@code ARROW1}, anything else is read as a stream. Bodies compressed with {@code
 * LZ4_FRAME} or {@code ZSTD} are decompressed; a big-endian one is turned little-endian as it is
 * read ({@link IpcReaders}), and a field whose type cannot be is refused by name. Every failure is
 * a {@link CliException} naming the file and, for data, the batch.
 */
public final class IpcInput implements BatchSource {
  private static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final Path file;
  private final IpcFormat format;
  private final FileChannel channel;
  private final ArrowReader reader;
  private long batches;

  private IpcInput(Path file, IpcFormat format, FileChannel channel, ArrowReader reader) {
    this.file = file;
    this.format = format;
    this.channel = channel;
    this.reader = reader;
  }

  /** Opens {@code file}, detecting its framing, and reads its schema. */
  public static IpcInput open(Path file, BufferAllocator allocator) {
    long size = FileChecks.openableSize(file);
    FileChannel channel = null;
    try {
      channel = FileChannel.open(file, StandardOpenOption.READ);
      ByteBuffer head = ByteBuffer.allocate(HEAD_BYTES);
      while (head.hasRemaining() && channel.read(head) >= 0) {
        // reads up to HEAD_BYTES bytes
      }
      byte[] magic = head.array();
      if (size == 0) {
        throw CliException.cannotRead(file, "empty file, not Arrow IPC", null);
      }
      if (head.position() >= 4 && startsWith(magic, PARQUET_MAGIC)) {
        throw CliException.cannotRead(
            file, "this is a Parquet file, not Arrow IPC (bridge export reads Parquet)", null);
      }
      channel.position(0);
      IpcFormat format =
          head.position() >= 6 && startsWith(magic, FILE_MAGIC) ? IpcFormat.FILE : IpcFormat.STREAM;
      if (format == IpcFormat.STREAM && !streamStart(magic, head.position(), size)) {
        throw new CliException(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inFile(file),
            file
                + " is not an Arrow IPC file or stream: it starts with "
                + shown(magic, head.position())
                + ", not ARROW1 (a file) or FF FF FF FF (a stream)",
            null);
      }
      ArrowReader reader =
          format == IpcFormat.FILE
              ? IpcReaders.file(channel, allocator, CommonsCompressionFactory.INSTANCE)
              : IpcReaders.stream(channel, allocator, CommonsCompressionFactory.INSTANCE);
      if (format == IpcFormat.FILE && laterDictionaries((ArrowFileReader) reader)) {
        // Arrow Java's file reader loads each dictionary once, from its first batch, so a file
        // with delta (or replacement) dictionary batches would read wrong. The body of an IPC
        // file is the stream format after the 8-byte magic and padding: read it as a stream,
        // which applies each dictionary batch where it stands.
        reader.close();
        channel = FileChannel.open(file, StandardOpenOption.READ);
        channel.position(FILE_BODY_START);
        reader = IpcReaders.stream(channel, allocator, CommonsCompressionFactory.INSTANCE);
      }
      IpcInput input = new IpcInput(file, format, channel, reader);
      channel = null;
      try {
        input.schema();
        return input;
      } catch (RuntimeException e) {
        input.close();
        throw e;
      }
    } catch (IOException e) {
      throw CliException.cannotRead(file, FileChecks.ioProblem(e), e);
    } finally {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException ignored) {
          // the open failed already; that error is the one to report
        }
      }
    }
  }

  /** How many first bytes are read to tell the framing, and shown when it is neither. */
  private static final int HEAD_BYTES = 16;

  /**
   * Whether the first {@code n} bytes can start an IPC stream: the continuation marker {@code FF FF
   * FF FF}, or (streams written before Arrow 0.15) a little-endian metadata length that fits in the
   * file.
   */
  private static boolean streamStart(byte[] head, int n, long size) {
    if (n < 4) {
      return false;
    }
    int first = ByteBuffer.wrap(head, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return first == -1 || (first >= 0 && first <= size - 4);
  }

  /**
   * The first {@code n} bytes for a message: {@code the text "..."} when they are printable ASCII
   * (tabs and line ends shown escaped), else {@code the bytes 1f 8b 08 00 ...} in hex.
   */
  private static String shown(byte[] head, int n) {
    boolean text = true;
    StringBuilder chars = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int b = head[i] & 0xff;
      if (b == '\n') {
        chars.append("\\n");
      } else if (b == '\r') {
        chars.append("\\r");
      } else if (b == '\t') {
        chars.append("\\t");
      } else if (b >= 0x20 && b < 0x7f) {
        chars.append((char) b);
      } else {
        text = false;
        break;
      }
    }
    if (text) {
      return "the text \"" + chars + "\"";
    }
    StringBuilder hex = new StringBuilder("the bytes");
    for (int i = 0; i < n; i++) {
      hex.append(' ').append(String.format("%02x", head[i] & 0xff));
    }
    return hex.toString();
  }

  /** Where the stream inside an IPC file starts: after "ARROW1" and two bytes of padding. */
  private static final long FILE_BODY_START = 8;

  /** Whether the file has more dictionary batches than dictionaries (deltas or replacements). */
  private static boolean laterDictionaries(ArrowFileReader reader) {
    try {
      reader.getVectorSchemaRoot(); // reads the footer
      return reader.getDictionaryBlocks().size() > reader.getDictionaryIds().size();
    } catch (IOException | RuntimeException e) {
      return false; // a damaged footer: reading the schema reports it
    }
  }

  public IpcFormat format() {
    return format;
  }

  /** The schema of the file or stream. */
  public Schema schema() {
    try {
      return reader.getVectorSchemaRoot().getSchema();
    } catch (BridgeException e) {
      throw CliException.cannotRead(file, e.kind(), e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw CliException.cannotRead(
          file,
          ErrorKind.INVALID_DATA,
          "not a valid Arrow IPC " + name() + " (" + problem(e) + ")",
          e);
    }
  }

  /** The root each batch is loaded into. */
  @Override
  public VectorSchemaRoot root() {
    try {
      return reader.getVectorSchemaRoot();
    } catch (IOException e) {
      throw CliException.cannotRead(file, problem(e), e);
    }
  }

  /** The reader's dictionaries (those of the batch loaded last); null when it has none. */
  @Override
  public org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries() {
    return reader.getDictionaryIds().isEmpty() ? null : reader;
  }

  /** Loads the next batch into {@link #root()}; false at the end. */
  @Override
  public boolean next() {
    try {
      boolean loaded = reader.loadNextBatch();
      if (loaded) {
        batches++;
      }
      return loaded;
    } catch (BridgeException e) {
      throw CliException.cannotRead(
          file, e.kind(), "record batch " + batches + ": " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw CliException.cannotRead(
          file,
          ErrorKind.INVALID_DATA,
          "invalid Arrow IPC " + name() + " at record batch " + batches + ": " + problem(e),
          e);
    }
  }

  /** How far into the file reading has got, in bytes. */
  @Override
  public long bytesRead() {
    try {
      return channel.position();
    } catch (IOException e) {
      return 0;
    }
  }

  private String name() {
    return format == IpcFormat.FILE ? "file" : "stream";
  }

  private static String problem(Exception e) {
    String message = e.getMessage();
    return ErrorText.describe(e);
  }

  private static boolean startsWith(byte[] bytes, byte[] magic) {
    for (int i = 0; i < magic.length; i++) {
      if (bytes[i] != magic[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw CliException.cannotRead(file, problem(e), e);
    } finally {
      try {
        channel.close();
      } catch (IOException ignored) {
        // closing a read-only channel loses nothing
      }
    }
  }
}
