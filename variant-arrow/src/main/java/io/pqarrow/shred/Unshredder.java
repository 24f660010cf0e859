package io.pqarrow.shred;

import io.pqarrow.BridgeException;
import io.pqarrow.Limits;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.BinarySlots;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Rebuilds plain Variant values ({@code metadata} + {@code value}) from shredded storage, by the
 * pair rule of docs/variant.md §3.5 ({@link ShreddedLayout#read}, strict), per level and slot:
 *
 * <table>
 *   <caption>One (value, typed_value) pair</caption>
 *   <tr><th>value</th><th>typed_value</th><th>result</th></tr>
 *   <tr><td>null</td><td>null</td><td>object field: missing; top level: Variant null; array
 *       element: error (elements are never missing)</td></tr>
 *   <tr><td>set</td><td>null</td><td>the {@code value} bytes, copied</td></tr>
 *   <tr><td>null</td><td>set</td><td>the typed value: a primitive re-encoded ({@link
 *       ScalarColumn#append}), an array rebuilt element by element, an object from its present
 *       fields</td></tr>
 *   <tr><td>set</td><td>set</td><td>only for an object level: {@code value} must be an object
 *       whose keys are not shredded ones; its fields are merged with the shredded ones. Anything
 *       else is an error</td></tr>
 * </table>
 *
 * Merged objects list their fields in unsigned UTF-8 key order (the builder sorts them). The output
 * is written through a {@link VariantVectorWriter}: one sorted metadata for the batch, Binary
 * children, SQL NULL rows kept as null struct slots. Errors name the row and the level's path.
 */
final class Unshredder {
  private final VariantColumnReader in;
  private final ShreddedNode root;
  private final BinarySlots[] values;

  /** Whether a residual key that a shredded field also defines is an error (else it is dropped). */
  private final boolean strict;

  private long row;

  /** The row's metadata once a level needed it ({@link #readValue}); null until then. */
  private VariantMetadata rowMetadata;

  /**
   * The builder's key id of each shredded field, by level id, resolved at a level's first object
   * (the row builder's dictionary lives as long as the column, so ids stay valid).
   */
  private final int[][] fieldKeyIds;

  /** The metadata whose key ids {@link #residualKeyIds} maps, by identity. */
  private VariantMetadata residualMetadata;

  /** The builder's key id of each key id of {@link #residualMetadata}, or -1 until resolved. */
  private int[] residualKeyIds = new int[0];

  private Unshredder(VariantColumnReader in, boolean strict) {
    this.in = in;
    this.strict = strict;
    VariantVector v = in.vector();
    this.root = ShreddedNode.top(v.getName(), v.getUnderlyingVector());
    this.values = new BinarySlots[root.count()];
    this.fieldKeyIds = new int[root.count()][];
    bind(root);
    root.snapshotValidity();
  }

  private void bind(ShreddedNode n) {
    if (n.value != null) {
      values[n.id] = BinarySlots.of(n.path + ".value", n.value, n.value.getValueCount());
    }
    for (ShreddedNode f : n.fields) {
      bind(f);
    }
    if (n.element != null) {
      bind(n.element);
    }
  }

  static VariantVector run(
      VariantVector input,
      DictionaryProvider dictionaries,
      Limits limits,
      boolean strict,
      BufferAllocator allocator) {
    return run(input, dictionaries, List.of(), null, limits, strict, allocator);
  }

  /**
   * The values at the shredded object fields {@code keys} (a path from the top level; empty: the
   * whole value) of the rows set in {@code rows} (null: every row that is not SQL NULL); the other
   * rows are SQL NULL. In the rows set, every level above the last must be a typed object; a field
   * missing at the last level is Variant null.
   */
  static VariantVector run(
      VariantVector input,
      DictionaryProvider dictionaries,
      List<String> keys,
      BitSet rows,
      Limits limits,
      boolean strict,
      BufferAllocator allocator) {
    VariantColumnReader in = VariantColumnReader.of(input, dictionaries);
    Unshredder u = new Unshredder(in, strict);
    ShreddedNode node = u.root;
    for (String key : keys) {
      ShreddedNode next = node.field(key);
      if (next == null) {
        throw new IllegalArgumentException(node.path + " does not shred the key " + key);
      }
      node = next;
    }
    // Rows go straight into Arrow memory: no heap array of the values, no copy at finish.
    try (VariantVectorWriter out = new VariantVectorWriter(limits, allocator)) {
      out.declareKeys(KeyCollector.keys(in, u.root));
      // The storage's value and typed_value bytes: near what the rebuilt values take.
      out.reserve(in.rowCount(), u.root.storageBytes());
      for (int i = 0; i < in.rowCount(); i++) {
        u.row = i;
        if (rows == null ? in.isSqlNull(i) : !rows.get(i)) {
          out.appendSqlNull();
          continue;
        }
        try {
          // Read only by levels that hold value bytes: fully typed rows never parse it.
          u.rowMetadata = null;
          VariantBuilder b = out.row();
          if (!u.rebuild(node, node.read(i), i, b)) {
            b.appendNull();
          }
        } catch (ShredException e) {
          throw e;
        } catch (BridgeException e) {
          throw ShredException.invalidRow(node.path, i, e);
        }
        out.finishRow();
      }
      return out.finish(input.getName(), allocator);
    }
  }

  /**
   * Appends level {@code n} at {@code slot}, whose reading is {@code reading} ({@link
   * ShreddedNode#read}, strict), to {@code b}; false when it is a missing field. Storage no writer
   * may produce is an error.
   */
  private boolean rebuild(
      ShreddedNode n, ShreddedLayout.Reading reading, int slot, VariantBuilder b) {
    switch (reading) {
      case MISSING -> {
        return false;
      }
      case VARIANT_NULL -> b.appendNull();
      case VALUE -> b.appendVariant(readValue(n, slot, n.scratch));
      case INVALID_MISSING_ELEMENT ->
          throw ShredException.invalidRow(
              n.path,
              row,
              "array element "
                  + slot
                  + " has neither value nor typed_value (elements are never missing)");
      case INVALID_BOTH_SET ->
          throw ShredException.invalidRow(
              n.path,
              row,
              "value and typed_value are both set for "
                  + (n.shape == ShreddedNode.Shape.ARRAY
                      ? "a shredded array"
                      : "a shredded primitive")
                  + " (only a partially shredded object may have both)");
      case MERGED_OBJECT -> rebuildObject(n, slot, b, false);
      case TYPED -> {
        switch (n.shape) {
          case PRIMITIVE -> n.scalar.append(slot, b);
          case ARRAY -> {
            if (!n.elements.inBounds(slot)) {
              throw ShredException.invalidRow(
                  n.path, row, "the array's elements lie outside its element column");
            }
            int count = n.elements.length(slot);
            int start = n.elements.start(slot);
            b.startArray();
            ShreddedNode e = n.element;
            for (int k = start; k < start + count; k++) {
              ShreddedLayout.Reading r = e.read(k);
              if (r == ShreddedLayout.Reading.TYPED && e.scalar != null) {
                e.scalar.append(k, b);
              } else {
                rebuild(e, r, k, b);
              }
            }
            b.endArray();
          }
          default -> rebuildObject(n, slot, b, true);
        }
      }
    }
    return true;
  }

  private void rebuildObject(ShreddedNode n, int slot, VariantBuilder b, boolean valueNull) {
    VariantReader residual = null;
    int[] byId = null;
    if (!valueNull) {
      residual = readValue(n, slot, n.scratch);
      VariantKind k = residual.kind();
      if (k != VariantKind.OBJECT) {
        throw ShredException.invalidRow(
            n.path,
            row,
            "value holds a " + k + " beside the shredded object fields (it must be an object)");
      }
      byId = n.fieldsById(residual.metadata());
      for (int i = 0; strict && i < residual.fieldCount(); i++) {
        int j = byId[residual.fieldId(i)];
        if (j >= 0) {
          throw ShredException.invalidRow(
              n.path,
              row,
              "the residual object in value has the key \""
                  + n.names[j]
                  + "\", which is shredded (keys must not overlap)");
        }
      }
    }
    int[] keyIds = fieldKeyIds[n.id];
    if (keyIds == null) {
      keyIds = new int[n.fields.length];
      for (int j = 0; j < keyIds.length; j++) {
        keyIds[j] = b.keyId(n.names[j]);
      }
      fieldKeyIds[n.id] = keyIds;
    }
    b.startObject();
    ShreddedNode[] fields = n.fields;
    for (int j = 0; j < fields.length; j++) {
      ShreddedNode f = fields[j];
      ShreddedLayout.Reading r = f.read(slot);
      if (r == ShreddedLayout.Reading.MISSING) {
        continue;
      }
      b.appendKeyId(keyIds[j]);
      if (r == ShreddedLayout.Reading.TYPED && f.scalar != null) {
        f.scalar.append(slot, b); // a typed primitive, the common field: no dispatch
      } else {
        rebuild(f, r, slot, b);
      }
    }
    if (residual != null) {
      for (int i = 0; i < residual.fieldCount(); i++) {
        int id = residual.fieldId(i);
        if (byId[id] >= 0) {
          // Invalid, but allowed to read: the shredded field's value is the field's value.
          continue;
        }
        b.appendKeyId(residualKeyId(residual.metadata(), id, b));
        b.appendVariant(residual.fieldInto(i, n.childScratch));
      }
    }
    b.endObject();
  }

  /**
   * The builder's key id of key {@code id} of {@code m}: resolved once per key of each metadata
   * (rows that share a metadata instance share the map).
   */
  private int residualKeyId(VariantMetadata m, int id, VariantBuilder b) {
    if (m != residualMetadata) {
      residualMetadata = m;
      if (residualKeyIds.length < m.size()) {
        residualKeyIds = new int[m.size()];
      }
      java.util.Arrays.fill(residualKeyIds, 0, m.size(), -1);
    }
    int k = residualKeyIds[id];
    if (k < 0) {
      k = b.keyId(m.key(id));
      residualKeyIds[id] = k;
    }
    return k;
  }

  private VariantReader readValue(ShreddedNode n, int slot, VariantReader out) {
    if (rowMetadata == null) {
      rowMetadata = in.metadata((int) row);
    }
    BinarySlots s = values[n.id];
    s.position(slot);
    return out.reset(rowMetadata, s.buffer(), s.offset(), s.length(), row);
  }
}
