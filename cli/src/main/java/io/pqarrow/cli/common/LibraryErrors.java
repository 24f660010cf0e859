package io.pqarrow.cli.common;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import java.nio.file.Path;

/**
 * Words the library's file errors in the command line's one shape, {@code cannot read <file>:
 * <where>: <problem>} or {@code cannot write <file>: <where>: <problem>}, from the error's
 * structured parts: {@code <where>} is the column and row of its {@link BridgeException#location()}
 * ({@code column v.typed_value, row 17}; left out with its colon when neither is known), {@code
 * <problem>} the {@link ParquetFileException#problem()}. The kind ({@link ErrorKind#ofRow}) and
 * location go with the new exception, so the exit code ({@link ExitCode#of}) follows the library's
 * kind.
 *
 * <pre>
 * Invalid Parquet file at /x.parquet, column v.typed_value, row 17: value and typed_value are both non-null
 * → cannot read /x.parquet: column v.typed_value, row 17: value and typed_value are both non-null
 * Unsupported Parquet data at /x.parquet, column l: list without a repeated node
 * → cannot read /x.parquet: column l: unsupported list without a repeated node
 * </pre>
 *
 * An error that is not about the file's own content (no {@link ParquetFileException}) keeps its
 * whole message: {@code cannot read <file>: <message>}. An option the writer refuses as it opens
 * ({@link #rewordOpen}) is a usage error without the {@code cannot write <file>} part: {@code
 * compression level 5 does not fit codec SNAPPY (it has no levels)}.
 */
public final class LibraryErrors {
  private LibraryErrors() {}

  public static CliException reword(Path file, BridgeException e, boolean write) {
    return new CliException(
        ErrorKind.ofRow(e),
        e.location().withFile(file),
        (write ? "cannot write " : "cannot read ") + file + ": " + problem(e),
        e);
  }

  /**
   * A writer's refusal, as it opened, of the options the flags made ({@link
   * ErrorKind#INVALID_ARGUMENT}: a compression level the codec does not have): a usage error worded
   * {@code <where>: <problem>}, without {@code cannot write <file>}, since neither the file nor the
   * data is at fault. Any other kind is {@link #reword}ed.
   */
  public static CliException rewordOpen(Path file, BridgeException e) {
    if (e.kind() != ErrorKind.INVALID_ARGUMENT) {
      return reword(file, e, true);
    }
    return new CliException(ErrorKind.INVALID_ARGUMENT, e.location().withFile(file), problem(e), e);
  }

  /** {@code <where>: <problem>} of a library error, or its whole message. */
  private static String problem(BridgeException e) {
    String problem;
    if (e instanceof ParquetFileException p) {
      String where = where(p.location());
      // The command line sets the option a refusal's remedy names through its own flag.
      String what =
          p.remedy() == ParquetFileException.Remedy.INT96_UNIT
              ? p.problem(Int96UnitOption.FLAG)
              : p.problem();
      problem = where.isEmpty() ? what : where + ": " + what;
    } else {
      problem = e.getMessage() == null ? e.toString() : e.getMessage();
    }
    return problem;
  }

  /** {@code column <c>, row <r>}, each part only when known. */
  private static String where(ErrorLocation location) {
    return new ErrorLocation(
            null, location.column(), ErrorLocation.UNKNOWN, location.row(), ErrorLocation.UNKNOWN)
        .toString();
  }
}
