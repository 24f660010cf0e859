package io.pqarrow.parquet.internal.page;

import java.io.IOException;
import org.apache.parquet.io.SeekableInputStream;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.transport.TTransport;
import shaded.parquet.org.apache.thrift.transport.TTransportException;

/**
 * The bytes of a column chunk from a page header's start ({@link #start}) for {@link PageParser}'s
 * Thrift header parser: served from a window read {@link #HEADER_WINDOW} bytes at a time (a header
 * is usually a few dozen bytes), never past the chunk's end. The window is Thrift's buffer ({@link
 * #getBuffer}): the compact protocol reads varints, field headers and binaries straight from the
 * array, and calls {@link #read} only for what runs past the window, which is then refilled from
 * the file. The page body after a header often starts in the window ({@link #copy}).
 */
final class HeaderWindow extends TTransport {
  /** The bytes read from the file at a time for headers. */
  static final int HEADER_WINDOW = 8 << 10;

  private final SeekableInputStream in;
  private byte[] window = new byte[0];
  private long windowStart;
  private int windowLength;

  /** Where the header being read starts, and the chunk's end. */
  private long pos;

  private long chunkEnd;

  /** Bytes read into the window from the file, over every chunk. */
  private volatile long bytesRead;

  /** The header's bytes read so far. */
  int consumed;

  /** Whether the header ran past the chunk's end. */
  boolean atChunkEnd;

  /** The file's failure, when reading the window failed. */
  IOException failure;

  HeaderWindow(SeekableInputStream in) {
    this.in = in;
  }

  /** Starts reading a header at file byte {@code pos}, of a chunk that ends at {@code chunkEnd}. */
  void start(long pos, long chunkEnd) {
    this.pos = pos;
    this.chunkEnd = chunkEnd;
    consumed = 0;
    atChunkEnd = false;
    failure = null;
  }

  /** Forgets the window's bytes (the cursor moved to another chunk). */
  void forget() {
    windowLength = 0;
  }

  long bytesRead() {
    return bytesRead;
  }

  /**
   * Copies the bytes the window holds from file byte {@code at}, at most {@code size}, to the start
   * of {@code dst}; returns how many.
   */
  int copy(long at, byte[] dst, int size) {
    long inWindow = windowStart + windowLength - at;
    if (inWindow <= 0 || at < windowStart) {
      return 0;
    }
    int n = (int) Math.min(inWindow, size);
    System.arraycopy(window, (int) (at - windowStart), dst, 0, n);
    return n;
  }

  @Override
  public byte[] getBuffer() {
    return window;
  }

  @Override
  public int getBufferPosition() {
    return (int) (pos + consumed - windowStart);
  }

  @Override
  public int getBytesRemainingInBuffer() {
    long at = pos + consumed;
    if (at < windowStart) {
      return 0;
    }
    return (int) Math.max(0, windowStart + windowLength - at);
  }

  @Override
  public void consumeBuffer(int len) {
    consumed += len;
  }

  @Override
  public int read(byte[] b, int off, int len) throws TTransportException {
    if (len == 0) {
      return 0;
    }
    if (!available()) {
      throw new TTransportException(TTransportException.END_OF_FILE, "end of the column chunk");
    }
    int at = getBufferPosition();
    int n = Math.min(len, windowLength - at);
    System.arraycopy(window, at, b, off, n);
    consumed += n;
    return n;
  }

  /** Whether the window holds at least one byte at the cursor, refilling it if needed. */
  private boolean available() throws TTransportException {
    if (getBytesRemainingInBuffer() > 0) {
      return true;
    }
    long at = pos + consumed;
    long left = chunkEnd - at;
    if (left <= 0) {
      atChunkEnd = true;
      return false;
    }
    int length = (int) Math.min(HEADER_WINDOW, left);
    if (window.length < length) {
      window = PageBufferPool.take(HEADER_WINDOW);
    }
    try {
      in.seek(at);
      in.readFully(window, 0, length);
      bytesRead += length;
    } catch (IOException e) {
      failure = e;
      throw new TTransportException(e);
    }
    windowStart = at;
    windowLength = length;
    return true;
  }

  /** Refuses a length (of a binary, a list) that runs past the column chunk before allocating. */
  @Override
  public void checkReadBytesAvailable(long numBytes) throws TTransportException {
    if (numBytes > chunkEnd - (pos + consumed)) {
      atChunkEnd = true;
      throw new TTransportException(TTransportException.END_OF_FILE, "past the column chunk");
    }
  }

  @Override
  public void updateKnownMessageSize(long size) {}

  @Override
  public TConfiguration getConfiguration() {
    return TConfiguration.DEFAULT;
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public void open() {}

  /** Gives the window back to {@link PageBufferPool}: the parser reads no more header. */
  @Override
  public void close() {
    byte[] w = window;
    window = new byte[0];
    windowLength = 0;
    PageBufferPool.give(w);
  }

  @Override
  public void write(byte[] buf, int off, int len) throws TTransportException {
    throw new TTransportException("the page header window is read-only");
  }
}
