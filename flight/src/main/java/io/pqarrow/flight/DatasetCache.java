package io.pqarrow.flight;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorText;
import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetException;
import io.pqarrow.dataset.DatasetOptions;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The datasets the server opened last, by path, so that {@code GetFlightInfo} and each endpoint's
 * {@code DoGet} share one reading of the footers instead of reading every file's footer again per
 * request.
 *
 * <p>An entry is used only while its files are unchanged: each {@link #open} first lists the target
 * again (one walk, as discovery walks it: names starting with {@code _} or {@code .} passed over)
 * and compares every file's path, size, modification time and file key (inode) with those seen when
 * the entry was made; any difference (a file added, removed, replaced or rewritten) opens the
 * dataset anew. The listing is taken before the footers are read, so a change made while they are
 * read is seen by the next request. At most {@code capacity} datasets are kept, the least recently
 * used dropped first.
 */
final class DatasetCache {
  /** A dataset, what its files looked like before it was opened, and its files by path. */
  record Entry(List<String> stamp, Dataset dataset, Map<Path, Integer> index) {
    /** The index of the file {@code file} (an absolute path), or -1 when it is not one. */
    int indexOf(Path file) {
      Integer i = index.get(file);
      return i == null ? -1 : i;
    }
  }

  private final int capacity;
  private final Map<Path, Entry> entries;
  private int opened;

  DatasetCache(int capacity) {
    this.capacity = capacity;
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Path, Entry> eldest) {
            return size() > DatasetCache.this.capacity;
          }
        };
  }

  /**
   * The dataset at {@code target} (a file or a directory inside the root), opened with the default
   * options, or the one opened before when its files are unchanged.
   */
  Entry open(Path target) {
    List<String> stamp = stamp(target);
    synchronized (this) {
      Entry known = entries.get(target);
      if (known != null && known.stamp().equals(stamp)) {
        return known;
      }
    }
    Dataset dataset = Dataset.open(target.toString(), DatasetOptions.defaults());
    Map<Path, Integer> index = new HashMap<>();
    for (int i = 0; i < dataset.files().size(); i++) {
      index.put(Path.of(dataset.files().get(i).path()).toAbsolutePath(), i);
    }
    Entry made = new Entry(stamp, dataset, index);
    synchronized (this) {
      opened++;
      entries.put(target, made);
    }
    return made;
  }

  /** How many times a dataset was opened rather than reused (for tests). */
  synchronized int opened() {
    return opened;
  }

  /** Each file's path, size, modification time and key below {@code target}, in walk order. */
  private static List<String> stamp(Path target) {
    List<String> out = new ArrayList<>();
    try {
      Files.walkFileTree(
          target,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              return d.equals(target) || !hidden(d)
                  ? FileVisitResult.CONTINUE
                  : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) throws IOException {
              if (p.equals(target) || !hidden(p)) {
                // a link to a file: the file's own attributes
                BasicFileAttributes a =
                    attrs.isSymbolicLink()
                        ? Files.readAttributes(p, BasicFileAttributes.class)
                        : attrs;
                out.add(
                    p
                        + "\0"
                        + a.size()
                        + "\0"
                        + a.lastModifiedTime().toMillis()
                        + "."
                        + a.lastModifiedTime().toInstant().getNano()
                        + "\0"
                        + a.fileKey());
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path p, IOException e) {
              out.add(p + "\0failed"); // discovery reports it; never a match for a cached entry
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw DatasetException.inFile(
          ErrorKind.IO, String.valueOf(target), "cannot list: " + ErrorText.describe(e));
    }
    return out;
  }

  private static boolean hidden(Path p) {
    String name = p.getFileName().toString();
    return name.startsWith("_") || name.startsWith(".");
  }
}
