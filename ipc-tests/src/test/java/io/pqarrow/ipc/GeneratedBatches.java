package io.pqarrow.ipc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Seeded random batches over a set of catalog columns, with the dictionary the {@code dict_utf8}
 * column refers to. Batch {@code k} uses the k-th null rate of {@link #NULL_RATES} (cycling), so a
 * set of four or more batches has one without nulls and one where every nullable slot is null. Owns
 * every vector it made; close it.
 */
final class GeneratedBatches implements AutoCloseable {
  /** Null rates of successive batches. */
  static final double[] NULL_RATES = {0.25, 0.0, 1.0, 0.5};

  private final Schema schema;
  private final List<VectorSchemaRoot> batches;
  private final DictionaryProvider.MapDictionaryProvider dictionaries;

  private GeneratedBatches(
      Schema schema,
      List<VectorSchemaRoot> batches,
      DictionaryProvider.MapDictionaryProvider dictionaries) {
    this.schema = schema;
    this.batches = batches;
    this.dictionaries = dictionaries;
  }

  /**
   * @param columns the catalog columns to generate
   * @param seed the seed of every value
   * @param lengths the row count of each batch, in order (0 makes an empty batch)
   */
  static GeneratedBatches generate(
      BufferAllocator allocator, List<TypeCatalog.Column> columns, long seed, int... lengths) {
    Schema schema = TypeCatalog.schema(columns);
    Random random = new Random(seed);
    List<VectorSchemaRoot> batches = new ArrayList<>();
    DictionaryProvider.MapDictionaryProvider dictionaries =
        new DictionaryProvider.MapDictionaryProvider();
    GeneratedBatches result = new GeneratedBatches(schema, batches, dictionaries);
    try {
      dictionaries.put(dictionary(allocator));
      for (int k = 0; k < lengths.length; k++) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        batches.add(root);
        root.allocateNew();
        RandomSlots slots = new RandomSlots(random, NULL_RATES[k % NULL_RATES.length]);
        for (FieldVector vector : root.getFieldVectors()) {
          for (int row = 0; row < lengths[k]; row++) {
            slots.fill(vector, row);
          }
        }
        root.setRowCount(lengths[k]);
      }
      return result;
    } catch (RuntimeException e) {
      result.close();
      throw e;
    }
  }

  private static Dictionary dictionary(BufferAllocator allocator) {
    VarCharVector values = new VarCharVector("dict_utf8", allocator);
    values.allocateNew();
    for (int i = 0; i < TypeCatalog.DICTIONARY_VALUES.size(); i++) {
      values.setSafe(i, TypeCatalog.DICTIONARY_VALUES.get(i).getBytes(StandardCharsets.UTF_8));
    }
    values.setValueCount(TypeCatalog.DICTIONARY_VALUES.size());
    return new Dictionary(
        values,
        new DictionaryEncoding(TypeCatalog.DICTIONARY_ID, false, new ArrowType.Int(32, true)));
  }

  Schema schema() {
    return schema;
  }

  List<VectorSchemaRoot> batches() {
    return batches;
  }

  DictionaryProvider dictionaries() {
    return dictionaries;
  }

  @Override
  public void close() {
    try {
      AutoCloseables.close(batches);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    } finally {
      dictionaries.close();
    }
  }
}
