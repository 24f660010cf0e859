package io.pqarrow.parquet.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Says, in the format's words, why Thrift could not decode a footer ({@code FileMetaData}) or a
 * page header ({@code PageHeader}): it walks the Thrift compact-protocol bytes again beside a table
 * of the fields the readers need, and finds the first field that is missing, of the wrong type, an
 * enum value the format does not define, or cut off by the end of the bytes. The decoder's own
 * message names Java classes and dumps the half-read struct; this one names the structure path, the
 * column when known, and the byte:
 *
 * <pre>
 *   PageHeader.data_page_header.num_values (field 1) is an i16, not an i32, at file byte 13
 *   FileMetaData.row_groups[0].columns[0].meta_data.type (column v) holds 7, not one of BOOLEAN …, at file byte 298
 * </pre>
 *
 * <p>The compact protocol: a field header byte holds the id delta (high 4 bits; 0: a zigzag varint
 * id follows) and the type (low 4 bits: 1/2 bool, 3 byte, 4 i16, 5 i32, 6 i64, 7 double, 8 binary,
 * 9 list, 10 set, 11 map, 12 struct; 0 ends the struct). Integers are zigzag varints; a list's
 * header holds its size (high 4 bits, 15: a varint follows) and element type. Only the error path
 * runs this; it allocates freely.
 */
public final class ThriftDiagnosis {
  private static final int BOOL_TRUE = 1;
  private static final int BOOL_FALSE = 2;
  private static final int BYTE = 3;
  private static final int I16 = 4;
  private static final int I32 = 5;
  private static final int I64 = 6;
  private static final int DOUBLE = 7;
  private static final int BINARY = 8;
  private static final int LIST = 9;
  private static final int SET = 10;
  private static final int MAP = 11;
  private static final int STRUCT = 12;

  private static final int MAX_DEPTH = 64;

  /** One field the readers need: its id, name, compact type, whether required, what it holds. */
  private record F(
      int id,
      String name,
      int type,
      boolean required,
      S struct,
      int element,
      String[] enumNames,
      boolean size) {}

  /** A struct and the fields of it that are checked; other fields are skipped. */
  private record S(String name, F... fields) {
    F field(int id) {
      for (F f : fields) {
        if (f.id == id) {
          return f;
        }
      }
      return null;
    }
  }

  private static F req(int id, String name, int type) {
    return new F(id, name, type, true, null, 0, null, false);
  }

  /** A required i32 that is a byte count, which no valid header holds negative. */
  private static F reqSize(int id, String name) {
    return new F(id, name, I32, true, null, 0, null, true);
  }

  private static F reqEnum(int id, String name, String... values) {
    return new F(id, name, I32, true, null, 0, values, false);
  }

  private static F optEnum(int id, String name, String... values) {
    return new F(id, name, I32, false, null, 0, values, false);
  }

  private static F struct(int id, String name, boolean required, S s) {
    return new F(id, name, STRUCT, required, s, 0, null, false);
  }

  private static F list(int id, String name, boolean required, int element, S s) {
    return new F(id, name, LIST, required, s, element, null, false);
  }

  private static final String[] PHYSICAL = {
    "BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"
  };
  private static final String[] REPETITION = {"REQUIRED", "OPTIONAL", "REPEATED"};
  private static final String[] CODEC = {
    "UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"
  };
  private static final String[] ENCODING = {
    "PLAIN",
    "GROUP_VAR_INT",
    "PLAIN_DICTIONARY",
    "RLE",
    "BIT_PACKED",
    "DELTA_BINARY_PACKED",
    "DELTA_LENGTH_BYTE_ARRAY",
    "DELTA_BYTE_ARRAY",
    "RLE_DICTIONARY",
    "BYTE_STREAM_SPLIT"
  };
  private static final String[] PAGE_TYPE = {
    "DATA_PAGE", "INDEX_PAGE", "DICTIONARY_PAGE", "DATA_PAGE_V2"
  };

