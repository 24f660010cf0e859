package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorText;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.LocalInputFile;

/**
 * Finds the files of a dataset on the local file system: a file, a directory (recursively), or a
 * glob pattern ({@code *}, {@code ?}, {@code [..]}, {@code {a,b}}; {@code **} crosses directories,
 * as {@link java.nio.file.FileSystem#getPathMatcher} reads it).
 *
 * <p>Below a directory, files and directories whose names start with {@code _} or {@code .} are
 * passed over ({@code _SUCCESS}, {@code _common_metadata}, {@code .part-0.crc}, hidden temporary
 * output), as Spark and pyarrow pass them over. A pattern's root is its longest leading run of
 * names without a glob character; partition directories are those between the root and each file. A
 * single file has no partition directories.
 */
final class LocalDiscovery {
  private LocalDiscovery() {}

  /**
   * The files {@code location} names, with their partition values, in no particular order.
   *
   * @throws DatasetException ({@link ErrorKind#IO}) when nothing is there, a directory holds no
   *     file, or a pattern matches none
   */
  static List<DatasetFile> find(String location, Partitioning partitioning) {
    Path path = Path.of(location);
    if (Files.isRegularFile(path)) {
      return List.of(file(path, List.of(), partitioning));
    }
    if (Files.isDirectory(path)) {
      List<DatasetFile> files = walk(path, path, null, partitioning);
      if (files.isEmpty()) {
        throw DatasetException.inFile(ErrorKind.IO, location, "empty directory: no data files");
      }
      return files;
    }
    int glob = firstGlobChar(location);
    if (glob < 0) {
      throw DatasetException.inFile(ErrorKind.IO, location, "no such file or directory");
    }
    int slash = location.lastIndexOf('/', glob);
    Path root = Path.of(slash < 0 ? "." : slash == 0 ? "/" : location.substring(0, slash));
    if (!Files.isDirectory(root)) {
      throw DatasetException.inFile(ErrorKind.IO, location, "no file matches the pattern");
    }
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + location);
    // hive directories in the literal prefix (data/year=2024/*.parquet) still name partitions
    Path partitionRoot = root.toAbsolutePath().normalize();
    while (partitioning.kind() == Partitioning.Kind.HIVE
        && partitionRoot.getFileName() != null
        && partitionRoot.getFileName().toString().indexOf('=') > 0) {
      partitionRoot = partitionRoot.getParent();
    }
    List<DatasetFile> files =
        walk(
            root,
            partitionRoot,
            p -> matcher.matches(slash < 0 ? root.relativize(p) : p),
            partitioning);
    if (files.isEmpty()) {
      throw DatasetException.inFile(ErrorKind.IO, location, "no file matches the pattern");
    }
    return files;
  }

  private static int firstGlobChar(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '*' || c == '?' || c == '[' || c == '{') {
        return i;
      }
    }
    return -1;
  }

  private interface Filter {
    boolean accept(Path p);
  }

  /**
   * The files below {@code root} that {@code filter} accepts (null: all), their partition
   * directories those between {@code partitionRoot} (root or an ancestor) and them.
   *
   * <p>One walk of the tree that takes each entry's attributes from the listing (no second {@code
   * stat} per file), does not descend into a directory whose name starts with {@code _} or {@code
   * .}, and keeps the directory names above the current one on a stack instead of relativizing
   * every path. The partition values are parsed from the directory names once per directory and
   * shared by its files. Symbolic links to files are read; links to directories are not followed.
   */
  private static List<DatasetFile> walk(
      Path root, Path partitionRoot, Filter filter, Partitioning partitioning) {
    List<DatasetFile> out = new ArrayList<>();
    List<String> prefix = new ArrayList<>();
    if (root != partitionRoot) {
      Path between = partitionRoot.relativize(root.toAbsolutePath().normalize());
      for (int i = 0; i < between.getNameCount(); i++) {
        if (!between.getName(i).toString().isEmpty()) {
          prefix.add(between.getName(i).toString());
        }
      }
    }
    List<String> dirs = new ArrayList<>(prefix);
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            // the partition values of the directory being listed, made for its first file
            private Map<String, String> values;

            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
              if (d.equals(root)) {
                return FileVisitResult.CONTINUE;
              }
              String name = d.getFileName().toString();
              if (hidden(name)) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              dirs.add(name);
              values = null;
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              if (e != null) {
                throw e;
              }
              if (!d.equals(root)) {
                dirs.remove(dirs.size() - 1);
                values = null;
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) {
              // one string per file: its name is the part after the last separator
              String path = String.valueOf(p);
              if (p.equals(root)
                  || hiddenName(path)
                  || !attrs.isRegularFile() && !Files.isRegularFile(p)) {
                return FileVisitResult.CONTINUE;
              }
              if (filter == null || filter.accept(p)) {
                if (values == null) {
                  values = DatasetFile.Frozen.of(partitioning.values(dirs));
                }
                out.add(new DatasetFile(path, new LocalInputFile(p), values));
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path p, IOException e) throws IOException {
              throw e;
            }
          });
    } catch (IOException | UncheckedIOException e) {
      throw DatasetException.inFile(
          ErrorKind.IO, String.valueOf(root), "cannot list: " + ErrorText.describe(e));
    }
    return out;
  }

  private static boolean hidden(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }

  /** Whether the last name of {@code path} (a path's string) is {@link #hidden}. */
  private static boolean hiddenName(String path) {
    int slash = path.lastIndexOf(File.separatorChar);
    if (slash + 1 >= path.length()) {
      return false;
    }
    char c = path.charAt(slash + 1);
    return c == '_' || c == '.';
  }

  private static DatasetFile file(Path p, List<String> dirs, Partitioning partitioning) {
    return new DatasetFile(String.valueOf(p), new LocalInputFile(p), partitioning.values(dirs));
  }
}
