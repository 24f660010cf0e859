package io.pqarrow.kernel.infer;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.shred.internal.ListSlots;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.BinarySlots;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Observes the rows of a shredded Variant column as {@link InferenceVisitor} observes their
 * unshredded values, without rebuilding them: a typed primitive is observed by its column's Variant
 * kind (a decimal by its digits), a typed object or array as the container it stands for with its
 * fields or elements observed level by level, and only {@code value} bytes (a residual object's
 * other keys, values that did not fit the typed column) are walked. Every observation is one the
 * unshredded walk makes, and the accumulators do not depend on their order, so the field is the one
 * inferred from the unshredded column. Storage is read strictly, as the strict unshredder reads it:
 * invalid slots (docs/variant.md §3.5) and a residual key that is also shredded are an error naming
 * the row.
 */
final class ShreddedObserver {
  private final VariantColumnReader column;
  private final InferenceVisitor visitor;
  private final Level top;
  private int row;
  private VariantMetadata metadata;

  /** One {@code (value, typed_value)} level of the storage, with the levels below it. */
  private static final class Level {
    final String path;
    final ShreddedLayout.Level where;
    final FieldVector value;
    final BinarySlots valueSlots;
    final FieldVector typed;
    final boolean objectTyped;
    final VariantKind kind; // a typed primitive: the Variant kind its slots stand for
    final DecimalVector decimal; // a typed decimal: read per slot for its digits
    final String[] names;
    final Level[] fields;
    final ListSlots elements;
    final Level element;
    final VariantReader scratch = new VariantReader();
    final VariantReader fieldScratch = new VariantReader();
    private VariantMetadata mappedFor;
    private boolean[] shreddedById;

    Level(String path, ShreddedLayout.Level where, FieldVector value, FieldVector typed) {
      this.path = path;
      this.where = where;
      this.value = value;
      this.valueSlots =
          value == null ? null : BinarySlots.of(path + ".value", value, value.getValueCount());
      this.typed = typed;
      List<String> keys = new ArrayList<>();
      List<Level> children = new ArrayList<>();
      ListSlots list = null;
      Level elementLevel = null;
      VariantKind k = null;
      if (typed instanceof StructVector struct) {
        for (FieldVector child : struct.getChildrenFromFields()) {
          keys.add(child.getName());
          children.add(pair(path + "." + child.getName(), ShreddedLayout.Level.FIELD, child));
        }
      } else if (typed != null && (list = ListSlots.of(typed)) != null) {
        elementLevel = pair(path + "[]", ShreddedLayout.Level.ELEMENT, list.dataVector());
      } else if (typed != null) {
        ShreddedScalar s = ShreddedScalar.of(typed.getField());
        if (s == null) {
          throw new KernelException(
              ErrorKind.INVALID_DATA,
              ErrorLocation.inColumn(path),
              "Unsupported typed_value type at "
                  + path
                  + ": "
                  + typed.getField().getType()
                  + " ("
                  + ShreddedScalar.refusal(typed.getField())
                  + ")",
              null);
        }
        k = s == ShreddedScalar.TIME ? VariantKind.TIME_MICROS : VariantKind.valueOf(s.name());
      }
      this.objectTyped = typed instanceof StructVector;
      this.kind = k;
      this.decimal = k != null && k.isDecimal() ? (DecimalVector) typed : null;
      this.names = keys.toArray(new String[0]);
      this.fields = children.toArray(new Level[0]);
      this.elements = list;
      this.element = elementLevel;
    }

    private static Level pair(String path, ShreddedLayout.Level where, FieldVector v) {
      if (!(v instanceof StructVector p)) {
        throw new KernelException(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inColumn(path),
            "Invalid shredded storage at "
                + path
                + ": expected a Struct of value and typed_value, found "
                + v.getField().getType(),
            null);
      }
      return new Level(
          path,
          where,
          (FieldVector) p.getChild(VariantType.VALUE),
          (FieldVector) p.getChild(VariantType.TYPED_VALUE));
    }

    ShreddedLayout.Reading read(int slot) {
      return ShreddedLayout.read(
          value != null && !value.isNull(slot),
          typed != null && !typed.isNull(slot),
          where,
          objectTyped,
          ShreddedLayout.Mode.LENIENT);
    }

