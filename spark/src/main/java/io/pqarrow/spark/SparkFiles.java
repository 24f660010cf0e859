package io.pqarrow.spark;

import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/** Listing the files of a read, and opening one on an executor. */
final class SparkFiles {
  private SparkFiles() {}

  /** A file to read: its fully qualified URI and length. */
  record Entry(String path, long length) implements Serializable {}

  /**
   * The files {@code paths} name: files as they are, directories by their files (recursively,
   * skipping names that start with {@code _} or {@code .}), globs expanded; sorted by path within
   * each argument.
   *
   * @throws IllegalArgumentException naming a path that matches nothing
   */
  static List<Entry> list(List<String> paths, Configuration conf) {
    List<Entry> out = new ArrayList<>();
    for (String p : paths) {
      try {
        Path path = new Path(p);
        FileSystem fs = path.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(path);
        if (matches == null || matches.length == 0) {
          throw new IllegalArgumentException("Path does not exist: " + p);
        }
        List<Entry> found = new ArrayList<>();
        for (FileStatus s : matches) {
          collect(fs, s, found);
        }
        found.sort(Comparator.comparing(Entry::path));
        out.addAll(found);
      } catch (FileNotFoundException e) {
        throw new IllegalArgumentException("Path does not exist: " + p, e);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot list " + p + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  private static void collect(FileSystem fs, FileStatus s, List<Entry> out) throws IOException {
    String name = s.getPath().getName();
    if (name.startsWith("_") || name.startsWith(".")) {
      return;
    }
    if (s.isDirectory()) {
      FileStatus[] children = fs.listStatus(s.getPath());
      Arrays.sort(children);
      for (FileStatus c : children) {
        collect(fs, c, out);
      }
    } else {
      out.add(new Entry(s.getPath().toUri().toString(), s.getLen()));
    }
  }

  /**
   * The footer of the file at {@code uri}: a local file directly, any other scheme through
   * parquet-java's Hadoop input with the given configuration.
   */
  static ParquetSource source(String uri, byte[] conf) {
    URI u = URI.create(uri);
    if (u.getScheme() == null || u.getScheme().equals("file")) {
      return ParquetSource.open(
          Paths.get(u.getScheme() == null ? URI.create("file://" + uri) : u), Limits.defaults());
    }
    try {
      return ParquetSource.open(
          HadoopInputFile.fromPath(new Path(u), deserialize(conf)), uri, Limits.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open " + uri + ": " + e.getMessage(), e);
    }
  }

  /** A Hadoop configuration as bytes, for executors. */
  static byte[] serialize(Configuration conf) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      conf.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static Configuration deserialize(byte[] bytes) {
    Configuration conf = new Configuration(false);
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      conf.readFields(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return conf;
  }
}
