package io.pqarrow.kernel.encode;

import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.BinarySlots;
import io.pqarrow.variant.internal.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.UnionVector;

/**
 * Lists (List, LargeList, ListView, LargeListView, FixedSizeList → ARRAY), structs (→ OBJECT), maps
 * with string keys (→ OBJECT), and the encodings that only choose which slot to read: dictionary
 * indices, run ends and union type ids. A null element or field is Variant null.
 */
final class NestedEncoders {
  private NestedEncoders() {}

  /** Any list layout: the element range of slot {@code i}, then each element. */
  static final class Array extends VectorEncoder {
    private final SlotEncoder elements;
    private final ListVector list;
    private final LargeListVector largeList;
    private final FixedSizeListVector fixed;
    private final ListViewVector view;
    private final ArrowBuf largeViewOffsets;
    private final ArrowBuf largeViewSizes;

    Array(EncodeContext ctx, String column, FieldVector vector, SlotEncoder elements) {
      super(ctx, column, vector);
      this.elements = elements;
      this.list = vector instanceof ListVector l ? l : null;
      this.largeList = vector instanceof LargeListVector l ? l : null;
      this.fixed = vector instanceof FixedSizeListVector l ? l : null;
      this.view = vector instanceof ListViewVector l ? l : null;
      LargeListViewVector lv = vector instanceof LargeListViewVector l ? l : null;
      this.largeViewOffsets = lv == null ? null : lv.getOffsetBuffer();
      this.largeViewSizes = lv == null ? null : lv.getSizeBuffer();
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long start;
      long end;
      if (list != null) {
        start = list.getElementStartIndex(i);
        end = list.getElementEndIndex(i);
      } else if (largeList != null) {
        start = largeList.getElementStartIndex(i);
        end = largeList.getElementEndIndex(i);
      } else if (fixed != null) {
        start = (long) i * fixed.getListSize();
        end = start + fixed.getListSize();
      } else if (view != null) {
        start = view.getElementStartIndex(i);
        end = view.getElementEndIndex(i);
      } else {
        start = largeViewOffsets.getLong((long) i * 8);
        end = start + largeViewSizes.getLong((long) i * 8);
      }
      if (end > Integer.MAX_VALUE) {
        throw ctx.invalid(column, "list elements beyond slot 2^31 cannot be read");
      }
      b.startArray();
      for (int j = (int) start; j < end; j++) {
        elements.write(j, b);
      }
      b.endArray();
    }

    @Override
    void collectKeys(Set<String> keys) {
      elements.collectKeys(keys);
    }

    @Override
    void bind(VariantBuilder b) {
      elements.bind(b);
    }
  }

  /**
   * A struct: one field per child, in unsigned UTF-8 order of the names (the order the object is
   * written in, so the builder never sorts), with key ids resolved once.
   */
  static final class Struct extends VectorEncoder {
    private final String[] names;
    private final SlotEncoder[] children;
    private final int[] ids;

    Struct(
        EncodeContext ctx,
        String column,
        FieldVector vector,
        String[] names,
        SlotEncoder[] children) {
      super(ctx, column, vector);
      Integer[] order = new Integer[names.length];
      byte[][] utf8 = new byte[names.length][];
      for (int k = 0; k < names.length; k++) {
        order[k] = k;
        utf8[k] = names[k].getBytes(StandardCharsets.UTF_8);
      }
      Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(utf8[a], utf8[b]));
      this.names = new String[names.length];
      this.children = new SlotEncoder[names.length];
      for (int k = 0; k < names.length; k++) {
        this.names[k] = names[order[k]];
        this.children[k] = children[order[k]];
        if (k > 0 && this.names[k].equals(this.names[k - 1])) {
          throw EncodeContext.unsupported(
              column,
              "a struct with two fields named \"" + names[k] + "\" (object keys are unique)");
        }
      }
      this.ids = new int[names.length];
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.startObject();
      for (int k = 0; k < children.length; k++) {
        b.appendKeyId(ids[k]);
        children[k].write(i, b);
      }
      b.endObject();
    }

    @Override
    void collectKeys(Set<String> keys) {
      keys.addAll(Arrays.asList(names));
      for (SlotEncoder c : children) {
        c.collectKeys(keys);
      }
    }

