package io.pqarrow.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PythonEnvTest {

  @Test
  void duckDbScriptsRunWithoutAProgressBarOnTheirOutput() {
    // A query over two seconds on a loaded machine drew DuckDB's progress bar into the output
    // a test parsed as JSON; every connection of a script that names duckdb has it off.
    String out =
        PythonEnv.require()
            .run(
                """
                import duckdb
                opened = duckdb.connect()
                print(opened.sql("select current_setting('enable_progress_bar')").fetchone()[0])
                print(duckdb.sql("select current_setting('enable_progress_bar')").fetchone()[0])
                """);
    assertEquals("False\nFalse\n", out);
  }

  @Test
  void scriptsWithoutDuckDbRunAsWritten() {
    assertEquals("ok\n", PythonEnv.require().run("import sys\nprint(sys.argv[1])", "ok"));
  }
}