  private static final S SCHEMA_ELEMENT =
      new S(
          "SchemaElement",
          optEnum(1, "type", PHYSICAL),
          optEnum(3, "repetition_type", REPETITION),
          req(4, "name", BINARY),
          new F(5, "num_children", I32, false, null, 0, null, false));
  private static final S COLUMN_META_DATA =
      new S(
          "ColumnMetaData",
          reqEnum(1, "type", PHYSICAL),
          new F(2, "encodings", LIST, true, null, I32, ENCODING, false),
          list(3, "path_in_schema", true, BINARY, null),
          reqEnum(4, "codec", CODEC),
          req(5, "num_values", I64),
          req(6, "total_uncompressed_size", I64),
          req(7, "total_compressed_size", I64),
          req(9, "data_page_offset", I64));
  private static final S COLUMN_CHUNK =
      new S(
          "ColumnChunk",
          req(2, "file_offset", I64),
          struct(3, "meta_data", false, COLUMN_META_DATA));
  private static final S ROW_GROUP =
      new S(
          "RowGroup",
          list(1, "columns", true, STRUCT, COLUMN_CHUNK),
          req(2, "total_byte_size", I64),
          req(3, "num_rows", I64));

  /** The footer's struct, as far as readers need it. */
  private static final S FILE_META_DATA =
      new S(
          "FileMetaData",
          req(1, "version", I32),
          list(2, "schema", true, STRUCT, SCHEMA_ELEMENT),
          req(3, "num_rows", I64),
          list(4, "row_groups", true, STRUCT, ROW_GROUP));

  private static final S DATA_PAGE_HEADER =
      new S(
          "DataPageHeader",
          req(1, "num_values", I32),
          reqEnum(2, "encoding", ENCODING),
          reqEnum(3, "definition_level_encoding", ENCODING),
          reqEnum(4, "repetition_level_encoding", ENCODING));
  private static final S DICTIONARY_PAGE_HEADER =
      new S("DictionaryPageHeader", req(1, "num_values", I32), reqEnum(2, "encoding", ENCODING));
  private static final S DATA_PAGE_HEADER_V2 =
      new S(
          "DataPageHeaderV2",
          req(1, "num_values", I32),
          req(2, "num_nulls", I32),
          req(3, "num_rows", I32),
          reqEnum(4, "encoding", ENCODING),
          req(5, "definition_levels_byte_length", I32),
          req(6, "repetition_levels_byte_length", I32));

  /** A page header's struct, as far as readers need it. */
  private static final S PAGE_HEADER =
      new S(
          "PageHeader",
          reqEnum(1, "type", PAGE_TYPE),
          reqSize(2, "uncompressed_page_size"),
          reqSize(3, "compressed_page_size"),
          struct(5, "data_page_header", false, DATA_PAGE_HEADER),
          struct(7, "dictionary_page_header", false, DICTIONARY_PAGE_HEADER),
          struct(8, "data_page_header_v2", false, DATA_PAGE_HEADER_V2));

  private final byte[] bytes;
  private final int end;
  private final long base;
  private int pos;
  private final List<String> path = new ArrayList<>();

  /** The first problem found, or null. */
  private String problem;

  /** The column of the ColumnMetaData being walked (its path_in_schema), once read. */
  private String column;

  /** Whether the problem is inside the ColumnMetaData being walked and awaits its column. */
  private boolean problemNeedsColumn;

  private ThriftDiagnosis(byte[] bytes, int offset, int length, long base) {
    this.bytes = bytes;
    this.pos = offset;
    this.end = offset + length;
    this.base = base - offset;
  }

  /**
   * Why the footer bytes {@code bytes[offset, offset + length)} do not decode as the {@code
   * FileMetaData} readers need, or {@code null} when this walk finds nothing wrong.
   *
   * @param fileOffset the file byte of {@code bytes[offset]}, for the byte the problem names
   */
  public static String footer(byte[] bytes, int offset, int length, long fileOffset) {
    return new ThriftDiagnosis(bytes, offset, length, fileOffset).walk(FILE_META_DATA);
  }

  /**
   * Why the bytes from {@code offset} do not decode as a {@code PageHeader}, or {@code null}.
   *
   * @param fileOffset the file byte of {@code bytes[offset]}
   */
  public static String pageHeader(byte[] bytes, int offset, int length, long fileOffset) {
    return new ThriftDiagnosis(bytes, offset, length, fileOffset).walk(PAGE_HEADER);
  }

  private String walk(S root) {
    path.add(root.name);
    try {
      struct(root, 0);
    } catch (Cut e) {
      if (problem == null) {
        problem =
            where() + " runs past the end of the " + root.name + " bytes, at file byte " + e.at;
      }
    }
    return problem;
  }

  /** The end of the bytes, reached at file byte {@link #at}. */
  private static final class Cut extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final long at;

