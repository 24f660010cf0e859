package io.pqarrow.parquet;

import io.pqarrow.BridgeException;
import io.pqarrow.ipc.IpcCompression;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * The child JVM of {@link BoundedMemoryTest}: exports a Parquet file of columns {@code id int64, s
 * string, l list<int32>} to a ZSTD-compressed Arrow IPC stream through a {@link RootAllocator}
 * capped at a given size, and prints what it saw.
 *
 * <p>Arguments: parquet file, IPC stream file, allocator cap in bytes, rows per batch. On success
 * it prints one line {@code rows=<n> idSum=<n> stringBytes=<n> listValues=<n> listSum=<n>
 * peak=<bytes>} and exits 0. When the reader or the IPC writer fails with a {@link BridgeException}
 * or Arrow's {@link OutOfMemoryException} it prints {@code failed <class>: <message>} and {@code
 * peak=<bytes>} and exits 3; anything else (a leak found when the allocator closes, an {@link
 * OutOfMemoryError}) escapes and the JVM exits 1.
 */
final class BoundedExport {
  private BoundedExport() {}

  /** Runs one export; see the class comment for the arguments and output. */
  public static void main(String[] args) throws IOException {
    Path in = Path.of(args[0]);
    Path out = Path.of(args[1]);
    long cap = Long.parseLong(args[2]);
    int batchRows = Integer.parseInt(args[3]);
    String failure = null;
    long rows = 0;
    long idSum = 0;
    long stringBytes = 0;
    long listValues = 0;
    long listSum = 0;
    long peak;
    try (RootAllocator allocator = new RootAllocator(cap)) {
      try (ParquetArrowReader reader =
              ParquetArrowReader.open(
                  in, allocator, ReadOptions.builder().batchRows(batchRows).build());
          FileChannel channel =
              FileChannel.open(
                  out,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE,
                  StandardOpenOption.TRUNCATE_EXISTING);
          ArrowStreamWriter writer =
              new ArrowStreamWriter(
                  reader.getVectorSchemaRoot(),
                  null,
                  channel,
                  IpcOption.DEFAULT,
                  IpcCompression.FACTORY,
                  CompressionUtil.CodecType.ZSTD)) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector s = (VarCharVector) root.getVector("s");
        ListVector l = (ListVector) root.getVector("l");
        writer.start();
        while (reader.loadNextBatch()) {
          int n = root.getRowCount();
          for (int i = 0; i < n; i++) {
            idSum += id.get(i);
          }
          stringBytes += s.getEndOffset(n - 1) - s.getStartOffset(0);
          IntVector values = (IntVector) l.getDataVector();
          int first = l.getElementStartIndex(0);
          int end = l.getElementEndIndex(n - 1);
          for (int j = first; j < end; j++) {
            listSum += values.get(j);
          }
          listValues += end - first;
          rows += n;
          writer.writeBatch();
        }
        writer.end();
      } catch (BridgeException | OutOfMemoryException e) {
        failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        // Printed before the allocator closes, so that a leak found there still shows the cause.
        System.out.println("failed " + failure);
        e.printStackTrace();
      }
      peak = allocator.getPeakMemoryAllocation();
    }
    if (failure != null) {
      System.out.println("peak=" + peak);
      System.exit(3);
    }
    System.out.println(
        "rows="
            + rows
            + " idSum="
            + idSum
            + " stringBytes="
            + stringBytes
            + " listValues="
            + listValues
            + " listSum="
            + listSum
            + " peak="
            + peak);
  }
}