    /** For each key id of {@code m}: whether it is one of this level's shredded fields. */
    boolean[] shreddedById(VariantMetadata m) {
      if (m != mappedFor) {
        boolean[] map = new boolean[m.size()];
        for (int id = 0; id < map.length; id++) {
          String key = m.key(id);
          for (String name : names) {
            if (name.equals(key)) {
              map[id] = true;
              break;
            }
          }
        }
        mappedFor = m;
        shreddedById = map;
      }
      return shreddedById;
    }
  }

  /** An observer of {@code column}, a shredded column, feeding {@code visitor} its value bytes. */
  ShreddedObserver(VariantColumnReader column, InferenceVisitor visitor) {
    this.column = column;
    this.visitor = visitor;
    StructVector storage = column.vector().getUnderlyingVector();
    this.top =
        new Level(
            column.vector().getName(),
            ShreddedLayout.Level.TOP,
            (FieldVector) storage.getChild(VariantType.VALUE),
            (FieldVector) storage.getChild(VariantType.TYPED_VALUE));
  }

  /** Observes row {@code i} (not SQL NULL) as a value of position {@code root}. */
  void observe(int i, TypeAccumulator root) {
    row = i;
    metadata = null;
    observe(top, i, root);
  }

  /**
   * The metadata of the current row, looked up only for rows whose {@code value} bytes are read.
   */
  private VariantMetadata metadata() {
    if (metadata == null) {
      metadata = column.metadata(row);
    }
    return metadata;
  }

  private void observe(Level n, int slot, TypeAccumulator at) {
    switch (n.read(slot)) {
      case MISSING, VARIANT_NULL -> at.observeMissing();
      case VALUE -> visitor.observe(readValue(n, slot), at);
      case MERGED_OBJECT -> observeObject(n, slot, at, true);
      case TYPED -> {
        if (n.kind != null) {
          observeScalar(n, slot, at);
        } else if (n.element != null) {
          if (!at.observeContainer(VariantKind.ARRAY)) {
            return;
          }
          int count = n.elements.length(slot);
          int start = n.elements.start(slot);
          for (int k = 0; k < count; k++) {
            observe(n.element, start + k, at.elements());
          }
        } else {
          observeObject(n, slot, at, false);
        }
      }
      case INVALID_MISSING_ELEMENT, INVALID_BOTH_SET ->
          throw new IllegalStateException("not a lenient reading: " + n.path);
    }
  }

  private void observeScalar(Level n, int slot, TypeAccumulator at) {
    if (n.decimal == null) {
      at.observeKind(n.kind);
      return;
    }
    ArrowBuf data = n.decimal.getDataBuffer();
    long at16 = (long) slot * DecimalVector.TYPE_WIDTH;
    long low = data.getLong(at16);
    long high = data.getLong(at16 + 8);
    if (high == (low >> 63)) {
      at.observeDecimal(low, n.decimal.getScale());
    } else {
      at.observeDecimal(n.decimal.getObject(slot));
    }
  }

  private void observeObject(Level n, int slot, TypeAccumulator at, boolean merged) {
    if (!at.observeContainer(VariantKind.OBJECT)) {
      return;
    }
    for (int j = 0; j < n.fields.length; j++) {
      Level f = n.fields[j];
      if (f.read(slot) != ShreddedLayout.Reading.MISSING) {
        observe(f, slot, at.field(n.names[j]));
      }
    }
    if (!merged) {
      return;
    }
    VariantReader residual = readValue(n, slot);
    VariantMetadata m = metadata();
    if (residual.kind() != VariantKind.OBJECT) {
      throw invalid(n, "value holds a " + residual.kind() + " beside the shredded object fields");
    }
    boolean[] shredded = n.shreddedById(m);
    for (int i = 0; i < residual.fieldCount(); i++) {
      int id = residual.fieldId(i);
      if (shredded[id]) {
        continue; // invalid, but readable: the shredded field's value is the field's value
      }
      visitor.observe(residual.fieldInto(i, n.fieldScratch), at.field(m.key(id)));
    }
  }

  private VariantReader readValue(Level n, int slot) {
    BinarySlots s = n.valueSlots;
    s.position(slot);
    return n.scratch.reset(metadata(), s.buffer(), s.offset(), s.length());
  }

  private KernelException invalid(Level n, String why) {
    return new KernelException(
        ErrorKind.INVALID_DATA,
        ErrorLocation.atRow(row),
        "Invalid shredded Variant at " + n.path + ", row " + row + ": " + why,
        null);
  }
}
