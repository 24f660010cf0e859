package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partitioned write of rows scattered over their partitions (gathered by {@link RowGather}):
 * nested columns (copied row by row), large strings and nulls (gathered buffer to buffer), a null
 * partition value and a maximum of rows per file; every row reads back as written.
 */
class GatheredWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              new Field(
                  "tags",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
              new Field(
                  "s",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(Field.nullable("x", ArrowType.Utf8.INSTANCE))),
              Field.nullable("big", ArrowType.LargeUtf8.INSTANCE),
              Field.nullable("p", new ArrowType.Int(32, true))));

  /** The text of row {@code id}'s file columns as written (and as they must read back). */
  private static String expected(long id) {
    String tags =
        id % 5 == 0
            ? "null"
            : "[" + String.join(",", tagsOf(id).stream().map(String::valueOf).toList()) + "]";
    String s = id % 6 == 0 ? "null" : "{\"x\":\"x" + id + "\"}";
    String big = id % 4 == 0 ? "null" : "big" + "é".repeat((int) (id % 3)) + id;
    return tags + "|" + s + "|" + big;
  }

  private static List<Integer> tagsOf(long id) {
    return id % 3 == 0 ? List.of() : List.of((int) id, (int) id + 1).subList(0, (int) (id % 3));
  }

  private VectorSchemaRoot batch(int from, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    root.allocateNew();
    UnionListWriter tags = ((ListVector) root.getVector("tags")).getWriter();
    StructVector s = (StructVector) root.getVector("s");
    VarCharVector x = s.getChild("x", VarCharVector.class);
    for (int i = 0; i < rows; i++) {
      long id = from + i;
      ((BigIntVector) root.getVector("id")).setSafe(i, id);
      tags.setPosition(i);
      if (id % 5 == 0) {
        tags.writeNull();
      } else {
        tags.startList();
        for (int t : tagsOf(id)) {
          tags.integer().writeInt(t);
        }
        tags.endList();
      }
      if (id % 6 == 0) {
        s.setNull(i);
      } else {
        s.setIndexDefined(i);
        x.setSafe(i, ("x" + id).getBytes(StandardCharsets.UTF_8));
      }
      LargeVarCharVector big = (LargeVarCharVector) root.getVector("big");
      if (id % 4 == 0) {
        big.setNull(i);
      } else {
        big.setSafe(i, ("big" + "é".repeat((int) (id % 3)) + id).getBytes(StandardCharsets.UTF_8));
      }
      IntVector p = (IntVector) root.getVector("p");
      if (id % 7 == 6) {
        p.setNull(i);
      } else {
        p.setSafe(i, (int) (id % 7));
      }
    }
    root.setRowCount(rows);
    return root;
  }

  @Test
  void scatteredNestedAndLargeStringRowsReadBackAsWritten() throws Exception {
    Path out = dir.resolve("out");
    try (PartitionedWriter w =
        PartitionedWriter.open(
            out, SCHEMA, List.of("p"), WriteOptions.defaults(), 40, memory.allocator())) {
      for (int b = 0; b < 3; b++) {
        try (VectorSchemaRoot root = batch(b * 300, 300)) {
          w.write(root);
        }
      }
    }
    Dataset dataset = Dataset.open(out.toString(), DatasetOptions.defaults());
    Map<Long, String> read = new TreeMap<>();
    for (int i = 0; i < dataset.files().size(); i++) {
      Object p = dataset.partitionValues(i).get("p");
      long rows = 0;
      try (ParquetArrowReader r =
          dataset.source(i).newReader(memory.allocator(), ReadOptions.defaults())) {
        while (r.loadNextBatch()) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          for (int k = 0; k < root.getRowCount(); k++) {
            long id = ((BigIntVector) root.getVector("id")).get(k);
            assertEquals(id % 7 == 6 ? "null" : String.valueOf(id % 7), String.valueOf(p));
            StringBuilder b = new StringBuilder();
            for (String c : List.of("tags", "s", "big")) {
              FieldVector v = root.getVector(c);
              b.append(b.length() == 0 ? "" : "|").append(String.valueOf(v.getObject(k)));
            }
            read.put(id, b.toString());
            rows++;
          }
        }
      }
      assertEquals(true, rows <= 40, "at most 40 rows per file: " + rows);
    }
    assertEquals(900, read.size());
    for (long id = 0; id < 900; id++) {
      assertEquals(expected(id), read.get(id), "row " + id);
    }
  }
}
