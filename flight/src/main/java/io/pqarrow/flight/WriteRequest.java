package io.pqarrow.flight;

import io.pqarrow.parquet.write.WriteOptions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.flight.FlightDescriptor;

/**
 * An upload ({@code DoPut}): a path descriptor, or a command holding {@code {"path", "compression",
 * "row_group_rows", "partition_by", "overwrite"}}.
 *
 * @param path the client path of the file (or, with {@code partitionBy}, dataset directory)
 * @param compression the page codec (default snappy, as {@code bridge import})
 * @param rowGroupRows the most rows of a row group, or 0 for the writer's default
 * @param partitionBy the partition columns, or empty for one file
 * @param overwrite whether an existing file may be replaced (a directory never is)
 */
record WriteRequest(
    String path,
    WriteOptions.Compression compression,
    long rowGroupRows,
    List<String> partitionBy,
    boolean overwrite) {
  private static final Set<String> KEYS =
      Set.of("path", "compression", "row_group_rows", "partition_by", "overwrite");

  static WriteRequest of(FlightDescriptor descriptor, FlightLimits limits) {
    if (!descriptor.isCommand()) {
      return new WriteRequest(
          String.join("/", descriptor.getPath()),
          WriteOptions.Compression.SNAPPY,
          0,
          List.of(),
          false);
    }
    Map<String, Object> m = Requests.parse(descriptor.getCommand(), KEYS, limits);
    String path = Requests.string(m, "path");
    if (path == null) {
      throw Requests.invalid("'path' is missing");
    }
    String codec = Requests.string(m, "compression");
    WriteOptions.Compression compression = WriteOptions.Compression.SNAPPY;
    if (codec != null) {
      try {
        compression = WriteOptions.Compression.valueOf(codec.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw Requests.invalid(
            "'compression' must be uncompressed, snappy, gzip, zstd or lz4_raw, not '"
                + codec
                + "'");
      }
    }
    List<String> partitionBy = Requests.strings(m, "partition_by", limits);
    return new WriteRequest(
        path,
        compression,
        Requests.number(m, "row_group_rows", 1, Integer.MAX_VALUE, 0),
        partitionBy == null ? List.of() : List.copyOf(partitionBy),
        Requests.bool(m, "overwrite", false));
  }

  /** The writer options of this upload (written under a temporary name, renamed on success). */
  WriteOptions options() {
    WriteOptions.Builder b = WriteOptions.builder().compression(compression).atomic(true);
    if (rowGroupRows > 0) {
      b.rowGroupRows(rowGroupRows);
    }
    return b.build();
  }
}
