package io.pqarrow.bench;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.shred.Shredding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * A shredded Variant column's batches, read from an existing Parquet file into memory in a
 * benchmark's {@code @Setup}, with an unshredded copy of each ({@link Shredding#unshred}) for the
 * baseline. Owns every vector; {@link #close} frees them.
 */
final class VariantFileBatches implements AutoCloseable {
  /** The batches as the reader gave them (copied: the reader reuses its vectors). */
  final List<VariantVector> shredded = new ArrayList<>();

  /** The unshredded copy of each batch, in the same order. */
  final List<VariantVector> plain = new ArrayList<>();

  private long rows;

  private VariantFileBatches() {}

  /**
   * Reads {@code column} of {@code path} in batches of {@code batchRows}, or refuses, naming the
   * benchmark and its file parameter {@code param}, a path that is empty or not a file.
   */
  static VariantFileBatches read(
      String benchmark,
      String param,
      String path,
      String column,
      int batchRows,
      BufferAllocator allocator) {
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException(
          benchmark + " needs a file: run it with -p " + param + "=FILE.parquet");
    }
    Path file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(benchmark + ": no such file: " + file);
    }
    ExtensionTypes.register();
    VariantFileBatches batches = new VariantFileBatches();
    ReadOptions options =
        ReadOptions.builder().columns(List.of(column)).batchRows(batchRows).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector(column);
        if (!(v instanceof VariantVector)) {
          throw new IllegalArgumentException(
              benchmark + ": " + column + " is not a Variant column: " + v.getField());
        }
        VariantVector owned = (VariantVector) v.getField().createVector(allocator);
        batches.shredded.add(owned);
        TransferPair t = v.makeTransferPair(owned);
        for (int i = 0; i < v.getValueCount(); i++) {
          t.copyValueSafe(i, i);
        }
        owned.setValueCount(v.getValueCount());
        batches.plain.add(Shredding.unshred(owned, allocator));
        batches.rows += owned.getValueCount();
      }
    } catch (RuntimeException e) {
      batches.close();
      throw e;
    }
    System.out.println(
        benchmark
            + ": "
            + batches.rows
            + " rows in "
            + batches.shredded.size()
            + " batches of "
            + file);
    return batches;
  }

  /** The rows of the column. */
  long rows() {
    return rows;
  }

  @Override
  public void close() {
    shredded.forEach(VariantVector::close);
    plain.forEach(VariantVector::close);
    shredded.clear();
    plain.clear();
  }
}
