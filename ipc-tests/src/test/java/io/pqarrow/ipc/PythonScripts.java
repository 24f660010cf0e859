package io.pqarrow.ipc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The Python scripts under {@code src/test/resources/io/pqarrow/ipc}, run through {@link PythonEnv}
 * with {@code canon.py} (the canonical JSON form) prepended, and their JSON-lines output parsed.
 */
final class PythonScripts {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a dump script printed: a header line, then one line per row. */
  record Dump(JsonNode header, List<JsonNode> rows) {}

  private PythonScripts() {}

  /** Runs {@code script} (a resource name) and returns its standard output. */
  static String run(String script, String... args) {
    return PythonEnv.require().run(resource("canon.py") + "\n" + resource(script), args);
  }

  /** Runs {@code script} and parses its JSON lines into a header and rows. */
  static Dump dump(String script, String... args) {
    List<JsonNode> lines = parseLines(run(script, args));
    return new Dump(lines.get(0), lines.subList(1, lines.size()));
  }

  static List<JsonNode> parseLines(String output) {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : output.split("\n")) {
      if (!line.isBlank()) {
        lines.add(parse(line));
      }
    }
    return lines;
  }

  /**
   * Parses JSON text; Java's expected values go through here too, so both sides get the same node
   * classes for the same numbers.
   */
  static JsonNode parse(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new AssertionError("not JSON: " + text, e);
    }
  }

  static JsonNode normalize(JsonNode node) {
    return parse(node.toString());
  }

  private static String resource(String name) {
    try (InputStream in = PythonScripts.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new AssertionError("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
