package io.pqarrow.cli.command;

import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.filter.Expression;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.filter.FilterException;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
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
 * An unknown column is worded as for {@code --columns} ({@link ColumnSelection#unknownColumn}).
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
      Expression e = ExpressionParser.parse(text);
      FilterEvaluator.bind(e, schema);
      return e;
    } catch (FilterException e) {
      String pointer =
          e.position() < 0 ? "" : "\n  " + text + "\n  " + " ".repeat(e.position()) + "^";
      String column = e.location().column();
      String message =
          e.kind() == ErrorKind.NOT_FOUND && column != null
              ? unknown(column, schema, file)
              : e.getMessage();
      throw new CliException(ErrorKind.INVALID_ARGUMENT, "--where: " + message + pointer);
    }
  }

  /** The message of {@link ColumnSelection#unknownColumn} for {@code column}, not in the schema. */
  private static String unknown(String column, Schema schema, Object file) {
    List<Field> top = schema.getFields();
    List<String> names = FieldPath.parse(column).resolve(top);
    List<Field> fields = top;
    int p = 0;
    for (; p < names.size(); p++) {
      Field f = null;
      for (Field candidate : fields) {
        if (candidate.getName().equals(names.get(p))) {
          f = candidate;
        }
      }
      if (f == null) {
        break;
      }
      fields = f.getChildren();
    }
    return ColumnSelection.unknownColumn(
        column, file, String.join(".", names.subList(0, p)), fields, top);
  }
}
