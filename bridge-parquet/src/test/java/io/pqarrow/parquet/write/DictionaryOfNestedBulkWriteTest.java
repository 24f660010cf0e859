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
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded Arrow fields whose values are lists or structs (at the top, below a list and
 * in a struct; of lists of ints, lists of strings, structs and lists of structs) are written by the
 * bulk engine, each row's levels taken from its dictionary entry ({@link NestedLevels}): the file
 * the per-value engine writes, byte for byte with one page per column chunk, else the same footer
 * facts and values as pyarrow reads them; pyarrow reads the values the batches hold. The batches
 * come from a pyarrow IPC stream: index types of 8 to 64 bits, signed and not; null indices, null
 * and repeated entries, empty lists, nulls at every level; a required field; dictionaries the same,
 * grown (a delta) and replaced between batches.
 */
class DictionaryOfNestedBulkWriteTest {
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
    def ints(k):
        return [maybe(rnd.randrange(-1000, 1000)) for _ in range(k)]
    lists0 = [[1, 2], None, [], [None, 5], [1, 2]] + [ints(rnd.randrange(5)) for _ in range(20)]
    structs0 = [{'a': 1, 'b': 'x'}, None, {'a': None, 'b': 'grün'}, {'a': 1, 'b': 'x'}] + [
        {'a': maybe(i << 33), 'b': maybe('s%d' % i)} for i in range(25)]
    lstructs0 = [[{'x': 0.5}, None], None, [], [{'x': None}, {'x': float('nan')}]] + [
        [{'x': maybe(i / 4)} for i in range(rnd.randrange(4))] for _ in range(10)]
    inner0 = [{'a': 7, 's': 'p'}, {'a': None, 's': None}, None] + [{'a': i, 's': 'q%d' % i} for i in range(12)]
    slists0 = [['a', None], None, [], ['bc']] + [[maybe('w%d' % j) for j in range(rnd.randrange(4))] for _ in range(15)]
    def grow(d, extra, b):
        if b < 2: return d
        if b == 2: return d + extra
        return d[::-1]
    tl = pa.list_(pa.int32())
    ts = pa.struct([('a', pa.int64()), ('b', pa.string())])
    tls = pa.list_(pa.struct([('x', pa.float64())]))
    ti = pa.struct([('a', pa.int32()), ('s', pa.string())])
    tsl = pa.list_(pa.string())
    batches = []
    for b, start in enumerate(range(0, n, batch)):
        m = min(batch, n - start)
        L = grow(lists0, [[9, 9, 9], []], b)
        S = grow(structs0, [{'a': -1, 'b': 'new'}], b)
        LS = grow(lstructs0, [[{'x': 1e300}]], b)
        I = grow(inner0, [{'a': 99, 's': 'new'}], b)
        SL = grow(slists0, [['zz']], b)
        dl, ds, dls, di, dsl = (pa.array(L, tl), pa.array(S, ts), pa.array(LS, tls), pa.array(I, ti), pa.array(SL, tsl))
        def idx(d, req=False):
            while True:
                k = rnd.randrange(len(d))
                if not req or d[k].is_valid:
                    return k
        def dict_col(it, d, req=False, p=0.12):
            keys = [idx(d, req) if req else maybe(idx(d), p) for _ in range(m)]
            return pa.DictionaryArray.from_arrays(pa.array(keys, it), d)
        cols = {}
        cols['dl'] = dict_col(pa.int8(), dl)
        cols['ds'] = dict_col(pa.uint16(), ds)
        cols['dls'] = dict_col(pa.int32(), dls)
        cols['rdl'] = dict_col(pa.int64(), dl, req=True)
        # list<dictionary<struct>>, and struct<d: dictionary<list<string>>>
        offs, vals, mask = [0], [], []
        for _ in range(m):
            if rnd.random() < 0.1:
                mask.append(True); offs.append(len(vals)); continue
            mask.append(False)
            vals += [maybe(idx(I)) for _ in range(rnd.randrange(4))]
            offs.append(len(vals))
        inner = pa.DictionaryArray.from_arrays(pa.array(vals, pa.int16()), di)
        cols['lds'] = pa.ListArray.from_arrays(pa.array(offs, pa.int32()), inner, mask=pa.array(mask))
        d = dict_col(pa.int8(), dsl)
        cols['sdl'] = pa.StructArray.from_arrays([d], names=['d'], mask=pa.array([rnd.random() < .1 for _ in range(m)]))
        rb = pa.record_batch(list(cols.values()), names=list(cols.keys()))
        fields = [f.with_nullable(False) if f.name == 'rdl' else f for f in rb.schema]
        batches.append(pa.record_batch(rb.columns, schema=pa.schema(fields)))
    return batches
if __name__ == '__main__':
    bs = make(int(sys.argv[2]), int(sys.argv[3]), 7)
    opts = pa.ipc.IpcWriteOptions(emit_dictionary_deltas=True)
    with pa.ipc.new_stream(sys.argv[1], bs[0].schema, options=opts) as w:
        for b in bs:
            w.write_batch(b)
    t = pa.ipc.open_stream(sys.argv[1]).read_all()
    print(t.num_rows, t.schema)
""";

  private static final int FIELDS = 6;

  @Test
  void dictionariesOfListsAndStructsWriteWhatThePerValueEngineWrites() throws IOException {
    Path stream = dir.resolve("dict-of-nested.arrows");
    PythonEnv.require().run(STREAM, stream.toString(), "10000", "2500");
    List<WriteOptions> optionSets =
        List.of(
            WriteOptions.builder().pageBytes(2048).pageRows(500).rowGroupRows(6000).build(),
            WriteOptions.builder()
                .pageVersion(WriteOptions.PageVersion.V2)
                .pageBytes(1024)
                .statistics(WriteOptions.Statistics.PAGE)
                .pageIndex(true)
                .bloomFilter("ds.b", new WriteOptions.BloomFilter(0.05, 0))
                .build(),
            WriteOptions.builder()
                .dictionary(false)
                .pageRows(700)
                .columnEncoding("dls.list.element.x", WriteOptions.Encoding.BYTE_STREAM_SPLIT)
                .columnEncoding("dl.list.element", WriteOptions.Encoding.DELTA_BINARY_PACKED)
                .build());
    List<Path> files =
        BothEngines.writeAll(
            dir,
            optionSets,
            (file, options, bulk, sameBytes) -> write(stream, file, options, bulk));
    List<String> args = new ArrayList<>();
    args.add(stream.toString());
    files.forEach(f -> args.add(f.toString()));
    String same =
        PythonEnv.require()
            .run(NestedDictionaryBulkWriteTest.SAME_VALUES, args.toArray(String[]::new));
    assertEquals(files.size(), same.lines().filter(l -> l.endsWith(" ok")).count(), same);
    assertTrue(
        BothEngines.assertSameFacts(files, files.size() / 2).size() > 100,
        "column chunks compared");
  }

  /**
   * An index outside its dictionary, or a null index in a required field, is refused naming the
   * column and row in the per-value engine's words; of two bad indices in one run, the earlier row.
   */
  @Test
  void aBadIndexOfADictionaryOfListsNamesColumnAndRowAsThePerValueEngine() throws IOException {
    Path stream = dir.resolve("bad.arrows");
    PythonEnv.require().run(STREAM, stream.toString(), "2000", "2000");
    for (String bad : new String[] {"dl", "rdl", "ds"}) {
      List<String> messages = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("bad-" + bad + "-" + bulk + ".parquet");
        try (FileInputStream in = new FileInputStream(stream.toFile());
            ArrowStreamReader reader = new ArrowStreamReader(in, memory.allocator())) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          assertTrue(reader.loadNextBatch());
          BaseIntVector indices = (BaseIntVector) root.getVector(bad);
          if (bad.equals("rdl")) {
            root.getVector(bad).setNull(1234);
          } else {
            // past the dictionary at row 1234, and (ds) a negative index at a later row
            indices.setWithPossibleTruncate(1234, 100);
            if (bad.equals("ds")) {
              indices.setWithPossibleTruncate(1240, 65535);
            }
          }
          ParquetArrowWriter writer =
              ParquetArrowWriter.open(
                  file, root.getSchema(), WriteOptions.defaults(), reader, bulk);
          assertEquals(bulk ? FIELDS : 0, writer.bulkFields());
          ParquetFileException e =
              assertThrows(ParquetFileException.class, () -> writer.write(root, reader));
          writer.close();
          messages.add(e.getMessage().replace(file.toString(), "FILE"));
          assertTrue(e.getMessage().contains("row 1234: "), e.getMessage());
        }
      }
      assertEquals(messages.get(0), messages.get(1));
    }
  }

  private void write(Path stream, Path file, WriteOptions options, boolean bulk)
      throws IOException {
    BothEngines.writeStream(stream, file, options, bulk, memory.allocator(), v -> true, FIELDS);
  }
}
