package io.pqarrow.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The Python interpreter of the repository's {@code .venv}, with pyarrow, DuckDB and polars, for
 * tests that check our output against real producers and consumers.
 *
 * <p>When the environment is missing, {@link #require()} fails the test if {@code CI=true} and
 * otherwise skips it with a message saying how to set it up.
 */
public final class PythonEnv {
  private static final String SETUP =
      "python3 -m venv .venv && .venv/bin/pip install --retries 0 pyarrow duckdb polars";
  private static volatile PythonEnv instance;

  private final Path python;

  private PythonEnv(Path python) {
    this.python = python;
  }

  /**
   * The repository root: {@code PQARROW_REPO_ROOT} (set by Surefire), else the nearest parent with
   * a pom and .git.
   */
  public static Path repoRoot() {
    String env = System.getenv("PQARROW_REPO_ROOT");
    if (env != null && !env.isBlank()) {
      return Paths.get(env).toAbsolutePath();
    }
    Path dir = Paths.get("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".ci")) && Files.exists(p.resolve("pom.xml"))) {
        return p;
      }
    }
    return dir;
  }

  /** The environment, or a failed (CI) or skipped (elsewhere) test when it is not usable. */
  public static PythonEnv require() {
    PythonEnv env = instance;
    if (env != null) {
      return env;
    }
    synchronized (PythonEnv.class) {
      if (instance != null) {
        return instance;
      }
      Path python = repoRoot().resolve(".venv/bin/python");
      String problem = null;
      if (!Files.isExecutable(python)) {
        problem = "no Python environment at " + python;
      } else {
        PythonEnv candidate = new PythonEnv(python);
        try {
          candidate.run("import pyarrow, duckdb, polars");
        } catch (AssertionError | RuntimeException e) {
          problem = "the environment at " + python + " lacks pyarrow, duckdb or polars: " + e;
        }
        if (problem == null) {
          instance = candidate;
          return candidate;
        }
      }
      String message = problem + ". Set it up from the repository root with: " + SETUP;
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(message);
      }
      Assumptions.abort(message);
      throw new AssertionError("unreachable");
    }
  }

  /**
   * Put before a script that uses DuckDB: DuckDB draws a progress bar on standard output for a
   * query that runs over two seconds (as on a loaded machine), which would reach the output the
   * test parses. Every connection the script opens, and the default one, gets it switched off.
   */
  static final String QUIET_DUCKDB =
      """
      import duckdb as _pqarrow_duckdb
      _pqarrow_connect = _pqarrow_duckdb.connect
      def _pqarrow_quiet_connect(*args, **kwargs):
          con = _pqarrow_connect(*args, **kwargs)
          con.execute("SET enable_progress_bar = false")
          return con
      _pqarrow_duckdb.connect = _pqarrow_quiet_connect
      _pqarrow_duckdb.default_connection().execute("SET enable_progress_bar = false")
      """;

  /**
   * Runs {@code script} with the given arguments ({@code sys.argv[1:]}) and returns its standard
   * output; a non-zero exit fails the test with the script's standard error.
   */
  public String run(String script, String... args) {
    List<String> command = new ArrayList<>();
    command.add(python.toString());
    command.add("-c");
    command.add(script.contains("duckdb") ? QUIET_DUCKDB + script : script);
    command.addAll(List.of(args));
    try {
      Path err = Files.createTempFile("pqarrow-py", ".err");
      Path out = Files.createTempFile("pqarrow-py", ".out");
      try {
        Process p =
            new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          fail("Python script timed out after 300 s:\n" + script);
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
          fail(
              "Python script exited with "
                  + p.exitValue()
                  + ":\n"
                  + Files.readString(err, StandardCharsets.UTF_8)
                  + "\nscript:\n"
                  + script);
        }
        return stdout;
      } finally {
        Files.deleteIfExists(err);
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new AssertionError("could not run " + python, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + python, e);
    }
  }
}
