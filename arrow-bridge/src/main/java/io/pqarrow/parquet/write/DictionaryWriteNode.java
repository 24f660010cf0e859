package io.pqarrow.parquet.write;

import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * A dictionary-encoded field: the batch holds indices, the caller's {@link DictionaryProvider} the
 * values. Each row is written by looking its index up in the dictionary vector, which the node
 * below writes as if it were the field's own vector; nothing is decoded into a new vector.
 *
 * <pre>
 * indices [1, null, 0]  dictionary ["red", "grün"]  →  "grün", null, "red"
 * </pre>
 */
final class DictionaryWriteNode extends WriteNode {
  private final long id;
  private final WriteNode values;
  private DictionaryProvider provider;
  private FieldVector vector;
  private BaseIntVector indices;
  private long size;

  DictionaryWriteNode(String path, int nullDef, long id, WriteNode values) {
    super(path, nullDef);
    this.id = id;
    this.values = values;
  }

  /** Takes the dictionaries of the batch about to be bound. */
  void useDictionaries(DictionaryProvider dictionaries) {
    this.provider = dictionaries;
  }

  @Override
  void bind(FieldVector v) {
    if (!(v instanceof BaseIntVector ints)) {
      throw new InvalidValueException(
          path,
          "dictionary indices in a " + v.getClass().getSimpleName() + ", not an integer vector");
    }
    Dictionary dictionary = provider == null ? null : provider.lookup(id);
    if (dictionary == null) {
      throw new InvalidValueException(
          path, "no dictionary with id " + id + " in the DictionaryProvider given with the batch");
    }
    this.vector = v;
    this.indices = ints;
    this.size = dictionary.getVector().getValueCount();
    values.bind(dictionary.getVector());
  }

  @Override
  void bind(ColumnWriteStore store) {
    values.bind(store);
  }

  @Override
  void write(int index, int rep) {
    if (vector.isNull(index)) {
      if (nullDef < 0) {
        throw new InvalidValueException(path, "null in a non-nullable field");
      }
      values.writeAbsent(rep, nullDef);
      return;
    }
    long key = indices.getValueAsLong(index);
    if (key < 0 || key >= size) {
      throw new InvalidValueException(
          path,
          "dictionary index "
              + key
              + " out of range (dictionary "
              + id
              + " has "
              + size
              + " values)");
    }
    values.write((int) key, rep);
  }

  @Override
  void writeAbsent(int rep, int def) {
    values.writeAbsent(rep, def);
  }

  @Override
  void collectLeaves(List<LeafEncoder> out) {
    values.collectLeaves(out);
  }
}
