package io.pqarrow.cli.common;

import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The root allocator of one run of {@code bridge}, made when a command first asks for it: starting
 * Arrow's memory (and Netty's allocator under it) is a good part of a JVM's start-up, which {@code
 * --version}, {@code --help} and {@code meta} do not need. Closing it closes the allocator, if one
 * was made, which fails if any buffer was left open.
 */
public final class LazyAllocator implements Supplier<BufferAllocator>, AutoCloseable {
  private BufferAllocator allocator;

  @Override
  public synchronized BufferAllocator get() {
    if (allocator == null) {
      allocator = new RootAllocator();
    }
    return allocator;
  }

  /** Whether a command asked for the allocator. */
  public synchronized boolean started() {
    return allocator != null;
  }

  @Override
  public synchronized void close() {
    if (allocator != null) {
      allocator.close();
    }
  }
}
