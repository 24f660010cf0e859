package io.pqarrow.cli.output;

import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.FileChecks;
import io.pqarrow.cli.common.IpcFormat;
import io.pqarrow.ipc.IpcCompression;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * An Arrow IPC file or stream being written from one {@link VectorSchemaRoot}, compressed with the
 * library's {@link IpcCompression} codecs (which pyarrow reads): each {@link #write()} appends the
 * root's current contents as a record batch. The bytes go to a temporary file beside the output,
 * renamed to it when the sink is closed after {@link #finish()} ({@link OutputFile#commit}) and
 * deleted when it is closed without. Failures are {@link CliException}s {@code cannot write <file>:
 * …}.
 */
public final class IpcOutput implements BatchSink {
  private final Path file;
  private final Path temporary;
  private final FileChannel channel;
  private boolean finished;
  private final ArrowWriter writer;
  private final VectorSchemaRoot root;

  /** The file's dictionaries, when the file format is written with dictionaries; else null. */
  private final DictionaryUnifier unifier;

  private IpcOutput(
      Path file,
      Path temporary,
      FileChannel channel,
      ArrowWriter writer,
      VectorSchemaRoot root,
      DictionaryUnifier unifier) {
    this.file = file;
    this.temporary = temporary;
    this.channel = channel;
    this.writer = writer;
    this.root = root;
    this.unifier = unifier;
  }

  /** Creates (or replaces) {@code file} and writes the schema of {@code root}. */
  public static IpcOutput create(
      Path file, VectorSchemaRoot root, IpcFormat format, BodyCompression compression) {
    return create(file, root, format, compression, null, null);
  }

  /**
   * Creates (or replaces) {@code file} and writes the schema of {@code root}, whose
   * dictionary-encoded columns (if any) have their values in {@code dictionaries}, batch by batch.
   * The stream format writes a dictionary batch before the first record batch and again whenever a
   * dictionary changed. The file format allows one dictionary per column: the batches' are unified
   * ({@link DictionaryUnifier}, in vectors from {@code allocator}) and written after the last
   * record batch, before the footer that lists them, where readers of the file format find them.
   */
  public static IpcOutput create(
      Path file,
      VectorSchemaRoot root,
      IpcFormat format,
      BodyCompression compression,
      DictionaryProvider dictionaries,
      BufferAllocator allocator) {
    DictionaryUnifier unifier =
        format == IpcFormat.FILE && dictionaries != null
            ? new DictionaryUnifier(dictionaries, allocator)
            : null;
    FileChannel channel = null;
    Path temporary = OutputFile.temporary(file);
    try {
      channel =
          FileChannel.open(
              temporary,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE);
      // the library's factory gives Arrow's no-op codec for NO_COMPRESSION
      CompressionCodec.Factory factory = IpcCompression.FACTORY;
      ArrowWriter writer;
      if (unifier != null) {
        writer = new LateDictionaryFileWriter(root, unifier, channel, factory, compression.codec);
      } else if (format == IpcFormat.FILE) {
        writer =
            new ArrowFileWriter(
                root, null, channel, null, IpcOption.DEFAULT, factory, compression.codec);
      } else {
        writer =
            new ArrowStreamWriter(
                root, dictionaries, channel, IpcOption.DEFAULT, factory, compression.codec);
      }
      writer.start();
      IpcOutput output = new IpcOutput(file, temporary, channel, writer, root, unifier);
      channel = null;
      unifier = null;
      return output;
    } catch (IOException e) {
      throw CliException.cannotWrite(file, FileChecks.ioProblem(e), e);
    } finally {
      if (unifier != null) {
        unifier.close();
      }
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException ignored) {
          // the open failed already; that error is the one to report
        }
        OutputFile.discard(temporary);
      }
    }
  }

  /** The bytes go to a temporary file renamed to the output path once complete. */
  @Override
  public boolean atomic() {
    return true;
  }

  /** Appends the root's current contents as one record batch. */
  @Override
  public void write() {
    try {
      if (unifier != null) {
        unifier.unify(root);
      }
      writer.writeBatch();
    } catch (IOException e) {
      throw CliException.cannotWrite(file, FileChecks.ioProblem(e), e);
    }
  }

  /** Bytes written so far. */
  @Override
  public long bytesWritten() {
    return writer.bytesWritten();
  }

  /** Writes the end-of-stream marker (and, for the file format, the footer). */
  @Override
  public void finish() {
    try {
      writer.end();
      finished = true;
    } catch (IOException e) {
      throw CliException.cannotWrite(file, FileChecks.ioProblem(e), e);
    }
  }

  @Override
  public void close() {
    try {
      writer.close();
    } finally {
      try {
        if (unifier != null) {
          unifier.close();
        }
      } finally {
        try {
          channel.close();
        } catch (IOException e) {
          finished = false;
          throw CliException.cannotWrite(file, FileChecks.ioProblem(e), e);
        } finally {
          if (finished) {
            OutputFile.commit(temporary, file);
          } else {
            OutputFile.discard(temporary);
          }
        }
      }
    }
  }
}
