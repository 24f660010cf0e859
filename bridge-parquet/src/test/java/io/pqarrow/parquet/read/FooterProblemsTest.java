package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * When no diagnosis of ours names a footer's problem, the gist of parquet-java's complaint is kept
 * without its Java class names, struct dumps and schema dumps (the texts are parquet-java's, as it
 * words the refusals of parquet-testing's bad_data files).
 */
class FooterProblemsTest {
  @Test
  void theGistKeepsNoClassNameNorStructDump() {
    assertEquals(
        "can not read: Required field 'num_values' was not found in serialized data!",
        FooterProblems.gist(
            new IOException(
                "can not read class org.apache.parquet.format.PageHeader: Required field"
                    + " 'num_values' was not found in serialized data! Struct: PageHeader(type:x)")));
  }

  @Test
  void theGistKeepsNoSchemaDump() {
    assertEquals(
        "timestampWus_no_tz not found",
        FooterProblems.gist(
            new IllegalArgumentException(
                "timestampWus_no_tz not found in message schema {\n  optional boolean b;\n}")));
  }

  @Test
  void theGistOfTheDeepestCauseWithoutTheExceptionNameIsKept() {
    assertEquals(
        "Index 3 out of bounds for length 1",
        FooterProblems.gist(
            new RuntimeException(
                "wrapper", new IndexOutOfBoundsException("Index 3 out of bounds for length 1"))));
  }
}
