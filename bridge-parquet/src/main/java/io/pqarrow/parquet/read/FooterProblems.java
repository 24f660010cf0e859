package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.ThriftDiagnosis;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Says in the format's words why a footer that parquet-java refused is wrong, for the one-line
 * error {@code invalid Parquet footer: <problem>}: a Thrift field missing, mistyped or out of range
 * ({@link ThriftDiagnosis}), or, when the Thrift is sound, a column chunk whose {@code
 * path_in_schema} names no column of the schema or a row group with another count of chunks than
 * the schema has columns. The footer is read again from the file (framing already checked by {@link
 * ParquetFraming}); only the error path runs this. When none of that finds the problem, {@link
 * #unrecognised} still says it in our words: where the footer is, and the gist of parquet-java's
 * complaint with its Java class names, struct dumps and schema dumps left out.
 */
final class FooterProblems {
  private FooterProblems() {}

  /** A package-qualified Java class name, such as {@code org.apache.parquet.format.PageHeader}. */
  private static final java.util.regex.Pattern CLASS_NAME =
      java.util.regex.Pattern.compile("(?:\\bclass\\s+)?\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*");

  /** A Java exception's simple name, such as {@code IndexOutOfBoundsException:}. */
  private static final java.util.regex.Pattern EXCEPTION_NAME =
      java.util.regex.Pattern.compile("\\b\\w*(?:Exception|Error)\\b:?");

  /** How much of parquet-java's complaint is kept. */
  private static final int GIST = 80;

  /**
   * The problem in our words when {@link #of} finds none: {@code the FileMetaData of N bytes at
   * byte X does not form a valid footer (gist)}, one line.
   */
  static String unrecognised(InputFile input, Throwable cause) {
    String where = "the FileMetaData";
    try (SeekableInputStream in = input.newStream()) {
      long length = input.getLength();
      byte[] tail = new byte[8];
      in.seek(length - 8);
      in.readFully(tail);
      long footerLength =
          ByteBuffer.wrap(tail).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
      where += " of " + footerLength + " bytes at byte " + (length - 8 - footerLength);
    } catch (IOException | RuntimeException e) {
      // framing was checked before; keep the plain words
    }
    String gist = gist(cause);
    return where + " does not form a valid footer" + (gist.isEmpty() ? "" : " (" + gist + ")");
  }

  /** The first clause of the deepest message, with Java names and dumps left out. */
  static String gist(Throwable cause) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = String.valueOf(root.getMessage());
    for (String end : new String[] {"\n", "{", "Struct:", " in message ", "message schema"}) {
      int at = text.indexOf(end);
      if (at >= 0) {
        text = text.substring(0, at);
      }
    }
    text = CLASS_NAME.matcher(text).replaceAll("");
    text = EXCEPTION_NAME.matcher(text).replaceAll("");
    text = text.replaceAll("\\s+", " ").replaceAll(" :", ":").replaceAll("[\\s:;,(]+$", "").strip();
    if (text.equals("null")) {
      return "";
    }
    return text.length() > GIST ? text.substring(0, GIST) + "…" : text;
  }

  /** The problem with {@code input}'s footer, or {@code null} when none is found here. */
  static String of(InputFile input) {
    byte[] footer;
    long footerStart;
    try (SeekableInputStream in = input.newStream()) {
      long length = input.getLength();
      byte[] tail = new byte[8];
      in.seek(length - 8);
      in.readFully(tail);
      int footerLength = ByteBuffer.wrap(tail).order(ByteOrder.LITTLE_ENDIAN).getInt();
      footerStart = length - 8 - footerLength;
      if (footerLength < 0 || footerStart < 4) {
        return null;
      }
      footer = new byte[footerLength];
      in.seek(footerStart);
      in.readFully(footer);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    String thrift = ThriftDiagnosis.footer(footer, 0, footer.length, footerStart);
    if (thrift != null) {
      return thrift;
    }
    FileMetaData metadata;
    try {
      metadata = Util.readFileMetaData(new ByteArrayInputStream(footer));
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return columnChunks(metadata);
  }

  /** A row group whose chunks do not match the schema's columns, or null. */
  private static String columnChunks(FileMetaData metadata) {
    List<String> columns = leafPaths(metadata.getSchema());
    if (columns == null) {
      return null;
    }
    Set<String> known = new HashSet<>(columns);
    List<RowGroup> groups = metadata.getRow_groups();
    for (int g = 0; g < groups.size(); g++) {
      List<ColumnChunk> chunks = groups.get(g).getColumns();
      for (int c = 0; c < chunks.size(); c++) {
        ColumnChunk chunk = chunks.get(c);
        if (!chunk.isSetMeta_data()) {
          continue;
        }
        String path = String.join(".", chunk.getMeta_data().getPath_in_schema());
        if (!known.contains(path)) {
          return "row group "
              + g
              + ", column chunk "
              + c
              + ": its path_in_schema "
              + path
              + " names no column of the schema (chunk "
              + c
              + " of the schema is "
              + (c < columns.size() ? columns.get(c) : "none")
              + ")";
        }
      }
      if (chunks.size() != columns.size()) {
        return "row group "
            + g
            + " has "
            + chunks.size()
            + " column chunks for the schema's "
            + columns.size()
            + " columns";
      }
    }
    return null;
  }

  /** The dotted paths of the schema's leaves, in order; null when the tree does not add up. */
  private static List<String> leafPaths(List<SchemaElement> schema) {
    List<String> leaves = new ArrayList<>();
    if (schema == null || schema.isEmpty()) {
      return null;
    }
    // Each open group: its path and how many children it still awaits.
    Deque<Object[]> open = new ArrayDeque<>();
    open.push(new Object[] {"", schema.get(0).getNum_children()});
    for (int i = 1; i < schema.size(); i++) {
      while (!open.isEmpty() && (int) open.peek()[1] == 0) {
        open.pop();
      }
      if (open.isEmpty()) {
        return null;
      }
      Object[] parent = open.peek();
      parent[1] = (int) parent[1] - 1;
      SchemaElement e = schema.get(i);
      String path = ((String) parent[0]).isEmpty() ? e.getName() : parent[0] + "." + e.getName();
      if (e.isSetNum_children() && e.getNum_children() > 0) {
        open.push(new Object[] {path, e.getNum_children()});
      } else {
        leaves.add(path);
      }
    }
    return leaves;
  }
}
