package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorText;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
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
   * @param threads how many directories are listed at once (1: all on this thread)
   * @throws DatasetException ({@link ErrorKind#IO}) when nothing is there, a directory holds no
   *     file, or a pattern matches none
   */
  static List<DatasetFile> find(String location, Partitioning partitioning, int threads) {
    Path path = Path.of(location);
    if (Files.isRegularFile(path)) {
      return List.of(file(path, List.of(), partitioning));
    }
    if (Files.isDirectory(path)) {
      List<DatasetFile> files = walk(path, path, null, partitioning, threads);
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
            partitioning,
            threads);
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
   * The listing pools, one per thread count asked for: kept between walks so that opening a dataset
   * does not start threads each time, their idle threads ending after {@link #IDLE_SECONDS}.
   */
  private static final Map<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

  private static final long IDLE_SECONDS = 2;

  private static ForkJoinPool pool(int threads) {
    return POOLS.computeIfAbsent(
        threads,
        n ->
            new ForkJoinPool(
                n,
                p -> {
                  ForkJoinWorkerThread t =
                      ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                  t.setName("pqarrow-listing");
                  t.setDaemon(true);
                  return t;
                },
                null,
                false,
                0,
                // room for the spare threads a worker waiting on a join may add, as the default
                n + 256,
                1,
                null,
                IDLE_SECONDS,
                TimeUnit.SECONDS));
  }

  /** What every directory listing of one walk shares. */
  private record Walk(Filter filter, Partitioning partitioning, boolean parallel) {}

  /**
   * The files below {@code root} that {@code filter} accepts (null: all), their partition
   * directories those between {@code partitionRoot} (root or an ancestor) and them.
   *
   * <p>Each directory is listed once; an entry whose name starts with {@code _} or {@code .} is
   * passed over before any {@code stat}, every other entry costs one {@code lstat} (a symbolic link
   * one more {@code stat}: links to files are read, links to directories are not followed). The
   * directory names above a file come from the walk (no path is relativized), and the partition
   * values are parsed once per directory and shared by its files. With {@code threads} above one,
   * directories are listed at once on that many threads of a pool kept for the next walk (on a
   * local disk the walk is mostly system calls, one per entry, so the threads cut its wall time).
   * The files come in the order of their names within each directory, nearly the dataset's order.
   */
  private static List<DatasetFile> walk(
      Path root, Path partitionRoot, Filter filter, Partitioning partitioning, int threads) {
    List<String> prefix = new ArrayList<>();
    if (root != partitionRoot) {
      Path between = partitionRoot.relativize(root.toAbsolutePath().normalize());
      for (int i = 0; i < between.getNameCount(); i++) {
        if (!between.getName(i).toString().isEmpty()) {
          prefix.add(between.getName(i).toString());
        }
      }
    }
    Listing top =
        new Listing(root, List.copyOf(prefix), new Walk(filter, partitioning, threads > 1));
    try {
      if (threads <= 1) {
        return top.compute();
      }
      return pool(threads).invoke(top);
    } catch (UncheckedIOException e) {
      throw DatasetException.inFile(
          ErrorKind.IO, String.valueOf(root), "cannot list: " + ErrorText.describe(e.getCause()));
    }
  }

  /**
   * The files of one directory and, through a listing each, of its directories: forked when the
   * walk is parallel, else in turn on this thread.
   */
  private static final class Listing extends RecursiveTask<List<DatasetFile>> {
    private final Path dir;
    private final List<String> dirs; // the partition directories above this one's files
    private final Walk walk;

    Listing(Path dir, List<String> dirs, Walk walk) {
      this.dir = dir;
      this.dirs = dirs;
      this.walk = walk;
    }

    @Override
    protected List<DatasetFile> compute() {
      // in name order, so that the walk's files come nearly in PathOrder (only a name that is a
      // prefix of a sibling's, such as b beside b-1, puts a directory's files out of place) and
      // its sort is little more than one pass; each entry a file or the listing of a directory
      List<Object> parts = new ArrayList<>();
      Map<String, String> values = null; // made for the directory's first file
      try {
        List<Path> listed = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
          for (Path p : entries) {
            listed.add(p);
          }
          listed.sort(Comparator.comparing(String::valueOf));
          // on Linux the stream holds the directory open: each entry's lstat is then an fstatat
          // of its name in it, which does not walk the whole path again
          SecureDirectoryStream<Path> in =
              entries instanceof SecureDirectoryStream<Path> secure ? secure : null;
          for (Path p : listed) {
            // one string per entry: its name is the part after the last separator
            String path = String.valueOf(p);
            int slash = path.lastIndexOf(File.separatorChar);
            if (hidden(path, slash + 1)) {
              continue;
            }
            BasicFileAttributes attrs =
                in != null
                    ? in.getFileAttributeView(
                            p.getFileName(),
                            BasicFileAttributeView.class,
                            LinkOption.NOFOLLOW_LINKS)
                        .readAttributes()
                    : Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isDirectory()) {
              List<String> names = new ArrayList<>(dirs.size() + 1);
              names.addAll(dirs);
              names.add(path.substring(slash + 1));
              Listing l = new Listing(p, names, walk);
              if (walk.parallel()) {
                l.fork();
              }
              parts.add(l);
            } else if ((attrs.isRegularFile() || Files.isRegularFile(p))
                && (walk.filter() == null || walk.filter().accept(p))) {
              if (values == null) {
                values = DatasetFile.Frozen.of(walk.partitioning().values(dirs));
              }
              // a regular file's length is the lstat's: the read need not open it to learn it
              parts.add(
                  new DatasetFile(
                      path,
                      attrs.isRegularFile()
                          ? new SizedLocalFile(p, attrs.size())
                          : new LocalInputFile(p),
                      values));
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      List<DatasetFile> out = new ArrayList<>(parts.size());
      for (Object part : parts) {
        if (part instanceof Listing l) {
          out.addAll(walk.parallel() ? l.join() : l.compute());
        } else {
          out.add((DatasetFile) part);
        }
      }
      return out;
    }
  }

  /** Whether the name starting at {@code at} in {@code path} starts with {@code _} or {@code .}. */
  private static boolean hidden(String path, int at) {
    if (at >= path.length()) {
      return false;
    }
    char c = path.charAt(at);
    return c == '_' || c == '.';
  }

  private static DatasetFile file(Path p, List<String> dirs, Partitioning partitioning) {
    return new DatasetFile(String.valueOf(p), new LocalInputFile(p), partitioning.values(dirs));
  }
}
