package io.pqarrow.parquet.write;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;

/**
 * Rewrites the footer of a file just written so that INTERVAL columns carry only their
 * ConvertedType.
 *
 * <p>The Parquet format has no INTERVAL logical type; INTERVAL exists only as a ConvertedType.
 * parquet-java 1.18.1 nevertheless writes the LogicalType {@code UNKNOWN} beside it, and UNKNOWN
 * means "always null": pyarrow and DuckDB then read every interval as null. Until parquet-java
 * stops doing that, the writer calls {@link #apply} after the footer is written. It reads the
 * footer with parquet-java's own Thrift classes, clears the LogicalType of INTERVAL elements and
 * writes the footer back in place:
 *
 * <pre>
 * ... column chunks ... | footer (Thrift FileMetaData) | footer length (int32 LE) | "PAR1"
 *                         ^ truncated here and rewritten, nothing before it moves
 * </pre>
 */
final class IntervalFooterFix {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private IntervalFooterFix() {}

  /** Whether {@code schema} has a column the footer must be mended for. */
  static boolean needed(MessageType schema) {
    return schema.getColumns().stream()
        .anyMatch(
            c ->
                c.getPrimitiveType().getLogicalTypeAnnotation()
                    instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation);
  }

  /** Clears the LogicalType of every INTERVAL element in the footer of {@code file}. */
  static void apply(Path file) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      readFully(channel, tail, size - 8);
      long footerLength = Integer.toUnsignedLong(tail.getInt(0));
      long footerStart = size - 8 - footerLength;
      if (footerStart < MAGIC.length) {
        throw new IOException("footer length " + footerLength + " does not fit a file of " + size);
      }
      ByteBuffer footer = ByteBuffer.allocate(Math.toIntExact(footerLength));
      readFully(channel, footer, footerStart);
      FileMetaData metadata = Util.readFileMetaData(new ByteArrayInputStream(footer.array()));
      boolean changed = false;
      for (SchemaElement element : metadata.getSchema()) {
        if (element.getConverted_type() == ConvertedType.INTERVAL && element.isSetLogicalType()) {
          element.unsetLogicalType();
          changed = true;
        }
      }
      if (!changed) {
        return;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Util.writeFileMetaData(metadata, out);
      ByteBuffer rewritten = ByteBuffer.allocate(out.size() + 8).order(ByteOrder.LITTLE_ENDIAN);
      rewritten.put(out.toByteArray()).putInt(out.size()).put(MAGIC).flip();
      channel.truncate(footerStart);
      long position = footerStart;
      while (rewritten.hasRemaining()) {
        position += channel.write(rewritten, position);
      }
    }
  }

  private static void readFully(FileChannel channel, ByteBuffer into, long position)
      throws IOException {
    while (into.hasRemaining()) {
      int n = channel.read(into, position + into.position());
      if (n < 0) {
        throw new IOException("unexpected end of file at byte " + (position + into.position()));
      }
    }
  }
}
