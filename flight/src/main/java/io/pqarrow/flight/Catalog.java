package io.pqarrow.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code ListFlights} lists: every dataset directory under the root once, and every Parquet
 * file outside a dataset. A directory below the root is a dataset when it directly holds a Parquet
 * file ({@code *.parquet}) or a hive partition directory ({@code key=value}); other directories are
 * searched further. Files in the root itself are listed one by one. Names starting with {@code _}
 * or {@code .} are passed over (as datasets pass them over), and so is any symbolic link whose
 * target is outside the root. The walk stops {@value #MAX_DEPTH} directories deep and after {@value
 * #MAX_ENTRIES} entries.
 */
final class Catalog {
  static final int MAX_DEPTH = 32;
  static final int MAX_ENTRIES = 10_000;

  private Catalog() {}

  /** The datasets and lone files under {@code root} (a real path), in byte-wise path order. */
  static List<Path> list(Path root) {
    List<Path> out = new ArrayList<>();
    walk(root, root, 0, out);
    return out;
  }

  private static void walk(Path root, Path dir, int depth, List<Path> out) {
    if (depth > MAX_DEPTH) {
      return;
    }
    for (Path child : children(dir)) {
      if (out.size() >= MAX_ENTRIES) {
        return;
      }
      if (!inside(root, child)) {
        continue;
      }
      if (Files.isRegularFile(child)) {
        if (isParquet(child)) {
          out.add(child);
        }
      } else if (Files.isDirectory(child)) {
        if (isDataset(child)) {
          out.add(child);
        } else {
          walk(root, child, depth + 1, out);
        }
      }
    }
  }

  /** Whether {@code dir} directly holds a Parquet file or a {@code key=value} directory. */
  static boolean isDataset(Path dir) {
    for (Path child : children(dir)) {
      String name = child.getFileName().toString();
      if (Files.isRegularFile(child) && isParquet(child)) {
        return true;
      }
      if (Files.isDirectory(child) && name.indexOf('=') > 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean isParquet(Path file) {
    return file.getFileName().toString().endsWith(".parquet");
  }

  private static boolean inside(Path root, Path p) {
    if (!Files.isSymbolicLink(p)) {
      return true;
    }
    try {
      return p.toRealPath().startsWith(root);
    } catch (IOException e) {
      return false;
    }
  }

  /** The visible children of {@code dir}, sorted by name. */
  private static List<Path> children(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(
              p -> {
                String n = p.getFileName().toString();
                return !n.startsWith("_") && !n.startsWith(".");
              })
          .filter(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
