package io.pqarrow.kernel.path;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.BinarySlots;
import org.apache.arrow.vector.FieldVector;

/**
 * A nested {@code value} column of shredded storage, of any type {@link
 * VariantType#isBinaryStorage} allows (Binary, LargeBinary or BinaryView), read through {@link
 * BinarySlots}: the layout is decoded once, so pointing a reader at a slot allocates nothing.
 */
final class ValueColumn {
  private final FieldVector vector;
  private final BinarySlots slots;

  private ValueColumn(FieldVector vector, String path) {
    this.vector = vector;
    this.slots = BinarySlots.of(path, vector, vector.getValueCount());
  }

  /** The accessor of {@code v}, or null when {@code v} is null (the field is absent). */
  static ValueColumn of(FieldVector v, String path) {
    if (v == null) {
      return null;
    }
    if (!VariantType.isBinaryStorage(v.getField().getType())) {
      throw new KernelException(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inColumn(path),
          "Unsupported Variant storage at " + path + ": value of type " + v.getField().getType(),
          null);
    }
    return new ValueColumn(v, path);
  }

  /** The column itself. */
  FieldVector vector() {
    return vector;
  }

  boolean isNull(int slot) {
    return vector.isNull(slot);
  }

  /** Points {@code out} at slot {@code slot}, read with {@code metadata}. */
  VariantReader read(int slot, VariantMetadata metadata, VariantReader out, long row) {
    slots.position(slot);
    return out.reset(metadata, slots.buffer(), slots.offset(), slots.length(), row);
  }
}
