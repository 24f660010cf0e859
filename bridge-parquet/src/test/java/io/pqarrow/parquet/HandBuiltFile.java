package io.pqarrow.parquet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * A one-column, one-row-group Parquet file built byte by byte through parquet-java's Thrift
 * classes, for the shapes other writers give files that no writer of ours (or pyarrow's) makes:
 *
 * <pre>
 *   "PAR1" [page header][page body]... [FileMetaData] [int32 LE footer length] "PAR1"
 * </pre>
 *
 * A page is its header's Thrift bytes followed by its body, so a test can damage either.
 */
final class HandBuiltFile {
  private final List<SchemaElement> schema = new ArrayList<>();
  private final ByteArrayOutputStream pages = new ByteArrayOutputStream();
  private final List<String> path;
  private final Type type;
  private CompressionCodec codec = CompressionCodec.UNCOMPRESSED;
  private long values;
  private long rows;

  /**
   * @param path the column's path below the root
   * @param elements the schema below the root, depth first (the root, with the count of its
   *     children, is added)
   * @param rootChildren the root's number of children
   */
  HandBuiltFile(List<String> path, Type type, int rootChildren, SchemaElement... elements) {
    SchemaElement root = new SchemaElement("schema");
    root.setNum_children(rootChildren);
    schema.add(root);
    schema.addAll(List.of(elements));
    this.path = path;
    this.type = type;
  }

  /** A schema element of {@code repetition}: a leaf of {@code type}, or a group when null. */
  static SchemaElement element(String name, FieldRepetitionType repetition, Type type) {
    SchemaElement e = new SchemaElement(name);
    e.setRepetition_type(repetition);
    if (type != null) {
      e.setType(type);
    }
    return e;
  }

  HandBuiltFile codec(CompressionCodec value) {
    this.codec = value;
    return this;
  }

  /** Adds a page: {@code header}'s Thrift bytes, then {@code body}. */
  HandBuiltFile page(PageHeader header, byte[] body) throws IOException {
    Util.writePageHeader(header, pages);
    pages.write(body);
    return this;
  }

  /** Adds raw bytes to the column chunk (a header damaged as a test wants it). */
  HandBuiltFile raw(byte[] bytes) {
    pages.writeBytes(bytes);
    return this;
  }

  /** The chunk's value count and the row group's row count, as the footer gives them. */
  HandBuiltFile counts(long chunkValues, long groupRows) {
    this.values = chunkValues;
    this.rows = groupRows;
    return this;
  }

  /** The footer's Thrift bytes. */
  byte[] footer() throws IOException {
    ColumnMetaData meta =
        new ColumnMetaData(
            type,
            List.of(Encoding.PLAIN, Encoding.RLE),
            path,
            codec,
            values,
            pages.size(),
            pages.size(),
            4);
    ColumnChunk chunk = new ColumnChunk(4);
    chunk.setMeta_data(meta);
    RowGroup group = new RowGroup(List.of(chunk), pages.size(), rows);
    FileMetaData footer = new FileMetaData(2, schema, rows, List.of(group));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, out);
    return out.toByteArray();
  }

  /** Writes the file with its footer. */
  Path write(Path file) throws IOException {
    return write(file, footer());
  }

  /** Writes the file with {@code footer} as its footer's bytes (a footer damaged as wanted). */
  Path write(Path file, byte[] footer) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    out.write(magic);
    pages.writeTo(out);
    out.write(footer);
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.length).array());
    out.write(magic);
    Files.write(file, out.toByteArray());
    return file;
  }

  /** The file byte where the column chunk's first page header starts. */
  static long firstPage() {
    return 4;
  }
}
