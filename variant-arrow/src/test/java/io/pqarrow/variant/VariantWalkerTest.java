package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The walker's event order and paths, and its depth cap. */
class VariantWalkerTest {

  /** Records every event with the path at that moment. */
  private static final class Recorder implements VariantVisitor {
    final List<String> events = new ArrayList<>();

    @Override
    public void primitive(VariantReader value, VariantPath path) {
      events.add("primitive " + value.kind() + " at " + path);
    }

    @Override
    public void startObject(VariantReader object, VariantPath path) {
      events.add("startObject " + object.fieldCount() + " at " + path);
    }

    @Override
    public void field(int index, int keyId, VariantPath path) {
      events.add("field " + index + " " + path.lastKey() + " at " + path);
    }

    @Override
    public void endObject(VariantReader object, VariantPath path) {
      events.add("endObject at " + path);
    }

    @Override
    public void startArray(VariantReader array, VariantPath path) {
      events.add("startArray " + array.elementCount() + " at " + path);
    }

    @Override
    public void element(int index, VariantPath path) {
      events.add("element " + path.lastIndex() + " at " + path);
    }

    @Override
    public void endArray(VariantReader array, VariantPath path) {
      events.add("endArray at " + path);
    }
  }

  @Test
  void eventsComeDepthFirstInKeyOrderWithPaths() {
    VariantBuilder b = new VariantBuilder().startObject();
    b.appendKey("b").startArray().appendInt(1).startObject().appendKey("a.b").appendNull();
    b.endObject().endArray();
    b.appendKey("a").appendString("x");
    EncodedVariant e = b.endObject().build();
    Recorder rec = new Recorder();
    new VariantWalker().walk(e.toVariant().readInto(new VariantReader()), rec);
    assertEquals(
        List.of(
            "startObject 2 at $",
            "field 0 a at $.a",
            "primitive STRING at $.a",
            "field 1 b at $.b",
            "startArray 2 at $.b",
            "element 0 at $.b[0]",
            "primitive INT32 at $.b[0]",
            "element 1 at $.b[1]",
            "startObject 1 at $.b[1]",
            "field 0 a.b at $.b[1][\"a.b\"]",
            "primitive NULL at $.b[1][\"a.b\"]",
            "endObject at $.b[1]",
            "endArray at $.b",
            "endObject at $"),
        rec.events);
  }

  @Test
  void nestingPastTheCapIsReported() {
    EncodedVariant e =
        new VariantBuilder()
            .startArray()
            .startArray()
            .startArray()
            .endArray()
            .endArray()
            .endArray()
            .build();
    VariantReader r = e.toVariant().readInto(new VariantReader());
    new VariantWalker(depth(3)).walk(r, new Recorder());
    VariantFormatException ex =
        assertThrows(
            VariantFormatException.class,
            () -> new VariantWalker(depth(2)).walk(r, new Recorder()));
    assertEquals(
        "Invalid Variant value at byte 8: expected nesting depth at most 2, found deeper",
        ex.getMessage());
  }

  private static Limits depth(int levels) {
    return Limits.builder().maxVariantDepth(levels).build();
  }
}
