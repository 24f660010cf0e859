package io.pqarrow.parquet.write;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;

/**
 * The compressors of one file being written ({@link ParquetArrowWriter}): parquet-java's codec
 * factory, at the options' level, and with helper threads one factory per {@link FieldTasks} slot,
 * so that no compressor (which keeps buffers between calls) is used by two threads at once. All are
 * released together.
 */
final class WriterCodecs {
  private final CompressionCodecFactory codecs;

  /** The codec factories of the helper threads' slots (1 and on), each with its compressors. */
  private final List<CompressionCodecFactory> helperCodecs = new ArrayList<>();

  private final WriteOptions options;
  private final Path file;

  /**
   * The starting size of a compressor's output buffer, which grows to the largest page compressed
   * and is kept from page to page: not the page size, which every file of a partitioned write of
   * many small files would allocate (and zero) for each codec only to use a little of it.
   */
  static final int COMPRESSED_START = 64 << 10;

  WriterCodecs(WriteOptions options, Path file) {
    this.options = options;
    this.file = file;
    this.codecs =
        HadoopCodecs.newFactory(
            new PlainParquetConfiguration(), Math.min(options.pageBytes(), COMPRESSED_START));
  }

  /**
   * With helper threads, each column's compressor is one per slot of {@link FieldTasks} (a
   * compressor keeps buffers between calls), chosen by the slot of the thread compressing a page;
   * otherwise {@code byColumn}.
   */
  Map<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> bySlot(
      Map<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> byColumn,
      FieldTasks tasks) {
    if (tasks.slots() == 1) {
      return byColumn;
    }
    List<Map<WriteOptions.Compression, CompressionCodecFactory.BytesInputCompressor>> bySlot =
        new ArrayList<>();
    for (int s = 1; s < tasks.slots(); s++) {
      CompressionCodecFactory factory =
          HadoopCodecs.newFactory(
              new PlainParquetConfiguration(), Math.min(options.pageBytes(), COMPRESSED_START));
      helperCodecs.add(factory);
      bySlot.add(new EnumMap<>(WriteOptions.Compression.class));
    }
    Map<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> out = new HashMap<>();
    for (Map.Entry<ColumnDescriptor, CompressionCodecFactory.BytesInputCompressor> e :
        byColumn.entrySet()) {
      WriteOptions.Compression codec =
          WriteOptions.Compression.valueOf(e.getValue().getCodecName().name());
      CompressionCodecFactory.BytesInputCompressor[] slots =
          new CompressionCodecFactory.BytesInputCompressor[tasks.slots()];
      slots[0] = e.getValue();
      for (int s = 1; s < slots.length; s++) {
        CompressionCodecFactory factory = helperCodecs.get(s - 1);
        slots[s] =
            bySlot.get(s - 1).computeIfAbsent(codec, c -> compressor(factory, c, options, file));
      }
      out.put(e.getKey(), new SlotCompressor(tasks, slots));
    }
    return out;
  }

  /** Releases every codec factory's compressors. */
  void release() {
    codecs.release();
    for (CompressionCodecFactory factory : helperCodecs) {
      factory.release();
    }
  }

  /** The compressor of {@code codec} at the options' level, refusing a level it does not have. */
  CompressionCodecFactory.BytesInputCompressor compressor(WriteOptions.Compression codec) {
    return compressor(codecs, codec, options, file);
  }

  /**
   * The compression-level table: why {@code codec} has no level {@code level}, in the words the
   * writer refuses it with, or {@code null} when it has (ZSTD: -131072 to 22; GZIP: 0 to 9; the
   * other codecs none; {@link WriteOptions#DEFAULT_LEVEL} always fits). {@link
   * WriteOptions.Compression#levelRefusal} is this.
   */
  static String levelRefusal(WriteOptions.Compression codec, int level) {
    if (level == WriteOptions.DEFAULT_LEVEL) {
      return null;
    }
    String range =
        switch (codec) {
          case ZSTD -> level >= -131072 && level <= 22 ? null : " (-131072 to 22)";
          case GZIP -> level >= 0 && level <= 9 ? null : " (0 to 9)";
          default -> " (it has no levels)";
        };
    return range == null
        ? null
        : "compression level " + level + " does not fit codec " + codec + range;
  }

  private static CompressionCodecFactory.BytesInputCompressor compressor(
      CompressionCodecFactory codecs,
      WriteOptions.Compression codec,
      WriteOptions options,
      Path file) {
    CompressionCodecName name = CompressionCodecName.valueOf(codec.name());
    int level = options.compressionLevel();
    if (level == WriteOptions.DEFAULT_LEVEL) {
      return codecs.getCompressor(name);
    }
    String refusal = codec.levelRefusal(level);
    if (refusal != null) {
      codecs.release();
      throw ParquetFileException.write(
          ErrorKind.INVALID_ARGUMENT, ErrorLocation.inFile(file), refusal, null);
    }
    return codecs.getCompressor(name, level);
  }

  /**
   * A column's compressor on several threads: the one of the compressing thread's {@link
   * FieldTasks} slot. parquet-java compresses a page within the call and copies the result before
   * it returns, so a slot's compressor is never used by two threads at once.
   */
  private record SlotCompressor(
      FieldTasks tasks, CompressionCodecFactory.BytesInputCompressor[] bySlot)
      implements CompressionCodecFactory.BytesInputCompressor {
    @Override
    public org.apache.parquet.bytes.BytesInput compress(org.apache.parquet.bytes.BytesInput bytes)
        throws IOException {
      return bySlot[tasks.slot()].compress(bytes);
    }

    @Override
    public CompressionCodecName getCodecName() {
      return bySlot[0].getCodecName();
    }

    @Override
    public void release() {
      // Each compressor is released with its factory.
    }
  }
}
