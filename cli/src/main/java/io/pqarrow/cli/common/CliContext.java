package io.pqarrow.cli.common;

import java.io.PrintStream;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What every command gets from its caller: where to write, the Arrow memory to use, and whether
 * standard error is a terminal (only then is progress shown).
 *
 * @param out standard output: data (JSON Lines, schemas) and nothing else
 * @param err standard error: messages and progress
 * @param allocators gives the allocator every Arrow buffer of the command comes from, made on first
 *     use ({@link #allocator()}), so that {@code --version}, {@code --help} and {@code meta} start
 *     no Arrow memory; the caller owns it
 * @param interactive whether {@code err} is a terminal a person watches; progress lines are shown
 *     only then, never in tests or pipes
 */
public record CliContext(
    PrintStream out, PrintStream err, Supplier<BufferAllocator> allocators, boolean interactive) {
  public CliContext {
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
    Objects.requireNonNull(allocators, "allocators");
  }

  /** A context over an allocator that exists already (tests). */
  public CliContext(
      PrintStream out, PrintStream err, BufferAllocator allocator, boolean interactive) {
    this(out, err, constant(Objects.requireNonNull(allocator, "allocator")), interactive);
  }

  private static Supplier<BufferAllocator> constant(BufferAllocator allocator) {
    return () -> allocator;
  }

  /** The allocator every Arrow buffer of the command comes from. */
  public BufferAllocator allocator() {
    return allocators.get();
  }
}
