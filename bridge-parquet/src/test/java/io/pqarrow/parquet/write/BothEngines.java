package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Writing the same batches with both writer engines (the per-value one, then the bulk one) and
 * comparing what they wrote: byte for byte where both cut pages at the same rows, else the footer
 * facts and values pyarrow reads ({@link #FACTS}). Files are named {@code old-NAME} (per-value) and
 * {@code new-NAME} (bulk), and are compared by {@code NAME}.
 */
final class BothEngines {
  private BothEngines() {}

  /**
   * argv: Parquet files. Per column chunk: the file's name without its {@code old-}/{@code new-}
   * prefix, row group, path, rows, encodings, values, statistics (min/max, nulls), page index,
   * bloom filter and dictionary page; then per column the md5 of the values pyarrow reads (page
   * checksums verified).
   */
  static final String FACTS =
      """
      import sys, json, hashlib, pyarrow.parquet as pq
      for f in sys.argv[1:]:
          pf = pq.ParquetFile(f)
          m = pf.metadata
          for r in range(m.num_row_groups):
              g = m.row_group(r)
              for k in range(g.num_columns):
                  c = g.column(k)
                  s = c.statistics
                  st = None if s is None else [s.has_min_max, s.null_count, s.has_null_count,
                       str(s.min) if s.has_min_max else None, str(s.max) if s.has_min_max else None]
                  print(json.dumps([f.rsplit('/', 1)[1][4:], r, c.path_in_schema, g.num_rows,
                      sorted(c.encodings), c.num_values, c.is_stats_set, st, c.has_column_index,
                      c.has_offset_index, c.bloom_filter_offset is not None,
                      c.has_dictionary_page]))
          t = pq.read_table(f, page_checksum_verification=True)
          for name in t.column_names:
              v = json.dumps(t.column(name).to_pylist(), default=str)
              print(json.dumps([f.rsplit('/', 1)[1][4:], name, hashlib.md5(v.encode()).hexdigest()]))
      """;

  /** Writes one file with an engine. */
  @FunctionalInterface
  interface Writing {
    void write(Path file, boolean bulk) throws IOException;
  }

  /**
   * Writes {@code old-NAME} with the per-value engine, then {@code new-NAME} with the bulk one, in
   * {@code dir}; returns the two files in that order.
   */
  static List<Path> write(Path dir, String name, Writing writing) {
    List<Path> pair = new ArrayList<>();
    for (boolean bulk : new boolean[] {false, true}) {
      Path file = dir.resolve((bulk ? "new-" : "old-") + name);
      try {
        writing.write(file, bulk);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      pair.add(file);
    }
    return pair;
  }

  /** Asserts that the two files of {@link #write} hold the same bytes. */
  static void assertSameBytes(List<Path> pair, Object what) {
    try {
      assertArrayEquals(
          Files.readAllBytes(pair.get(0)),
          Files.readAllBytes(pair.get(1)),
          "per-value engine, then bulk: " + what);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Asserts that pyarrow reads the same footer facts and values ({@link #FACTS}) from each {@code
   * old-NAME} among {@code files} as from its {@code new-NAME}, every old file listed before its
   * new one; {@code names} is how many names there are. Returns the per-value engine's facts (the
   * JSON arrays after the name), of all names.
   */
  static List<String> assertSameFacts(List<Path> files, int names) {
    Map<String, List<String>> facts = new LinkedHashMap<>();
    String out =
        PythonEnv.require().run(FACTS, files.stream().map(Path::toString).toArray(String[]::new));
    for (String line : out.split("\n")) {
      if (!line.isBlank()) {
        String key = line.substring(2, line.indexOf('"', 2));
        facts.computeIfAbsent(key, k -> new ArrayList<>()).add(line.substring(line.indexOf(',')));
      }
    }
    assertEquals(names, facts.size(), "pyarrow read every file");
    List<String> compared = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : facts.entrySet()) {
      List<String> lines = e.getValue();
      List<String> first = lines.subList(0, lines.size() / 2);
      List<String> second = lines.subList(lines.size() / 2, lines.size());
      assertEquals(first, second, e.getKey() + ": per-value engine, then bulk");
      compared.addAll(first);
    }
    return compared;
  }

  /**
   * Writes the batches of the Arrow IPC {@code stream} (its dictionaries too) to {@code file} with
   * one engine, only the fields {@code keep} takes; asserts that they are {@code fields} and that
   * the bulk engine writes every one of them.
   */
  static void writeStream(
      Path stream,
      Path file,
      WriteOptions options,
      boolean bulk,
      BufferAllocator allocator,
      Predicate<FieldVector> keep,
      int fields)
      throws IOException {
    try (java.io.InputStream in = Files.newInputStream(stream);
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
      VectorSchemaRoot all = reader.getVectorSchemaRoot();
      ParquetArrowWriter writer = null;
      try {
        while (reader.loadNextBatch()) {
          List<FieldVector> vectors = new ArrayList<>(all.getFieldVectors());
          vectors.removeIf(keep.negate());
          // Over the reader's vectors, which it closes.
          VectorSchemaRoot root = new VectorSchemaRoot(vectors);
          root.setRowCount(all.getRowCount());
          if (writer == null) {
            writer = ParquetArrowWriter.open(file, root.getSchema(), options, reader, bulk);
            assertEquals(fields, vectors.size(), "fields written");
            assertEquals(bulk ? fields : 0, writer.bulkFields(), "fields written in bulk");
          }
          writer.write(root, reader);
        }
      } finally {
        if (writer != null) {
          writer.close();
        }
      }
    }
  }

  /** Sets entry {@code i} of a test dictionary from {@code value} ({@code x}: see below). */
  @FunctionalInterface
  interface EntrySetter {
    void set(int i, int x, long value);
  }

  /**
   * Fills {@code v} with {@code n} dictionary entries: entry {@code nullAt} is null, entry 3
   * repeats entry 0 (as an Arrow dictionary may); the others are set from {@code x}, the entry's
   * index (0 for entry 3), and the value {@code (x * 37) % 101 - 50}, or {@code 1000 - 17 x} when
   * {@code replaced}. Returns {@code v}.
   */
  static FieldVector dictionary(
      FieldVector v, int n, int nullAt, boolean replaced, EntrySetter set) {
    v.allocateNew();
    for (int i = 0; i < n; i++) {
      if (i == nullAt) {
        v.setNull(i);
        continue;
      }
      int x = i == 3 ? 0 : i;
      set.set(i, x, replaced ? 1000 - 17L * x : (x * 37L) % 101 - 50);
    }
    v.setValueCount(n);
    return v;
  }

  /** The index of row {@code r}; negative for a null index. */
  @FunctionalInterface
  interface RowKeys {
    long key(int r);
  }

  /**
   * A field {@code name} of {@code rows} indices of {@code indexType} into {@code dictionary},
   * which is put in {@code provider} as dictionary {@code id}; row {@code r}'s index is {@code
   * keys.key(r)}.
   */
  static FieldVector indices(
      BufferAllocator allocator,
      DictionaryProvider.MapDictionaryProvider provider,
      String name,
      boolean nullable,
      long id,
      ArrowType.Int indexType,
      FieldVector dictionary,
      int rows,
      RowKeys keys) {
    DictionaryEncoding encoding = new DictionaryEncoding(id, false, indexType);
    provider.put(new Dictionary(dictionary, encoding));
    Field field = new Field(name, new FieldType(nullable, indexType, encoding), null);
    FieldVector indices = field.createVector(allocator);
    indices.allocateNew();
    for (int r = 0; r < rows; r++) {
      long key = keys.key(r);
      if (key < 0) {
        indices.setNull(r);
      } else {
        ((BaseIntVector) indices).setWithPossibleTruncate(r, key);
      }
    }
    indices.setValueCount(rows);
    return indices;
  }

  /**
   * Makes batch {@code b}: its dictionaries put in {@code provider}, their vectors in {@code
   * owned}.
   */
  @FunctionalInterface
  interface DictionaryBatches {
    VectorSchemaRoot batch(
        int b, DictionaryProvider.MapDictionaryProvider provider, List<FieldVector> owned);
  }

  /**
   * Writes {@code batches} batches of {@code make} to {@code file} with one engine, handing each to
   * {@code written} once written, then closing it and its dictionaries; asserts that the bulk
   * engine writes {@code bulkFields} fields.
   */
  static void writeBatches(
      Path file,
      WriteOptions options,
      boolean bulk,
      int batches,
      int bulkFields,
      DictionaryBatches make,
      java.util.function.BiConsumer<VectorSchemaRoot, DictionaryProvider> written)
      throws IOException {
    DictionaryProvider.MapDictionaryProvider provider =
        new DictionaryProvider.MapDictionaryProvider();
    List<FieldVector> owned = new ArrayList<>();
    ParquetArrowWriter writer = null;
    try {
      for (int b = 0; b < batches; b++) {
        try (VectorSchemaRoot batch = make.batch(b, provider, owned)) {
          if (writer == null) {
            writer = ParquetArrowWriter.open(file, batch.getSchema(), options, provider, bulk);
            assertEquals(bulk ? bulkFields : 0, writer.bulkFields(), "fields written in bulk");
          }
          writer.write(batch, provider);
          written.accept(batch, provider);
        } finally {
          owned.forEach(FieldVector::close);
          owned.clear();
        }
      }
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
  }

  /**
   * Writes one file with an engine under {@code options}; {@code sameBytes}: the two engines' files
   * are to be compared byte for byte.
   */
  @FunctionalInterface
  interface OptionsWriting {
    void write(Path file, WriteOptions options, boolean bulk, boolean sameBytes) throws IOException;
  }

  /**
   * Writes with both engines under each of {@code factSets}, then under the options with which both
   * cut the same pages, one per column chunk (v1 and v2 pages, dictionary on and off, page
   * statistics and index, row groups of 4,000 rows), whose files are compared byte for byte;
   * returns every file, each {@code old-} one before its {@code new-} one, for {@link
   * #assertSameFacts}.
   */
  static List<Path> writeAll(Path dir, List<WriteOptions> factSets, OptionsWriting writing) {
    List<Path> files = new ArrayList<>();
    int sets = 0;
    for (WriteOptions options : factSets) {
      files.addAll(
          write(
              dir, "facts-" + sets++ + ".parquet", (f, b) -> writing.write(f, options, b, false)));
    }
    for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        WriteOptions options =
            WriteOptions.builder()
                .pageVersion(version)
                .dictionary(dictionary)
                .pageBytes(64 << 20)
                .rowGroupRows(4000)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .build();
        List<Path> pair =
            write(
                dir, "bytes-" + sets++ + ".parquet", (f, b) -> writing.write(f, options, b, true));
        assertSameBytes(pair, options);
        files.addAll(pair);
      }
    }
    return files;
  }
}
