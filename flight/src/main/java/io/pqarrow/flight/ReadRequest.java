package io.pqarrow.flight;

import io.pqarrow.parquet.read.ReadOptions;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A read a client asks for: the JSON command of {@code GetFlightInfo} ({@code {"path", "columns",
 * "where", "variant", "batch_rows", "split_bytes"}}), or a ticket, which is the same JSON plus the
 * split: {@code "file"} (the client path of one file of the dataset) and {@code "row_groups"}, and
 * with {@code "variant": "decode"} the schema inferred for it ({@code "decoded"}, {@link
 * DecodedColumns}). A ticket is only ever a request the server checks again as if the client had
 * written it, so a forged one can do nothing a command could not.
 *
 * @param path the client path of the file or dataset directory
 * @param columns the top-level columns, or null for all
 * @param where the filter expression ({@code --where} syntax), or null
 * @param variant what happens to Variant columns
 * @param batchRows rows per batch
 * @param splitBytes the target size of one endpoint's split
 * @param file in a ticket, the client path of the split's file; else null
 * @param rowGroups in a ticket, the split's row groups; else null
 * @param decoded in a ticket of {@code decode}, the inferred schema ({@link
 *     DecodedColumns#encode}); else null
 */
record ReadRequest(
    String path,
    List<String> columns,
    String where,
    VariantOutput variant,
    int batchRows,
    long splitBytes,
    String file,
    List<Integer> rowGroups,
    String decoded) {
  static final long DEFAULT_SPLIT_BYTES = 128L << 20;

  private static final Set<String> COMMAND_KEYS =
      Set.of("path", "columns", "where", "variant", "batch_rows", "split_bytes");
  private static final Set<String> TICKET_KEYS =
      Set.of(
          "path",
          "columns",
          "where",
          "variant",
          "batch_rows",
          "split_bytes",
          "file",
          "row_groups",
          "decoded");

  /** The read of the whole file or dataset at {@code path}, every option at its default. */
  static ReadRequest ofPath(String path) {
    return new ReadRequest(
        path,
        null,
        null,
        VariantOutput.KEEP,
        ReadOptions.DEFAULT_BATCH_ROWS,
        DEFAULT_SPLIT_BYTES,
        null,
        null,
        null);
  }

  /** The command of a descriptor, checked. */
  static ReadRequest command(byte[] json, FlightLimits limits) {
    return parse(json, COMMAND_KEYS, limits);
  }

  /** A ticket, checked as a command is, with its split. */
  static ReadRequest ticket(byte[] json, FlightLimits limits) {
    ReadRequest r = parse(json, TICKET_KEYS, limits);
    if (r.file == null || r.rowGroups == null) {
      throw Requests.invalid("a ticket names a file and its row groups");
    }
    return r;
  }

  private static ReadRequest parse(byte[] json, Set<String> keys, FlightLimits limits) {
    Map<String, Object> m = Requests.parse(json, keys, limits);
    String path = Requests.string(m, "path");
    if (path == null) {
      throw Requests.invalid("'path' is missing");
    }
    String where = Requests.string(m, "where");
    if (where != null && where.length() > limits.maxWhereChars()) {
      throw Requests.invalid(
          "'where' of "
              + where.length()
              + " characters is over the limit of "
              + limits.maxWhereChars());
    }
    return new ReadRequest(
        path,
        Requests.strings(m, "columns", limits),
        where,
        VariantOutput.of(Requests.string(m, "variant")),
        (int)
            Requests.number(
                m, "batch_rows", 1, limits.maxBatchRows(), ReadOptions.DEFAULT_BATCH_ROWS),
        Requests.number(
            m, "split_bytes", limits.minSplitBytes(), Long.MAX_VALUE, DEFAULT_SPLIT_BYTES),
        Requests.string(m, "file"),
        Requests.ints(m, "row_groups"),
        Requests.string(m, "decoded"));
  }

  /**
   * The ticket of this read's split of {@code file}'s {@code rowGroups}, carrying {@code decoded}
   * (null but for {@code decode}).
   */
  byte[] ticket(String file, List<Integer> rowGroups, String decoded) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("path", path);
    m.put("columns", columns);
    m.put("where", where);
    m.put("variant", variant.wire());
    m.put("batch_rows", (long) batchRows);
    m.put("split_bytes", splitBytes);
    m.put("file", file);
    m.put("row_groups", rowGroups);
    m.put("decoded", decoded);
    return Requests.write(m);
  }

  @Override
  public String toString() {
    return new String(ticket(file, rowGroups, decoded), StandardCharsets.UTF_8);
  }
}
