package io.pqarrow.spark;

import java.io.Serializable;
import java.util.Map;

/**
 * How the Spark data source maps Arrow types Spark cannot hold (see {@link SparkColumns} for the
 * rules). Set through the reader's options; serializable so executors see the driver's choice.
 *
 * @param allowPrecisionLoss whether nanosecond timestamps whose value is not a whole number of
 *     microseconds are truncated (floor) rather than refused (option {@code allowPrecisionLoss},
 *     default false: such a value is an error naming column and row)
 * @param timeType whether Parquet TIME becomes Spark's {@code TimeType} (true when Spark's {@code
 *     spark.sql.timeType.enabled} is); otherwise see {@code timeAsMicros}
 * @param timeAsMicros whether, when {@code timeType} is off, TIME becomes a {@code LongType} of
 *     microseconds since midnight (option {@code timeAsMicros}); when both are off a TIME column is
 *     refused
 */
public record SparkProfile(boolean allowPrecisionLoss, boolean timeType, boolean timeAsMicros)
    implements Serializable {

  /** The profile the data source options give, {@code timeType} from Spark's setting. */
  static SparkProfile of(Map<String, String> options, boolean timeTypeEnabled) {
    return new SparkProfile(
        flag(options, "allowPrecisionLoss"), timeTypeEnabled, flag(options, "timeAsMicros"));
  }

  private static boolean flag(Map<String, String> options, String name) {
    String v = null;
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name)) {
        v = e.getValue();
      }
    }
    if (v == null) {
      return false;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(
        "Option " + name + " must be true or false, found '" + v + "'");
  }
}
