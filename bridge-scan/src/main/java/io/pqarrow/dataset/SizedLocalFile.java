package io.pqarrow.dataset;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local file found by {@link LocalDiscovery}, whose length the discovery's {@code lstat} already
 * gave: parquet-java's {@link LocalInputFile} opens and closes the file once more only to learn it,
 * the first of the opens of each file a scan reads. Streams are {@link LocalInputFile}'s. Only a
 * regular file gets one (the {@code lstat} of a symbolic link gives the link's length, not its
 * target's).
 */
final class SizedLocalFile implements InputFile {
  private final Path path;
  private final long length;

  SizedLocalFile(Path path, long length) {
    this.path = path;
    this.length = length;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    // made per stream, not per file found: a scan opens its files through OpenedFile instead
    return new LocalInputFile(path).newStream();
  }

  /** {@return the file's path} */
  Path path() {
    return path;
  }

  @Override
  public String toString() {
    return String.valueOf(path);
  }
}
