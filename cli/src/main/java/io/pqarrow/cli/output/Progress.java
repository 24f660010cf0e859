package io.pqarrow.cli.output;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of a long export or import on standard error: rows, bytes written and rows per second,
 * redrawn in place ({@code \r}) at most every quarter second, then a final line. Silent unless
 * standard error is a terminal, so tests and pipes never see it.
 *
 * <pre>
 * export: 120,000 rows, 14.2 MiB, 58,312 rows/s
 * </pre>
 */
public final class Progress {
  private static final long REDRAW_NANOS = 250_000_000L;

  private final PrintStream err;
  private final long redrawNanos;
  private final String label;
  private final boolean enabled;
  private final long startNanos;
  private long lastDrawNanos;
  private long rows;
  private long bytes;
  private boolean drawn;

  public Progress(PrintStream err, String label, boolean enabled) {
    this(err, label, enabled, REDRAW_NANOS);
  }

  /** As above, redrawing at most every {@code redrawNanos} (0: at every update). */
  public Progress(PrintStream err, String label, boolean enabled, long redrawNanos) {
    this.err = err;
    this.redrawNanos = redrawNanos;
    this.label = label;
    this.enabled = enabled;
    this.startNanos = System.nanoTime();
    this.lastDrawNanos = startNanos;
  }

  /**
   * Records a batch of {@code batchRows} rows; {@code totalBytes} is how many bytes the command has
   * written (export) or read (import) so far.
   */
  public void update(long batchRows, long totalBytes) {
    rows += batchRows;
    bytes = totalBytes;
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastDrawNanos >= redrawNanos) {
      lastDrawNanos = now;
      draw(now, false);
    }
  }

  /** Ends the progress line, if one was drawn. */
  public void finish() {
    if (enabled && drawn) {
      draw(System.nanoTime(), true);
    }
  }

  long rows() {
    return rows;
  }

  private void draw(long now, boolean last) {
    err.print("\r" + line(label, rows, bytes, now - startNanos) + (last ? "\n" : ""));
    err.flush();
    drawn = true;
  }

  /** The progress text, e.g. {@code export: 120,000 rows, 14.2 MiB, 58,312 rows/s}. */
  static String line(String label, long rows, long bytes, long elapsedNanos) {
    double seconds = Math.max(elapsedNanos, 1) / 1e9;
    return String.format(
        Locale.ROOT,
        "%s: %,d rows, %s, %,d rows/s",
        label,
        rows,
        humanBytes(bytes),
        Math.round(rows / seconds));
  }

  static String humanBytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
