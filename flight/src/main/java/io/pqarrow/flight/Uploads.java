package io.pqarrow.flight;

import io.pqarrow.dataset.PartitionedWriter;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Writes an uploaded stream as Parquet: one file through {@link ParquetArrowWriter} (under a
 * temporary name, renamed into place when every batch is written), or a hive dataset through {@link
 * PartitionedWriter} (a temporary sibling directory, renamed likewise). A failed, cancelled or
 * stopped upload leaves nothing at the target. An existing file is replaced only with {@code
 * "overwrite": true}; an existing directory never is.
 */
final class Uploads {
  private Uploads() {}

  static void write(
      WriteRequest w,
      Path target,
      FlightStream stream,
      BufferAllocator allocator,
      BooleanSupplier stopping) {
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw CallStatus.ALREADY_EXISTS
          .withDescription(w.path() + " is a directory; a dataset is never replaced")
          .toRuntimeException();
    }
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
        && (!w.overwrite() || !w.partitionBy().isEmpty())) {
      throw CallStatus.ALREADY_EXISTS
          .withDescription(
              w.path()
                  + " exists; "
                  + (w.partitionBy().isEmpty()
                      ? "send \"overwrite\": true to replace it"
                      : "a dataset is written only where nothing is"))
          .toRuntimeException();
    }
    try {
      Files.createDirectories(target.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (w.partitionBy().isEmpty()) {
      writeFile(w, target, stream, stopping);
    } else {
      writeDataset(w, target, stream, allocator, stopping);
    }
  }

  private static void writeFile(
      WriteRequest w, Path target, FlightStream stream, BooleanSupplier stopping) {
    ParquetArrowWriter writer =
        ParquetArrowWriter.open(
            target, stream.getSchema(), w.options(), stream.getDictionaryProvider());
    boolean done = false;
    try {
      while (stream.next()) {
        stopIf(stopping);
        writer.write(stream.getRoot(), stream.getDictionaryProvider());
      }
      done = true;
    } finally {
      if (done) {
        writer.close();
      } else {
        writer.abort();
      }
    }
  }

  private static void writeDataset(
      WriteRequest w,
      Path target,
      FlightStream stream,
      BufferAllocator allocator,
      BooleanSupplier stopping) {
    PartitionedWriter writer =
        PartitionedWriter.open(
            target,
            stream.getSchema(),
            w.partitionBy(),
            w.options(),
            Long.MAX_VALUE,
            allocator,
            stream.getDictionaryProvider());
    boolean done = false;
    try {
      while (stream.next()) {
        stopIf(stopping);
        writer.write(stream.getRoot());
      }
      done = true;
    } finally {
      if (done) {
        writer.close();
      } else {
        writer.abort();
      }
    }
  }

  private static void stopIf(BooleanSupplier stopping) {
    if (stopping.getAsBoolean()) {
      throw CallStatus.CANCELLED.withDescription("the server is stopping").toRuntimeException();
    }
  }
}
