package io.pqarrow.scan;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.util.Objects;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A parquet-java {@link InputFile} over a {@link SeekableByteChannel}, for bytes that live in the
 * caller's storage rather than in a local file.
 *
 * <p>Every stream from {@link #newStream()} keeps a position of its own and reads at it with a
 * positioned read: a {@link FileChannel}'s {@code read(ByteBuffer, long)}, which needs no lock and
 * lets several streams read at once; any other channel is positioned and read under a lock on the
 * channel, so streams on several threads may share it, each read moving the channel's position (no
 * stream relies on where a previous read left it). Closing a stream does not close the channel: the
 * caller owns it and closes it when every reader is done. The channel's size is asked for once, by
 * the first {@link #getLength()}.
 */
public final class ChannelInputFile implements InputFile {
  private final SeekableByteChannel channel;
  private final String name;
  private volatile long length = -1;

  /** The most bytes one positioned read of a heap buffer asks a {@link FileChannel} for. */
  static final int MAX_READ = 1 << 20;

  /**
   * @param channel the bytes, open for reading; not closed by this object or its streams
   * @param name what {@link #toString()} returns, naming the bytes in messages
   */
  public ChannelInputFile(SeekableByteChannel channel, String name) {
    this.channel = Objects.requireNonNull(channel, "channel");
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public long getLength() throws IOException {
    long n = length;
    if (n < 0) {
      n = channel.size();
      length = n;
    }
    return n;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    if (!channel.isOpen()) {
      throw new IOException("the channel of " + name + " is closed");
    }
    return new Stream();
  }

  /**
   * Reads from byte {@code position} into {@code buffer}, as many bytes as one read gives.
   *
   * @return the number of bytes read, or -1 at the end of the channel (some channels say so by
   *     reading 0 bytes there)
   */
  private int readAt(ByteBuffer buffer, long position) throws IOException {
    int n;
    if (channel instanceof FileChannel file) {
      // a heap buffer is read through a temporary direct buffer the JDK keeps per thread at the
      // largest size asked for: at most MAX_READ at a time keeps that bounded (readFully loops)
      int limit = buffer.limit();
      if (!buffer.isDirect() && buffer.remaining() > MAX_READ) {
        buffer.limit(buffer.position() + MAX_READ);
      }
      try {
        n = file.read(buffer, position);
      } finally {
        buffer.limit(limit);
      }
    } else {
      synchronized (channel) {
        channel.position(position);
        n = channel.read(buffer);
      }
    }
    if (n == 0 && buffer.hasRemaining() && position >= getLength()) {
      return -1;
    }
    return n;
  }

  @Override
  public String toString() {
    return name;
  }

  /** A stream with a position of its own. */
  private final class Stream extends SeekableInputStream {
    private long pos;
    private final ByteBuffer one = ByteBuffer.allocate(1);

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0) {
        throw new IOException("negative position " + newPos + " in " + name);
      }
      pos = newPos;
    }

    @Override
    public int read() throws IOException {
      one.clear();
      int n = read(one);
      return n <= 0 ? -1 : one.get(0) & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      return read(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
      if (!buffer.hasRemaining()) {
        return 0;
      }
      int n = readAt(buffer, pos);
      if (n > 0) {
        pos += n;
      }
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      Objects.checkFromIndexSize(start, len, bytes.length);
      readFully(ByteBuffer.wrap(bytes, start, len));
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
      while (buffer.hasRemaining()) {
        int n = readAt(buffer, pos);
        if (n < 0) {
          throw new EOFException(
              "end of " + name + " at byte " + pos + " with " + buffer.remaining() + " owed");
        }
        pos += n;
      }
    }

    @Override
    public long skip(long n) throws IOException {
      if (n <= 0) {
        return 0;
      }
      long skipped = Math.min(n, Math.max(0, getLength() - pos));
      pos += skipped;
      return skipped;
    }

    @Override
    public int available() throws IOException {
      return (int) Math.min(Integer.MAX_VALUE, Math.max(0, getLength() - pos));
    }
  }
}
