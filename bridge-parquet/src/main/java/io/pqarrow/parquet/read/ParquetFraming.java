package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Checks, before parquet-java opens a file, that it is a readable regular file framed as Parquet,
 * so that a wrong or damaged file gets a message saying what is wrong rather than whatever a Thrift
 * decoder says about the bytes it happened to read.
 *
 * <pre>
 * offset 0         "PAR1"                      magic
 * ...              column chunks
 * size - 8 - n     footer (n bytes, Thrift)
 * size - 8         n, 4 bytes little-endian     footer length
 * size - 4         "PAR1"                      magic ("PARE" when the footer is encrypted)
 * </pre>
 */
final class ParquetFraming {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

  /** The smallest Parquet file: two magics and a footer length. */
  static final int MIN_SIZE = 12;

  private ParquetFraming() {}

  /**
   * Throws {@code Invalid Parquet file at <file>: <problem>} unless the local {@code file} is a
   * readable regular file (not a directory): what a local path's read checks before {@link #footer}
   * ({@code Files.size} alone would take a directory's size).
   */
  static void checkLocal(Path file) {
    size(file);
  }

  /**
   * The footer's Thrift bytes of {@code input}, after checking that it is framed as Parquet with a
   * footer of at most {@code maxFooterBytes} ({@link io.pqarrow.Limits#maxFooterBytes()}; real
   * footers are kilobytes to a few megabytes): one stream, three reads (the head magic, the tail's
   * length and magic, the footer).
   *
   * @param name the source's display name, for messages
   * @throws ParquetFileException ({@code Invalid Parquet file at <name>: <problem>}) when the
   *     source cannot be opened or read up to the footer, or is not framed as Parquet
   * @throws IOException when the footer's bytes, within the checked framing, cannot be read
   */
  static byte[] footer(InputFile input, String name, long maxFooterBytes) throws IOException {
    long size;
    try {
      size = input.getLength();
    } catch (IOException e) {
      throw ParquetFileException.invalid(name, null, -1, ioProblem(e), e);
    }
    if (size < MIN_SIZE) {
      throw invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name),
          "not a Parquet file ("
              + size
              + " bytes; the smallest Parquet file has "
              + MIN_SIZE
              + ")");
    }
    SeekableInputStream in;
    try {
      in = input.newStream();
    } catch (IOException e) {
      throw ParquetFileException.invalid(name, null, -1, ioProblem(e), e);
    }
    try (in) {
      byte[] head = new byte[4];
      ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      try {
        in.readFully(head);
        in.seek(size - 8);
        in.readFully(tail.array());
      } catch (IOException e) {
        throw ParquetFileException.invalid(name, null, -1, ioProblem(e), e);
      }
      long footerLength = checkFraming(head, tail, size, name, maxFooterBytes);
      byte[] footer = new byte[Math.toIntExact(footerLength)];
      in.seek(size - 8 - footerLength);
      in.readFully(footer);
      return footer;
    }
  }

  /** The footer length the tail gives, once the magics and the length are checked. */
  private static long checkFraming(
      byte[] head, ByteBuffer tail, long size, String name, long maxFooterBytes) {
    if (!startsWith(head, 0, MAGIC)) {
      throw invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name).withByteOffset(0),
          "not a Parquet file (no PAR1 magic at byte 0)");
    }
    if (startsWith(tail.array(), 4, ENCRYPTED_MAGIC)) {
      throw invalid(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inFile(name).withByteOffset(size - 4),
          "encrypted Parquet footers are not supported (PARE magic at the end)");
    }
    if (!startsWith(tail.array(), 4, MAGIC)) {
      throw invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name).withByteOffset(size - 4),
          "truncated or damaged Parquet file (no PAR1 magic at byte "
              + (size - 4)
              + ", the last 4 of "
              + size
              + ")");
    }
    long footerLength = Integer.toUnsignedLong(tail.getInt(0));
    if (footerLength > size - MIN_SIZE) {
      throw invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name).withByteOffset(size - 8),
          "damaged Parquet file (footer length "
              + footerLength
              + " at byte "
              + (size - 8)
              + " exceeds the "
              + (size - MIN_SIZE)
              + " bytes before it)");
    }
    if (footerLength > maxFooterBytes) {
      throw invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(name).withByteOffset(size - 8),
          "Parquet footer of " + footerLength + " bytes is over the limit of " + maxFooterBytes);
    }
    return footerLength;
  }

  private static long size(Path file) {
    try {
      if (Files.isDirectory(file)) {
        throw invalid(ErrorKind.IO, ErrorLocation.inFile(file), "is a directory");
      }
      long size = Files.size(file);
      if (!Files.isReadable(file)) {
        throw invalid(ErrorKind.IO, ErrorLocation.inFile(file), "permission denied");
      }
      return size;
    } catch (IOException e) {
      throw ParquetFileException.invalid(file, null, -1, ioProblem(e), e);
    }
  }

  private static ParquetFileException invalid(ErrorKind kind, ErrorLocation where, String problem) {
    return ParquetFileException.invalid(kind, where, problem, null);
  }

  private static String ioProblem(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String message = e.getMessage();
    return ErrorText.describe(e);
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
