package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantReader#descendByIds} against the step-by-step route it shortcuts ({@link
 * VariantReader#findFieldById} and {@link VariantReader#fieldInto}): on random objects it reaches
 * the same value, and on the same objects with a byte spoiled it either reaches the same value, or
 * declines (the step-by-step route then gives null or the error), or fails exactly as that route
 * does.
 */
class VariantDescendTest {

  /** The outcome of one route: the value's offset, "missing", or the error message. */
  private static String stepwise(VariantReader root, int[] ids) {
    try {
      VariantReader cur = new VariantReader().reset(root);
      for (int id : ids) {
        if (cur.kind() != VariantKind.OBJECT) {
          return "missing";
        }
        int f = cur.findFieldById(id);
        if (f < 0) {
          return "missing";
        }
        cur = cur.fieldInto(f, new VariantReader());
      }
      return "at " + cur.offset() + " " + cur.kind();
    } catch (VariantFormatException | VariantTypeException e) {
      return "error " + e.getMessage();
    }
  }

  private static String descend(VariantReader root, int[] ids) {
    try {
      VariantReader out = new VariantReader();
      return root.descendByIds(ids, out) ? "at " + out.offset() + " " + out.kind() : "declined";
    } catch (VariantFormatException | VariantTypeException e) {
      return "error " + e.getMessage();
    }
  }

  /** Key paths of up to three steps through {@code v}'s objects, plus a few absent keys. */
  private static void paths(VariantValue v, List<String> prefix, List<List<String>> out) {
    if (!(v instanceof VariantValue.ObjectValue o) || prefix.size() == 3) {
      return;
    }
    for (var e : o.fields().entrySet()) {
      List<String> p = new ArrayList<>(prefix);
      p.add(e.getKey());
      out.add(p);
      paths(e.getValue(), p, out);
    }
  }

  @Test
  void reachesWhatTheStepwiseRouteReachesAndFailsAsItDoes() {
    Random r = new Random(20261126L);
    int compared = 0;
    int reached = 0;
    int spoiledDeclinedOrFailed = 0;
    for (int round = 0; round < 300; round++) {
      VariantValue value = RandomVariants.object(r, 3);
      VariantBuilder b = new VariantBuilder();
      value.writeTo(b);
      EncodedVariant e = b.build();
      VariantMetadata m = VariantMetadata.of(e.metadata());
      List<List<String>> paths = new ArrayList<>();
      paths(value, List.of(), paths);
      for (List<String> path : paths) {
        int[] ids = new int[path.size()];
        for (int k = 0; k < ids.length; k++) {
          ids[k] = m.find(path.get(k));
        }
        if (!m.isSorted() || java.util.Arrays.stream(ids).anyMatch(id -> id < 0)) {
          continue;
        }
        byte[] bytes = e.value().clone();
        VariantReader root = new VariantReader().reset(m, ByteBuffer.wrap(bytes), 0, bytes.length);
        String want = stepwise(root, ids);
        assertEquals(want, descend(root, ids), path.toString());
        compared++;
        reached += want.startsWith("at ") ? 1 : 0;
        // Spoil one byte and compare again (the root's own header stays readable).
        int at = 1 + r.nextInt(bytes.length - 1);
        bytes[at] = (byte) r.nextInt(256);
        VariantReader spoiled;
        try {
          spoiled = new VariantReader().reset(m, ByteBuffer.wrap(bytes), 0, bytes.length);
        } catch (VariantFormatException bad) {
          continue;
        }
        String stepped = stepwise(spoiled, ids);
        String got = descend(spoiled, ids);
        if (!got.equals(stepped)) {
          assertEquals("declined", got, path + " spoiled at " + at + ": " + stepped);
          spoiledDeclinedOrFailed++;
        }
      }
    }
    assertTrue(compared > 500, "paths compared: " + compared);
    assertTrue(reached > 500, "paths reached: " + reached);
    assertTrue(spoiledDeclinedOrFailed > 0, "some spoiled objects were declined");
  }
}
