package io.pqarrow.parquet;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import java.nio.file.Path;

/**
 * A Parquet file that cannot be read or written: missing, not Parquet, truncated, corrupt, holding
 * data its schema forbids (for example a shredded Variant whose {@code value} and {@code
 * typed_value} are both set), or asked for a column it does not have.
 *
 * <p>The message always names the file, and the column and row where they are known: {@code Invalid
 * Parquet file at /tmp/a.parquet, column v.typed_value, row 17: value and typed_value are both
 * non-null}. A sound file that cannot be read for want of Arrow memory says {@code Cannot read
 * Parquet file at …} instead.
 *
 * <p>{@link #location()} always has the file; its column and row are the ones the message names,
 * and it may add a row group or a byte offset the message leaves to the problem text. {@link
 * #kind()} tells the failures apart whatever the message's first words: {@link ErrorKind#IO} for a
 * missing or unreadable file, {@link ErrorKind#INVALID_DATA} for bad bytes, {@link
 * ErrorKind#NOT_FOUND} for a column or row group the file does not have, {@link
 * ErrorKind#UNSUPPORTED} for {@link #unsupported} data and the encrypted footer, {@link
 * ErrorKind#OUT_OF_MEMORY} for {@link #read}; a file error caused by a schema the mapper refuses
 * has the schema error's kind.
 */
public class ParquetFileException extends BridgeException {
  private static final long serialVersionUID = 1L;

  // The messages' first words, by what failed.
  private static final String INVALID = "Invalid Parquet file";
  private static final String READ = "Cannot read Parquet file";
  private static final String WRITE = "Cannot write Parquet file";

  /**
   * A reading option that would read what was refused. The problem ends by naming it ({@code …; a
   * coarser MappingOptions.int96Unit reads it}); a caller that sets the option under another name
   * (the command line's {@code --int96-unit}) words the problem with that name through {@link
   * #problem(String)}.
   */
  public enum Remedy {
    /**
     * An INT96 timestamp outside the range of {@link io.pqarrow.schema.MappingOptions#int96Unit}.
     */
    INT96_UNIT("MappingOptions.int96Unit", "a coarser %s reads it");

    private final String option;
    private final String advice;

    Remedy(String option, String advice) {
      this.option = option;
      this.advice = advice;
    }

    /** {@return the library's name of the option: {@code MappingOptions.int96Unit}} */
    public String option() {
      return option;
    }

    /**
     * {@return the advice naming the option as {@code name}: {@code a coarser <name> reads it}}
     *
     * @param name the option's name as the caller spells it
     */
    public String advice(String name) {
      return String.format(advice, name);
    }
  }

  /** What is wrong, without the message's first words and location ({@link #problem()}). */
  private final String problem;

  /** The option that would read the refused value, or {@code null} ({@link #remedy()}). */
  private final Remedy remedy;

  /** The problem without the remedy's advice, for {@link #problem(String)}. */
  private final String unremedied;

  private ParquetFileException(
      ErrorKind kind,
      String head,
      ErrorLocation location,
      String problem,
      String standalone,
      Throwable cause) {
    this(kind, head, location, problem, standalone, null, cause);
  }

  private ParquetFileException(
      ErrorKind kind,
      String head,
      ErrorLocation location,
      String problem,
      String standalone,
      Remedy remedy,
      Throwable cause) {
    super(
        kind, location, compose(head, named(location), withAdvice(problem, remedy, remedy)), cause);
    this.problem = withAdvice(standalone, remedy, remedy);
    this.remedy = remedy;
    this.unremedied = standalone;
  }

  private static String withAdvice(String problem, Remedy remedy, Remedy named) {
    return remedy == null ? problem : problem + "; " + remedy.advice(named.option());
  }

  /**
   * {@code Invalid Parquet file at <file>[, column <c>][, row <r>]: <problem>; <advice>}: a value
   * the reading options cannot hold, which {@code remedy}'s option would read.
   *
   * @param kind what kind of failure it is
   * @param where the file and, as known, column, row group, row and byte offset
   * @param problem what is wrong, without the advice
   * @param remedy the option that would read the value (not {@code null})
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException invalid(
      ErrorKind kind, ErrorLocation where, String problem, Remedy remedy, Throwable cause) {
    return new ParquetFileException(kind, INVALID, where, problem, problem, remedy, cause);
  }

  /**
   * {@code Invalid Parquet file at <file>[, column <c>][, row <r>]: <problem>}; the kind is {@code
   * cause}'s ({@link ErrorKind#of}), {@link ErrorKind#INVALID_DATA} when it says nothing.
   *
   * @param file the file
   * @param column the column's path, or {@code null} when not known
   * @param row the 0-based row in the file, or a negative number when not known
   * @param problem what is wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException invalid(
      Path file, String column, long row, String problem, Throwable cause) {
    return invalid(String.valueOf(file), column, row, problem, cause);
  }

  /**
   * As {@link #invalid(Path, String, long, String, Throwable)}, for a file known by its display
   * name (a path, a URI, or whatever names a byte source that is not a local file).
   *
   * @param file the file's display name
   * @param column the column's path, or {@code null} when not known
   * @param row the 0-based row in the file, or a negative number when not known
   * @param problem what is wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException invalid(
      String file, String column, long row, String problem, Throwable cause) {
    return at(INVALID, ErrorKind.INVALID_DATA, file, column, row, problem, cause);
  }

  /**
   * {@code Invalid Parquet file at <file>[, column <c>][, row <r>]: <problem>}, of {@code kind}.
   *
   * @param where the file (required), and the column, row group, row and byte offset when known;
   *     the message names the file, the column and the row
   * @param kind what kind of failure it is
   * @param problem what is wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException invalid(
      ErrorKind kind, ErrorLocation where, String problem, Throwable cause) {
    return new ParquetFileException(kind, INVALID, where, problem, problem, cause);
  }

  /**
   * {@code Cannot read Parquet file at <file>[, column <c>][, row <r>]: <problem>}, for a sound
   * file that cannot be read for a reason outside it, such as the Arrow allocator's limit ({@link
   * ErrorKind#OUT_OF_MEMORY} unless {@code cause} says otherwise, see {@link ErrorKind#of}).
   *
   * @param file the file
   * @param column the column's path, or {@code null} when not known
   * @param row the 0-based row in the file, or a negative number when not known
   * @param problem what went wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException read(
      Path file, String column, long row, String problem, Throwable cause) {
    return at(READ, ErrorKind.OUT_OF_MEMORY, file, column, row, problem, cause);
  }

  /**
   * {@code Cannot read Parquet file at <file>[, column <c>][, row <r>]: <problem>}, of {@code
   * kind}.
   *
   * @param kind what kind of failure it is
   * @param where the file and, as known, column, row group, row and byte offset
   * @param problem what went wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException read(
      ErrorKind kind, ErrorLocation where, String problem, Throwable cause) {
    return new ParquetFileException(kind, READ, where, problem, problem, cause);
  }

  /**
   * {@code Unsupported Parquet data at <file>[, column <c>]: <what>}, {@link
   * ErrorKind#UNSUPPORTED}.
   *
   * @param file the file
   * @param column the column's path, or {@code null} when not known
   * @param what the feature not supported, e.g. an encoding or a logical type
   * @return the exception
   */
  public static ParquetFileException unsupported(Path file, String column, String what) {
    return unsupported(String.valueOf(file), column, what);
  }

