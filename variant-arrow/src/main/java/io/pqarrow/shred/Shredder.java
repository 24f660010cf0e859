package io.pqarrow.shred;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantTypeException;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Shreds an unshredded Variant vector into the storage {@link ShreddingSchema} describes. One pass
 * over the rows walks each value against the {@link ShreddedNode} tree of the output:
 *
 * <ul>
 *   <li>a primitive level writes the value to {@code typed_value} when {@link ScalarColumn#write}
 *       accepts it, else to {@code value};
 *   <li>an object level marks {@code typed_value} set, sends each shredded key to its field level
 *       (an absent key leaves both of that field's columns null: missing), and writes the other
 *       keys, if any, as a residual object to {@code value};
 *   <li>an array level writes every element to the element level (elements are never missing);
 *   <li>anything of another kind, Variant null included ({@code 00}), goes to {@code value}.
 * </ul>
 *
 * Every {@code value} at every level is re-encoded against one metadata built for the batch (all
 * keys of the input's metadata plus the schema's keys, declared up front so ids are final as
 * written), through a single {@link VariantColumnBuilder} used as an arena: each written {@code
 * value} is one arena row, remembered as (level, slot, arena row) and copied into its vector when
 * the batch is done. The output's {@code metadata} repeats that one dictionary in every row. A
 * residual object allocates its key strings; everything else per value is a copy.
 */
final class Shredder {
  private final ShreddedNode root;
  private final ShreddedNode[] byId;
  private final boolean strict;
  private final VariantColumnBuilder arena;
  private final int[][] pendingSlots;
  private final int[][] pendingRows;
  private final int[] pendingCount;
  private final int[] nextElement;
  private long row;

  private Shredder(ShreddedNode root, ShredOptions options) {
    this.root = root;
    this.strict = options.strict();
    this.arena = new VariantColumnBuilder(options.limits());
    int n = root.count();
    this.byId = new ShreddedNode[n];
    index(root);
    this.pendingSlots = new int[n][16];
    this.pendingRows = new int[n][16];
    this.pendingCount = new int[n];
    this.nextElement = new int[n];
  }

  private void index(ShreddedNode n) {
    byId[n.id] = n;
    for (ShreddedNode f : n.fields) {
      index(f);
    }
    if (n.element != null) {
      index(n.element);
    }
  }

  /** Shreds {@code input} (unshredded) as {@code request}; the caller closes the result. */
  static VariantVector run(
      VariantVector input,
      DictionaryProvider dictionaries,
      Field request,
      ShredOptions options,
      BufferAllocator allocator) {
    String name = input.getName();
    VariantColumnReader in = VariantColumnReader.of(input, dictionaries);
    Field storage = ShreddingSchema.storageField(name, request, input.getField().isNullable());
    VariantVector out = (VariantVector) storage.createVector(allocator);
    try {
      StructVector struct = out.getUnderlyingVector();
      struct.setInitialCapacity(Math.max(in.rowCount(), 1));
      struct.allocateNew();
      Shredder s = new Shredder(ShreddedNode.top(name, struct), options);
      s.shred(in, out);
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private void shred(VariantColumnReader in, VariantVector out) {
    int rows = in.rowCount();
    arena.declareKeys(KeyCollector.keys(in, root));
    StructVector struct = out.getUnderlyingVector();
    for (int i = 0; i < rows; i++) {
      row = i;
      if (in.isSqlNull(i)) {
        continue;
      }
      struct.setIndexDefined(i);
      try {
        in.read(i, root.scratch);
        write(root, i, root.scratch);
      } catch (VariantFormatException | VariantTypeException e) {
        throw ShredException.invalidRow(root.path, i, (BridgeException) e);
      } catch (ShredException e) {
        throw e;
      } catch (BridgeException e) {
        throw ShredException.invalidRow(root.path, i, e);
      }
    }
    EncodedVariantColumn column = arena.finish();
    VarBinaryVector metadata = (VarBinaryVector) out.metadataVector();
    byte[] meta = column.metadata();
    for (int i = 0; i < rows; i++) {
      metadata.setSafe(i, meta);
    }
    flushValues(column);
    definePairs(root, rows);
    out.setValueCount(rows);
  }

  private void write(ShreddedNode n, int slot, VariantReader v) {
    switch (n.shape) {
      case PRIMITIVE -> {
        if (!n.scalar.write(v, slot)) {
          writeValue(n, slot, v, true);
        }
      }
      case OBJECT -> {
        if (v.kind() == VariantKind.OBJECT) {
          writeObject(n, slot, v);
        } else {
          writeValue(n, slot, v, true);
        }
      }
      case ARRAY -> {
        if (v.kind() == VariantKind.ARRAY) {
          writeArray(n, slot, v);
        } else {
          writeValue(n, slot, v, true);
        }
      }
      default -> writeValue(n, slot, v, false);
    }
  }

  private void writeObject(ShreddedNode n, int slot, VariantReader v) {
    ((StructVector) n.typed).setIndexDefined(slot);
    int[] byId = n.fieldsById(v.metadata());
    boolean[] seen = n.seen;
    Arrays.fill(seen, false);
    int residual = 0;
    int count = v.fieldCount();
    for (int i = 0; i < count; i++) {
      int j = byId[v.fieldId(i)];
      if (j < 0) {
        residual++;
        continue;
      }
      if (seen[j]) {
        throw ShredException.invalidRow(
            n.path, row, "the object has the key \"" + n.names[j] + "\" twice");
      }
      seen[j] = true;
      ShreddedNode f = n.fields[j];
      write(f, slot, v.fieldInto(i, f.scratch));
    }
    if (residual == 0) {
      return;
    }
    if (strict) {
      throw ShredException.invalidRow(
          n.path, row, "strict shredding: the object has keys the schema does not shred");
    }
    VariantBuilder b = arena.row();
    b.startObject();
    for (int i = 0; i < count; i++) {
      if (byId[v.fieldId(i)] < 0) {
        b.appendKey(v.fieldName(i));
        b.appendVariant(v.fieldInto(i, n.childScratch));
      }
    }
    b.endObject();
    pend(n, slot, arena.finishRow());
  }

  private void writeArray(ShreddedNode n, int slot, VariantReader v) {
    int count = v.elementCount();
    int start;
    if (n.list != null) {
      start = n.list.startNewValue(slot);
    } else {
      long s = n.largeList.startNewValue(slot);
      if (s + count > Integer.MAX_VALUE) {
        throw ShredException.invalidRow(n.path, row, "more than 2^31 array elements in a batch");
      }
      start = (int) s;
    }
    ShreddedNode e = n.element;
    for (int k = 0; k < count; k++) {
      e.pair.setIndexDefined(start + k);
      write(e, start + k, v.elementInto(k, e.scratch));
    }
    if (n.list != null) {
      n.list.endValue(slot, count);
    } else {
      n.largeList.endValue(slot, count);
    }
    nextElement[n.id] = start + count;
  }

  private void writeValue(ShreddedNode n, int slot, VariantReader v, boolean hasTyped) {
    if (strict && hasTyped && !v.isNull()) {
      throw ShredException.invalidRow(
          n.path,
          row,
          "strict shredding: a " + v.kind() + " does not fit typed_value " + n.typed.getField());
    }
    arena.row().appendVariant(v);
    pend(n, slot, arena.finishRow());
  }

  private void pend(ShreddedNode n, int slot, int arenaRow) {
    int id = n.id;
    int c = pendingCount[id];
    if (c == pendingSlots[id].length) {
      pendingSlots[id] = Arrays.copyOf(pendingSlots[id], c * 2);
      pendingRows[id] = Arrays.copyOf(pendingRows[id], c * 2);
    }
    pendingSlots[id][c] = slot;
    pendingRows[id][c] = arenaRow;
    pendingCount[id] = c + 1;
  }

  /** Copies each level's arena rows into its {@code value} vector (slots ascend per level). */
  private void flushValues(EncodedVariantColumn column) {
    byte[] values = column.values();
    int[] offsets = column.offsets();
    for (ShreddedNode n : byId) {
      VarBinaryVector out = (VarBinaryVector) n.value;
      int[] slots = pendingSlots[n.id];
      int[] rows = pendingRows[n.id];
      for (int k = 0; k < pendingCount[n.id]; k++) {
        int r = rows[k];
        out.setSafe(slots[k], values, offsets[r], offsets[r + 1] - offsets[r]);
      }
    }
  }

  /** Marks every field and element group non-null: they are non-nullable in the schema. */
  private void definePairs(ShreddedNode n, int slots) {
    switch (n.shape) {
      case OBJECT -> {
        for (ShreddedNode f : n.fields) {
          for (int s = 0; s < slots; s++) {
            f.pair.setIndexDefined(s);
          }
          definePairs(f, slots);
        }
      }
      case ARRAY -> definePairs(n.element, nextElement[n.id]);
      default -> {}
    }
  }
}
