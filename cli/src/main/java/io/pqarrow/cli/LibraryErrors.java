package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.ParquetFileException;
import java.nio.file.Path;

/**
 * Rewords the library's file errors into the command line's one shape, {@code cannot read <file>:
 * <problem>} or {@code cannot write <file>: <problem>}, keeping the column and row the library
 * names:
 *
 * <pre>
 * Invalid Parquet file at /x.parquet, column v.typed_value, row 17: value and typed_value are both non-null
 * → cannot read /x.parquet: column v.typed_value, row 17: value and typed_value are both non-null
 * </pre>
 */
final class LibraryErrors {
  private static final String[] READ_PREFIXES = {
    "Invalid Parquet file at ", "Unsupported Parquet data at "
  };
  private static final String[] WRITE_PREFIXES = {"Cannot write Parquet file at "};

  private LibraryErrors() {}

  static CliException reword(Path file, BridgeException e, boolean write) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    String problem = message;
    if (e instanceof ParquetFileException) {
      ParquetFileException p = (ParquetFileException) e;
      StringBuilder where = new StringBuilder(String.valueOf(p.file()));
      StringBuilder location = new StringBuilder();
      if (p.column() != null) {
        where.append(", column ").append(p.column());
        location.append("column ").append(p.column());
      }
      if (p.row() >= 0) {
        where.append(", row ").append(p.row());
        location.append(location.length() > 0 ? ", " : "").append("row ").append(p.row());
      }
      for (String kind : write ? WRITE_PREFIXES : READ_PREFIXES) {
        String prefix = kind + where + ": ";
        if (message.startsWith(prefix)) {
          problem = message.substring(prefix.length());
          if (kind.startsWith("Unsupported")) {
            problem = "unsupported " + problem;
          }
          if (location.length() > 0) {
            problem = location + ": " + problem;
          }
          break;
        }
      }
    }
    return write
        ? CliException.cannotWrite(file, problem, e)
        : CliException.cannotRead(file, problem, e);
  }
}
