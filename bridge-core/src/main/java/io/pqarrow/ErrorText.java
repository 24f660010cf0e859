package io.pqarrow;

import java.io.EOFException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The text of a foreign exception (parquet-java, Thrift, a codec, Arrow, the JDK) as one line of
 * this library's messages: what went wrong, in words, without Java class names, object identity
 * strings or the many lines some libraries put in a message (parquet-java prints whole schemas).
 * The exception itself stays the cause of the library's exception, for a stack trace on request.
 */
public final class ErrorText {
  /** A message longer than this is cut, with an ellipsis. */
  static final int MAX_LENGTH = 300;

  /** {@code java.io.IOException: }, {@code org.apache.x.FooException: } inside a message. */
  private static final Pattern CLASS_PREFIX =
      Pattern.compile("(?:\\b[a-z][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error): ");

  /** {@code LocalInputFile@478ee483}, {@code org.x.Y$Z@1b2c3d}. */
  private static final Pattern IDENTITY =
      Pattern.compile("(?:\\b[a-z][\\w$]*\\.)*[A-Z][\\w$]*@[0-9a-f]{4,}\\b");

  private ErrorText() {}

  /**
   * One line describing {@code e}: its message in our words, never empty. A file-system exception
   * says what is wrong, not which file: the caller's message names the file.
   *
   * @param e the failure (not {@code null})
   * @return its one-line description
   */
  public static String describe(Throwable e) {
    return describe(e, 0);
  }

  private static String describe(Throwable e, int depth) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "the file already exists";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof ClosedByInterruptException) {
      return "interrupted while reading or writing";
    }
    String message = clean(e.getMessage());
    if (e instanceof EOFException) {
      return message.isEmpty() ? "the input ends early" : "the input ends early (" + message + ")";
    }
    if (message.isEmpty()) {
      // Said by the cause, if there is one (a chain is short; a cycle is cut off).
      Throwable cause = e.getCause();
      if (cause != null && cause != e && depth < 8) {
        return describe(cause, depth + 1);
      }
      return words(e.getClass().getSimpleName());
    }
    return message;
  }

  /**
   * {@code message} on one line: class-name prefixes and object identities removed, lines joined,
   * whitespace collapsed, cut at {@link #MAX_LENGTH} characters; empty for {@code null}.
   */
  static String clean(String message) {
    if (message == null) {
      return "";
    }
    String s = CLASS_PREFIX.matcher(message).replaceAll("");
    s = IDENTITY.matcher(s).replaceAll("the input");
    s = s.replaceAll("\\s+", " ").strip();
    if (s.length() > MAX_LENGTH) {
      s = s.substring(0, MAX_LENGTH - 1).stripTrailing() + "…";
    }
    return s;
  }

  /** {@code ArrayIndexOutOfBoundsException} → {@code array index out of bounds}. */
  static String words(String simpleName) {
    String base = simpleName.replaceAll("(Exception|Error)$", "");
    if (base.isEmpty()) {
      return "unexpected failure";
    }
    return base.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
  }
}
