package io.pqarrow.spark;

import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.catalyst.InternalRow;

/** The files of a read, and opening one on an executor. */
final class SparkFiles {
  private SparkFiles() {}

  /**
   * A file to read.
   *
   * @param path its fully qualified URI
   * @param length its bytes
   * @param partition its partition values ({@link SparkDataset#partitionSchema()}), none when the
   *     read has no partition columns
   */
  record Entry(String path, long length, InternalRow partition) implements Serializable {}

  /**
   * The footer of the file at {@code uri}: a local file directly, any other scheme through
   * parquet-java's Hadoop input with the given configuration. A local path may hold characters
   * outside ASCII as they are (Hadoop's {@code Path.toUri()} leaves them so, e.g. Spark's partition
   * directory {@code t=é}): they are percent-encoded before the URI becomes a path, which takes
   * only ASCII.
   */
  static ParquetSource source(String uri, byte[] conf) {
    URI u = URI.create(uri);
    if (u.getScheme() == null || u.getScheme().equals("file")) {
      URI file = u.getScheme() == null ? URI.create("file://" + uri) : u;
      return ParquetSource.open(Paths.get(URI.create(file.toASCIIString())), Limits.defaults());
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
