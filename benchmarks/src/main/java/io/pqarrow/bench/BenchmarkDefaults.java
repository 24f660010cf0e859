package io.pqarrow.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings the benchmarks here share, stated once: one benchmark-wide state, average time
 * in milliseconds, one fork with {@code java.nio} opened for Arrow, 3 warm-up iterations and 5
 * measured ones of 2 s each. JMH's annotations are inherited, so a benchmark that extends this
 * class states only what differs (its time unit, warm-up and measurement, a fork of its own).
 *
 * <p>JMH fills an attribute a subclass's annotation leaves out from the one here (a subclass's
 * {@code @Warmup(iterations = 3)} would still get {@code time = 2}), so the single-shot benchmarks,
 * whose iterations have no time, do not extend this class.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class BenchmarkDefaults {
  /** For subclasses. */
  protected BenchmarkDefaults() {}
}
