package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded Arrow fields below lists, large lists, structs, maps and lists of structs are
 * written by the bulk engine ({@link BulkColumnWriter} over {@link NestedLevels} and {@link
 * DictionaryEntries}), giving the file the per-value engine gives: byte for byte where both cut
 * pages at the same rows (one page per column chunk), else the same footer facts and values as
 * pyarrow reads them; pyarrow reads the values the batches hold. The batches come from a pyarrow
 * IPC stream: index types of 8 to 64 bits, signed and not; null lists, empty lists, null indices,
 * indices of a null or repeated dictionary entry, NaN; dictionaries the same, grown (a delta) and
 * replaced between batches; a required list of required entries; dictionaries of string views and
 * of booleans, at the top and below lists.
 */
class NestedDictionaryBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: the stream file, its rows, rows per batch. */
  static final String STREAM =
      """
import sys, random
import pyarrow as pa
def make(n, batch, seed):
    rnd = random.Random(seed)
    def maybe(v, p=0.12):
        return None if rnd.random() < p else v
    strs0 = ['red', 'grün', 'blau', 'red', None] + ['s%d' % i for i in range(30)]
    ints0 = [7, -3, 7, None, 1 << 20] + [i * 37 - 500 for i in range(20)]
    longs0 = [5 << 33, -1, None, 5 << 33] + [i << 31 for i in range(25)]
    fsb0 = [b'abc', b'xyz', None, b'abc'] + [bytes([i, i + 1, i + 2]) for i in range(15)]
    dbl0 = [0.5, -0.0, None, 0.5, float('nan')] + [i / 8 for i in range(12)]
    def dicts(b):
        # batches 0, 1 share; 2 grows (a delta); 3 and on are replaced
        if b < 2:
            return strs0, ints0, longs0, fsb0, dbl0
        if b == 2:
            return (strs0 + ['new%d' % i for i in range(5)], ints0 + [99, 98], longs0 + [3],
                    fsb0 + [b'new'], dbl0 + [1e300])
        return ([s[::-1] + '!' if s else s for s in strs0], [x * 3 if x is not None else None for x in ints0],
                longs0[::-1], fsb0[::-1], [x * 2 if x is not None else None for x in dbl0])
    def idx(d, required=False):
        while True:
            k = rnd.randrange(len(d))
            v = d[k]
            if not required or (v.is_valid if hasattr(v, 'is_valid') else v is not None):
                return k
    def lst(f, pnull=0.1, maxlen=4):
        if rnd.random() < pnull: return None
        return [f() for _ in range(rnd.randrange(maxlen + 1))]
    batches = []
    for b, start in enumerate(range(0, n, batch)):
        m = min(batch, n - start)
        S, I, L, F, D = dicts(b)
        ds, di, dl, df, dd = pa.array(S, pa.string()), pa.array(I, pa.int32()), pa.array(L, pa.int64()), pa.array(F, pa.binary(3)), pa.array(D, pa.float64())
        def dlist(it, d, rows, req=False, large=False, pnull=0.1):
            offs, vals, mask = [0], [], []
            for _ in range(rows):
                l = lst(lambda: idx(d, req) if req else maybe(idx(d)), pnull if not req else 0)
                mask.append(l is None)
                if l: vals += l
                offs.append(len(vals))
            inner = pa.DictionaryArray.from_arrays(pa.array(vals, it), d)
            cls = pa.LargeListArray if large else pa.ListArray
            ot = pa.int64() if large else pa.int32()
            if req:
                return cls.from_arrays(pa.array(offs, ot), inner, type=(pa.large_list if large else pa.list_)(pa.field('item', inner.type, nullable=False)))
            return cls.from_arrays(pa.array(offs, ot), inner, mask=pa.array(mask))
        cols = {}
        cols['ls'] = dlist(pa.int8(), ds, m)
        cols['li'] = dlist(pa.uint16(), di, m)
        cols['lld'] = dlist(pa.int32(), dd, m, large=True)
        cols['rq'] = dlist(pa.int64(), ds, m, req=True)
        a = pa.DictionaryArray.from_arrays(pa.array([maybe(idx(I)) for _ in range(m)], pa.int16()), di)
        f = pa.DictionaryArray.from_arrays(pa.array([maybe(idx(F)) for _ in range(m)], pa.int8()), df)
        smask = pa.array([rnd.random() < .1 for _ in range(m)])
        cols['st'] = pa.StructArray.from_arrays([a, f], names=['a', 'f'], mask=smask)
        # map<string, dict<int64>>
        offs, keys, vals, mmask = [0], [], [], []
        for _ in range(m):
            if rnd.random() < .1:
                mmask.append(True); offs.append(len(keys)); continue
            mmask.append(False)
            for j in range(rnd.randrange(4)):
                keys.append('k%d' % j); vals.append(maybe(idx(L)))
            offs.append(len(keys))
        cols['m'] = pa.MapArray.from_arrays(pa.array(offs, pa.int32()), pa.array(keys, pa.string()),
            pa.DictionaryArray.from_arrays(pa.array(vals, pa.int32()), dl), mask=pa.array(mmask))
        # string views and booleans, at the top and in lists
        dv = pa.array(S, pa.string_view())
        db = pa.array([True, None, False, True] if b != 3 else [False, True, None], pa.bool_())
        cols['v'] = pa.DictionaryArray.from_arrays(pa.array([maybe(idx(S)) for _ in range(m)], pa.int8()), dv)
        cols['lv'] = dlist(pa.int16(), dv, m)
        cols['b'] = pa.DictionaryArray.from_arrays(pa.array([maybe(idx(db)) for _ in range(m)], pa.int8()), db)
        cols['lb'] = dlist(pa.int32(), db, m)
        # list<struct<x: dict<string>>>
        xs = dlist(pa.int8(), ds, m)
        sv = pa.StructArray.from_arrays([xs.values], names=['x'])
        cols['lst'] = pa.ListArray.from_arrays(xs.offsets, sv, mask=xs.is_null())
        batches.append(pa.record_batch(list(cols.values()), names=list(cols.keys())))
    return batches
if __name__ == '__main__':
    bs = make(int(sys.argv[2]), int(sys.argv[3]), 5)
    opts = pa.ipc.IpcWriteOptions(emit_dictionary_deltas=True)
    with pa.ipc.new_stream(sys.argv[1], bs[0].schema, options=opts) as w:
        for b in bs:
            w.write_batch(b)
    t = pa.ipc.open_stream(sys.argv[1]).read_all()
    print(t.num_rows, t.schema)
""";

  /**
   * argv: the stream file, then Parquet files: each must read back as the stream's values of the
   * fields it holds (NaN equal to NaN).
   */
  static final String SAME_VALUES =
      """
      import sys, json, pyarrow as pa, pyarrow.parquet as pq
      src = pa.ipc.open_stream(sys.argv[1]).read_all()
      for f in sys.argv[2:]:
          t = pq.read_table(f)
          # every field, or (files compared byte for byte) those below lists and structs
          assert set(t.column_names) <= set(src.column_names), (f, t.schema)
          assert len(t.column_names) >= len(src.column_names) - 2, (f, t.schema)
          for name in t.column_names:
              same = lambda c: json.dumps(c.to_pylist(), default=str)  # NaN is NaN
              assert same(t.column(name)) == same(src.column(name)), (f, name)
          print(f, 'ok')
      """;

  private static final int FIELDS = 11;

  @Test
  void nestedDictionaryFieldsWriteWhatThePerValueEngineWrites() throws IOException {
    Path stream = dir.resolve("nested-dict.arrows");
    PythonEnv.require().run(STREAM, stream.toString(), "10000", "2500");
    List<WriteOptions> optionSets =
        List.of(
            WriteOptions.builder().pageBytes(2048).pageRows(500).rowGroupRows(6000).build(),
            WriteOptions.builder()
                .pageVersion(WriteOptions.PageVersion.V2)
                .pageBytes(1024)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .bloomFilter("ls.list.element", new WriteOptions.BloomFilter(0.05, 0))
                .bloomFilter("m.key_value.value", new WriteOptions.BloomFilter(0.05, 100))
                .build(),
            WriteOptions.builder().dictionary(false).pageRows(700).build(),
            WriteOptions.builder()
                .dictionary(false)
                .columnEncoding("lld.list.element", WriteOptions.Encoding.BYTE_STREAM_SPLIT)
                .columnEncoding("st.a", WriteOptions.Encoding.DELTA_BINARY_PACKED)
                // pyarrow reads no DELTA byte-array column into a dictionary
                .columnEncoding("li.list.element", WriteOptions.Encoding.DELTA_BINARY_PACKED)
                .build());
    List<Path> files =
        BothEngines.writeAll(
            dir,
            optionSets,
            // compared byte for byte: the fields below lists and structs only
            (file, options, bulk, sameBytes) -> write(stream, file, options, bulk, sameBytes));
    List<String> args = new ArrayList<>();
    args.add(stream.toString());
    files.forEach(f -> args.add(f.toString()));
    String same = PythonEnv.require().run(SAME_VALUES, args.toArray(String[]::new));
    assertEquals(files.size(), same.lines().filter(l -> l.endsWith(" ok")).count(), same);
    assertTrue(
        BothEngines.assertSameFacts(files, files.size() / 2).size() > 100,
        "column chunks compared");
  }

  /**
   * An index outside its dictionary, or the index of a null entry in a required element, is refused
   * naming the column and row, in the per-value engine's words; of an index outside the dictionary
   * and a null index in a later row of a required element, the earlier is reported.
   */
  @Test
  void aBadIndexBelowAListNamesColumnAndRowAsThePerValueEngine() throws IOException {
    Path stream = dir.resolve("bad.arrows");
    PythonEnv.require().run(STREAM, stream.toString(), "2000", "2000");
    for (String bad : new String[] {"ls", "rq", "order"}) {
      String column = bad.equals("ls") ? "ls" : "rq";
      List<String> messages = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("bad-" + bad + "-" + bulk + ".parquet");
        try (FileInputStream in = new FileInputStream(stream.toFile());
            ArrowStreamReader reader = new ArrowStreamReader(in, memory.allocator())) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          assertTrue(reader.loadNextBatch());
          ListVector list = (ListVector) root.getVector(column);
          // The first element of row 1234 (or the next row holding one).
          int row = withElement(list, 1234);
          BaseIntVector indices = (BaseIntVector) list.getDataVector();
          // "ls", "order": past its 35 entries; "rq": entry 4, the null one.
          indices.setWithPossibleTruncate(
              list.getElementStartIndex(row), bad.equals("rq") ? 4 : 100);
          if (bad.equals("order")) {
            // and a null index in the next row with an element (the same run of rows)
            list.getDataVector().setNull(list.getElementStartIndex(withElement(list, row + 1)));
          }
          ParquetArrowWriter writer =
              ParquetArrowWriter.open(
                  file, root.getSchema(), WriteOptions.defaults(), reader, bulk);
          assertEquals(bulk ? FIELDS : 0, writer.bulkFields());
          ParquetFileException e =
              assertThrows(ParquetFileException.class, () -> writer.write(root, reader));
          writer.close();
          messages.add(e.getMessage().replace(file.toString(), "FILE"));
          assertTrue(e.getMessage().contains("row " + row + ": "), e.getMessage());
        }
      }
      assertEquals(messages.get(0), messages.get(1));
    }
  }

  /** The first row from {@code row} on whose list has an element. */
  private static int withElement(ListVector list, int row) {
    while (list.isNull(row) || list.getElementStartIndex(row) == list.getElementEndIndex(row)) {
      row++;
    }
    return row;
  }

  /**
   * Writes the stream's batches to {@code file}; only the fields below lists and structs when
   * {@code nested} (the levels of a top-level nullable leaf are RLE-encoded otherwise than
   * parquet-java encodes them: {@link HybridRle}).
   */
  private void write(Path stream, Path file, WriteOptions options, boolean bulk, boolean nested)
      throws IOException {
    BothEngines.writeStream(
        stream,
        file,
        options,
        bulk,
        memory.allocator(),
        v -> !nested || !v.getField().getChildren().isEmpty(),
        nested ? FIELDS - 2 : FIELDS);
  }
}
