package io.pqarrow.ipc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/** The two IPC formats, each writing a sequence of batches and reading them back one by one. */
enum IpcFormat {
  STREAM,
  FILE;

  /** Receives each batch read; the root is reused by the reader, so look, do not keep. */
  @FunctionalInterface
  interface BatchVisitor {
    void visit(int index, VectorSchemaRoot root, DictionaryProvider dictionaries);
  }

  /** Writes the batches (all of {@code schema}) and returns the bytes. */
  byte[] write(
      BufferAllocator allocator,
      Schema schema,
      List<VectorSchemaRoot> batches,
      DictionaryProvider dictionaries,
      BodyCompression compression) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(allocator, schema, batches, dictionaries, compression, Channels.newChannel(out));
    return out.toByteArray();
  }

  /** Writes the batches (all of {@code schema}) to {@code out}. */
  void write(
      BufferAllocator allocator,
      Schema schema,
      List<VectorSchemaRoot> batches,
      DictionaryProvider dictionaries,
      BodyCompression compression,
      WritableByteChannel out) {
    write(
        allocator,
        schema,
        batches,
        dictionaries,
        compression,
        BodyCompression.writerFactory(),
        out);
  }

  /** As above, with the codecs of {@code writerFactory} (to show what other codecs write). */
  void write(
      BufferAllocator allocator,
      Schema schema,
      List<VectorSchemaRoot> batches,
      DictionaryProvider dictionaries,
      BodyCompression compression,
      CompressionCodec.Factory writerFactory,
      WritableByteChannel out) {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ArrowWriter writer = writer(root, dictionaries, compression, writerFactory, out)) {
      writer.start();
      VectorLoader loader = new VectorLoader(root);
      for (VectorSchemaRoot batch : batches) {
        try (ArrowRecordBatch body = new VectorUnloader(batch).getRecordBatch()) {
          loader.load(body);
        }
        writer.writeBatch();
      }
      writer.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private ArrowWriter writer(
      VectorSchemaRoot root,
      DictionaryProvider dictionaries,
      BodyCompression compression,
      CompressionCodec.Factory writerFactory,
      WritableByteChannel out) {
    IpcOption option = IpcOption.DEFAULT;
    return switch (this) {
      case STREAM ->
          new ArrowStreamWriter(
              root, dictionaries, out, option, writerFactory, compression.codecType());
      case FILE ->
          new ArrowFileWriter(
              root, dictionaries, out, null, option, writerFactory, compression.codecType());
    };
  }

  /**
   * Reads every batch of {@code bytes}, handing each to {@code visitor}.
   *
   * @return the schema the reader reports
   */
  Schema read(BufferAllocator allocator, byte[] bytes, BatchVisitor visitor) {
    try (ArrowReader reader = reader(allocator, bytes)) {
      Schema schema = reader.getVectorSchemaRoot().getSchema();
      int index = 0;
      if (reader instanceof ArrowFileReader file) {
        for (ArrowBlock block : file.getRecordBlocks()) {
          file.loadRecordBatch(block);
          visitor.visit(index++, file.getVectorSchemaRoot(), file);
        }
      } else {
        while (reader.loadNextBatch()) {
          visitor.visit(index++, reader.getVectorSchemaRoot(), reader);
        }
      }
      return schema;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private ArrowReader reader(BufferAllocator allocator, byte[] bytes) {
    return switch (this) {
      case STREAM ->
          new ArrowStreamReader(
              new ByteArrayInputStream(bytes), allocator, BodyCompression.readerFactory());
      case FILE ->
          new ArrowFileReader(
              new SeekableReadChannel(new ByteArrayReadableSeekableByteChannel(bytes)),
              allocator,
              BodyCompression.readerFactory());
    };
  }
}
