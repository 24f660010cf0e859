package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs {@link VariantJsonCpuTime} once on a tiny batch, so that the driver cannot rot. */
class VariantJsonCpuTimeTest {

  @Test
  void printsOneLinePerMethod() {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      VariantJsonCpuTime.main(new String[] {"1", "3", "50", "variantToJson,validateFull"});
    } finally {
      System.setOut(out);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    assertEquals(2, text.lines().filter(l -> l.contains("cpu MB/s best")).count(), text);
    assertTrue(text.contains("variantToJson "), text);
  }
}
