package io.pqarrow.bench;

import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;

/**
 * parquet-java's record reader ({@link Group}s) over a local file, without Hadoop's file system:
 * the baseline of {@link FileReadBenchmark} and {@link ParquetReadBenchmark}.
 */
final class GroupReaderBuilder extends ParquetReader.Builder<Group> {
  GroupReaderBuilder(Path file) {
    this(file, new PlainParquetConfiguration());
  }

  private GroupReaderBuilder(Path file, PlainParquetConfiguration conf) {
    super(new LocalInputFile(file), conf);
    withCodecFactory(HadoopCodecs.newFactory(conf, 0));
    usePageChecksumVerification(true);
  }

  @Override
  protected ReadSupport<Group> getReadSupport() {
    return new GroupReadSupport();
  }
}
