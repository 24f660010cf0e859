package io.pqarrow.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow's {@code Schema} initialiser runs on the warm-up thread, not on the main thread, and
 * registering the extension types (which the main thread does meanwhile) initialises none of
 * Jackson, so the two threads never initialise Jackson's classes side by side. Each case runs in a
 * JVM of its own, started with {@code -Xlog:class+init} and each line's thread id: in the test JVM
 * other tests have initialised everything already.
 */
class SchemaWarmUpTest {
  private static final String SCHEMA = "'org/apache/arrow/vector/types/pojo/Schema'";
  private static final String OBJECT_MAPPER = "'com/fasterxml/jackson/databind/ObjectMapper'";

  @TempDir Path dir;

  /** The class-initialisation log of a fresh JVM running {@link Child} with {@code what}. */
  private List<String> initialised(String what) throws Exception {
    Path log = dir.resolve(what + ".log");
    Path out = dir.resolve(what + ".out");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Xlog:class+init=info:file=" + log + ":tid",
                "-cp",
                System.getProperty("java.class.path"),
                Child.class.getName(),
                what)
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the child JVM did not finish in 120 s");
    }
    assertEquals(0, p.exitValue(), Files.readString(out));
    assertEquals("done\n", Files.readString(out));
    return Files.readAllLines(log);
  }

  /** The thread id of the line that logs the start of {@code klass}'s initialisation. */
  private static String initialisingThread(List<String> log, String klass) {
    return log.stream()
        .filter(l -> l.contains("Initializing " + klass))
        .map(l -> l.substring(l.indexOf('[') + 1, l.indexOf(']')))
        .findFirst()
        .orElseThrow(() -> new AssertionError(klass + " was not initialised"));
  }

  @Test
  void arrowsSchemaIsInitialisedOnTheWarmUpThreadNotOnTheMainThread() throws Exception {
    List<String> log = initialised("warm-up");
    String main = initialisingThread(log, "'io/pqarrow/cli/common/SchemaWarmUpTest$Child'");
    String schema = initialisingThread(log, SCHEMA);
    assertNotEquals(main, schema, "Schema was initialised on the main thread");
    assertEquals(schema, initialisingThread(log, OBJECT_MAPPER), "Schema's Jackson on its thread");
  }

  @Test
  void registeringTheExtensionTypesInitialisesNoJackson() throws Exception {
    List<String> log = initialised("register");
    assertTrue(
        log.stream().anyMatch(l -> l.contains("Initializing 'io/pqarrow/extension/GeoWkbType'")),
        "the log shows the registration");
    assertFalse(
        log.stream().anyMatch(l -> l.contains("Initializing " + OBJECT_MAPPER)),
        "registering the extension types made a Jackson ObjectMapper");
    assertFalse(
        log.stream().anyMatch(l -> l.contains("Initializing " + SCHEMA)),
        "registering the extension types initialised Arrow's Schema");
  }

  /** Starts the warm-up and waits for its thread, or registers the extension types. */
  static final class Child {
    private Child() {}

    public static void main(String[] args) throws InterruptedException {
      if (args[0].equals("register")) {
        ExtensionTypes.register();
      } else {
        SchemaWarmUp.start();
        SchemaWarmUp.start(); // once per JVM: the second call starts nothing
        List<Thread> warmUps =
            Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("bridge-schema-warm-up"))
                .toList();
        assertTrue(warmUps.size() <= 1, "one warm-up thread, not " + warmUps.size());
        for (Thread t : warmUps) {
          assertTrue(t.isDaemon(), "the warm-up thread holds the JVM up");
          t.join();
        }
      }
      System.out.println("done");
    }
  }
}
