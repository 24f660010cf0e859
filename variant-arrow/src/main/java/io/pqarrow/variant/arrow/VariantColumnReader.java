package io.pqarrow.variant.arrow;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Reads the rows of a {@link VariantVector} in place: {@link #read(int, VariantReader)} points a
 * caller's {@link VariantReader} at row {@code i}'s value bytes inside the vector's own buffers,
 * with no copy and no allocation per row.
 *
 * <pre>{@code
 * VariantColumnReader column = VariantColumnReader.of(vector, dictionaries);
 * VariantReader row = new VariantReader();
 * for (int i = 0; i < column.rowCount(); i++) {
 *   if (!column.read(i, row)) {
 *     continue;                 // SQL NULL: the struct slot is null
 *   }
 *   if (row.isNull()) { ... }   // Variant null: value byte 0x00
 * }
 * }</pre>
 *
 * <p><b>Layouts.</b> {@code metadata} and {@code value} may each be Binary, LargeBinary or
 * BinaryView (inline views of up to 12 bytes and views into data buffers). {@code metadata} may
 * also be dictionary-encoded: in memory Arrow Java holds an integer index vector whose field
 * carries a {@link DictionaryEncoding}, and the dictionary itself (a binary vector of metadata
 * blobs) lives outside the batch. The caller supplies it through the {@link DictionaryProvider}
 * that came with the batch (an {@code ArrowReader} is one); {@link #of(VariantVector)} is for
 * vectors without dictionary encoding. Run-end-encoded metadata, which the storage check of {@code
 * VariantType} admits, is reported as unsupported. A child other than {@code metadata}, {@code
 * value} and {@code typed_value} is refused, as everywhere (docs/variant.md §4.2).
 *
 * <p><b>Metadata reuse.</b> A {@link VariantMetadata} is parsed only when the metadata changes:
 * consecutive rows with the same metadata bytes share one (recognised by where the bytes lie, the
 * same buffer range as the previous row's, before any comparison; otherwise by a bulk comparison of
 * the bytes), and with a dictionary each dictionary entry is parsed once, on first use. A shared
 * metadata names the first row it was read for in its own error messages.
 *
 * <p><b>Shredding.</b> This reader gives unshredded access only: it reads the {@code value} child.
 * When the storage has a {@code typed_value} child ({@link #isShredded()}), rows whose {@code
 * value} is null hold their value (or part of it) in {@link #typedValueVector()}; reconstructing
 * those rows is the job of the kernels ({@code io.pqarrow.kernel}), and {@link #read} reports every
 * row whose {@code typed_value} slot is set (or whose {@code value} is null) as unsupported, never
 * a partial value. A reader is not thread-safe and reads the buffers as they were when it was
 * built.
 */
public final class VariantColumnReader {
  private final String name;
  private final VariantVector vector;
  private final int rows;
  private final FieldVector typedValue;
  private final BinarySlots values;
  private final BinarySlots metadata;
  private final BaseIntVector indices;
  private final VariantMetadata[] byIndex;
  private VariantMetadata last;
  // Whether the value and (plain) metadata children have null slots at all: checked per row only
  // then.
  private final boolean valueNulls;
  private final boolean metadataNulls;
  private final ByteRanges ranges = new ByteRanges();

  private VariantColumnReader(VariantVector vector, DictionaryProvider dictionaries) {
    this.vector = vector;
    this.name = vector.getName();
    this.rows = vector.getValueCount();
    for (FieldVector child : vector.getUnderlyingVector().getChildrenFromFields()) {
      if (!VariantType.isStorageChild(child.getName())) {
        throw VariantVectorException.invalid(
            ErrorKind.INVALID_SCHEMA,
            name,
            "unexpected child \"" + child.getName() + "\" (only metadata, value and typed_value)");
      }
    }
    FieldVector meta = vector.metadataVector();
    if (meta == null) {
      throw VariantVectorException.invalid(ErrorKind.INVALID_SCHEMA, name, "no metadata child");
    }
    FieldVector value = vector.valueVector();
    this.typedValue = vector.typedValueVector();
    if (value == null && typedValue == null) {
      throw VariantVectorException.invalid(
          ErrorKind.INVALID_SCHEMA, name, "neither a value nor a typed_value child");
    }
    if (value != null && !VariantType.isBinaryStorage(value.getField().getType())) {
      throw VariantVectorException.invalid(
          ErrorKind.INVALID_SCHEMA,
          name,
          "value must be Binary, LargeBinary or BinaryView, found " + value.getField().getType());
    }
    this.values = value == null ? null : BinarySlots.of(name + ".value", value, rows);
    this.valueNulls = value != null && value.getNullCount() > 0;
    DictionaryEncoding encoding = meta.getField().getDictionary();
    if (encoding != null) {
      if (!(meta instanceof BaseIntVector)) {
        throw VariantVectorException.invalid(
            ErrorKind.INVALID_SCHEMA,
            name,
            "metadata is dictionary-encoded but holds "
                + meta.getField().getType()
                + ", not integer indices");
      }
      Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
      if (dictionary == null) {
        throw VariantVectorException.invalid(
            name,
            "metadata is dictionary-encoded (dictionary id "
                + encoding.getId()
                + ") but no such dictionary was supplied");
      }
      FieldVector blobs = dictionary.getVector();
      this.indices = (BaseIntVector) meta;
      this.metadata = BinarySlots.of(name + ".metadata dictionary", blobs, blobs.getValueCount());
      this.metadataNulls = true; // entries are checked once each, when first used
      this.byIndex = new VariantMetadata[blobs.getValueCount()];
    } else {
      if (!VariantType.isBinaryStorage(meta.getField().getType())) {
        throw VariantVectorException.unsupported(
            name, "metadata of type " + meta.getField().getType());
      }
      this.indices = null;
      this.metadata = BinarySlots.of(name + ".metadata", meta, rows);
      this.metadataNulls = meta.getNullCount() > 0;
      this.byIndex = null;
    }
    if (meta.getValueCount() < rows || (value != null && value.getValueCount() < rows)) {
      throw VariantVectorException.invalid(
          name,
          "children are shorter than the struct's "
              + rows
              + " rows (metadata "
              + meta.getValueCount()
              + (value == null ? "" : ", value " + value.getValueCount())
              + ")");
    }
  }

  /**
   * A reader over a vector whose metadata is not dictionary-encoded.
   *
   * @param vector the Variant vector, plain or shredded (not modified; it must stay open while the
   *     reader is used)
   * @return a new reader over the vector's current value count
   * @throws VariantVectorException if the storage is not a readable Variant struct, or its metadata
   *     is dictionary-encoded
   */
  public static VariantColumnReader of(VariantVector vector) {
    return new VariantColumnReader(vector, null);
  }

  /**
   * A reader over a vector whose metadata may be dictionary-encoded, looking the dictionary up in
   * {@code dictionaries} by the id on the metadata field's {@link DictionaryEncoding}.
   *
   * @param dictionaries the batch's dictionaries; may be {@code null} when none is encoded
   * @param vector the Variant vector, plain or shredded (not modified; it must stay open while the
   *     reader is used)
   * @return a new reader over the vector's current value count
   * @throws VariantVectorException if the storage is not a readable Variant struct or the
   *     dictionary is missing
   */
  public static VariantColumnReader of(VariantVector vector, DictionaryProvider dictionaries) {
    return new VariantColumnReader(Objects.requireNonNull(vector, "vector"), dictionaries);
  }

  /** {@return the vector this reader reads} */
  public VariantVector vector() {
    return vector;
  }

  /** {@return the number of rows: the struct's value count when the reader was built} */
  public int rowCount() {
    return rows;
  }

  /**
   * Whether row {@code row} is SQL NULL (the struct slot is null).
   *
   * @param row the row index, from 0 to {@link #rowCount()}
   * @return whether the row is SQL NULL (its struct slot is null)
   */
  public boolean isSqlNull(int row) {
    return vector.isNull(Objects.checkIndex(row, rows));
  }

  /**
   * {@return whether the storage has a {@code typed_value} child, that is the column is shredded}
   */
  public boolean isShredded() {
    return typedValue != null;
  }

  /**
   * The {@code typed_value} child of a shredded column, or {@code null}. Reconstructing Variant
   * values from it is the kernels' job ({@code io.pqarrow.kernel}); this reader does not do it.
   *
   * @return the {@code typed_value} child, or {@code null} when the column is not shredded
   */
  public FieldVector typedValueVector() {
    return typedValue;
  }

  /**
   * Whether row {@code row} has a non-null {@code value} slot (always, for unshredded rows).
   *
   * @param row the row index, from 0 to {@link #rowCount()}
   * @return whether the row's {@code value} slot is non-null; true for every row of an unshredded
   *     column
   */
  public boolean hasValue(int row) {
    Objects.checkIndex(row, rows);
    return values != null && !values.isNull(row);
  }

  /**
   * The metadata of row {@code row}, shared with neighbouring rows that have the same metadata
   * bytes or dictionary index. Defined for SQL NULL rows too when their metadata slot is set.
   *
   * @param row the row index, from 0 to {@link #rowCount()}
   * @return the row's metadata, parsed once and reused while neighbouring rows share it
   * @throws VariantVectorException if the metadata slot is null or outside its buffers
   * @throws io.pqarrow.variant.VariantFormatException if the metadata header is invalid
   */
  public VariantMetadata metadata(int row) {
    Objects.checkIndex(row, rows);
    if (indices != null) {
      return dictionaryMetadata(row);
    }
    if (metadataNulls && metadata.isNull(row)) {
      throw VariantVectorException.invalidRow(name, row, "metadata is null");
    }
    metadata.position(row);
    ByteBuffer buf = metadata.buffer();
    int offset = metadata.offset();
    int length = metadata.length();
    VariantMetadata m = last;
    // Where the bytes live first (the same slot bytes, as views and repeated slots give), then the
    // bytes themselves, compared in bulk (a copy per row, as Parquet readers give).
    if (m == null
        || m.length() != length
        || !((m.buffer() == buf
                && (m.offset() == offset || sameBytes(buf, m.offset(), offset, length)))
            || ranges.equal(m.buffer(), m.offset(), buf, offset, length))) {
      m = VariantMetadata.of(buf, offset, length, row);
      last = m;
    }
    return m;
  }

  /**
   * Whether {@code length} bytes of {@code buf} at {@code a} (a parsed metadata's) and at {@code b}
   * are equal, 8 at a time: a plain metadata column from a Parquet reader holds a copy per row in
   * one data buffer, short enough that a bulk mismatch costs more to set up than this loop. False
   * when {@code b}'s range is outside the buffer (the caller then reports it).
   */
  private static boolean sameBytes(ByteBuffer buf, int a, int b, int length) {
    if (b < 0 || (long) b + length > buf.limit()) {
      return false;
    }
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if (buf.getLong(a + i) != buf.getLong(b + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (buf.get(a + i) != buf.get(b + i)) {
        return false;
      }
    }
    return true;
  }

  private VariantMetadata dictionaryMetadata(int row) {
    if (((FieldVector) indices).isNull(row)) {
      throw VariantVectorException.invalidRow(name, row, "metadata is null");
    }
    long index = indices.getValueAsLong(row);
    if (index < 0 || index >= byIndex.length) {
      throw VariantVectorException.invalidRow(
          name,
          row,
          "metadata dictionary index " + index + " outside a dictionary of " + byIndex.length);
    }
    int k = (int) index;
    VariantMetadata m = byIndex[k];
    if (m == null) {
      if (metadata.isNull(k)) {
        throw VariantVectorException.invalidRow(
            name, row, "metadata dictionary entry " + k + " is null");
      }
      metadata.position(k);
      m = VariantMetadata.of(metadata.buffer(), metadata.offset(), metadata.length(), row);
      byIndex[k] = m;
    }
    return m;
  }

  /**
   * Points {@code out} at row {@code row}'s Variant value, or returns {@code false} for SQL NULL
   * (leaving {@code out} unchanged). Variant null is a {@code true} return with {@code
   * out.isNull()}.
   *
   * @param row the row index, from 0 to {@link #rowCount()}
   * @param out the reader to point at the row's value; it then reads the vector's memory, valid
   *     while the vector is open and unchanged
   * @return {@code true} when {@code out} now points at the value (Variant null included), {@code
   *     false} for a SQL NULL row
   * @throws VariantVectorException if the row is shredded ({@code typed_value} set, or {@code
   *     value} null in a shredded column: reconstruct it with the kernels), or its {@code value} is
   *     null in an unshredded column
   * @throws io.pqarrow.variant.VariantFormatException if the row's bytes are not a valid header
   */
  public boolean read(int row, VariantReader out) {
    if (vector.isNull(Objects.checkIndex(row, rows))) {
      return false;
    }
    if (typedValue != null && !typedValue.isNull(row)) {
      throw VariantVectorException.unsupportedRow(
          name,
          row,
          "row " + row + " is shredded (typed_value is set); reconstruct it with the kernels");
    }
    if (values == null || (valueNulls && values.isNull(row))) {
      if (typedValue != null) {
        throw VariantVectorException.unsupportedRow(
            name,
            row,
            "row "
                + row
                + " is shredded (its value is in typed_value); reconstruct it with the kernels");
      }
      throw VariantVectorException.invalidRow(name, row, "value is null in a non-null row");
    }
    VariantMetadata m = metadata(row);
    values.position(row);
    out.reset(m, values.buffer(), values.offset(), values.length(), row);
    return true;
  }
}
