package io.pqarrow.cli.common;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs the static initialiser of Arrow's {@link Schema} on a thread of its own, while the command
 * reads its input's footer on the main thread.
 *
 * <p>Arrow Java's {@code Schema} builds a Jackson {@code ObjectMapper} and an {@code ObjectReader}
 * for itself when the class is first used (any {@code VectorSchemaRoot} makes a {@code Schema}): in
 * a fresh JVM that loads about 770 classes and costs about a quarter of a second of CPU, which a
 * command that handles Arrow data would otherwise pay on its main thread, after the footer and
 * before its first batch (docs/startup.md, "Where the time goes"). Started before the command runs,
 * that work overlaps the footer's. The main thread, when it reaches {@code Schema}, waits for the
 * initialiser to finish, as the JVM makes any thread wait for a class another thread is
 * initialising; nothing else on the main thread before then touches Jackson ({@code GeoWkbType}'s
 * and the CRS mapping's mappers are made on first use), so the two threads do not initialise the
 * same classes in different orders.
 *
 * <p>Once per JVM; the thread is a daemon, so it never holds the JVM up, and it prints nothing: a
 * failure of the initialiser reaches the command when it uses {@code Schema}, as without it.
 */
public final class SchemaWarmUp {
  private static final AtomicBoolean STARTED = new AtomicBoolean();

  private SchemaWarmUp() {}

  /** Starts the thread, unless it was started before in this JVM. */
  public static void start() {
    if (!STARTED.compareAndSet(false, true)) {
      return;
    }
    Thread thread = new Thread(SchemaWarmUp::initialise, "bridge-schema-warm-up");
    thread.setDaemon(true);
    thread.start();
  }

  private static void initialise() {
    try {
      Class.forName(Schema.class.getName(), true, Schema.class.getClassLoader());
    } catch (Throwable e) {
      // nothing to print: the main thread meets the same failure when it first uses Schema
    }
  }
}
