package io.pqarrow.cli.output;

import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.FileChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The output path of {@code export} and {@code import}: refused when it is the input or a
 * directory, written under a hidden temporary name beside it ({@link #temporary}) and renamed into
 * place only when complete ({@link #commit}), so that a killed process leaves no partial file at
 * the path; and removed again when the command fails, so that a failed conversion leaves no file
 * that looks complete. ({@code import} has the library's writer do the same: {@code
 * WriteOptions.atomic}.)
 */
public final class OutputFile {
  private OutputFile() {}

  /** Checks that {@code out} can be written without destroying {@code in}. */
  public static void check(Path in, Path out) {
    if (Files.isDirectory(out)) {
      throw CliException.cannotWrite(out, ErrorKind.IO, "is a directory", null);
    }
    try {
      if (Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out)) {
        throw CliException.cannotWrite(out, ErrorKind.IO, "it is the input file", null);
      }
    } catch (IOException e) {
      throw CliException.cannotWrite(out, FileChecks.ioProblem(e), e);
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw CliException.cannotWrite(out, ErrorKind.IO, "no such directory " + parent, null);
    }
  }

  /** A new hidden name in {@code out}'s directory for the bytes of {@code out} while written. */
  static Path temporary(Path out) {
    return out.resolveSibling(
        "." + out.getFileName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
  }

  /**
   * Renames the complete {@code temporary} file to {@code out}, replacing it, in one step.
   *
   * @throws CliException when it cannot (the temporary file is then deleted)
   */
  static void commit(Path temporary, Path out) {
    try {
      Files.move(
          temporary,
          out,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      discard(temporary);
      throw CliException.cannotWrite(out, FileChecks.ioProblem(e), e);
    }
  }

  /** Deletes what a failed command wrote, if it can; the command's own error is what matters. */
  public static void discard(Path out) {
    try {
      Files.deleteIfExists(out);
    } catch (IOException ignored) {
      // the error being reported is the useful one; a leftover file is named in it
    }
  }
}
