package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory walk of {@link LocalDiscovery}: the same files and partition values whether the
 * directories are listed on one thread or at once on several, hidden names passed over, links to
 * files read and links to directories not followed, and a dataset root that is itself a link read
 * through.
 */
class LocalDiscoveryTest {
  @TempDir Path dir;

  /** Two levels of hive directories, hidden entries and links beside the data files. */
  private Path tree() throws IOException {
    Path t = dir.resolve("t");
    for (int y = 0; y < 3; y++) {
      for (int m = 0; m < 4; m++) {
        Path d = Files.createDirectories(t.resolve("y=" + y + "/m=" + m));
        for (int f = 0; f < 5; f++) {
          Files.createFile(d.resolve("f" + f + ".parquet"));
        }
        Files.createFile(d.resolve(".f0.parquet.crc"));
      }
      Files.createDirectories(t.resolve("y=" + y + "/_temporary/0"));
      Files.createFile(t.resolve("y=" + y + "/_temporary/0/part.parquet"));
    }
    Files.createFile(t.resolve("_SUCCESS"));
    Files.createDirectories(t.resolve(".hidden/y=9"));
    Files.createFile(t.resolve(".hidden/y=9/x.parquet"));
    // a link to a file is a file of the dataset; a link to a directory is not followed
    Files.createSymbolicLink(t.resolve("y=0/m=0/linked.parquet"), t.resolve("y=1/m=1/f0.parquet"));
    Files.createSymbolicLink(t.resolve("y=2/m=9"), t.resolve("y=1/m=1"));
    return t;
  }

  private static Map<String, Map<String, String>> byPath(List<DatasetFile> files) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (DatasetFile f : files) {
      out.put(f.path(), f.partitionValues());
    }
    return out;
  }

  @Test
  void oneThreadAndSeveralFindTheSameFilesWithTheirDirectoriesValues() throws IOException {
    Path t = tree();
    Map<String, Map<String, String>> one =
        byPath(LocalDiscovery.find(t.toString(), Partitioning.hive(), 1));
    assertEquals(3 * 4 * 5 + 1, one.size(), one.keySet().toString());
    assertEquals(
        Map.of("y", "0", "m", "0"), one.get(t.resolve("y=0/m=0/linked.parquet").toString()));
    assertEquals(Map.of("y", "2", "m", "3"), one.get(t.resolve("y=2/m=3/f4.parquet").toString()));
    for (String p : one.keySet()) {
      assertTrue(!p.contains("/_") && !p.contains("/.") && !p.contains("m=9"), p);
    }
    for (int threads : new int[] {2, 3, 8}) {
      List<DatasetFile> files = LocalDiscovery.find(t.toString(), Partitioning.hive(), threads);
      assertEquals(one, byPath(files), threads + " threads");
      // the files of one directory share its values
      Map<String, Map<String, String>> first = new TreeMap<>();
      for (DatasetFile f : files) {
        String d = f.path().substring(0, f.path().lastIndexOf('/'));
        Map<String, String> seen = first.putIfAbsent(d, f.partitionValues());
        if (seen != null) {
          assertSame(seen, f.partitionValues(), f.path());
        }
      }
    }
    // a pattern's files, listed at once, as one thread lists them
    String glob = t + "/y=1/*/f[12].parquet";
    Map<String, Map<String, String>> globbed =
        byPath(LocalDiscovery.find(glob, Partitioning.hive(), 1));
    assertEquals(8, globbed.size(), globbed.keySet().toString());
    assertEquals(globbed, byPath(LocalDiscovery.find(glob, Partitioning.hive(), 2)));
  }

  @Test
  void theWalkGivesEachDirectorysEntriesInNameOrderSoTheDatasetsSortHasLittleToDo()
      throws IOException {
    Path t = tree();
    for (int threads : new int[] {1, 2}) {
      List<DatasetFile> files = LocalDiscovery.find(t.toString(), Partitioning.hive(), threads);
      // no name here is a prefix of a sibling's: the walk's order is the dataset's order
      assertEquals(
          PathOrder.sorted(files).stream().map(DatasetFile::path).toList(),
          files.stream().map(DatasetFile::path).toList(),
          threads + " threads");
    }
  }

  @Test
  void aRootThatIsALinkToADirectoryIsReadThrough() throws IOException {
    Path t = tree();
    Path link = Files.createSymbolicLink(dir.resolve("link"), t);
    for (int threads : new int[] {1, 2}) {
      List<String> paths = new ArrayList<>();
      for (DatasetFile f : LocalDiscovery.find(link.toString(), Partitioning.hive(), threads)) {
        paths.add(f.path());
      }
      assertEquals(3 * 4 * 5 + 1, paths.size(), threads + " threads: " + paths);
      assertTrue(paths.contains(link.resolve("y=1/m=2/f3.parquet").toString()), paths.toString());
    }
  }

  @Test
  void aFilesLengthComesFromTheWalkAndALinkedFilesFromItsTarget() throws IOException {
    Path t = Files.createDirectories(dir.resolve("sized/k=1"));
    Path file = Files.write(t.resolve("a.parquet"), new byte[1234]);
    Path target = Files.write(dir.resolve("elsewhere.parquet"), new byte[77]);
    Files.createSymbolicLink(t.resolve("b.parquet"), target);
    for (int threads : new int[] {1, 2}) {
      Map<String, DatasetFile> found = new TreeMap<>();
      for (DatasetFile f :
          LocalDiscovery.find(dir.resolve("sized").toString(), Partitioning.hive(), threads)) {
        found.put(f.path(), f);
      }
      assertEquals(2, found.size(), found.keySet().toString());
      DatasetFile a = found.get(file.toString());
      DatasetFile b = found.get(t.resolve("b.parquet").toString());
      assertEquals(77, b.file().getLength(), "the link's target's length");
      // the regular file's length was read by the walk's lstat: no open is left to make for it
      Files.move(file, dir.resolve("moved-" + threads));
      assertEquals(1234, a.file().getLength(), threads + " threads");
      Files.move(dir.resolve("moved-" + threads), file);
      assertEquals(file.toString(), a.file().toString(), "named by its path in messages");
    }
  }
}
