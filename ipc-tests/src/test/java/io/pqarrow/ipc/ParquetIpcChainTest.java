package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole chain: Parquet (written by the library) → Arrow (the library's reader) → IPC file →
 * pyarrow → Parquet written by pyarrow → Arrow (the library's reader again). Types and values stay
 * the same at every step, for every catalog column the chain can carry.
 */
class ParquetIpcChainTest {
  /**
   * Catalog columns the chain cannot carry, and why and why: defects of the library's Parquet
   * writer and reader not fixed yet, and pyarrow's limits.
   */
  static final Map<String, String> LEFT_OUT =
      Map.ofEntries(
          Map.entry(
              "dict_utf8",
              "library writer takes dictionaries (write(root, DictionaryProvider), tested in"
                  + " DictionaryWriteTest), but the library reader returns the values decoded (Utf8),"
                  + " so the schema check of this chain cannot hold"),
          Map.entry(
              "interval_ym",
              "no values to compare: neither CanonicalJson nor pyarrow (KeyError 21) renders"
                  + " month_interval (the library's own Parquet round trip: IntervalsTest)"),
          Map.entry(
              "interval_dt",
              "no values to compare: neither CanonicalJson nor pyarrow (KeyError 22) renders"
                  + " day_time_interval (the library's own Parquet round trip: IntervalsTest)"),
          Map.entry(
              "interval_mdn",
              "pyarrow: no Parquet mapping for month_day_nano_interval; the generated values"
                  + " (negative, sub-millisecond) are ones the library refuses to write inexactly"
                  + " (IntervalsTest)"));

  private static final int[] LENGTHS = {17, 0, 5, 40};

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static List<TypeCatalog.Column> carried() {
    return TypeCatalog.columns().stream().filter(c -> !LEFT_OUT.containsKey(c.name())).toList();
  }

  @Test
  void parquetArrowIpcPyarrowParquetArrowKeepsTypesAndValues() throws IOException {
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), carried(), 41, LENGTHS)) {
      List<JsonNode> generated = new ArrayList<>();
      for (VectorSchemaRoot batch : data.batches()) {
        generated.addAll(canonicalRows(batch));
      }
      Path original = dir.resolve("library.parquet");
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(original, data.schema(), WriteOptions.defaults())) {
        for (VectorSchemaRoot batch : data.batches()) {
          writer.write(batch);
        }
      }

      Path ipc = dir.resolve("library.arrow");
      List<JsonNode> readByLibrary = parquetToIpc(original, ipc, data.schema());
      CanonicalJson.assertRowsEqual(generated, readByLibrary, "Parquet → Arrow by the library");

      Path rewritten = dir.resolve("pyarrow.parquet");
      PythonScripts.Dump dump =
          PythonScripts.dump("pyarrow_ipc_to_parquet.py", ipc.toString(), rewritten.toString());
      List<String> pyarrowTypes = new ArrayList<>();
      dump.header().get("fields").forEach(f -> pyarrowTypes.add(f.get("type").asText()));
      assertEquals(
          carried().stream().map(TypeCatalog.Column::pyarrowType).toList(),
          pyarrowTypes,
          "types pyarrow read from the IPC file");
      CanonicalJson.assertRowsEqual(
          generated, dump.rows(), "values pyarrow read from the IPC file");

      List<JsonNode> again = new ArrayList<>();
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(rewritten, memory.allocator(), ReadOptions.defaults())) {
        assertEquals(data.schema(), reader.schema(), "types of pyarrow's Parquet, read here");
        while (reader.loadNextBatch()) {
          again.addAll(canonicalRows(reader.getVectorSchemaRoot()));
        }
      }
      CanonicalJson.assertRowsEqual(generated, again, "values of pyarrow's Parquet, read here");
    }
  }

  /** Reads {@code parquet} with the library, writing every batch to the IPC file {@code ipc}. */
  private List<JsonNode> parquetToIpc(Path parquet, Path ipc, Schema expected) throws IOException {
    List<JsonNode> rows = new ArrayList<>();
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                parquet, memory.allocator(), ReadOptions.builder().batchRows(16).build());
        FileChannel out =
            FileChannel.open(ipc, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter writer =
            new ArrowFileWriter(
                reader.getVectorSchemaRoot(),
                null,
                out,
                Map.of(),
                IpcOption.DEFAULT,
                BodyCompression.writerFactory(),
                BodyCompression.ZSTD.codecType())) {
      assertEquals(expected, reader.schema(), "types of the library's Parquet, read here");
      writer.start();
      while (reader.loadNextBatch()) {
        rows.addAll(canonicalRows(reader.getVectorSchemaRoot()));
        writer.writeBatch();
      }
      writer.end();
    }
    return rows;
  }

  private static List<JsonNode> canonicalRows(VectorSchemaRoot root) {
    CanonicalJson canonical = new CanonicalJson(null);
    List<JsonNode> rows = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      rows.add(PythonScripts.normalize(canonical.row(root, i, Set.of())));
    }
    return rows;
  }
}
