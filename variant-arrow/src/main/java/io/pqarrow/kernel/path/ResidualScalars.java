package io.pqarrow.kernel.path;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * The rows of a key path through shredded objects whose value sits, as a scalar, in the residual
 * {@code value} of the shredded field the path ends on (DuckDB keeps small integers there, beside
 * an int64 {@code typed_value} left null), served straight into the output through the writer's
 * direct path ({@link DirectScalars}):
 *
 * <pre>
 * v.typed_value              set          (each object on the path)
 *   .qty.typed_value         null or absent
 *   .qty.value               set, a scalar the writer takes directly  -> stored
 * </pre>
 *
 * Per row, reading the Arrow buffers in place: the validity bits of the levels, the row's metadata
 * recognised as the previous row's ({@link MetadataRun}; a metadata that changes is parsed and
 * checked by {@link VariantColumnReader#metadata}, as the row-by-row reading checks it), the value
 * stored by {@link ScalarStore}; nothing is allocated. Binary {@code metadata} (not
 * dictionary-encoded, no null slots) and a Binary field {@code value} only. Every other row ({@link
 * #put} false) is left to the row-by-row reading of {@link ShreddedGet}, which gives it exactly
 * what it always gave, errors included; a row served here gets what that reading gives it (the pair
 * rule reads such a row as {@code VALUE} on the last level and the value itself is the result).
 */
final class ResidualScalars {
  private final VariantColumnReader input;
  private final ValueWriter writer;
  // Validity addresses: typed_value of every shredded object on the path (the top level's
  // first), the field's typed_value (0 when it has none) and the field's value.
  private final long[] objects;
  private final long leafTyped;
  private final long leafValue;
  private final long valueOffsets;
  private final long valueData;
  private final long valueCapacity;
  private final MetadataRun metadata;
  // Whether the current metadata (the previous row's) parsed and passed its checks.
  private boolean metadataOk;
  private ScalarStore store;
  private ArrowBuf outValidity;

  private ResidualScalars(
      VariantColumnReader input,
      ValueWriter writer,
      long[] objects,
      long leafTyped,
      BaseVariableWidthVector value,
      BaseVariableWidthVector meta) {
    this.input = input;
    this.writer = writer;
    this.objects = objects;
    this.leafTyped = leafTyped;
    this.leafValue = value.getValidityBuffer().memoryAddress();
    this.valueOffsets = value.getOffsetBuffer().memoryAddress();
    this.valueData = value.getDataBuffer().memoryAddress();
    this.valueCapacity = value.getDataBuffer().capacity();
    this.metadata = new MetadataRun(meta);
  }

  /**
   * The residual rows of this call, or null when the path is not keys through shredded objects
   * ending on a shredded field with a Binary {@code value} column, the metadata is not a plain
   * Binary column without null slots, or the writer declares no fixed-width direct path.
   */
  static ResidualScalars of(
      VariantColumnReader input, PathExpression path, ShreddedLevel[] chain, ValueWriter writer) {
    int n = input.rowCount();
    if (n == 0
        || path.size() == 0
        || chain.length != path.size() + 1
        || writer.direct() == null
        || writer.direct().width < 0
        || !ScalarStore.LITTLE_ENDIAN) {
      return null;
    }
    long validityBytes = (n + 7) / 8;
    ShreddedLevel leaf = chain[chain.length - 1];
    FieldVector valueVector = leaf.value == null ? null : leaf.value.vector();
    if (!(valueVector instanceof BaseVariableWidthVector value)
        || (leaf.shape != ShreddedLevel.Shape.PRIMITIVE && leaf.shape != ShreddedLevel.Shape.NONE)
        || value.getValidityBuffer().capacity() < validityBytes
        || value.getOffsetBuffer().capacity() < 4L * (n + 1)
        || (leaf.typed != null && leaf.typed.getValidityBuffer().capacity() < validityBytes)) {
      return null;
    }
    VariantVector v = input.vector();
    if (!(v.metadataVector() instanceof BaseVariableWidthVector meta)
        || meta.getField().getDictionary() != null
        || meta.getNullCount() != 0
        || meta.getOffsetBuffer().capacity() < 4L * (n + 1)) {
      return null;
    }
    long[] objects = new long[path.size()];
    for (int k = 0; k < objects.length; k++) {
      if (!path.steps().get(k).isKey() || chain[k].shape != ShreddedLevel.Shape.OBJECT) {
        return null;
      }
      ArrowBuf validity = chain[k].typed.getValidityBuffer();
      if (validity.capacity() < validityBytes) {
        return null;
      }
      objects[k] = validity.memoryAddress();
    }
    long leafTyped = leaf.typed == null ? 0 : leaf.typed.getValidityBuffer().memoryAddress();
    return new ResidualScalars(input, writer, objects, leafTyped, value, meta);
  }

  /** Allocates the output for {@code rows} rows, before a row loop that writes every row. */
  void allocate(int rows) {
    DirectScalars.of(writer, rows);
  }

  /**
   * Stores row {@code i} (not SQL NULL) when its value is a scalar in the last field's residual
   * {@code value} that the writer takes directly; false, nothing written, otherwise. The output is
   * allocated for every row: by {@link #allocate}, or else by the caller before the first call.
   */
  boolean put(int i) {
    for (long a : objects) {
      if (!bit(a, i)) {
        return false;
      }
    }
    if ((leafTyped != 0 && bit(leafTyped, i)) || !bit(leafValue, i)) {
      return false;
    }
    long vs = MemoryUtil.getInt(valueOffsets + 4L * i);
    long ve = MemoryUtil.getInt(valueOffsets + 4L * i + 4);
    if (vs < 0 || ve <= vs || ve > valueCapacity || !metadataOk(i)) {
      return false;
    }
    ScalarStore s = store;
    if (s == null) {
      FieldVector out = writer.vector();
      s = store = ScalarStore.of(writer.direct(), out, input.rowCount());
      outValidity = out.getValidityBuffer();
      if (s == null) {
        return false;
      }
    }
    if (!s.put(valueData + vs, ve - vs - 1, i)) {
      return false;
    }
    BitVectorHelper.setBit(outValidity, i);
    return true;
  }

  /** Whether row {@code i}'s metadata can be read (checked once per distinct metadata). */
  private boolean metadataOk(int i) {
    int change = metadata.advance(i);
    if (change == MetadataRun.CHANGED) {
      try {
        input.metadata(i);
        metadataOk = true;
      } catch (VariantFormatException | VariantVectorException e) {
        metadataOk = false; // the row-by-row reading reports it, for every row of this metadata
      }
    }
    return change != MetadataRun.OUT_OF_BOUNDS && metadataOk;
  }

  private static boolean bit(long validity, int i) {
    return ((MemoryUtil.getByte(validity + (i >> 3)) >> (i & 7)) & 1) != 0;
  }
}
