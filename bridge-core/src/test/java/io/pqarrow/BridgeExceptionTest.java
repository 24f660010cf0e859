package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The kind and location every {@link BridgeException} carries, and how a location renders. */
class BridgeExceptionTest {
  /** Locations with every combination of parts that matters, and their documented rendering. */
  static Stream<Arguments> locations() {
    ErrorLocation none = ErrorLocation.NONE;
    return Stream.of(
        Arguments.of(none, ""),
        Arguments.of(ErrorLocation.inFile("/tmp/a.parquet"), "/tmp/a.parquet"),
        Arguments.of(ErrorLocation.inFile(Path.of("/tmp", "b.parquet")), "/tmp/b.parquet"),
        Arguments.of(ErrorLocation.inColumn("v.typed_value"), "column v.typed_value"),
        Arguments.of(none.withRowGroup(2), "row group 2"),
        Arguments.of(ErrorLocation.atRow(17), "row 17"),
        Arguments.of(none.withByteOffset(0), "byte 0"),
        Arguments.of(ErrorLocation.atRow(3).withByteOffset(9), "row 3, byte 9"),
        Arguments.of(
            ErrorLocation.inFile("/tmp/a.parquet").withColumn("v").withRow(17),
            "/tmp/a.parquet, column v, row 17"),
        Arguments.of(
            ErrorLocation.inFile("/tmp/a.parquet").withByteOffset(1020),
            "/tmp/a.parquet, byte 1020"),
        Arguments.of(ErrorLocation.inColumn("s.x").withRowGroup(0), "column s.x, row group 0"),
        Arguments.of(
            // set out of order: the rendering order is fixed
            none.withByteOffset(9)
                .withRow(17)
                .withRowGroup(2)
                .withColumn("v")
                .withFile("/tmp/a.parquet"),
            "/tmp/a.parquet, column v, row group 2, row 17, byte 9"),
        Arguments.of(new ErrorLocation(null, null, -5, -2, -100), ""));
  }

  @ParameterizedTest(name = "renders \"{1}\"")
  @MethodSource("locations")
  void aLocationRendersItsKnownPartsInTheDocumentedOrder(ErrorLocation location, String where) {
    assertEquals(where, location.toString());
    assertEquals(where.isEmpty(), location.isEmpty());
  }

  /** Every kind with every location: the exception keeps both, and composes the message. */
  static Stream<Arguments> kindsAndLocations() {
    List<Arguments> cases = new ArrayList<>();
    for (ErrorKind kind : ErrorKind.values()) {
      locations().forEach(a -> cases.add(Arguments.of(kind, a.get()[0], a.get()[1])));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} at \"{2}\"")
  @MethodSource("kindsAndLocations")
  void everyKindAndLocationIsKeptAndRenderedAsDocumented(
      ErrorKind kind, ErrorLocation location, String where) {
    String message = BridgeException.compose("Invalid Variant value", location, "truncated");
    BridgeException e = new BridgeException(kind, location, message, null);
    assertSame(kind, e.kind());
    assertEquals(location, e.location());
    assertEquals(
        where.isEmpty()
            ? "Invalid Variant value: truncated"
            : "Invalid Variant value at " + where + ": truncated",
        e.getMessage());
  }

  @Test
  void absentPartsAreNullOrUnknownAndSaySo() {
    ErrorLocation none = ErrorLocation.NONE;
    assertEquals(null, none.file());
    assertEquals(null, none.column());
    assertEquals(ErrorLocation.UNKNOWN, none.rowGroup());
    assertEquals(ErrorLocation.UNKNOWN, none.row());
    assertEquals(ErrorLocation.UNKNOWN, none.byteOffset());
    assertFalse(none.hasFile() || none.hasColumn() || none.hasRowGroup());
    assertFalse(none.hasRow() || none.hasByteOffset());

    ErrorLocation all =
        ErrorLocation.inFile("f").withColumn("c").withRowGroup(0).withRow(0).withByteOffset(0);
    assertTrue(all.hasFile() && all.hasColumn() && all.hasRowGroup());
    assertTrue(all.hasRow() && all.hasByteOffset());
    assertEquals(new ErrorLocation("f", "c", 0, 0, 0), all);

    // negative numbers mean "not known", and clearing a part works the same way
    assertEquals(ErrorLocation.NONE, ErrorLocation.atRow(-7));
    assertEquals(
        ErrorLocation.inFile("f"),
        all.withColumn(null).withRowGroup(-1).withRow(-1).withByteOffset(-1));
    assertEquals(ErrorLocation.NONE, ErrorLocation.inFile(null));
  }

  @Test
  void withersLeaveTheOriginalUnchanged() {
    ErrorLocation file = ErrorLocation.inFile("a.parquet");
    ErrorLocation row = file.withRow(3);
    assertEquals("a.parquet", file.toString());
    assertEquals("a.parquet, row 3", row.toString());
  }

  @Test
  void theShortConstructorHasNoLocationAndANullLocationIsNone() {
    BridgeException e = new BridgeException(ErrorKind.UNSUPPORTED, "Unsupported thing at x: y");
    assertSame(ErrorKind.UNSUPPORTED, e.kind());
    assertSame(ErrorLocation.NONE, e.location());
    assertEquals("Unsupported thing at x: y", e.getMessage());
    assertSame(
        ErrorLocation.NONE,
        new BridgeException(ErrorKind.IO, null, "Invalid Parquet file at f: no such file", null)
            .location());
  }

  @Test
  void aKindIsRequired() {
    assertThrows(NullPointerException.class, () -> new BridgeException(null, "message"));
  }

  @Test
  void aWrappedFailureLendsItsKind() {
    BridgeException unsupported = new BridgeException(ErrorKind.UNSUPPORTED, "u");
    assertSame(ErrorKind.UNSUPPORTED, ErrorKind.of(unsupported, ErrorKind.INVALID_DATA));
    assertSame(ErrorKind.IO, ErrorKind.of(new NoSuchFileException("f"), ErrorKind.INVALID_DATA));
    assertSame(
        ErrorKind.IO,
        ErrorKind.of(new UncheckedIOException(new IOException("x")), ErrorKind.INVALID_DATA));
    assertSame(
        ErrorKind.INVALID_DATA,
        ErrorKind.of(new IllegalStateException("x"), ErrorKind.INVALID_DATA));
    assertSame(ErrorKind.OUT_OF_MEMORY, ErrorKind.of(null, ErrorKind.OUT_OF_MEMORY));
  }

  @Test
  void aRowFailureIsBadDataUnlessItsCauseSaysOtherwise() {
    assertSame(
        ErrorKind.INVALID_DATA,
        ErrorKind.ofRow(new BridgeException(ErrorKind.INVALID_ARGUMENT, "getter mismatch")));
    assertSame(
        ErrorKind.UNSUPPORTED,
        ErrorKind.ofRow(new BridgeException(ErrorKind.UNSUPPORTED, "metadata version 2")));
    assertSame(ErrorKind.INVALID_DATA, ErrorKind.ofRow(new IndexOutOfBoundsException()));
  }
}
