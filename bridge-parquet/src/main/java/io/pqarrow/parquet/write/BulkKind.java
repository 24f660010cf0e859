package io.pqarrow.parquet.write;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The physical kinds {@link BulkColumnWriter} encodes from Arrow buffers, and which leaves it
 * takes: a top-level leaf (no repetition, at most one definition level), or any leaf below lists
 * and structs whose levels {@link NestedLevels} reads, whose {@link WriteKind} has its Parquet
 * value in its bits, widened, reversed or rescaled at most, with min and max by an order the writer
 * keeps (signed or unsigned integers, IEEE floats, bytes unsigned, a decimal's bytes signed, half
 * floats by value), in PLAIN, dictionary, BYTE_STREAM_SPLIT or a DELTA encoding that applies to it;
 * and the leaves whose every value is null ({@link #NULLS}).
 */
enum BulkKind {
  BOOLEAN(1),
  INT32(4),
  INT64(8),
  FLOAT(4),
  DOUBLE(8),
  BINARY(0),
  FIXED_BYTES(0),

  /**
   * No values: a leaf whose every value is null (an Arrow Null column, or a Parquet field with no
   * Arrow vector, such as the Variant {@code value} a shredded Variant's vector may not have). Only
   * its levels and null count are written; its pages hold no values, in the encoding its column's
   * physical type would have (PLAIN when dictionary encoding is on, as a dictionary of no values
   * falls back on the first page).
   */
  NULLS(0);

  /**
   * Bytes per value (BOOLEAN: a bit, counted as a byte for page sizes; BINARY: varies; FIXED_BYTES:
   * the column's type length).
   */
  final int width;

  BulkKind(int width) {
    this.width = width;
  }

  /** The orders of INT32 and INT64, signed and unsigned (the logical type decides). */
  private static final PrimitiveComparator<?> SIGNED_INT32 =
      order(PrimitiveType.PrimitiveTypeName.INT32, null);

  private static final PrimitiveComparator<?> SIGNED_INT64 =
      order(PrimitiveType.PrimitiveTypeName.INT64, null);

  static final PrimitiveComparator<?> UNSIGNED_INT32 =
      order(PrimitiveType.PrimitiveTypeName.INT32, LogicalTypeAnnotation.intType(32, false));

  static final PrimitiveComparator<?> UNSIGNED_INT64 =
      order(PrimitiveType.PrimitiveTypeName.INT64, LogicalTypeAnnotation.intType(64, false));

  /**
   * The order of a decimal stored as FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY: big-endian two's
   * complement (parquet-java gives both physical types the one comparator).
   */
  private static final PrimitiveComparator<?> SIGNED_BINARY =
      order(
          PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
          LogicalTypeAnnotation.decimalType(0, 38));

  /** The order of FLOAT16 values (FIXED_LEN_BYTE_ARRAY of 2 bytes, little-endian half floats). */
  private static final PrimitiveComparator<?> FLOAT16_ORDER =
      org.apache.parquet.schema.Types.required(PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
          .length(2)
          .as(LogicalTypeAnnotation.float16Type())
          .named("x")
          .comparator();

  private static PrimitiveComparator<?> order(
      PrimitiveType.PrimitiveTypeName physical,
      org.apache.parquet.schema.LogicalTypeAnnotation logical) {
    return org.apache.parquet.schema.Types.required(physical)
        .length(16)
        .as(logical)
        .named("x")
        .comparator();
  }

  /**
   * The bulk kind of {@code leaf} written in {@code encoding}, or {@code null} when the bulk writer
   * does not take it: a top-level leaf whose {@link WriteKind} has its Parquet value in its bits,
   * widened or reversed at most, or rescaled (min and max by the column's order: signed or unsigned
   * integers, IEEE floats, bytes unsigned, a decimal's bytes signed), written PLAIN,
   * dictionary-encoded, BYTE_STREAM_SPLIT or DELTA.
   */
  static BulkKind of(LeafEncoder leaf, WriteOptions.Encoding encoding) {
    return of(leaf, encoding, false);
  }

  /**
   * {@link #of(LeafEncoder, WriteOptions.Encoding)}, for a leaf at any depth when {@code nested}
   * (its levels then come from {@link NestedLevels}).
   */
  static BulkKind of(LeafEncoder leaf, WriteOptions.Encoding encoding, boolean nested) {
    if (leaf.kind == null
        || !nested
            && (leaf.column.getMaxRepetitionLevel() != 0
                || leaf.column.getMaxDefinitionLevel() > 1)) {
      return null;
    }
    boolean split = encoding == WriteOptions.Encoding.BYTE_STREAM_SPLIT;
    boolean delta =
        encoding == WriteOptions.Encoding.DELTA_BINARY_PACKED
            || encoding == WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY
            || encoding == WriteOptions.Encoding.DELTA_BYTE_ARRAY;
    if (encoding != WriteOptions.Encoding.PLAIN
        && encoding != WriteOptions.Encoding.DICTIONARY
        && !split
        && !delta) {
      return null;
    }
    WriteKind of = leaf.kind;
    PrimitiveType type = leaf.column.getPrimitiveType();
    PrimitiveComparator<?> order = type.comparator();
    BulkKind kind =
        switch (of.physical()) {
          case BOOLEAN -> BOOLEAN;
          case INT32 -> INT32;
          case INT64 -> INT64;
          case FLOAT -> FLOAT;
          case DOUBLE -> DOUBLE;
          case BINARY -> BINARY;
          case FIXED_LEN_BYTE_ARRAY -> FIXED_BYTES;
          default -> null;
        };
    if (of.source() == WriteKind.Source.NULL) {
      // No values to read: the encoding must only apply to the column's physical type.
      return kind != null && applies(encoding, kind) ? NULLS : null;
    }
    int stride = of.stride();
    boolean fits =
        kind != null
            && switch (kind) {
              case BOOLEAN -> of.source() == WriteKind.Source.BITS;
              case INT32, INT64 ->
                  (of.source() == WriteKind.Source.DECIMAL
                          || of.source() == WriteKind.Source.INTEGER)
                      && stride > 0
                      && (kind == INT32
                          ? order == SIGNED_INT32 || order == UNSIGNED_INT32
                          : order == SIGNED_INT64 || order == UNSIGNED_INT64);
              case FLOAT, DOUBLE ->
                  of.source() == WriteKind.Source.FLOATING && stride == kind.width;
              case BINARY ->
                  (of.source() == WriteKind.Source.OFFSETS
                              || of.source() == WriteKind.Source.LARGE_OFFSETS
                              || of.source() == WriteKind.Source.VIEWS)
                          && order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR
                      // A decimal's whole value, big-endian: every value of one length.
                      || of.source() == WriteKind.Source.DECIMAL && order == SIGNED_BINARY;
              case FIXED_BYTES -> {
                int length = type.getTypeLength();
                yield switch (of.source()) {
                  case DECIMAL -> length <= stride && order == SIGNED_BINARY;
                  case HALF_FLOAT -> length == 2 && order == FLOAT16_ORDER;
                  case FIXED_BINARY, INTERVAL ->
                      order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
                  default -> false;
                };
              }
              case NULLS -> false;
            };
    return fits && applies(encoding, kind) ? kind : null;
  }

  /**
   * The length every value of {@code leaf}, written as {@code kind}, has in the Parquet column, or
   * 0 when it varies: a FIXED_LEN_BYTE_ARRAY's type length, or a decimal's Arrow width when it is
   * written as BYTE_ARRAY (its whole value, big-endian). Such values are read as fixed-width bytes
   * ({@link ArrowRuns#readFixedBytes}).
   */
  static int fixedLength(LeafEncoder leaf, BulkKind kind) {
    if (kind == FIXED_BYTES) {
      return leaf.column.getPrimitiveType().getTypeLength();
    }
    return kind == BINARY && leaf.kind.source() == WriteKind.Source.DECIMAL
        ? leaf.kind.stride()
        : 0;
  }

  /**
   * Whether each value of leaf kind {@code of}, written as {@code kind}, is checked on the way: an
   * integer that changes unit (seconds to milliseconds, a Date64's milliseconds to days), or whose
   * Arrow width is wider than the Parquet value's (an Int64 in an INT32 column), may not fit and is
   * refused then, naming its row ({@code LeafEncoders.IntegerOut.scaled}).
   */
  static boolean checksEachValue(WriteKind of, BulkKind kind) {
    return of.source() == WriteKind.Source.INTEGER && (!of.unscaled() || of.stride() > kind.width);
  }

  /**
   * Whether {@code encoding} (PLAIN, dictionary, BYTE_STREAM_SPLIT or DELTA) applies to {@code
   * kind}, as parquet-java writes them.
   */
  private static boolean applies(WriteOptions.Encoding encoding, BulkKind kind) {
    return switch (encoding) {
      case BYTE_STREAM_SPLIT -> kind != BOOLEAN && kind != BINARY;
      case DELTA_BINARY_PACKED -> kind == INT32 || kind == INT64;
      case DELTA_LENGTH_BYTE_ARRAY -> kind == BINARY;
      case DELTA_BYTE_ARRAY -> kind == BINARY || kind == FIXED_BYTES;
      default -> true;
    };
  }
}
