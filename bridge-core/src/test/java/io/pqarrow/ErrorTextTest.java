package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** Foreign exceptions become one line of our words: no class names, identities or line breaks. */
class ErrorTextTest {
  @Test
  void classNamePrefixesAndObjectIdentitiesAreRemoved() {
    assertEquals(
        "bitWidth must be between 0 and 32",
        ErrorText.describe(
            new IllegalArgumentException(
                "java.lang.IllegalArgumentException: bitWidth must be between 0 and 32")));
    assertEquals(
        "could not read the input: page too large",
        ErrorText.describe(
            new IOException(
                "could not read org.apache.parquet.io.LocalInputFile@478ee483:"
                    + " org.apache.parquet.io.ParquetDecodingException: page too large")));
  }

  @Test
  void manyLinesBecomeOneAndALongMessageIsCut() {
    String schema = "message m {\n  optional int32 a;\n  optional int32 b;\n}\n";
    assertEquals(
        "unknown column in message m { optional int32 a; optional int32 b; }",
        ErrorText.describe(new IllegalStateException("unknown column in " + schema)));
    String cut = ErrorText.describe(new RuntimeException("x".repeat(1000)));
    assertEquals(ErrorText.MAX_LENGTH, cut.length());
    assertEquals('…', cut.charAt(cut.length() - 1));
  }

  @Test
  void aMissingMessageIsSaidInWordsFromTheCauseOrTheKind() {
    assertEquals("the input ends early", ErrorText.describe(new EOFException()));
    assertEquals(
        "the input ends early (reached the end at byte 12)",
        ErrorText.describe(new EOFException("reached the end at byte 12")));
    assertEquals("no such file", ErrorText.describe(new NoSuchFileException("/x/y")));
    assertEquals(
        "array index out of bounds",
        ErrorText.describe(new ArrayIndexOutOfBoundsException((String) null)));
    assertEquals(
        "disk full", ErrorText.describe(new RuntimeException(new IOException("disk full"))));
    assertEquals("null pointer", ErrorText.describe(new NullPointerException()));
    // a cycle of causes is cut off, not followed for ever
    Exception a = new Exception((String) null);
    Exception b = new Exception((String) null, a);
    a.initCause(b);
    assertEquals("unexpected failure", ErrorText.describe(a));
  }
}
