package io.pqarrow.jvm;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The program {@link WithoutTheJvmFlagTest} runs in a JVM of its own: opens a reader (and loads a
 * batch), a reader of a file that does not exist, a writer, and runs a kernel, twice each, printing
 * one line per call: {@code <call> ok}, or {@code <call> <kind> <message>} for a {@link
 * BridgeException}, or {@code <call> other <exception>}.
 *
 * <p>Arguments: the Parquet file to read, a path that does not exist, the path to write.
 */
public final class WithoutTheJvmFlagProbe {
  private WithoutTheJvmFlagProbe() {}

  public static void main(String[] args) {
    Path sample = Path.of(args[0]);
    Path missing = Path.of(args[1]);
    Path out = Path.of(args[2]);
    Schema schema = new Schema(List.of(Field.nullable("i", new ArrowType.Int(32, true))));
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int round = 0; round < 2; round++) {
        call(
            "reader",
            () -> {
              try (ParquetArrowReader reader =
                  ParquetArrowReader.open(sample, allocator, ReadOptions.defaults())) {
                reader.loadNextBatch();
              }
            });
        call(
            "reader-of-a-missing-file",
            () -> ParquetArrowReader.open(missing, allocator, ReadOptions.defaults()).close());
        call("writer", () -> ParquetArrowWriter.open(out, schema, WriteOptions.defaults()).close());
        call(
            "kernel",
            () -> {
              try (IntVector ints = new IntVector("i", allocator)) {
                ints.allocateNew(1);
                ints.set(0, 7);
                ints.setValueCount(1);
                try (VariantVector variant = VariantKernels.castToVariant(ints, allocator)) {
                  if (variant.getValueCount() != 1) {
                    throw new AssertionError("one row in, " + variant.getValueCount() + " out");
                  }
                }
              }
            });
      }
    }
  }

  private static void call(String name, Runnable call) {
    try {
      call.run();
      System.out.println(name + " ok");
    } catch (BridgeException e) {
      System.out.println(name + " " + e.kind() + " " + e.getMessage());
    } catch (RuntimeException | Error e) {
      System.out.println(name + " other " + e);
    }
  }
}
