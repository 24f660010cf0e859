package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded mutations of random JSON documents (bytes overwritten, inserted, deleted, truncated)
 * through {@link JsonColumns#toVariant} over Utf8, LargeUtf8 and Utf8View columns and every option
 * combination, then {@link JsonColumns#toJson} of what was accepted. Only a {@link
 * JsonConversionException} naming the mutated row may escape; nothing stays allocated.
 */
class JsonHostileTextTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Pattern ROW = Pattern.compile("^Invalid [A-Za-z ]+ at row (\\d+)[,:]");

  /** Bytes that change JSON structure, plus a lone continuation byte. */
  private static final byte[] SPECIAL = {
    '[', ']', '{', '}', '"', ',', ':', '\\', 'e', '-', '.', '0', (byte) 0x80, (byte) 0xC0
  };

  private static byte[] mutate(Random r, byte[] in) {
    byte[] b = in;
    for (int k = 0; k < 1 + r.nextInt(3); k++) {
      int op = r.nextInt(4);
      int at = b.length == 0 ? 0 : r.nextInt(b.length);
      if (op == 0 && b.length > 0) {
        b = b.clone();
        b[at] = (byte) r.nextInt(256);
      } else if (op == 1) {
        byte[] c = new byte[b.length + 1];
        System.arraycopy(b, 0, c, 0, at);
        c[at] = SPECIAL[r.nextInt(SPECIAL.length)];
        System.arraycopy(b, at, c, at + 1, b.length - at);
        b = c;
      } else if (op == 2 && b.length > 0) {
        byte[] c = new byte[b.length - 1];
        System.arraycopy(b, 0, c, 0, at);
        System.arraycopy(b, at + 1, c, at, b.length - at - 1);
        b = c;
      } else {
        b = java.util.Arrays.copyOf(b, at);
      }
    }
    return b;
  }

  private static FieldVector column(int kind, List<byte[]> rows, BufferAllocator a) {
    FieldVector v =
        switch (kind) {
          case 0 -> new VarCharVector("j", a);
          case 1 -> new LargeVarCharVector("j", a);
          default -> new ViewVarCharVector("j", a);
        };
    try {
      v.allocateNew();
      for (int i = 0; i < rows.size(); i++) {
        byte[] b = rows.get(i);
        switch (kind) {
          case 0 -> ((VarCharVector) v).setSafe(i, b);
          case 1 -> ((LargeVarCharVector) v).setSafe(i, b);
          default -> ((ViewVarCharVector) v).setSafe(i, b);
        }
      }
      v.setValueCount(rows.size());
      return v;
    } catch (RuntimeException e) {
      v.close();
      throw e;
    }
  }

  @Test
  void jsonColumnWithOffsetsOutsideItsBufferIsAnErrorNamingTheRow() {
    // {offset slot overwritten, its new value}: the row ending at that offset (slot - 1) reaches
    // past the data or runs backwards, and is the first row the error can name
    int[][] table = {{2, 100_000}, {2, -3}, {1, 100_000}};
    for (int[] c : table) {
      try (VarCharVector json = new VarCharVector("j", memory.allocator())) {
        json.allocateNew();
        json.setSafe(0, "1".getBytes(StandardCharsets.UTF_8));
        json.setSafe(1, "[2]".getBytes(StandardCharsets.UTF_8));
        json.setSafe(2, "3".getBytes(StandardCharsets.UTF_8));
        json.setValueCount(3);
        json.getOffsetBuffer().setInt(4L * c[0], c[1]);
        BridgeException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                BridgeException.class,
                () -> JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator()));
        assertTrue(e.getMessage().contains("row " + (c[0] - 1) + ":"), e.getMessage());
      }
    }
  }

  @Test
  void mutatedJsonIsConvertedOrRejectedNamingTheMutatedRow() {
    RandomJson corpus = new RandomJson(31337);
    Random r = new Random(8);
    List<JsonOptions> options = new ArrayList<>();
    for (JsonOptions.DuplicateKeys d : JsonOptions.DuplicateKeys.values()) {
      for (JsonOptions.NonFinite n : JsonOptions.NonFinite.values()) {
        for (boolean exact : new boolean[] {false, true}) {
          options.add(
              JsonOptions.builder().duplicateKeys(d).nonFinite(n).exactDecimals(exact).build());
        }
      }
    }
    int accepted = 0;
    int rejected = 0;
    List<String> escaped = new ArrayList<>();
    for (int round = 0; round < 1500; round++) {
      List<byte[]> rows = new ArrayList<>();
      int n = 1 + r.nextInt(4);
      int bad = r.nextInt(n);
      for (int i = 0; i < n; i++) {
        byte[] doc = corpus.next(3).getBytes(StandardCharsets.UTF_8);
        rows.add(i == bad ? mutate(r, doc) : doc);
      }
      JsonOptions o = options.get(round % options.size());
      String what =
          "round "
              + round
              + " row "
              + bad
              + " "
              + new String(rows.get(bad), StandardCharsets.ISO_8859_1);
      try (FieldVector json = column(round % 3, rows, memory.allocator())) {
        try (VariantVector v = JsonColumns.toVariant(json, "v", o, memory.allocator());
            FieldVector back =
                JsonColumns.toJson(v, null, "b", JsonColumns.Output.UTF8, o, memory.allocator())) {
          assertEquals(n, back.getValueCount());
          accepted++;
        } catch (BridgeException e) {
          rejected++;
          Matcher m = ROW.matcher(String.valueOf(e.getMessage()));
          if (!m.find() || Integer.parseInt(m.group(1)) != bad) {
            escaped.add(what + ": message does not name row " + bad + ": " + e.getMessage());
          }
        } catch (Throwable t) {
          escaped.add(what + ": " + t + " at " + List.of(t.getStackTrace()).subList(0, 4));
        }
      }
    }
    System.out.printf("mutated JSON: %d accepted, %d rejected%n", accepted, rejected);
    assertTrue(
        escaped.isEmpty(),
        escaped.size()
            + " escaped:\n"
            + String.join("\n", escaped.subList(0, Math.min(20, escaped.size()))));
    assertTrue(rejected > 500, "too few mutations rejected: " + rejected);
    assertTrue(accepted > 0, "no mutation accepted");
  }
}
