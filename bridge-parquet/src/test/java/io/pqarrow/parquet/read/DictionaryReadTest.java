package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dictionary-preserving reads give, value for value, what pyarrow's {@code read_table(...,
 * read_dictionary=...)} gives, as Int32 indices over the reader's dictionaries: in every page
 * version, with chunks that fell back to PLAIN mid-way, with batches spanning row groups, and at
 * null ratios 0, 50% and 100%.
 */
class DictionaryReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: file, data page version, mode (dict, fallback, plain, stored), null ratio, seed, and
   * optionally the codec (default snappy). Writes the file, then prints, for each column read by
   * pyarrow with read_dictionary, its type and one line per value: {@code column TAB N} for a null,
   * {@code column TAB V hex} for a value (a struct child and a list's elements flattened, as {@code
   * s.x} and {@code l.element}).
   */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq, pyarrow.compute as pc
      path, version, mode, ratio, seed = sys.argv[1:6]
      codec = sys.argv[6] if len(sys.argv) > 6 else 'snappy'
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 2311
      words = ['w%d' % rnd.randrange(300) * rnd.randrange(1, 6) for _ in range(400)]
      def vals(make):
          return [None if rnd.random() < ratio else make(i) for i in range(n)]
      s = pa.array(vals(lambda i: rnd.choice(words)), pa.string())
      b = pa.array(vals(lambda i: rnd.choice(words).encode() + bytes([i % 7])), pa.binary())
      ls = pa.array(vals(lambda i: rnd.choice(words)), pa.large_string())
      lb = pa.array(vals(lambda i: rnd.choice(words).encode()), pa.large_binary())
      x = pa.array(vals(lambda i: rnd.choice(words)), pa.string())
      valid = pa.array([ratio < 1 and rnd.random() > 0.2 for i in range(n)])
      st = pa.StructArray.from_arrays([x], names=['x'], mask=pc.invert(valid))
      lists = [None if rnd.random() < ratio else [rnd.choice(words) if rnd.random() >= ratio else None
               for _ in range(rnd.randrange(4))] for i in range(n)]
      l = pa.array(lists, pa.list_(pa.string()))
      t = pa.table({'s': s, 'b': b, 'ls': ls, 'lb': lb, 'st': st, 'l': l, 'i': pa.array(range(n))})
      names = ['s', 'b', 'ls', 'lb', 'st.x', 'l.list.element']
      if mode == 'stored':
          t = pa.table({'s': s.dictionary_encode(), 'b': b.dictionary_encode(),
                        'ls': ls, 'lb': lb, 'st': pa.StructArray.from_arrays(
                            [x.dictionary_encode()], names=['x'], mask=pc.invert(valid)),
                        'l': l, 'i': pa.array(range(n))})
          names = ['s', 'b', 'st.x']
      kw = dict(use_dictionary=mode != 'plain')
      if mode == 'fallback':
          kw['dictionary_pagesize_limit'] = 700
      pq.write_table(t, path, data_page_version=version, row_group_size=1013, data_page_size=900,
                     write_batch_size=101, store_schema=True, compression=codec, **kw)
      r = pq.read_table(path, read_dictionary=None if mode == 'stored' else names)
      out = []
      def emit(name, arr):
          out.append('T\\t%s\\t%s' % (name, arr.type))
          for v in arr.to_pylist():
              if v is None:
                  out.append('%s\\tN' % name)
              else:
                  out.append('%s\\tV%s' % (name, (v.encode() if isinstance(v, str) else v).hex()))
      for name in ['s', 'b', 'ls', 'lb']:
          emit(name, r[name].combine_chunks())
      stc = r['st'].combine_chunks()
      emit('st.x', pa.array([v['x'] if v is not None else None for v in stc.to_pylist()],
                            stc.type.field('x').type))
      emit('l.element', r['l'].combine_chunks().flatten())
      print('\\n'.join(out))
      """;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    int seed = 0;
    for (String mode : List.of("dict", "fallback", "plain")) {
      for (String version : List.of("1.0", "2.0")) {
        for (String ratio : List.of("0", "0.5", "1")) {
          out.add(Arguments.of(mode, version, ratio, seed++));
        }
      }
    }
    out.add(Arguments.of("stored", "1.0", "0.5", seed++));
    out.add(Arguments.of("stored", "2.0", "0", seed++));
    return out.stream();
  }

  private static final List<String> NAMED = List.of("s", "b", "ls", "lb", "st.x", "l.list.element");

  @ParameterizedTest(name = "{0}, data page {1}, nulls {2}")
  @MethodSource("files")
  void dictionaryColumnsReadAsPyarrowReadsThem(String mode, String version, String ratio, int seed)
      throws IOException {
    Path file = dir.resolve("d.parquet");
    String printed =
        PythonEnv.require().run(WRITE, file.toString(), version, mode, ratio, "" + seed);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    for (String line : printed.split("\n")) {
      String[] parts = line.split("\t");
      if (parts[0].equals("T")) {
        if (!mode.equals("stored") || !parts[1].startsWith("l")) {
          assertTrue(parts[2].startsWith("dictionary<"), "pyarrow reads " + line);
        }
        expected.put(parts[1], new ArrayList<>());
      } else {
        expected.get(parts[0]).add(parts[1]);
      }
    }
    List<String> named = mode.equals("stored") ? List.of() : NAMED;
    List<String> dictionaries = mode.equals("stored") ? List.of("s", "b", "st.x") : NAMED;
    for (int batch : new int[] {1, 7, 1000, 1013, 5000}) {
      Map<String, List<String>> actual = read(file, named, batch, 1, dictionaries);
      assertEquals(expected, actual, "batch " + batch);
    }
    for (int batch : new int[] {7, 1013}) {
      Map<String, List<String>> actual = read(file, named, batch, 3, dictionaries);
      assertEquals(expected, actual, "batch " + batch + " on 3 threads");
    }
  }

  /**
   * Reads {@code file} on the page path, on {@code threads} threads, with {@code named} read as
   * dictionaries, checks that exactly {@code dictionaries} are, and renders the columns as the
   * Python script does.
   */
  private Map<String, List<String>> read(
      Path file, List<String> named, int batchRows, int threads, List<String> dictionaries) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String c : List.of("s", "b", "ls", "lb", "st.x", "l.element")) {
      out.put(c, new ArrayList<>());
    }
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(batchRows)
            .columns(List.of("s", "b", "ls", "lb", "st", "l"))
            .readDictionary(named)
            .threads(threads)
            .build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      StructVector st = (StructVector) root.getVector("st");
      ListVector l = (ListVector) root.getVector("l");
      Map<String, FieldVector> leaves = new LinkedHashMap<>();
      for (String c : List.of("s", "b", "ls", "lb")) {
        leaves.put(c, root.getVector(c));
      }
      leaves.put("st.x", st.getChild("x"));
      leaves.put("l.element", l.getDataVector());
      for (Map.Entry<String, FieldVector> e : leaves.entrySet()) {
        DictionaryEncoding encoding = e.getValue().getField().getDictionary();
        String name = e.getKey().equals("l.element") ? "l.list.element" : e.getKey();
        assertEquals(dictionaries.contains(name), encoding != null, e.getKey());
        if (encoding != null) {
          assertEquals(new ArrowType.Int(32, true), encoding.getIndexType());
          assertEquals(new ArrowType.Int(32, true), e.getValue().getField().getType());
          assertNotNull(reader.lookup(encoding.getId()), e.getKey());
        }
      }
      while (reader.loadNextBatch()) {
        for (Map.Entry<String, FieldVector> e : leaves.entrySet()) {
          List<String> values = out.get(e.getKey());
          FieldVector v = e.getValue();
          int from = 0;
          int to = v.getValueCount();
          if (e.getKey().equals("l.element")) {
            to = l.getElementEndIndex(root.getRowCount() - 1);
          }
          for (int i = from; i < to; i++) {
            if (e.getKey().equals("st.x") && st.isNull(i)) {
              values.add("N");
            } else {
              values.add(render(reader, v, i));
            }
          }
        }
      }
    }
    return out;
  }

  private static String render(ParquetArrowReader reader, FieldVector v, int i) {
    if (v.isNull(i)) {
      return "N";
    }
    Field f = v.getField();
    FieldVector values = v;
    int at = i;
    if (f.getDictionary() != null) {
      values = reader.lookup(f.getDictionary().getId()).getVector();
      at = ((IntVector) v).get(i);
      assertTrue(at >= 0 && at < values.getValueCount(), "index " + at + " of " + f);
    }
    byte[] bytes =
        values instanceof BaseVariableWidthVector n
            ? n.get(at)
            : ((BaseLargeVariableWidthVector) values).get(at);
    return "V" + HexFormat.of().formatHex(bytes);
  }

  @Test
  void theStoredDictionaryFallsBackToItsValueTypeOnTheReferenceDecoder() {
    Path file = dir.resolve("stored.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0", "stored", "0", "3");
    try (ParquetArrowReader reader =
        ReaderHooks.openReference(
            file, memory.allocator(), ReadOptions.builder().readDictionary(NAMED).build())) {
      for (Field f : reader.schema().getFields()) {
        assertNull(f.getDictionary(), f.toString());
      }
      assertEquals(new ArrowType.Utf8(), reader.schema().findField("s").getType());
      assertTrue(reader.getDictionaryIds().isEmpty());
      assertTrue(reader.loadNextBatch());
    }
  }

  @Test
  void withStoredDictionariesOffOnlyNamedColumnsAreDictionaries() {
    Path file = dir.resolve("off.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "2.0", "stored", "0.5", "7");
    ReadOptions options =
        ReadOptions.builder().storedDictionaries(false).readDictionary(List.of("b")).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      assertEquals(new ArrowType.Utf8(), reader.schema().findField("s").getType());
      assertNull(reader.schema().findField("s").getDictionary());
      assertEquals(0L, reader.schema().findField("b").getDictionary().getId());
      assertEquals(new ArrowType.Binary(), reader.lookup(0).getVector().getField().getType());
      assertEquals(1, reader.getDictionaryIds().size());
      assertTrue(reader.loadNextBatch());
    }
  }

  @Test
  void aReadDictionaryNameThatIsNoStringOrBinaryLeafIsAnErrorOnEitherPath() {
    Path file = dir.resolve("names.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0", "dict", "0", "4");
    for (boolean pages : new boolean[] {true, false}) {
      for (String name : List.of("nope", "i", "st")) {
        ParquetFileException e =
            assertThrows(
                ParquetFileException.class,
                () ->
                    open(file, ReadOptions.builder().readDictionary(List.of(name)).build(), pages)
                        .close());
        assertEquals(ErrorKind.NOT_FOUND, e.kind());
        assertTrue(e.getMessage().contains("column " + name), e.getMessage());
        assertTrue(e.getMessage().contains("read as a dictionary"), e.getMessage());
      }
    }
  }

  @Test
  void idsAreUniqueAndTheParquetPathNamesALeafToo() {
    Path file = dir.resolve("ids.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "2.0", "stored", "0", "5");
    ReadOptions options = ReadOptions.builder().readDictionary(List.of("l.list.element")).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      List<Long> ids = new ArrayList<>();
      collectIds(reader.schema().getFields(), ids);
      assertEquals(List.of(0L, 1L, 2L, 3L), ids);
      assertEquals(4, reader.getDictionaryIds().size());
    }
  }

  /** A reader on the page path, or on the reference decoder when {@code pages} is false. */
  private ParquetArrowReader open(Path file, ReadOptions options, boolean pages) {
    return pages
        ? ParquetArrowReader.open(file, memory.allocator(), options)
        : ReaderHooks.openReference(file, memory.allocator(), options);
  }

  private static void collectIds(List<Field> fields, List<Long> ids) {
    for (Field f : fields) {
      if (f.getDictionary() != null) {
        ids.add(f.getDictionary().getId());
      }
      collectIds(f.getChildren(), ids);
    }
  }

  @Test
  void damagedPagesOfDictionaryColumnsGiveOnlyTheLibrarysExceptionNamingPageAndByte()
      throws IOException {
    Path clean = dir.resolve("clean.parquet");
    int failures = 0;
    for (String mode : List.of("dict", "fallback")) {
      PythonEnv.require().run(WRITE, clean.toString(), "1.0", mode, "0.3", "8", "NONE");
      List<long[]> bodies = PageReadPathTest.pageBodies(clean);
      java.util.Random random = new java.util.Random(mode.hashCode());
      for (int trial = 0; trial < 40; trial++) {
        Path file = dir.resolve("damaged.parquet");
        java.nio.file.Files.copy(clean, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        long[] body = bodies.get(random.nextInt(bodies.size()));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
          for (int k = 0; k < 1 + random.nextInt(4); k++) {
            long at = body[0] + random.nextInt((int) body[1]);
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(random.nextInt(4) == 0 ? 0xFF : b ^ (1 << random.nextInt(8)));
          }
        }
        ReadOptions options =
            ReadOptions.builder()
                .batchRows(100)
                .columns(List.of("s", "b", "ls", "lb", "st", "l"))
                .readDictionary(NAMED)
                .build();
        try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
          while (r.loadNextBatch()) {
            // Damage may leave values that still decode.
          }
        } catch (ParquetFileException e) {
          failures++;
          String where = mode + " trial " + trial + ": " + e.getMessage();
          assertTrue(e.location().hasColumn(), where);
          if (e.getMessage().contains("column chunk ends after")) {
            assertTrue(e.location().hasRow(), where);
            continue;
          }
          assertTrue(e.location().hasRowGroup(), where);
          assertTrue(e.location().hasByteOffset(), where);
          assertTrue(e.getMessage().matches("(?s).*row group \\d+, page \\d+.*byte \\d+.*"), where);
        }
      }
    }
    assertTrue(failures > 20, "only " + failures + " of the damaged files failed");
  }

  @Test
  void anIpcStreamOfTheBatchesReadsBackInPyarrowAsDictionaries() throws IOException {
    Path file = dir.resolve("ipc.parquet");
    Path ipc = dir.resolve("out.arrows");
    PythonEnv.require().run(WRITE, file.toString(), "1.0", "fallback", "0.5", "6");
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(700)
            .columns(List.of("s", "st", "l", "i"))
            .readDictionary(List.of("s", "st.x"))
            .build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options);
        FileChannel channel =
            FileChannel.open(ipc, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        ArrowStreamWriter writer =
            new ArrowStreamWriter(reader.getVectorSchemaRoot(), reader, channel)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
      }
      writer.end();
    }
    String printed =
        PythonEnv.require()
            .run(
                """
                import sys
                import pyarrow as pa, pyarrow.parquet as pq
                t = pa.ipc.open_stream(sys.argv[1]).read_all()
                r = pq.read_table(sys.argv[2], columns=['s', 'st', 'l', 'i'])
                print(t.schema.field('s').type, t.schema.field('st').type)
                print(t.column('s').cast(pa.string()).equals(r.column('s')))
                print(t.column('i').equals(r.column('i')))
                print(t.column('s').num_chunks)
                """,
                ipc.toString(),
                file.toString());
    String[] lines = printed.trim().split("\n");
    assertEquals(
        "dictionary<values=string, indices=int32, ordered=0>"
            + " struct<x: dictionary<values=string, indices=int32, ordered=0>>",
        lines[0]);
    assertEquals("True", lines[1]);
    assertEquals("True", lines[2]);
    assertEquals("4", lines[3]);
  }
}