    Cut(long at) {
      super(null, null, false, false);
      this.at = at;
    }
  }

  private String where() {
    return String.join(".", path).replace(".[", "[");
  }

  private void fail(String what, long at) {
    if (problem == null) {
      problem = where() + what + ", at file byte " + at;
      problemNeedsColumn = column == null && path.contains("meta_data");
      if (!problemNeedsColumn && column != null && path.contains("meta_data")) {
        problem = withColumn(problem, column);
      }
    }
  }

  private static String withColumn(String problem, String column) {
    int at = problem.indexOf(' ');
    return problem.substring(0, at) + " (column " + column + ")" + problem.substring(at);
  }

  private void struct(S s, int depth) {
    if (depth > MAX_DEPTH) {
      fail(" nests deeper than " + MAX_DEPTH + " structs", base + pos);
      return;
    }
    boolean[] seen = new boolean[16];
    int lastId = 0;
    boolean metaData = s == COLUMN_META_DATA;
    int start = pos;
    if (metaData) {
      column = null;
    }
    while (problem == null) {
      long at = base + pos;
      int header = u8();
      int type = header & 0x0F;
      if (type == 0) {
        break;
      }
      int delta = header >>> 4;
      int id = delta != 0 ? lastId + delta : (short) zigzag(varint());
      lastId = id;
      F f = s.field(id);
      if (f == null) {
        skip(type, depth);
        continue;
      }
      path.add(f.name);
      if (!sameType(type, f.type)) {
        fail(" (field " + id + ") is " + article(type) + ", not " + article(f.type), at);
        path.remove(path.size() - 1);
        break;
      }
      if (id < seen.length) {
        seen[id] = true;
      }
      value(f, type, depth, at);
      path.remove(path.size() - 1);
    }
    if (problem == null) {
      for (F f : s.fields) {
        if (f.required && !(f.id < seen.length && seen[f.id])) {
          path.add(f.name);
          fail(" (field " + f.id + ", required) is missing", base + pos);
          path.remove(path.size() - 1);
          break;
        }
      }
    }
    if (metaData && problemNeedsColumn) {
      String found = column != null ? column : columnOf(start);
      if (found != null) {
        problem = withColumn(problem, found);
      }
      problemNeedsColumn = false;
    }
  }

  /**
   * The path_in_schema of the ColumnMetaData whose fields start at {@code start}, read past the
   * problem that stopped the walk; null when it cannot be read.
   */
  private String columnOf(int start) {
    String kept = problem;
    int keptPos = pos;
    problem = null;
    column = null;
    pos = start;
    try {
      int lastId = 0;
      while (problem == null && column == null) {
        int header = u8();
        int type = header & 0x0F;
        if (type == 0) {
          break;
        }
        int delta = header >>> 4;
        int id = delta != 0 ? lastId + delta : (short) zigzag(varint());
        lastId = id;
        if (id == 3 && type == LIST) {
          path.add("path_in_schema");
          list(COLUMN_META_DATA.field(3), 0);
          path.remove(path.size() - 1);
        } else {
          skip(type, 0);
        }
      }
    } catch (Cut e) {
      // The column stays unknown.
    }
    String found = problem == null ? column : null;
    problem = kept;
    pos = keptPos;
    return found;
  }

  private void value(F f, int type, int depth, long at) {
    switch (f.type) {
      case STRUCT -> struct(f.struct, depth + 1);
      case LIST -> list(f, depth);
      case I32 -> {
        long v = zigzag(varint());
        if (f.enumNames != null && (v < 0 || v >= f.enumNames.length)) {
          fail(" holds " + v + ", not one of " + String.join(" ", f.enumNames), at);
        } else if (f.size && v < 0) {
          fail(" holds " + v + ", a negative size", at);
        }
      }
      default -> skip(type, depth);
    }
  }

  private void list(F f, int depth) {
    long at = base + pos;
    int header = u8();
    int size = header >>> 4;
    int element = header & 0x0F;
    long n = size == 15 ? varint() : size;
    if (n < 0 || n > end - pos) {
      fail(" holds " + n + " elements, more than its bytes can", at);
      return;
    }
    // Thrift reads a list's elements by the type it expects, not the one written: the integer
    // types share one encoding (zigzag varints), so i16 elements read as i32s.
    if (n > 0 && !sameType(element, f.element) && !(isVarint(element) && isVarint(f.element))) {
      fail(" holds " + plural(element) + ", not " + plural(f.element), at);
      return;
    }
    List<String> names = f.struct == null && f.element == BINARY ? new ArrayList<>() : null;
    int last = path.size() - 1;
    String name = path.get(last);
    for (long i = 0; i < n && problem == null; i++) {
      path.set(last, name + "[" + i + "]");
      long elementAt = base + pos;
      if (f.struct != null) {
        struct(f.struct, depth + 1);
      } else if (f.enumNames != null) {
        long v = zigzag(varint());
        if (v < 0 || v >= f.enumNames.length) {
          fail(" holds " + v + ", not one of " + String.join(" ", f.enumNames), elementAt);
        }
      } else if (names != null) {
        int length = (int) Math.min(varint(), Integer.MAX_VALUE);
        need(length);
        names.add(new String(bytes, pos, length, StandardCharsets.UTF_8));
        pos += length;
      } else {
        skip(element, depth);
      }
    }
    path.set(last, name);
    if (names != null && problem == null && f.name.equals("path_in_schema")) {
      column = String.join(".", names);
    }
  }

  private static boolean isVarint(int type) {
    return type == I16 || type == I32 || type == I64;
  }

  private static boolean sameType(int actual, int expected) {
    if (expected == BOOL_TRUE || expected == BOOL_FALSE) {
      return actual == BOOL_TRUE || actual == BOOL_FALSE;
    }
    return actual == expected || (expected == LIST && actual == SET);
  }

  private void skip(int type, int depth) {
    if (depth > MAX_DEPTH) {
      fail(" nests deeper than " + MAX_DEPTH + " values", base + pos);
      return;
    }
    switch (type) {
      case BOOL_TRUE, BOOL_FALSE -> {}
      case BYTE -> u8();
      case I16, I32, I64 -> varint();
      case DOUBLE -> {
        need(8);
        pos += 8;
      }
      case BINARY -> {
        long n = varint();
        if (n < 0 || n > end - pos) {
          throw new Cut(base + end);
        }
        pos += (int) n;
      }
      case LIST, SET -> {
        int header = u8();
        long n = (header >>> 4) == 15 ? varint() : header >>> 4;
        int element = header & 0x0F;
        // every element takes at least one byte: a count beyond the bytes left is a cut
        if (n < 0 || n > end - pos) {
          throw new Cut(base + end);
        }
        for (long i = 0; i < n && problem == null; i++) {
          element(element, depth + 1);
        }
      }
      case MAP -> {
        long n = varint();
        if (n < 0 || n > end - pos) {
          throw new Cut(base + end);
        }
        if (n > 0) {
          int kv = u8();
          for (long i = 0; i < n && problem == null; i++) {
            element(kv >>> 4, depth + 1);
            element(kv & 0x0F, depth + 1);
          }
        }
      }
      case STRUCT -> {
        int lastId = 0;
        while (problem == null) {
          int header = u8();
          int t = header & 0x0F;
          if (t == 0) {
            break;
          }
          if ((header >>> 4) == 0) {
            varint();
          }
          skip(t, depth + 1);
        }
      }
      default -> fail(" holds a value of unknown Thrift type " + type, base + pos - 1);
    }
  }

  /**
   * Skips one element of a list, set or map: inside a container a boolean is a byte of its own (in
   * a struct its value rides in the field header), so it consumes a byte like every other type.
   */
  private void element(int type, int depth) {
    if (type == BOOL_TRUE || type == BOOL_FALSE) {
      u8();
    } else {
      skip(type, depth);
    }
  }

  private void need(int n) {
    if (n < 0 || n > end - pos) {
      throw new Cut(base + end);
    }
  }

  private int u8() {
    need(1);
    return bytes[pos++] & 0xFF;
  }

  private long varint() {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = u8();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    return v;
  }

  private static long zigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  private static String article(int type) {
    String name = typeName(type);
    return (name.startsWith("i") ? "an " : "a ") + name;
  }

  private static String plural(int type) {
    return typeName(type) + "s";
  }

  private static String typeName(int type) {
    return switch (type) {
      case BOOL_TRUE, BOOL_FALSE -> "bool";
      case BYTE -> "byte";
      case I16 -> "i16";
      case I32 -> "i32";
      case I64 -> "i64";
      case DOUBLE -> "double";
      case BINARY -> "binary";
      case LIST -> "list";
      case SET -> "set";
      case MAP -> "map";
      case STRUCT -> "struct";
      default -> "type " + type;
    };
  }
}
