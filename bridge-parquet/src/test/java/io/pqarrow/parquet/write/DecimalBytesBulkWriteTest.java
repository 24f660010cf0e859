package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals written as BYTE_ARRAY (a Parquet schema that asks for them, as parquet-java's and
 * Spark's files have them) are written by the bulk engine: each value its whole Arrow width,
 * big-endian, as the per-value engine writes it. Decimal128 and Decimal256, optional and required,
 * at the top and below a list: byte for byte the per-value engine's file with one page per chunk,
 * the same footer facts pyarrow reads (min/max in signed order, null counts, encodings, page index)
 * with many pages and DELTA encodings, and pyarrow reads the values written.
 */
class DecimalBytesBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 7000;

  private static final MessageType PARQUET =
      MessageTypeParser.parseMessageType(
          """
          message m {
            optional binary a (DECIMAL(20, 3));
            required binary b (DECIMAL(30, 0));
            optional binary c (DECIMAL(50, 4));
            optional group l (LIST) {
              repeated group list {
                optional binary element (DECIMAL(12, 2));
              }
            }
          }
          """);

  private static final SchemaMapping MAPPING =
      SchemaMapper.toArrow(PARQUET, Map.of(), MappingOptions.defaults());

  /** Row {@code i}'s unscaled value of a column, signs and magnitudes mixed (null: see fill). */
  private static BigInteger value(int i, int column) {
    BigInteger x = BigInteger.valueOf((long) i * 7_919L * (column + 1) - 20_000_000L);
    if (i % 3 == 0) {
      x = x.multiply(BigInteger.TEN.pow(9 + column * 3)).negate();
    }
    return x;
  }

  private void fill(VectorSchemaRoot root, int from, int n) {
    DecimalVector a = (DecimalVector) root.getVector("a");
    DecimalVector b = (DecimalVector) root.getVector("b");
    Decimal256Vector c = (Decimal256Vector) root.getVector("c");
    ListVector l = (ListVector) root.getVector("l");
    root.allocateNew();
    DecimalVector e = (DecimalVector) l.getDataVector();
    int entries = 0;
    for (int k = 0; k < n; k++) {
      int i = from + k;
      if (i % 7 == 0) {
        a.setNull(k);
      } else {
        a.setSafe(k, new BigDecimal(value(i, 0), 3));
      }
      b.setSafe(k, new BigDecimal(value(i, 1), 0));
      if (i % 5 == 0) {
        c.setNull(k);
      } else {
        c.setSafe(k, new BigDecimal(value(i, 2), 4));
      }
      if (i % 11 == 0) {
        l.setNull(k);
        continue;
      }
      l.startNewValue(k);
      for (int j = 0; j < i % 4; j++, entries++) {
        if ((i + j) % 6 == 0) {
          e.setNull(entries);
        } else {
          e.setSafe(entries, BigDecimal.valueOf((long) (i - 3500) * (j + 1), 2));
        }
      }
      l.endValue(k, i % 4);
    }
    e.setValueCount(entries);
    root.setRowCount(n);
  }

  private List<Path> write(String name, WriteOptions options) {
    return BothEngines.write(
        dir,
        name,
        (file, bulk) -> {
          try (VectorSchemaRoot root =
                  VectorSchemaRoot.create(MAPPING.arrowSchema(), memory.allocator());
              ParquetArrowWriter w = ParquetArrowWriter.open(file, MAPPING, options, bulk)) {
            assertEquals(bulk ? 4 : 0, w.bulkFields());
            for (int from = 0; from < ROWS; from += 3000) {
              fill(root, from, Math.min(3000, ROWS - from));
              w.write(root);
            }
          }
        });
  }

  @Test
  void decimalsAsByteArraysWriteThePerValueEnginesFileAndValues() throws IOException {
    List<Path> files = new ArrayList<>();
    int names = 0;
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions one =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        List<Path> pair = write("one-" + names + ".parquet", one);
        BothEngines.assertSameBytes(pair, pair.get(1));
        files.addAll(pair);
        names++;
        WriteOptions many =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .pageRows(512)
                .rowGroupRows(4000)
                .bloomFilter("a", new WriteOptions.BloomFilter(0.01, 0))
                .bloomFilter("l", new WriteOptions.BloomFilter(0.05, 100))
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        files.addAll(write("many-" + names + ".parquet", many));
        names++;
      }
    }
    for (WriteOptions.Encoding delta :
        new WriteOptions.Encoding[] {
          WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY, WriteOptions.Encoding.DELTA_BYTE_ARRAY
        }) {
      WriteOptions options =
          WriteOptions.builder()
              .columnEncoding("a", delta)
              .columnEncoding("b", delta)
              .columnEncoding("c", delta)
              .columnEncoding("l.list.element", delta)
              .pageRows(1000)
              .build();
      files.addAll(write("delta-" + names + ".parquet", options));
      names++;
    }
    List<String> facts = BothEngines.assertSameFacts(files, names);
    assertEquals(true, facts.stream().anyMatch(f -> f.contains("DELTA_BYTE_ARRAY")), facts.get(0));
    String out =
        PythonEnv.require()
            .run(
                """
                import sys
                from decimal import Decimal
                import pyarrow.parquet as pq
                n = %d
                def value(i, c):
                    x = i * 7919 * (c + 1) - 20000000
                    return -x * 10 ** (9 + c * 3) if i %% 3 == 0 else x
                a = [None if i %% 7 == 0 else Decimal(value(i, 0)).scaleb(-3) for i in range(n)]
                b = [Decimal(value(i, 1)) for i in range(n)]
                c = [None if i %% 5 == 0 else Decimal(value(i, 2)).scaleb(-4) for i in range(n)]
                l = [None if i %% 11 == 0 else
                     [None if (i + j) %% 6 == 0 else Decimal((i - 3500) * (j + 1)).scaleb(-2)
                      for j in range(i %% 4)] for i in range(n)]
                for f in sys.argv[1:]:
                    t = pq.read_table(f)
                    assert t.column('a').to_pylist() == a, f
                    assert t.column('b').to_pylist() == b, f
                    assert t.column('c').to_pylist() == c, f
                    assert t.column('l').to_pylist() == l, f
                    print(f, 'ok')
                """
                    .formatted(ROWS),
                files.stream().map(Path::toString).toArray(String[]::new));
    assertEquals(files.size(), out.lines().filter(l -> l.endsWith(" ok")).count(), out);
  }

  /**
   * A dictionary-encoded decimal field over a BYTE_ARRAY column: its Arrow dictionary (with a null
   * entry and a repeat) read from its buffers as whole big-endian values, as the Parquet dictionary
   * page or as values.
   */
  @Test
  void aDictionaryOfDecimalsAsByteArraysWritesThePerValueEnginesFile() {
    MessageType parquet =
        MessageTypeParser.parseMessageType("message m { optional binary d (DECIMAL(20, 3)); }");
    Field d =
        new Field(
            "d",
            new FieldType(
                true,
                new ArrowType.Decimal(20, 3, 128),
                new DictionaryEncoding(7, false, new ArrowType.Int(16, true))),
            null);
    SchemaMapping mapping =
        new SchemaMapping(
            new Schema(List.of(d)),
            parquet,
            List.of(new FieldMapping(d, parquet.getType(0), List.of("d"), List.of())),
            Map.of(),
            List.of());
    List<Path> files = new ArrayList<>();
    int names = 0;
    for (boolean dictionary : new boolean[] {true, false}) {
      WriteOptions options = WriteOptions.builder().dictionary(dictionary).pageIndex(true).build();
      List<Path> pair =
          BothEngines.write(
              dir,
              "dict-" + names++ + ".parquet",
              (file, bulk) -> {
                try (DecimalVector values =
                        new DecimalVector(
                            "d",
                            FieldType.nullable(new ArrowType.Decimal(20, 3, 128)),
                            memory.allocator());
                    SmallIntVector indices = new SmallIntVector("d", memory.allocator());
                    ParquetArrowWriter w = ParquetArrowWriter.open(file, mapping, options, bulk)) {
                  assertEquals(bulk ? 1 : 0, w.bulkFields());
                  values.allocateNew(6);
                  long[] entries = {-5, 123_456_789_012L, 0, -5, Long.MIN_VALUE};
                  for (int i = 0; i < entries.length; i++) {
                    values.setSafe(i, BigDecimal.valueOf(entries[i], 3));
                  }
                  values.setNull(5);
                  values.setValueCount(6);
                  DictionaryProvider.MapDictionaryProvider provider =
                      new DictionaryProvider.MapDictionaryProvider(
                          new Dictionary(values, d.getDictionary()));
                  indices.allocateNew(ROWS);
                  for (int i = 0; i < ROWS; i++) {
                    if (i % 9 == 0) {
                      indices.setNull(i);
                    } else {
                      indices.set(i, i * 7 % 6);
                    }
                  }
                  indices.setValueCount(ROWS);
                  try (VectorSchemaRoot root =
                      new VectorSchemaRoot(List.of(d), List.of(indices), ROWS)) {
                    w.write(root, provider);
                  }
                }
              });
      BothEngines.assertSameBytes(pair, pair.get(1));
      files.addAll(pair);
    }
    List<String> facts = BothEngines.assertSameFacts(files, names);
    assertEquals(true, facts.get(0).contains("-9223372036854775.808"), facts.get(0));
  }
}
