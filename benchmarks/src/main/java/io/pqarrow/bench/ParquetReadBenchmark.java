package io.pqarrow.bench;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads a whole Parquet file with this library's {@link ParquetArrowReader} into Arrow batches and,
 * as the same-run baseline, with parquet-java's own record reader ({@link ParquetReader} with
 * {@link GroupReadSupport}, one {@link Group} per row). Both fold every value into the same
 * checksum, so the two methods return equal results.
 *
 * <p>The file is written once in {@link #setup()} by {@link ParquetArrowWriter} (SNAPPY, the
 * default codec, 4 row groups): {@code id int64, d double, s string} (4 to 30 bytes), {@code n
 * int32} with every tenth value null, and {@code l list<int32 not null>} of 0 to 4 values. Both
 * readers verify page checksums and use the same codec factory.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar ParquetReadBenchmark -f 1 -wi 1 -i 3 -w 2s -r 2s}.
 */
@Warmup(iterations = 2, time = 2)
public class ParquetReadBenchmark extends BenchmarkDefaults {
  /** Rows in the file. */
  @Param({"1000000"})
  public int rows;

  /** Rows per Arrow batch. */
  @Param({"8192"})
  public int batchRows;

  private static final long NULL_MARK = 0x9E3779B97F4A7C15L;
  private static final int WRITE_BATCH = 65_536;
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.notNullable("id", new ArrowType.Int(64, true)),
              Field.notNullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
              Field.notNullable("s", ArrowType.Utf8.INSTANCE),
              Field.nullable("n", new ArrowType.Int(32, true)),
              new Field(
                  "l",
                  FieldType.notNullable(ArrowType.List.INSTANCE),
                  List.of(Field.notNullable("element", new ArrowType.Int(32, true))))));

  private BufferAllocator allocator;
  private Path file;
  private long expected;

  /** Writes the file and remembers the checksum of the values written. */
  @Setup
  public void setup() throws IOException {
    allocator = new RootAllocator();
    file = Files.createTempFile("pqarrow-read-bench", ".parquet");
    long sum = 0;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(
                file,
                SCHEMA,
                WriteOptions.builder().rowGroupRows(Math.max(1, (rows + 3) / 4)).build())) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      Float8Vector d = (Float8Vector) root.getVector("d");
      VarCharVector s = (VarCharVector) root.getVector("s");
      IntVector n = (IntVector) root.getVector("n");
      ListVector l = (ListVector) root.getVector("l");
      for (int start = 0; start < rows; start += WRITE_BATCH) {
        int count = Math.min(WRITE_BATCH, rows - start);
        root.allocateNew();
        IntVector elements =
            (IntVector)
                l.addOrGetVector(FieldType.notNullable(new ArrowType.Int(32, true))).getVector();
        int element = 0;
        for (int i = 0; i < count; i++) {
          long row = start + i;
          id.setSafe(i, row * 2_654_435_761L);
          sum = mix(sum, row * 2_654_435_761L);
          double dv = row * 0.25 - 1000.0;
          d.setSafe(i, dv);
          sum = mix(sum, Double.doubleToRawLongBits(dv));
          byte[] sv =
              ("s" + row + "-" + "abcdefghijklmnopq".substring((int) (row % 17)))
                  .getBytes(StandardCharsets.UTF_8);
          s.setSafe(i, sv);
          sum = mixBytes(sum, sv);
          if (row % 10 == 3) {
            n.setNull(i);
            sum = mix(sum, NULL_MARK);
          } else {
            n.setSafe(i, (int) (row * 31));
            sum = mix(sum, (int) (row * 31));
          }
          int len = (int) (row % 5);
          l.startNewValue(i);
          sum = mix(sum, len);
          for (int j = 0; j < len; j++) {
            elements.setSafe(element++, (int) row + j);
            sum = mix(sum, (int) row + j);
          }
          l.endValue(i, len);
        }
        elements.setValueCount(element);
        root.setRowCount(count);
        writer.write(root);
      }
    }
    expected = sum;
  }

  /** Deletes the file and closes the allocator. */
  @TearDown
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
    allocator.close();
  }

  /** The checksum of the values written, for tests. */
  public long expectedChecksum() {
    return expected;
  }

  /** This library: the file into Arrow batches of {@link #batchRows}, every value checksummed. */
  @Benchmark
  public long pqarrowReader() {
    long sum = 0;
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, allocator, ReadOptions.builder().batchRows(batchRows).build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      BigIntVector id = (BigIntVector) root.getVector("id");
      Float8Vector d = (Float8Vector) root.getVector("d");
      VarCharVector s = (VarCharVector) root.getVector("s");
      IntVector n = (IntVector) root.getVector("n");
      ListVector l = (ListVector) root.getVector("l");
      while (reader.loadNextBatch()) {
        IntVector elements = (IntVector) l.getDataVector();
        ArrowBuf stringData = s.getDataBuffer();
        int count = root.getRowCount();
        for (int i = 0; i < count; i++) {
          sum = mix(sum, id.get(i));
          sum = mix(sum, Double.doubleToRawLongBits(d.get(i)));
          long end = s.getEndOffset(i);
          sum = mix(sum, end - s.getStartOffset(i));
          for (long b = s.getStartOffset(i); b < end; b++) {
            sum = mix(sum, stringData.getByte(b));
          }
          sum = n.isNull(i) ? mix(sum, NULL_MARK) : mix(sum, n.get(i));
          int first = l.getElementStartIndex(i);
          int last = l.getElementEndIndex(i);
          sum = mix(sum, last - first);
          for (int j = first; j < last; j++) {
            sum = mix(sum, elements.get(j));
          }
        }
      }
    }
    return sum;
  }

  /** Baseline: parquet-java's record reader, one {@link Group} per row, every value checksummed. */
  @Benchmark
  public long parquetJavaGroups() throws IOException {
    long sum = 0;
    try (ParquetReader<Group> reader = new GroupReaderBuilder(file).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        sum = mix(sum, g.getLong(0, 0));
        sum = mix(sum, Double.doubleToRawLongBits(g.getDouble(1, 0)));
        ByteBuffer sv = g.getBinary(2, 0).toByteBuffer();
        sum = mix(sum, sv.remaining());
        for (int b = sv.position(); b < sv.limit(); b++) {
          sum = mix(sum, sv.get(b));
        }
        sum =
            g.getFieldRepetitionCount(3) == 0 ? mix(sum, NULL_MARK) : mix(sum, g.getInteger(3, 0));
        Group list = g.getGroup(4, 0);
        int len = list.getFieldRepetitionCount(0);
        sum = mix(sum, len);
        for (int j = 0; j < len; j++) {
          sum = mix(sum, list.getGroup(0, j).getInteger(0, 0));
        }
      }
    }
    return sum;
  }

  private static long mix(long sum, long value) {
    return sum * 31 + value;
  }

  private static long mixBytes(long sum, byte[] bytes) {
    sum = mix(sum, bytes.length);
    for (byte b : bytes) {
      sum = mix(sum, b);
    }
    return sum;
  }
}
