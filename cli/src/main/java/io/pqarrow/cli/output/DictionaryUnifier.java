package io.pqarrow.cli.output;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * One dictionary per column for a whole IPC file, from the dictionaries a Parquet reader gives
 * batch by batch (one per row group, and PLAIN fallback values): each batch's dictionary values are
 * looked up in the file's dictionary (added when new) and the batch's indices are rewritten in
 * place to point into it. The file's dictionaries are complete once the last batch is seen, which
 * is when an IPC file writes them ({@link IpcOutput}: after the record batches, before the footer
 * that lists them).
 *
 * <p>The work per batch is one hash lookup per value of the batch's dictionary and one index
 * rewrite per row; the memory is every distinct value of the dictionary columns, as pyarrow needs
 * to unify them.
 */
final class DictionaryUnifier implements DictionaryProvider, AutoCloseable {
  private final DictionaryProvider batches;
  private final Map<Long, Unified> unified = new LinkedHashMap<>();

  /** The file's dictionary of one id and where each of its values is. */
  private static final class Unified {
    final Dictionary dictionary;
    final Map<ByteBuffer, Integer> positions = new HashMap<>();
    int[] map = new int[0];

    Unified(Dictionary dictionary) {
      this.dictionary = dictionary;
    }
  }

  /** Unifies the dictionaries {@code batches} holds, in vectors from {@code allocator}. */
  DictionaryUnifier(DictionaryProvider batches, BufferAllocator allocator) {
    this.batches = batches;
    try {
      for (long id : batches.getDictionaryIds()) {
        Dictionary d = batches.lookup(id);
        FieldVector values = d.getVector().getField().createVector(allocator);
        unified.put(id, new Unified(new Dictionary(values, d.getEncoding())));
        values.allocateNew();
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Adds the batch's dictionary values and rewrites the indices of {@code root} to the file's. */
  void unify(VectorSchemaRoot root) {
    for (Map.Entry<Long, Unified> e : unified.entrySet()) {
      map(batches.lookup(e.getKey()).getVector(), e.getValue());
    }
    rewrite(root.getFieldVectors());
  }

  /** Fills {@code u.map}: batch dictionary position to file dictionary position. */
  private static void map(FieldVector batch, Unified u) {
    int n = batch.getValueCount();
    if (u.map.length < n) {
      u.map = new int[Math.max(n, u.map.length * 2)];
    }
    FieldVector file = u.dictionary.getVector();
    int size = file.getValueCount();
    for (int i = 0; i < n; i++) {
      byte[] value = bytes(batch, i);
      Integer at = u.positions.get(ByteBuffer.wrap(value));
      if (at == null) {
        at = size++;
        if (file instanceof BaseVariableWidthVector v) {
          v.setSafe(at, value);
        } else {
          ((BaseLargeVariableWidthVector) file).setSafe(at, value);
        }
        u.positions.put(ByteBuffer.wrap(value), at);
      }
      u.map[i] = at;
    }
    file.setValueCount(size);
  }

  private static byte[] bytes(FieldVector v, int i) {
    return v instanceof BaseVariableWidthVector n
        ? n.get(i)
        : ((BaseLargeVariableWidthVector) v).get(i);
  }

  private void rewrite(List<FieldVector> vectors) {
    for (FieldVector v : vectors) {
      if (v.getField().getDictionary() != null && v instanceof IntVector indices) {
        int[] map = unified.get(v.getField().getDictionary().getId()).map;
        for (int i = 0; i < indices.getValueCount(); i++) {
          if (!indices.isNull(i)) {
            indices.set(i, map[indices.get(i)]);
          }
        }
      }
      rewrite(v.getChildrenFromFields());
    }
  }

  @Override
  public Dictionary lookup(long id) {
    Unified u = unified.get(id);
    return u == null ? null : u.dictionary;
  }

  @Override
  public Set<Long> getDictionaryIds() {
    return unified.keySet();
  }

  @Override
  public void close() {
    for (Unified u : unified.values()) {
      u.dictionary.getVector().close();
    }
    unified.clear();
  }
}
