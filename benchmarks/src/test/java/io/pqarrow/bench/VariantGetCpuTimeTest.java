package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs {@link VariantGetCpuTime} once on a tiny batch, so that the driver cannot rot. */
class VariantGetCpuTimeTest {

  @Test
  void printsOneLinePerContenderAndPath() {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      VariantGetCpuTime.main(new String[] {"10", "64", "1", "3"});
    } finally {
      System.setOut(out);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    assertEquals(8, text.lines().filter(l -> l.contains("cpu ns/row median")).count(), text);
    assertTrue(text.contains("path=depth3 kernelShredded"), text);
  }
}
