package io.pqarrow.dataset;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The order of a dataset's files: byte-wise by their paths as UTF-8 ("the first file"). */
final class PathOrder {
  private PathOrder() {}

  /**
   * {@code files} in byte-wise order of their paths as UTF-8. Java's {@code String} order is that
   * order unless a path holds a surrogate (a character above U+FFFF, whose UTF-16 sorts below
   * U+E000–U+FFFF): without one, the strings are compared as they are; with one, each path is
   * encoded once and the bytes compared.
   */
  static List<DatasetFile> sorted(List<DatasetFile> files) {
    boolean surrogates = false;
    for (DatasetFile f : files) {
      String p = f.path();
      for (int i = 0; i < p.length() && !surrogates; i++) {
        surrogates = Character.isSurrogate(p.charAt(i));
      }
    }
    if (!surrogates) {
      List<DatasetFile> sorted = new ArrayList<>(files);
      sorted.sort((a, b) -> a.path().compareTo(b.path()));
      return sorted;
    }
    record Keyed(byte[] key, DatasetFile file) {}
    List<Keyed> keyed = new ArrayList<>(files.size());
    for (DatasetFile f : files) {
      keyed.add(new Keyed(f.path().getBytes(StandardCharsets.UTF_8), f));
    }
    keyed.sort((a, b) -> Arrays.compareUnsigned(a.key(), b.key()));
    List<DatasetFile> sorted = new ArrayList<>(keyed.size());
    for (Keyed k : keyed) {
      sorted.add(k.file());
    }
    return sorted;
  }
}
