package io.pqarrow.parquet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local file as a caller's {@link InputFile}, counting the streams opened on it and closed: what
 * a test of a read's opens asserts (each stream of parquet-java's {@link LocalInputFile} is an open
 * of the file).
 */
public final class CountingInputFile implements InputFile {
  private final Path file;
  private final InputFile local;
  private final AtomicInteger opens = new AtomicInteger();
  private final AtomicInteger closes = new AtomicInteger();

  /**
   * @param file the local file read
   */
  public CountingInputFile(Path file) {
    this.file = file;
    this.local = new LocalInputFile(file);
  }

  /** {@return the streams opened so far} */
  public int opens() {
    return opens.get();
  }

  /** {@return the streams closed so far} */
  public int closes() {
    return closes.get();
  }

  /** Sets both counts back to zero. */
  public void reset() {
    opens.set(0);
    closes.set(0);
  }

  @Override
  public long getLength() throws IOException {
    return local.getLength();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    opens.incrementAndGet();
    return new DelegatingSeekableInputStream(local.newStream()) {
      @Override
      public long getPos() throws IOException {
        return ((SeekableInputStream) getStream()).getPos();
      }

      @Override
      public void seek(long newPos) throws IOException {
        ((SeekableInputStream) getStream()).seek(newPos);
      }

      @Override
      public void close() throws IOException {
        closes.incrementAndGet();
        super.close();
      }
    };
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
