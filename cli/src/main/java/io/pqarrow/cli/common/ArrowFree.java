package io.pqarrow.cli.common;

/**
 * A command that handles no Arrow data (it reads a Parquet footer, say): {@code bridge} runs it
 * without setting Arrow up (the JVM-flag check, the extension types' registration), which would
 * load a few hundred classes it does not use.
 */
public interface ArrowFree {}
