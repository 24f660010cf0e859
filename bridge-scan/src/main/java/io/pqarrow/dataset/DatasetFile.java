package io.pqarrow.dataset;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.parquet.io.InputFile;

/**
 * One Parquet file of a dataset with its partition values: what discovery finds on the local file
 * system, or what an engine that lists its own storage hands {@link Dataset#of}.
 *
 * @param path the file's path or URI: its name in every message, and the key files are ordered by
 *     (byte-wise, as UTF-8)
 * @param file the bytes
 * @param partitionValues column name to value as text, unescaped (null for a null value), in
 *     partition order; typed by the dataset's {@link Partitioning}
 */
public record DatasetFile(String path, InputFile file, Map<String, String> partitionValues) {
  /**
   * Checks the parts and copies the values (which may be null).
   *
   * @param path the file's path or URI (not {@code null})
   * @param file the bytes (not {@code null})
   * @param partitionValues column name to value as text (not {@code null}; values may be)
   */
  public DatasetFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(file, "file");
    partitionValues = Frozen.of(partitionValues);
  }

  /**
   * An unmodifiable copy of partition values that is not copied again: discovery makes one per
   * directory and every file of that directory shares it, and {@link PartitionValues} parses each
   * shared map once.
   */
  static final class Frozen extends AbstractMap<String, String> {
    private final Map<String, String> values;

    private Frozen(Map<String, String> values) {
      this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code values} itself when it is already frozen, else an unmodifiable copy. */
    static Map<String, String> of(Map<String, String> values) {
      return values instanceof Frozen ? values : new Frozen(values);
    }

    @Override
    public String get(Object key) {
      return values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return values.containsKey(key);
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
      return values.entrySet();
    }
  }
}
