package io.pqarrow;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Whether Arrow's memory module can reach into {@code java.nio}, which it needs from Java 17 on (it
 * builds direct {@code ByteBuffer}s over its memory through a constructor of {@code
 * java.nio.DirectByteBuffer}). The JVM grants that only when started with {@code
 * --add-opens=java.base/java.nio=ALL-UNNAMED} (or, for a jar run with {@code java -jar}, an {@code
 * Add-Opens: java.base/java.nio} line in its manifest).
 *
 * <p>Without it Arrow allocates and fills vectors but fails later, deep inside a read or a write,
 * with an error that names neither the flag nor the JVM, and which a reader would report as a
 * problem of the file. So every entry point of the reader, the writer and the kernels calls {@link
 * #check()} first: it costs a field read once the answer is known, and throws the same {@link
 * ErrorKind#ENVIRONMENT} error on every call while the flag is missing.
 */
public final class ArrowAccess {
  /** Whether {@code java.nio} is open to Arrow's memory module; decided once per class loader. */
  private static final boolean OPEN = open(arrowModule());

  private ArrowAccess() {}

  /**
   * Returns when Arrow can use {@code java.nio}; otherwise throws.
   *
   * @throws BridgeException of kind {@link ErrorKind#ENVIRONMENT}, whose one-line message names the
   *     missing JVM flag
   */
  public static void check() {
    if (!OPEN) {
      throw missing(arrowModule());
    }
  }

  /** Whether {@code java.nio} is open to {@code module}. */
  static boolean open(Module module) {
    return ByteBuffer.class.getModule().isOpen("java.nio", module);
  }

  /** The error for a JVM that has not opened {@code java.nio} to {@code module}. */
  static BridgeException missing(Module module) {
    String target = module.isNamed() ? module.getName() : "ALL-UNNAMED";
    return new BridgeException(
        ErrorKind.ENVIRONMENT,
        "Arrow cannot use java.nio in this JVM: start java with --add-opens=java.base/java.nio="
            + target
            + " (Arrow needs it on Java 17 and later)");
  }

  /** The module of Arrow's memory classes: the unnamed module on a class path. */
  private static Module arrowModule() {
    return BufferAllocator.class.getModule();
  }
}
