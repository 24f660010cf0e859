package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.encoding.BinaryOutput;
import io.pqarrow.parquet.internal.encoding.Bitmaps;
import io.pqarrow.parquet.internal.encoding.ByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.DeltaLengthByteArrayDecoder;
import io.pqarrow.parquet.internal.encoding.Dictionary;
import io.pqarrow.parquet.internal.encoding.DictionaryIndexDecoder;
import io.pqarrow.parquet.internal.encoding.PageBytes;
import io.pqarrow.parquet.internal.encoding.PlainByteArrayDecoder;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.parquet.format.Encoding;

/**
 * Reads a BYTE_ARRAY leaf as an Arrow dictionary vector (see {@link
 * io.pqarrow.parquet.read.DictionaryFields} for which leaves): Int32 indices into the leaf's
 * vector, values into a dictionary vector the reader owns and publishes through its {@code
 * DictionaryProvider}.
 *
 * <p>The batch's dictionary is built as the batch is read, with no hashing:
 *
 * <pre>
 *   batch dictionary = [ chunk dictionary of row group r | fallback values | chunk dictionary of
 *                        row group r+1 | … ]
 *   index            = position of the chunk dictionary in the batch dictionary + Parquet index,
 *                      or the position of a fallback value
 * </pre>
 *
 * A chunk's dictionary page is decoded once ({@link Dictionary#byteArray}) and its values are
 * appended to the batch dictionary when a dictionary-encoded page of the chunk is first read in the
 * batch; the page's RLE/bit-packed indices are then shifted by that position straight into the
 * index buffer ({@link Dictionary#indexDecoder}). A page that fell back to PLAIN (or a DELTA
 * encoding) appends its values to the batch dictionary, each index pointing at its own value. So a
 * batch within one chunk has exactly the chunk's dictionary (plus fallback values), a batch
 * spanning row groups has their dictionaries one after the other, and values may repeat in the
 * dictionary (Arrow does not require them to be unique). Consumers that need one dictionary per
 * stream (an IPC file) unify or compare them. When a new batch starts in the chunk whose dictionary
 * begins the previous batch's dictionary, that dictionary is kept and only what followed it is
 * dropped, so a large dictionary is not copied again for every batch.
 */
public final class DictionaryLeaf extends ChunkLeafDecoder {
  private final IntVector v;
  private FieldVector dict;
  private BaseVariableWidthVector narrow;
  private BaseLargeVariableWidthVector wide;
  private BinaryOutput out;

  /** The chunk's dictionary page, decoded; null before it is read. */
  private Dictionary chunk;

  /** Where {@link #chunk}'s values start in the batch dictionary; -1 when not there. */
  private int chunkBase = -1;

  /** Values in the batch dictionary. */
  private int size;

  /** Whether the batch dictionary is the previous batch's, to be cut back before use. */
  private boolean stale = true;

  private DictionaryIndexDecoder indices;
  private ByteArrayDecoder fallback;

  DictionaryLeaf(LeafColumn c, ColumnChunkPages pages, Shape shape, IntVector v) {
    super(c, pages, shape, 0);
    this.v = v;
  }

  /**
   * Gives the decoder the vector its batch dictionaries are built in (a variable-width vector with
   * 32- or 64-bit offsets, owned by the caller).
   */
  public void useDictionary(FieldVector values) {
    this.dict = values;
    this.narrow = values instanceof BaseVariableWidthVector n ? n : null;
    this.wide = values instanceof BaseLargeVariableWidthVector w ? w : null;
    if (narrow == null && wide == null) {
      throw new IllegalArgumentException("not a variable-width vector: " + values.getField());
    }
    values.allocateNew();
  }

  @Override
  public FieldVector vector() {
    return v;
  }

  @Override
  ArrowBuf validity() {
    return v.getValidityBuffer();
  }

  @Override
  void reserve(int slots) {
    while (v.getValueCapacity() < slots) {
      v.reAlloc();
    }
  }

  @Override
  Dictionary readDictionary(PageBytes page, int count, int typeWidth) {
    chunk = Dictionary.byteArray(page, count);
    chunkBase = -1;
    return chunk;
  }

  @Override
  void startPage(PageBytes page, Encoding encoding, int valueCount, Dictionary dictionary) {
    indices = null;
    fallback = null;
    switch (encoding) {
      case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
        freshen();
        indices = dictionary.indexDecoder(page, 0);
        placeChunk();
      }
      case PLAIN -> fallback = new PlainByteArrayDecoder(page);
      case DELTA_LENGTH_BYTE_ARRAY -> fallback = new DeltaLengthByteArrayDecoder(page, valueCount);
      case DELTA_BYTE_ARRAY -> fallback = new DeltaByteArrayDecoder(page, valueCount);
      default -> throw unsupported(encoding, "BYTE_ARRAY values");
    }
  }

  @Override
  void skipValues(int n) {
    if (indices != null) {
      indices.skip(n);
    } else {
      fallback.skip(n);
    }
  }

  @Override
  void readValues(int slot, int n, int nulls) {
    freshen();
    ArrowBuf data = v.getDataBuffer();
    if (nulls == n) {
      data.setZero(slot * 4L, n * 4L);
    } else if (indices != null) {
      if (nulls == 0) {
        indices.read(data, slot, n);
      } else {
        indices.readScatter(data, v.getValidityBuffer(), slot, n);
      }
    } else {
      int present = n - nulls;
      append(present);
      fallback.read(out, present);
      int next = size;
      if (nulls == 0) {
        for (int s = slot; s < slot + n; s++) {
          data.setInt(s * 4L, next++);
        }
      } else {
        ArrowBuf validity = v.getValidityBuffer();
        for (int s = slot; s < slot + n; s++) {
          data.setInt(s * 4L, BitVectorHelper.get(validity, s) != 0 ? next++ : 0);
        }
      }
      size += present;
    }
  }

  /**
   * Puts the chunk's dictionary in the batch dictionary unless it is there, and shifts the indices
   * of the current dictionary-encoded page to where it is.
   */
  private void placeChunk() {
    if (chunkBase < 0) {
      chunkBase = size;
      append(chunk.size());
      chunk.appendTo(out);
      size += chunk.size();
    }
    indices.base(chunkBase);
  }

  /**
   * At the first read of a batch: keeps the previous batch's dictionary when the current chunk's
   * dictionary starts it (cutting off what followed), else empties it.
   */
  private void freshen() {
    if (!stale) {
      return;
    }
    stale = false;
    if (chunkBase == 0) {
      size = chunk.size();
    } else {
      size = 0;
      chunkBase = -1;
      if (indices != null) {
        placeChunk();
      }
    }
  }

  /**
   * Makes room for {@code n} more values in the batch dictionary and points {@link #out} at its
   * end; the values are valid.
   */
  private void append(int n) {
    int need = size + n;
    if (narrow != null) {
      while (narrow.getValueCapacity() < need) {
        narrow.reallocValidityAndOffsetBuffers();
      }
      if (out == null) {
        out = BinaryOutput.of(narrow, size);
      }
    } else {
      while (wide.getValueCapacity() < need) {
        wide.reallocValidityAndOffsetBuffers();
      }
      if (out == null) {
        out = BinaryOutput.of(wide, size);
      }
    }
    out.restart(size);
    Bitmaps.fill(dict.getValidityBuffer(), size, n, true);
  }

  @Override
  public void endBatch() {
    freshen();
    dict.setValueCount(size);
    stale = true;
  }
}
