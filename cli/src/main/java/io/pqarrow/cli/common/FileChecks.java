package io.pqarrow.cli.common;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorText;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Checks on the files the command line opens or writes itself (IPC input and output): that a path
 * is a readable regular file, and a short text for an I/O failure. Parquet files are checked by the
 * library's reader, which names what is wrong with their framing.
 */
public final class FileChecks {
  private FileChecks() {}

  /** The size of a readable regular file, or a {@link CliException} saying why it is not one. */
  public static long openableSize(Path file) {
    try {
      if (Files.isDirectory(file)) {
        throw CliException.cannotRead(file, ErrorKind.IO, "is a directory", null);
      }
      long size = Files.size(file);
      if (!Files.isReadable(file)) {
        throw CliException.cannotRead(file, ErrorKind.IO, "permission denied", null);
      }
      return size;
    } catch (IOException e) {
      throw CliException.cannotRead(file, ioProblem(e), e);
    }
  }

  /** A short description of an I/O failure for a message that already names the file. */
  public static String ioProblem(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String message = e.getMessage();
    return ErrorText.describe(e);
  }
}