    @Override
    void bind(VariantBuilder b) {
      for (int k = 0; k < names.length; k++) {
        ids[k] = b.keyId(names[k]);
        children[k].bind(b);
      }
    }
  }

  /**
   * A map with string keys: one field per entry. Each entry's key id is looked up by its bytes
   * against the key seen at the same entry position before, so maps that repeat their keys (the
   * usual case) decode no key text per row.
   */
  static final class Map extends VectorEncoder {
    private final ListVector entries;
    private final FieldVector keyVector;
    private final BinarySlots keys;
    private final SlotEncoder values;
    private final KeysByPosition written = new KeysByPosition();
    private VariantBuilder builder;

    Map(
        EncodeContext ctx,
        String column,
        ListVector map,
        FieldVector keyVector,
        SlotEncoder values) {
      super(ctx, column, map);
      this.entries = map;
      this.keyVector = keyVector;
      this.keys = BinarySlots.of(column + ".key", keyVector, keyVector.getValueCount());
      this.values = values;
    }

    @Override
    void encode(int i, VariantBuilder b) {
      int start = entries.getElementStartIndex(i);
      int end = entries.getElementEndIndex(i);
      b.startObject();
      for (int j = start; j < end; j++) {
        b.appendKeyId(keyId(j - start, j));
        values.write(j, b);
      }
      b.endObject();
    }

    /** The id of entry {@code j}'s key, the {@code k}-th of its map. */
    private int keyId(int k, int j) {
      if (keyVector.isNull(j)) {
        throw ctx.invalid(column, "map key at entry " + j + " is null");
      }
      keys.position(j);
      if (written.matches(k, keys)) {
        return written.id(k);
      }
      if (Bytes.firstInvalidUtf8(keys.buffer(), keys.offset(), keys.length()) >= 0) {
        throw ctx.invalid(column, "map key at entry " + j + " is not well-formed UTF-8");
      }
      int id = builder.keyId(Utf8.decode(keys.buffer(), keys.offset(), keys.length()));
      written.remember(k, keys, id);
      return id;
    }

    /**
     * Every key of every entry (maps under null slots too: an unused declared key is allowed),
     * decoded only when it differs from the key at the same position of the previous map.
     */
    @Override
    void collectKeys(Set<String> out) {
      KeysByPosition seen = new KeysByPosition();
      int maps = entries.getValueCount();
      for (int i = 0; i < maps; i++) {
        int start = entries.getElementStartIndex(i);
        int end = entries.getElementEndIndex(i);
        for (int j = start; j < end; j++) {
          if (keyVector.isNull(j)) {
            continue;
          }
          keys.position(j);
          if (seen.matches(j - start, keys)
              || Bytes.firstInvalidUtf8(keys.buffer(), keys.offset(), keys.length()) >= 0) {
            continue; // known, or ill-formed: reported with its row when the entry is written
          }
          seen.remember(j - start, keys, 0);
          out.add(Utf8.decode(keys.buffer(), keys.offset(), keys.length()));
        }
      }
      values.collectKeys(out);
    }

    @Override
    void bind(VariantBuilder b) {
      builder = b;
      values.bind(b);
    }
  }

  /** The key last seen at each entry position of a map, with its id. */
  private static final class KeysByPosition {
    private byte[][] keys = new byte[8][];
    private int[] ids = new int[8];

    /** Whether the slot {@code at} points at holds the key remembered for position {@code k}. */
    boolean matches(int k, BinarySlots at) {
      byte[] key = k < keys.length ? keys[k] : null;
      return key != null && key.length == at.length() && Bytes.equal(at.buffer(), at.offset(), key);
    }

    int id(int k) {
      return ids[k];
    }

    /** Remembers the key {@code at} points at, with {@code id}, for position {@code k}. */
    void remember(int k, BinarySlots at, int id) {
      if (k >= keys.length) {
        keys = Arrays.copyOf(keys, 2 * k);
        ids = Arrays.copyOf(ids, 2 * k);
      }
      byte[] key = new byte[at.length()];
      at.buffer().get(at.offset(), key, 0, key.length);
      keys[k] = key;
      ids[k] = id;
    }
  }

  /** An encoding that only chooses which slot of {@link #values} a slot is. */
  abstract static class Selecting extends SlotEncoder {
    final SlotEncoder values;

    Selecting(EncodeContext ctx, String column, SlotEncoder values) {
      super(ctx, column);
      this.values = values;
    }

    @Override
    final void collectKeys(Set<String> keys) {
      values.collectKeys(keys);
    }

    @Override
    final void bind(VariantBuilder b) {
      values.bind(b);
    }
  }

  /** Dictionary indices: slot {@code i} is the dictionary's slot at index {@code i}. */
  static final class Dictionary extends Selecting {
    private final BaseIntVector indices;
    private final FieldVector indexVector;
    private final long size;

    Dictionary(
        EncodeContext ctx, String column, FieldVector indices, SlotEncoder values, long size) {
      super(ctx, column, values);
      this.indices = (BaseIntVector) indices;
      this.indexVector = indices;
      this.size = size;
    }

    private int index(int i) {
      long k = indices.getValueAsLong(i);
      if (k < 0 || k >= size) {
        throw ctx.invalid(
            column, "dictionary index " + k + " outside a dictionary of " + size + " values");
      }
      return (int) k;
    }

    @Override
    boolean isNull(int i) {
      return indexVector.isNull(i) || values.isNull(index(i));
    }

    @Override
    void encode(int i, VariantBuilder b) {
      values.encode(index(i), b);
    }
  }

  /** Run-end encoding: slot {@code i} is the values' slot of the run that holds it. */
  static final class RunEnds extends Selecting {
    private final RunEndEncodedVector vector;
    private int lastLogical = -1;
    private int lastPhysical;

    RunEnds(EncodeContext ctx, String column, RunEndEncodedVector vector, SlotEncoder values) {
      super(ctx, column, values);
      this.vector = vector;
    }

    private int physical(int i) {
      if (i != lastLogical) {
        lastPhysical = vector.getPhysicalIndex(i);
        lastLogical = i;
      }
      return lastPhysical;
    }

    @Override
    boolean isNull(int i) {
      int p = physical(i);
      return p < 0 || values.isNull(p);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      values.encode(physical(i), b);
    }
  }

  /** Sparse and dense unions: slot {@code i} is the value of the child its type id selects. */
  static final class Union extends SlotEncoder {
    private final UnionVector sparse;
    private final DenseUnionVector dense;
    private final ValueVector[] childVectors;
    private final SlotEncoder[] children;
    private final SlotEncoder[] byTypeId = new SlotEncoder[128];

    Union(
        EncodeContext ctx,
        String column,
        FieldVector vector,
        ValueVector[] childVectors,
        SlotEncoder[] children) {
      super(ctx, column);
      this.sparse = vector instanceof UnionVector u ? u : null;
      this.dense = vector instanceof DenseUnionVector d ? d : null;
      this.childVectors = childVectors;
      this.children = children;
    }

    private int typeId(int i) {
      return sparse != null ? sparse.getTypeValue(i) : dense.getTypeId(i);
    }

    private int childSlot(int i) {
      return sparse != null ? i : dense.getOffset(i);
    }

    private SlotEncoder child(int i) {
      int t = typeId(i);
      if (t < 0 || t >= byTypeId.length) {
        throw ctx.invalid(column, "union type id " + t + " outside 0 to 127");
      }
      SlotEncoder c = byTypeId[t];
      if (c == null) {
        ValueVector v =
            sparse != null ? sparse.getVectorByType(t) : dense.getVectorByType((byte) t);
        for (int k = 0; k < childVectors.length && c == null; k++) {
          if (childVectors[k] == v) {
            c = children[k];
          }
        }
        if (c == null) {
          throw ctx.invalid(column, "union type id " + t + " names no child");
        }
        byTypeId[t] = c;
      }
      return c;
    }

    @Override
    boolean isNull(int i) {
      return child(i).isNull(childSlot(i));
    }

    @Override
    void encode(int i, VariantBuilder b) {
      child(i).encode(childSlot(i), b);
    }

    @Override
    void collectKeys(Set<String> keys) {
      for (SlotEncoder c : children) {
        c.collectKeys(keys);
      }
    }

    @Override
    void bind(VariantBuilder b) {
      for (SlotEncoder c : children) {
        c.bind(b);
      }
    }
  }

  /** The Null type: every slot is null. */
  static final class Null extends SlotEncoder {
    Null(EncodeContext ctx, String column) {
      super(ctx, column);
    }

    @Override
    boolean isNull(int i) {
      return true;
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendNull();
    }
  }
}
