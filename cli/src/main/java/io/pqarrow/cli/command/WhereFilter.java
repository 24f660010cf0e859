package io.pqarrow.cli.command;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.filter.ColumnPaths;
import io.pqarrow.filter.Expression;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code --where EXPR} of {@code cat} and {@code export}: the expression parsed and checked against
 * the file's columns before anything is read. Every problem is a usage error (exit 2) whose message
 * is followed by the expression and a caret under the place it names:
 *
 * <pre>
 * --where: unknown column 'country' in events.parquet (did you mean user.country?)
 *   country = 'US'
 *   ^
 * </pre>
 *
 * The message is the library's ({@link ColumnPaths#where}), which the Flight server sends too; an
 * unknown column is worded as for {@code --columns}.
 */
final class WhereFilter {
  private WhereFilter() {}

  /**
   * The parsed {@code text}, bound once to {@code schema} to check it.
   *
   * @throws CliException of kind {@link ErrorKind#INVALID_ARGUMENT} for a malformed expression, an
   *     unknown column, or a literal its column cannot be compared with
   */
  static Expression parse(String text, Schema schema, Object file) {
    try {
      return ColumnPaths.where("--where", text, schema, file);
    } catch (BridgeException e) {
      if (e.kind() != ErrorKind.INVALID_ARGUMENT) {
        throw e;
      }
      throw new CliException(ErrorKind.INVALID_ARGUMENT, e.getMessage());
    }
  }
}
