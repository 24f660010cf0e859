package io.pqarrow.parquet.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.InterningProtocol;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * Where each column chunk's Thrift struct lies in a footer's bytes, found by one walk of the Thrift
 * compact encoding that decodes no chunk, so that only the chunks a reader needs are ever decoded.
 *
 * <p>The walk reads, per chunk, only what opening a file checks and what split planning needs: the
 * chunk's {@code file_path}, its {@code path_in_schema}, and its {@code total_compressed_size},
 * {@code data_page_offset} and {@code dictionary_page_offset}; everything else is stepped over by
 * its encoded length. It also gives the footer's bytes with every row group's {@code columns}
 * emptied ({@link #withoutChunks()}), which the Thrift classes decode into everything but the
 * chunks, checked as strictly as before. Anything the walk does not expect (an encrypted footer or
 * chunk, a chunk without metadata, a field of an unexpected type, a length past the end, nesting
 * deeper than Thrift's skip allows) makes {@link #of} return null: the caller then decodes the
 * whole footer as it always did, so a footer the Thrift classes refuse is refused in their words.
 *
 * <p>Over 500 lines: one walk of one encoding, the offsets it records and the splices they allow
 * ({@link #withoutChunks()}, {@link #withoutChunksOrSchema()}, {@link #schemaKey()}) belong
 * together; this is the one class that knows the footer's compact bytes.
 */
final class FooterLayout {
  // The compact encoding's types this walk names; skip() spells out the rest.
  private static final int I64 = 6;
  private static final int BINARY = 8;
  private static final int LIST = 9;
  private static final int STRUCT = 12;

  /** Thrift's own limit on nested structs and containers when it skips a value. */
  private static final int MAX_DEPTH = 64;

  /** A value absent from the chunk's metadata (none of the three is ever negative when set). */
  static final long ABSENT = Long.MIN_VALUE;

  /** The footer's bytes, shared, never modified. */
  private final byte[] footer;

  private int pos;
  private final int limit;

  /** The first chunk of each row group, and (last entry) the chunk count. */
  private int[] firstChunk;

  // Per chunk, in file order across row groups; grown as chunks are found.
  private int[] start;
  private int[] end;
  private String[] filePath;
  private String[][] path;
  private long[] compressedSize;
  private long[] dataPageOffset;
  private long[] dictionaryPageOffset;

  // Where each row group's columns list (header included) lies, for the splice.
  private int[] columnsStart;
  private int[] columnsEnd;

  private byte[] withoutChunks;

  // Where the values of FileMetaData's schema (2), key_value_metadata (5) and column_orders (7)
  // lie: what the schema conversion and mapping read; -1 where absent.
  private final int[] schemaStart = {-1, -1, -1};
  private final int[] schemaEnd = {-1, -1, -1};

  /** The walk's own signal that the bytes are not what it expects; never seen by callers. */
  private static final class Unexpected extends Exception {
    private static final long serialVersionUID = 1L;
    static final Unexpected INSTANCE = new Unexpected();

    private Unexpected() {
      super(null, null, false, false);
    }
  }

  private FooterLayout(byte[] footer) {
    this.footer = footer;
    this.limit = footer.length;
    grow(Math.max(16, footer.length / 64));
  }

  private void grow(int capacity) {
    start = Arrays.copyOf(start == null ? new int[0] : start, capacity);
    end = Arrays.copyOf(end == null ? new int[0] : end, capacity);
    filePath = Arrays.copyOf(filePath == null ? new String[0] : filePath, capacity);
    path = Arrays.copyOf(path == null ? new String[0][] : path, capacity);
    compressedSize = Arrays.copyOf(compressedSize == null ? new long[0] : compressedSize, capacity);
    dataPageOffset = Arrays.copyOf(dataPageOffset == null ? new long[0] : dataPageOffset, capacity);
    dictionaryPageOffset =
        Arrays.copyOf(dictionaryPageOffset == null ? new long[0] : dictionaryPageOffset, capacity);
  }

  /**
   * The layout of {@code footer}'s chunks, or null when the footer is not the plain kind this walk
   * reads (the caller decodes it whole).
   */
  static FooterLayout of(byte[] footer) {
    try {
      return walk(footer);
    } catch (Unexpected e) {
      return null;
    }
  }

  private static FooterLayout walk(byte[] footer) throws Unexpected {
    FooterLayout layout = new FooterLayout(footer);
    layout.fileMetaData();
    return layout;
  }

  /** Walks {@code FileMetaData}: its row groups chunk by chunk, every other field stepped over. */
  private void fileMetaData() throws Unexpected {
    boolean rowGroups = false;
    for (int f = field(0); f != 0; f = field(f >> 8)) {
      int id = f >> 8;
      int type = f & 0xFF;
      if (id == 4) {
        if (type != LIST || rowGroups) {
          throw Unexpected.INSTANCE;
        }
        rowGroups = true;
        rowGroups(listHeader(STRUCT));
      } else if (id == 8) {
        throw Unexpected.INSTANCE; // an encryption algorithm: decoded whole, as before
      } else {
        int part = id == 2 ? 0 : id == 5 ? 1 : id == 7 ? 2 : -1;
        if (part >= 0) {
          if (schemaStart[part] >= 0 || type != LIST) {
            throw Unexpected.INSTANCE; // a field twice or not a list: the Thrift classes word it
          }
          schemaStart[part] = pos;
        }
        skip(type, 0);
        if (part >= 0) {
          schemaEnd[part] = pos;
        }
      }
    }
    if (!rowGroups) {
      throw Unexpected.INSTANCE;
    }
  }

  /** {@return the number of row groups} */
  int rowGroupCount() {
    return firstChunk.length - 1;
  }

  /** {@return the number of chunks of row group {@code group}} */
  int chunkCount(int group) {
    return firstChunk[group + 1] - firstChunk[group];
  }

  /** {@return the {@code path_in_schema} of chunk {@code chunk} of row group {@code group}} */
  String[] path(int group, int chunk) {
    return path[firstChunk[group] + chunk];
  }

  /** {@return the {@code file_path} of a chunk, or null when it has none} */
  String filePath(int group, int chunk) {
    return filePath[firstChunk[group] + chunk];
  }

  /** {@return the {@code total_compressed_size} of a chunk, or {@link #ABSENT}} */
  long compressedSize(int group, int chunk) {
    return compressedSize[firstChunk[group] + chunk];
  }

  /** {@return the {@code data_page_offset} of a chunk, or {@link #ABSENT}} */
  long dataPageOffset(int group, int chunk) {
    return dataPageOffset[firstChunk[group] + chunk];
  }

  /** {@return the {@code dictionary_page_offset} of a chunk, 0 when absent (as Thrift reads it)} */
  long dictionaryPageOffset(int group, int chunk) {
    long offset = dictionaryPageOffset[firstChunk[group] + chunk];
    return offset == ABSENT ? 0 : offset;
  }

  /**
   * Decodes chunk {@code chunk} of row group {@code group} from its own bytes, exactly as the whole
   * footer's decode would have.
   *
   * @throws IOException when its bytes are not a {@code ColumnChunk} the Thrift classes accept
   */
  ColumnChunk chunk(int group, int chunk) throws IOException {
    int at = firstChunk[group] + chunk;
    ColumnChunk decoded = new ColumnChunk();
    try {
      decoded.read(
          new InterningProtocol(
              new TCompactProtocol(
                  new TIOStreamTransport(
                      new ByteArrayInputStream(footer, start[at], end[at] - start[at])))));
    } catch (TException e) {
      throw new IOException("can not read ColumnChunk: " + e.getMessage(), e);
    }
    return decoded;
  }

  /**
   * The footer's bytes with every row group's {@code columns} an empty list: everything else of the
   * footer, for the Thrift classes to decode and check.
   */
  byte[] withoutChunks() {
    if (withoutChunks == null) {
      withoutChunks = spliceOutChunks();
    }
    return withoutChunks;
  }

  /**
   * The footer's bytes with every row group's {@code columns}, and the {@code schema} and {@code
   * key_value_metadata} lists, empty: for a caller that has the schema part already ({@link
   * #schemaKey()}), so that the Thrift classes decode the rest only.
   */
  byte[] withoutChunksOrSchema() {
    return splice(true);
  }

  private byte[] spliceOutChunks() {
    return splice(false);
  }

  /**
   * The footer with each chunk list (and, with {@code schemaToo}, the schema and key-value lists)
   * replaced by an empty list of structs; the regions lie in file order, the top-level fields'
   * around the row groups'.
   */
  private byte[] splice(boolean schemaToo) {
    int groups = rowGroupCount();
    int[] from = new int[groups + 2];
    int[] to = new int[groups + 2];
    int n = 0;
    for (int g = 0; g < groups; g++) {
      from[n] = columnsStart[g];
      to[n++] = columnsEnd[g];
    }
    if (schemaToo) {
      for (int part = 0; part < 2; part++) {
        if (schemaStart[part] >= 0) {
          from[n] = schemaStart[part];
          to[n++] = schemaEnd[part];
        }
      }
    }
    int[] order = new int[n];
    long[] keyed = new long[n];
    for (int i = 0; i < n; i++) {
      keyed[i] = (long) from[i] << 32 | i;
    }
    Arrays.sort(keyed);
    int removed = 0;
    for (int i = 0; i < n; i++) {
      order[i] = (int) keyed[i];
      removed += to[order[i]] - from[order[i]] - 1;
    }
    byte[] out = new byte[footer.length - removed];
    int at = 0;
    int written = 0;
    for (int i = 0; i < n; i++) {
      int k = order[i];
      int length = from[k] - at;
      System.arraycopy(footer, at, out, written, length);
      written += length;
      out[written++] = (byte) STRUCT; // a list of no structs
      at = to[k];
    }
    System.arraycopy(footer, at, out, written, footer.length - at);
    return out;
  }

  /**
   * The bytes that decide the file's converted schema and Arrow mapping: the values of the footer's
   * {@code schema}, {@code key_value_metadata} and {@code column_orders}, each with its length (-1
   * where absent). Two footers with equal keys convert and map to equal schemas.
   */
  byte[] schemaKey() {
    int length = 12;
    for (int part = 0; part < 3; part++) {
      length += Math.max(0, schemaEnd[part] - schemaStart[part]);
    }
    byte[] key = new byte[length];
    int at = 0;
    for (int part = 0; part < 3; part++) {
      int n = schemaStart[part] < 0 ? -1 : schemaEnd[part] - schemaStart[part];
      key[at++] = (byte) (n >>> 24);
      key[at++] = (byte) (n >>> 16);
      key[at++] = (byte) (n >>> 8);
      key[at++] = (byte) n;
      if (n > 0) {
        System.arraycopy(footer, schemaStart[part], key, at, n);
        at += n;
      }
    }
    return key;
  }

  private void rowGroups(int groups) throws Unexpected {
    firstChunk = new int[groups + 1];
    columnsStart = new int[groups];
    columnsEnd = new int[groups];
    int chunk = 0;
    for (int g = 0; g < groups; g++) {
      firstChunk[g] = chunk;
      boolean columns = false;
      for (int f = field(0); f != 0; f = field(f >> 8)) {
        int id = f >> 8;
        int type = f & 0xFF;
        if (id == 1) {
          if (type != LIST || columns) {
            throw Unexpected.INSTANCE;
          }
          columns = true;
          columnsStart[g] = pos;
          int count = listHeader(STRUCT);
          for (int c = 0; c < count; c++) {
            if (chunk == start.length) {
              grow(chunk * 2);
            }
            columnChunk(chunk++);
          }
          columnsEnd[g] = pos;
        } else {
          skip(type, 0);
        }
      }
      if (!columns) {
        throw Unexpected.INSTANCE;
      }
    }
    firstChunk[groups] = chunk;
  }

  private void columnChunk(int at) throws Unexpected {
    start[at] = pos;
    compressedSize[at] = ABSENT;
    dataPageOffset[at] = ABSENT;
    dictionaryPageOffset[at] = ABSENT;
    boolean metaData = false;
    for (int f = field(0); f != 0; f = field(f >> 8)) {
      int id = f >> 8;
      int type = f & 0xFF;
      switch (id) {
        case 1 -> {
          if (type != BINARY) {
            throw Unexpected.INSTANCE;
          }
          filePath[at] = string();
        }
        case 3 -> {
          if (type != STRUCT) {
            throw Unexpected.INSTANCE;
          }
          metaData = true;
          columnMetaData(at);
        }
        case 8, 9 -> throw Unexpected.INSTANCE; // encrypted: decoded whole, as before
        default -> skip(type, 1);
      }
    }
    if (!metaData || path[at] == null) {
      throw Unexpected.INSTANCE;
    }
    end[at] = pos;
  }

  private void columnMetaData(int at) throws Unexpected {
    path[at] = null;
    for (int f = field(0); f != 0; f = field(f >> 8)) {
      int id = f >> 8;
      int type = f & 0xFF;
      switch (id) {
        case 3 -> {
          if (type != LIST) {
            throw Unexpected.INSTANCE;
          }
          int count = listHeader(BINARY);
          String[] names = new String[count];
          for (int i = 0; i < count; i++) {
            names[i] = string();
          }
          path[at] = names;
        }
        case 7 -> compressedSize[at] = i64(type);
        case 9 -> dataPageOffset[at] = i64(type);
        case 11 -> dictionaryPageOffset[at] = i64(type);
        default -> skip(type, 2);
      }
    }
  }

  private long i64(int type) throws Unexpected {
    if (type != I64) {
      throw Unexpected.INSTANCE;
    }
    return zigzag(varint());
  }

  private String string() throws Unexpected {
    int length = length();
    String s = new String(footer, pos, length, StandardCharsets.UTF_8);
    pos += length;
    return s;
  }

  /** Reads a list header whose elements must be of {@code elementType}; returns the size. */
  private int listHeader(int elementType) throws Unexpected {
    int header = u8();
    int size = header >>> 4;
    if (size == 15) {
      size = lengthVarint();
    }
    if ((header & 0x0F) != elementType || size > limit - pos) {
      throw Unexpected.INSTANCE;
    }
    return size;
  }

  /**
   * Reads the header of the field after field {@code lastId}: its id shifted left by 8 bits, or'd
   * with its compact type; 0 at the struct's end.
   */
  private int field(int lastId) throws Unexpected {
    int header = u8();
    int type = header & 0x0F;
    if (type == 0) {
      return 0;
    }
    int delta = header >>> 4;
    int id = delta != 0 ? lastId + delta : (short) zigzag(varint());
    return id << 8 | type;
  }

  /** Steps over one value of compact {@code type}. */
  private void skip(int type, int depth) throws Unexpected {
    if (depth > MAX_DEPTH) {
      throw Unexpected.INSTANCE;
    }
    switch (type) {
      case 1, 2 -> {} // true, false: a field's boolean is in its header
      case 3 -> advance(1); // byte
      case 4, 5, I64 -> varint(); // i16, i32, i64
      case 7 -> advance(8); // double
      case BINARY -> advance(length());
      case LIST, 10 -> { // list, set
        int header = u8();
        int size = header >>> 4;
        if (size == 15) {
          size = lengthVarint();
        }
        elements(header & 0x0F, size, depth);
      }
      case 11 -> { // map
        int size = lengthVarint();
        if (size > 0) {
          int kinds = u8();
          for (int i = 0; i < size; i++) {
            element(kinds >>> 4, depth);
            element(kinds & 0x0F, depth);
          }
        }
      }
      case STRUCT -> {
        for (int f = field(0); f != 0; f = field(f >> 8)) {
          skip(f & 0xFF, depth + 1);
        }
      }
      default -> throw Unexpected.INSTANCE;
    }
  }

  private void elements(int type, int size, int depth) throws Unexpected {
    if (size > limit - pos) {
      throw Unexpected.INSTANCE;
    }
    for (int i = 0; i < size; i++) {
      element(type, depth);
    }
  }

  /** A container's element: a boolean takes one byte there. */
  private void element(int type, int depth) throws Unexpected {
    if (type == 1 || type == 2) { // a boolean
      advance(1);
    } else {
      skip(type, depth + 1);
    }
  }

  private int u8() throws Unexpected {
    if (pos >= limit) {
      throw Unexpected.INSTANCE;
    }
    return footer[pos++] & 0xFF;
  }

  private void advance(int n) throws Unexpected {
    if (n < 0 || n > limit - pos) {
      throw Unexpected.INSTANCE;
    }
    pos += n;
  }

  private long varint() throws Unexpected {
    long value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      int b = u8();
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw Unexpected.INSTANCE;
  }

  /** A binary's length: a varint that must fit the bytes left. */
  private int length() throws Unexpected {
    int n = lengthVarint();
    if (n > limit - pos) {
      throw Unexpected.INSTANCE;
    }
    return n;
  }

  private int lengthVarint() throws Unexpected {
    long n = varint();
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw Unexpected.INSTANCE;
    }
    return (int) n;
  }

  private static long zigzag(long n) {
    return (n >>> 1) ^ -(n & 1);
  }
}
