package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integers narrowed on the way (an Arrow Int64 or UInt64 in an INT32 column, as a hand-made mapping
 * may pair them) are written by the bulk engine: each value is checked as the per-value engine
 * checks it, the files are byte for byte the per-value engine's and pyarrow reads the values, and a
 * value that does not fit is refused naming its column and row, in the per-value engine's words.
 */
class NarrowingBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 6000;

  private static final Schema ARROW =
      new Schema(
          List.of(
              Field.nullable("a", new ArrowType.Int(64, true)),
              Field.notNullable("c", new ArrowType.Int(64, true)),
              Field.nullable("u", new ArrowType.Int(64, false))));

  private static final MessageType PARQUET =
      MessageTypeParser.parseMessageType(
          "message m { optional int32 a; required int32 c; optional int32 u (INTEGER(32,false)); }");

  private static SchemaMapping mapping() {
    List<FieldMapping> fields = new ArrayList<>();
    for (int i = 0; i < ARROW.getFields().size(); i++) {
      Field f = ARROW.getFields().get(i);
      fields.add(new FieldMapping(f, PARQUET.getType(i), List.of(f.getName()), List.of()));
    }
    return new SchemaMapping(ARROW, PARQUET, fields, Map.of(), List.of());
  }

  /** Row {@code i}'s value of {@code a}: signed, within INT32 (null every 7th row). */
  private static long a(int i) {
    return (i % 2 == 0 ? -1L : 1L) * (i * 357_913L % Integer.MAX_VALUE);
  }

  private void fill(VectorSchemaRoot root, int from, int n, int badRow) {
    BigIntVector a = (BigIntVector) root.getVector("a");
    BigIntVector c = (BigIntVector) root.getVector("c");
    UInt8Vector u = (UInt8Vector) root.getVector("u");
    a.allocateNew(n);
    c.allocateNew(n);
    u.allocateNew(n);
    for (int k = 0; k < n; k++) {
      int i = from + k;
      if (i % 7 == 0) {
        a.setNull(k);
      } else {
        a.set(k, i == badRow ? Integer.MAX_VALUE + 1L : a(i));
      }
      c.set(k, i - 3000);
      if (i % 5 == 0) {
        u.setNull(k);
      } else {
        u.set(k, 4_000_000_000L - i);
      }
    }
    root.setRowCount(n);
  }

  @Test
  void narrowedIntegersWriteThePerValueEnginesBytes() throws IOException {
    List<String> files = new ArrayList<>();
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions options =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .rowGroupRows(4000)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        List<Path> pair =
            BothEngines.write(
                dir,
                "narrow-" + files.size() + ".parquet",
                (file, bulk) -> {
                  try (VectorSchemaRoot root = VectorSchemaRoot.create(ARROW, memory.allocator());
                      ParquetArrowWriter w =
                          ParquetArrowWriter.open(file, mapping(), options, bulk)) {
                    assertEquals(bulk ? 3 : 0, w.bulkFields());
                    for (int from = 0; from < ROWS; from += 2500) {
                      fill(root, from, Math.min(2500, ROWS - from), -1);
                      w.write(root);
                    }
                  }
                });
        BothEngines.assertSameBytes(pair, pair.get(1));
        files.add(pair.get(1).toString());
      }
    }
    String out =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow.parquet as pq
                n = %d
                a = [None if i %% 7 == 0 else (-1 if i %% 2 == 0 else 1) * (i * 357913 %% 2147483647)
                     for i in range(n)]
                u = [None if i %% 5 == 0 else 4000000000 - i for i in range(n)]
                for f in sys.argv[1:]:
                    t = pq.read_table(f)
                    assert t.column('a').to_pylist() == a, f
                    assert t.column('c').to_pylist() == [i - 3000 for i in range(n)], f
                    assert t.column('u').to_pylist() == u, f
                    print(f, 'ok')
                """
                    .formatted(ROWS),
                files.toArray(String[]::new));
    assertEquals(files.size(), out.lines().filter(l -> l.endsWith(" ok")).count(), out);
    assertEquals(4, files.size());
  }

  @Test
  void aValueTooWideForInt32IsRefusedByColumnAndRowAsThePerValueEngineRefusesIt() {
    List<String> messages = new ArrayList<>();
    for (boolean bulk : new boolean[] {false, true}) {
      Path file = dir.resolve("bad.parquet");
      try (VectorSchemaRoot root = VectorSchemaRoot.create(ARROW, memory.allocator())) {
        ParquetArrowWriter w =
            ParquetArrowWriter.open(file, mapping(), WriteOptions.defaults(), bulk);
        assertEquals(bulk ? 3 : 0, w.bulkFields());
        fill(root, 0, 2500, -1);
        w.write(root);
        fill(root, 2500, 2500, 4321);
        ParquetFileException e = assertThrows(ParquetFileException.class, () -> w.write(root));
        w.close();
        messages.add(e.getMessage());
      }
    }
    assertEquals(messages.get(0), messages.get(1));
    assertTrue(messages.get(1).contains("column a, row 4321"), messages.get(1));
    assertTrue(
        messages
            .get(1)
            .contains(
                "value 2147483648 (in the column's unit) does not fit the Parquet INT32 column"),
        messages.get(1));
  }
}