  /**
   * As {@link #unsupported(Path, String, String)}, for a file known by its display name.
   *
   * @param file the file's display name
   * @param column the column's path, or {@code null} when not known
   * @param what the feature not supported
   * @return the exception
   */
  public static ParquetFileException unsupported(String file, String column, String what) {
    return new ParquetFileException(
        ErrorKind.UNSUPPORTED,
        "Unsupported Parquet data",
        ErrorLocation.inFile(file).withColumn(column),
        what,
        "unsupported " + what,
        null);
  }

  /**
   * {@code Cannot write Parquet file at <file>[, column <c>][, row <r>]: <problem>}; the kind is
   * {@code cause}'s ({@link ErrorKind#of}), {@link ErrorKind#INVALID_DATA} when it says nothing.
   *
   * @param file the file
   * @param column the column's path, or {@code null} when not known
   * @param row the 0-based row in the file, or a negative number when not known
   * @param problem what went wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException write(
      Path file, String column, long row, String problem, Throwable cause) {
    return at(WRITE, ErrorKind.INVALID_DATA, file, column, row, problem, cause);
  }

  /**
   * {@code Cannot write Parquet file at <file>[, column <c>][, row <r>]: <problem>}, of {@code
   * kind}.
   *
   * @param kind what kind of failure it is
   * @param where the file and, as known, column, row group, row and byte offset
   * @param problem what went wrong
   * @param cause the underlying failure, or {@code null}
   * @return the exception
   */
  public static ParquetFileException write(
      ErrorKind kind, ErrorLocation where, String problem, Throwable cause) {
    return new ParquetFileException(kind, WRITE, where, problem, problem, cause);
  }

  /**
   * The exception {@code verb} names (one of the three above) at {@code file}, {@code column} and
   * {@code row}, of {@code cause}'s kind ({@link ErrorKind#of}) or {@code fallback}: the one body
   * of the {@code (file, column, row, problem, cause)} factories.
   */
  private static ParquetFileException at(
      String verb,
      ErrorKind fallback,
      Object file,
      String column,
      long row,
      String problem,
      Throwable cause) {
    return new ParquetFileException(
        ErrorKind.of(cause, fallback),
        verb,
        ErrorLocation.inFile(file).withColumn(column).withRow(row),
        problem,
        problem,
        cause);
  }

  /** The parts of {@code where} a message names: the file, the column and the row. */
  private static ErrorLocation named(ErrorLocation where) {
    return new ErrorLocation(
        where.file(), where.column(), ErrorLocation.UNKNOWN, where.row(), ErrorLocation.UNKNOWN);
  }

  /** {@return the file the problem is in} */
  public String file() {
    return location().file();
  }

  /** {@return the dotted column path, or {@code null} when the problem is not in one column} */
  public String column() {
    return location().column();
  }

  /** {@return the 0-based row in the file, or -1 when not known} */
  public long row() {
    return location().row();
  }

  /**
   * What is wrong, in words that stand without the message's first words and location, for a caller
   * that names the file and location its own way ({@code cannot read <file>: column c, row r:
   * <problem>}): the {@code <problem>} of {@link #invalid}, {@link #read} and {@link #write}, and
   * {@code unsupported <what>} for {@link #unsupported}.
   *
   * @return the problem, without location
   */
  public String problem() {
    return problem;
  }

  /** {@return the option that would read what was refused, or {@code null} when none would} */
  public Remedy remedy() {
    return remedy;
  }

  /**
   * {@link #problem()} with the {@link #remedy()}'s option called {@code optionName} (for a caller
   * that sets it under another name); {@link #problem()} itself when there is no remedy.
   *
   * @param optionName the remedy option's name as the caller spells it
   * @return the problem, without location
   */
  public String problem(String optionName) {
    return remedy == null ? problem : unremedied + "; " + remedy.advice(optionName);
  }
}
