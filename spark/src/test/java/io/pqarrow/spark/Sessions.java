package io.pqarrow.spark;

import org.apache.spark.sql.SparkSession;

/** One local Spark session ({@code local[2]}) shared by the module's tests. */
final class Sessions {
  private static SparkSession spark;

  private Sessions() {}

  static synchronized SparkSession spark() {
    if (spark == null) {
      spark =
          SparkSession.builder()
              .master("local[2]")
              .appName("pqarrow-tests")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "2")
              // java.time values: java.sql.Date cannot hold the corpus's far dates.
              .config("spark.sql.datetime.java8API.enabled", "true")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .getOrCreate();
    }
    return spark;
  }
}
