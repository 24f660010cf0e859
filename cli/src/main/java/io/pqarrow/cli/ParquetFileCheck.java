package io.pqarrow.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks, before any reader opens it, that a path is a readable file framed as Parquet, so that a
 * wrong or damaged file gets a message naming what is wrong instead of a reader's exception.
 *
 * <pre>
 * offset 0         "PAR1"                      magic
 * ...              column chunks
 * size - 8 - n     footer (n bytes, Thrift)
 * size - 8         n, 4 bytes little-endian     footer length
 * size - 4         "PAR1"                      magic ("PARE" when the footer is encrypted)
 * </pre>
 */
final class ParquetFileCheck {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

  /** The smallest Parquet file: two magics and a footer length. */
  static final int MIN_SIZE = 12;

  /** The largest footer read; real footers are kilobytes to a few megabytes. */
  static final long MAX_FOOTER = 256L << 20;

  private ParquetFileCheck() {}

  /**
   * Throws a {@link CliException} {@code cannot read <file>: <problem>} unless {@code file} is a
   * readable regular file starting and ending with {@code PAR1} whose footer length fits.
   *
   * @return the file's footer, as Thrift-encoded bytes
   */
  static byte[] check(Path file) {
    long size = openableSize(file);
    if (size < MIN_SIZE) {
      throw CliException.cannotRead(
          file,
          "not a Parquet file (" + size + " bytes; the smallest Parquet file has " + MIN_SIZE + ")",
          null);
    }
    ByteBuffer head = ByteBuffer.allocate(4);
    ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      readFully(channel, head, 0);
      readFully(channel, tail, size - 8);
    } catch (IOException e) {
      throw CliException.cannotRead(file, ioProblem(e), e);
    }
    if (!startsWith(head.array(), 0, MAGIC)) {
      throw CliException.cannotRead(file, "not a Parquet file (no PAR1 magic at byte 0)", null);
    }
    if (startsWith(tail.array(), 4, ENCRYPTED_MAGIC)) {
      throw CliException.cannotRead(
          file, "encrypted Parquet footers are not supported (PARE magic at the end)", null);
    }
    if (!startsWith(tail.array(), 4, MAGIC)) {
      throw CliException.cannotRead(
          file,
          "truncated or damaged Parquet file (no PAR1 magic at byte "
              + (size - 4)
              + ", the last 4 of "
              + size
              + ")",
          null);
    }
    long footerLength = Integer.toUnsignedLong(tail.getInt(0));
    if (footerLength > size - MIN_SIZE) {
      throw CliException.cannotRead(
          file,
          "damaged Parquet file (footer length "
              + footerLength
              + " at byte "
              + (size - 8)
              + " exceeds the "
              + (size - MIN_SIZE)
              + " bytes before it)",
          null);
    }
    if (footerLength > MAX_FOOTER) {
      throw CliException.cannotRead(
          file,
          "Parquet footer of " + footerLength + " bytes is over the limit of " + MAX_FOOTER,
          null);
    }
    ByteBuffer footer = ByteBuffer.allocate((int) footerLength);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      readFully(channel, footer, size - 8 - footerLength);
    } catch (IOException e) {
      throw CliException.cannotRead(file, ioProblem(e), e);
    }
    return footer.array();
  }

  /** The size of a readable regular file, or a {@link CliException} saying why it is not one. */
  static long openableSize(Path file) {
    try {
      if (Files.isDirectory(file)) {
        throw CliException.cannotRead(file, "is a directory", null);
      }
      long size = Files.size(file);
      if (!Files.isReadable(file)) {
        throw CliException.cannotRead(file, "permission denied", null);
      }
      return size;
    } catch (IOException e) {
      throw CliException.cannotRead(file, ioProblem(e), e);
    }
  }

  /** A short description of an I/O failure for a message that already names the file. */
  static String ioProblem(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }

  private static void readFully(FileChannel channel, ByteBuffer buffer, long position)
      throws IOException {
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, position + buffer.position());
      if (n < 0) {
        throw new IOException("unexpected end of file at byte " + (position + buffer.position()));
      }
    }
  }

  private static boolean startsWith(byte[] bytes, int offset, byte[] magic) {
    for (int i = 0; i < magic.length; i++) {
      if (bytes[offset + i] != magic[i]) {
        return false;
      }
    }
    return true;
  }
}
