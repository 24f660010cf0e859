package io.pqarrow.parquet.write;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The options {@link WriteOptions} takes per column (by dotted path, in the order given): another
 * codec, an encoding, a bloom filter. The builder fills one; the options hold an unmodifiable copy;
 * {@link ColumnSettings} resolves them against the schema when the writer opens.
 */
final class ColumnChoices {
  final Map<String, WriteOptions.Compression> compression;
  final Map<String, WriteOptions.Encoding> encoding;
  final Map<String, WriteOptions.BloomFilter> bloomFilters;

  /** Empty, to fill. */
  ColumnChoices() {
    this(new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
  }

  private ColumnChoices(
      Map<String, WriteOptions.Compression> compression,
      Map<String, WriteOptions.Encoding> encoding,
      Map<String, WriteOptions.BloomFilter> bloomFilters) {
    this.compression = compression;
    this.encoding = encoding;
    this.bloomFilters = bloomFilters;
  }

  /** {@code map}'s choice for {@code column}, neither {@code null} ({@code option} names it). */
  <V> void put(Map<String, V> map, String column, V value, String option) {
    Objects.requireNonNull(column, "column");
    map.put(column, Objects.requireNonNull(value, option));
  }

  /** {@return a fillable copy} */
  ColumnChoices copy() {
    return new ColumnChoices(
        new LinkedHashMap<>(compression),
        new LinkedHashMap<>(encoding),
        new LinkedHashMap<>(bloomFilters));
  }

  Map<String, WriteOptions.Compression> compression() {
    return Collections.unmodifiableMap(compression);
  }

  Map<String, WriteOptions.Encoding> encoding() {
    return Collections.unmodifiableMap(encoding);
  }

  Map<String, WriteOptions.BloomFilter> bloomFilters() {
    return Collections.unmodifiableMap(bloomFilters);
  }
}
