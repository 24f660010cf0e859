package io.pqarrow.dataset;

import io.pqarrow.scan.ChannelInputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * One file of a dataset scan, opened once for the time the scan reads it: the framing check, the
 * footer read (when the dataset has not read it yet) and every column chunk's stream share that one
 * open, where each would otherwise open the file again (ten opens for a file of eight columns).
 * Closed by the scan when the file's reader is done; the file's {@link DatasetFile#file()} stays as
 * it was, for later scans.
 *
 * <p>A local file found by discovery ({@link SizedLocalFile}) is opened as a {@link FileChannel}
 * whose streams read at their own positions with positioned reads, at once from several threads
 * (read-ahead, a file's column tasks). Any other {@link InputFile} (a caller's listing) has one
 * stream opened, on the first {@link #newStream()}; the streams handed out keep their own positions
 * and read it in turn, each read a seek and a read under a lock on it: the reads of a file's
 * columns take turns on that stream, which suits local and block stores; on a store where a
 * backward seek costs a new request (object stores) this may cost more than a stream per chunk did
 * (not measured). A {@link FileChannel} is interruptible: a thread interrupted while it reads
 * closes the channel, and the file's other reads then fail (a scan is cancelled by closing it, not
 * by interrupts).
 */
final class OpenedFile implements InputFile, AutoCloseable {
  private final InputFile file;
  private final String name;
  private long length = -1;
  private SeekableByteChannel channel; // the one open
  private InputFile opened; // its streams
  private boolean closed;

  OpenedFile(InputFile file, String name) {
    this.file = file;
    this.name = name;
  }

  @Override
  public synchronized long getLength() throws IOException {
    if (length < 0) {
      length = file.getLength(); // a discovered file's is its lstat's: nothing is opened
    }
    return length;
  }

  @Override
  public synchronized SeekableInputStream newStream() throws IOException {
    if (closed) {
      throw new IOException(name + " was closed after its read");
    }
    if (channel == null) {
      long size = getLength(); // before the open, so that a failure leaves nothing open
      channel =
          file instanceof SizedLocalFile sized
              ? FileChannel.open(sized.path(), StandardOpenOption.READ)
              : new StreamChannel(file.newStream(), size);
      opened = new ChannelInputFile(channel, name);
    }
    return opened.newStream();
  }

  /** Closes the one open, if the file was opened; streams handed out fail from now on. */
  @Override
  public synchronized void close() throws IOException {
    closed = true;
    if (channel != null) {
      SeekableByteChannel c = channel;
      channel = null;
      c.close();
    }
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * The file's one stream as a channel, for {@link ChannelInputFile}, whose streams position it and
   * read under a lock on it.
   */
  private static final class StreamChannel implements SeekableByteChannel {
    private final SeekableInputStream in;
    private final long size;
    private boolean open = true;

    StreamChannel(SeekableInputStream in, long size) {
      this.in = in;
      this.size = size;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return in.read(dst);
    }

    @Override
    public long position() throws IOException {
      return in.getPos();
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws IOException {
      in.seek(newPosition);
      return this;
    }

    @Override
    public long size() {
      return size;
    }

    @Override
    public int write(ByteBuffer src) {
      throw new NonWritableChannelException();
    }

    @Override
    public SeekableByteChannel truncate(long newSize) {
      throw new NonWritableChannelException();
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public void close() throws IOException {
      open = false;
      in.close();
    }
  }
}
