package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Runs each {@link ParquetReadBenchmark} method once on a small file, so that it cannot rot. */
class ParquetReadBenchmarkTest {

  @Test
  void bothReadersChecksumExactlyTheValuesWritten() throws IOException {
    ParquetReadBenchmark b = new ParquetReadBenchmark();
    // Four row groups of 5,001 rows, read in batches of 777 that straddle them.
    b.rows = 20_003;
    b.batchRows = 777;
    b.setup();
    try {
      long written = b.expectedChecksum();
      assertNotEquals(0, written);
      assertEquals(written, b.pqarrowReader(), "ParquetArrowReader");
      assertEquals(written, b.parquetJavaGroups(), "parquet-java GroupReadSupport");
    } finally {
      b.tearDown();
    }
  }
}
