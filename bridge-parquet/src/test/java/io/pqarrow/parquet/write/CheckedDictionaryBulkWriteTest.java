package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded Arrow fields whose values are checked on the way (intervals of each unit, and
 * integers that change unit: timestamps and times in seconds, dates in milliseconds), at the top
 * and below a list, are written by the bulk engine, each dictionary converted once: the same
 * pyarrow footer facts and values as the per-value engine's file, with the Arrow dictionary as the
 * page dictionary and as values, over a dictionary kept, then replaced. An entry that cannot be
 * written (nanoseconds that are not whole milliseconds, a date that is not a whole day) is refused
 * as the per-value engine refuses it: by the first row that refers to it, or at once when the
 * dictionary is the page dictionary; unused, it is left out when the dictionary is not.
 */
class CheckedDictionaryBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] TYPES = {"mdn", "ym", "dt", "ts", "t32", "d64"};
  private static final int ROWS = 3000;
  private static final int ENTRIES = 30;

  /** The entry that cannot be written (in the dictionaries of {@code mdn} and {@code d64}). */
  private static final int BAD = 5;

  private static final long DAY = 86_400_000L;

  @Test
  void checkedDictionariesWriteWhatThePerValueEngineWrites() {
    List<Path> files = new ArrayList<>();
    int names = 0;
    for (WriteOptions options :
        List.of(
            WriteOptions.builder().statistics(WriteOptions.Statistics.PAGE).build(),
            WriteOptions.builder()
                .pageVersion(WriteOptions.PageVersion.V2)
                .pageRows(700)
                .pageIndex(true)
                .build(),
            WriteOptions.builder().dictionary(false).pageRows(1000).build())) {
      files.addAll(
          BothEngines.write(
              dir,
              "checked-" + names++ + ".parquet",
              (file, bulk) -> write(file, options, bulk, false, -1, "")));
    }
    List<String> facts = BothEngines.assertSameFacts(files, names);
    // a chunk with the Arrow dictionary as its page dictionary, and one written as values
    assertTrue(
        facts.stream().anyMatch(f -> f.contains("DICTIONARY\"") && f.endsWith(", true]")),
        facts.get(0));
    assertTrue(
        facts.stream().anyMatch(f -> !f.contains("DICTIONARY\"") && f.endsWith(", false]")),
        facts.get(0));
  }

  @Test
  void anEntryThatCannotBeWrittenIsRefusedByItsFirstRowOrByThePageDictionary() {
    // Not the page dictionary: unused, the bad entries are left out; used, refused by the row.
    List<Path> files =
        BothEngines.write(
            dir,
            "unused.parquet",
            (file, bulk) ->
                write(file, WriteOptions.builder().dictionary(false).build(), bulk, true, -1, ""));
    BothEngines.assertSameFacts(files, 1);
    // At the top, and below a list (its levels from NestedLevels, which refuses the entry).
    for (String field : new String[] {"mdn_n", "d64_n", "l_mdn", "l_d64"}) {
      String type = field.replace("l_", "").replace("_n", "");
      List<String> messages = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("used-" + field + bulk + ".parquet");
        messages.add(
            assertThrows(
                    ParquetFileException.class,
                    () ->
                        write(
                            file,
                            WriteOptions.builder().dictionary(false).build(),
                            bulk,
                            true,
                            type.equals("mdn") ? 1234 : 2345,
                            field))
                .getMessage()
                .replace(file.toString(), "FILE"));
      }
      assertEquals(messages.get(0), messages.get(1));
      assertTrue(
          messages.get(1).contains(type.equals("mdn") ? "row 1234: " : "row 2345: "),
          messages.get(1));
    }
    // The page dictionary: refused when the dictionary is read, used or not.
    List<String> messages = new ArrayList<>();
    for (boolean bulk : new boolean[] {false, true}) {
      Path file = dir.resolve("paged-" + bulk + ".parquet");
      messages.add(
          assertThrows(
                  ParquetFileException.class,
                  () -> write(file, WriteOptions.defaults(), bulk, true, -1, ""))
              .getMessage()
              .replace(file.toString(), "FILE"));
    }
    assertEquals(messages.get(0), messages.get(1));
    assertTrue(messages.get(1).contains("cannot be written exactly"), messages.get(1));
  }

  /**
   * Writes two batches with one dictionary, then one with another; {@code bad}: the dictionaries of
   * {@code mdn} and {@code d64} hold an entry that cannot be written, which row {@code badRow} of
   * the first batch of field {@code badField} refers to (-1: no row does).
   */
  private void write(
      Path file, WriteOptions options, boolean bulk, boolean bad, int badRow, String badField)
      throws java.io.IOException {
    BothEngines.writeBatches(
        file,
        options,
        bulk,
        3,
        TYPES.length * 3,
        (b, provider, owned) ->
            batch(memory.allocator(), provider, b, owned, bad, b == 0 ? badRow : -1, badField),
        (batch, provider) -> {});
  }

  private static VectorSchemaRoot batch(
      BufferAllocator allocator,
      DictionaryProvider.MapDictionaryProvider provider,
      int b,
      List<FieldVector> owned,
      boolean bad,
      int badRow,
      String badField) {
    List<FieldVector> vectors = new ArrayList<>();
    int k = 0;
    for (String type : TYPES) {
      for (boolean nullable : new boolean[] {true, false}) {
        long id = k++;
        FieldVector dictionary = dictionary(allocator, type, b == 2, bad);
        owned.add(dictionary);
        String name = type + (nullable ? "_n" : "_r");
        boolean hits = badRow >= 0 && name.equals(badField);
        vectors.add(
            BothEngines.indices(
                allocator,
                provider,
                name,
                nullable,
                id,
                new ArrowType.Int(k % 2 == 0 ? 8 : 32, true),
                dictionary,
                ROWS,
                r -> {
                  int row = b * ROWS + r;
                  if (nullable && row % 11 == 0) {
                    return -1;
                  }
                  // every entry but the bad one (nullable fields reach the null entry too)
                  int key = (row * 7) % ENTRIES;
                  if (key == BAD || !nullable && key == ENTRIES - 1) {
                    key = 0;
                  }
                  return hits && r >= badRow && r % 2 == badRow % 2 ? BAD : key;
                }));
      }
      vectors.add(list(allocator, provider, type, b, owned, bad, badRow, badField));
    }
    VectorSchemaRoot root = new VectorSchemaRoot(vectors);
    root.setRowCount(ROWS);
    return root;
  }

  /**
   * Field {@code l_TYPE}: a nullable list of nullable int16 indices into a dictionary of {@code
   * type} of its own; row {@code badRow}'s first element (of the first batch, when the field is
   * {@code badField}) refers to the entry that cannot be written.
   */
  private static FieldVector list(
      BufferAllocator allocator,
      DictionaryProvider.MapDictionaryProvider provider,
      String type,
      int b,
      List<FieldVector> owned,
      boolean bad,
      int badRow,
      String badField) {
    FieldVector dictionary = dictionary(allocator, type, b == 2, bad);
    owned.add(dictionary);
    String name = "l_" + type;
    DictionaryEncoding encoding =
        new DictionaryEncoding(
            100 + List.of(TYPES).indexOf(type), false, new ArrowType.Int(16, true));
    provider.put(new Dictionary(dictionary, encoding));
    Field item = new Field("item", new FieldType(true, encoding.getIndexType(), encoding), null);
    Field field = new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
    ListVector list = (ListVector) field.createVector(allocator);
    list.allocateNew();
    SmallIntVector elements = (SmallIntVector) list.getDataVector();
    boolean hits = badRow >= 0 && name.equals(badField);
    int e = 0;
    for (int r = 0; r < ROWS; r++) {
      int row = b * ROWS + r;
      if (row % 13 == 0) {
        list.setNull(r);
        continue;
      }
      list.startNewValue(r);
      int len = row % 4;
      for (int j = 0; j < len; j++, e++) {
        if ((row + j) % 9 == 0) {
          elements.setNull(e);
          continue;
        }
        int key = (row * 7 + j * 3) % ENTRIES;
        elements.setSafe(e, hits && r == badRow && j == 0 ? BAD : key == BAD ? 0 : key);
      }
      list.endValue(r, len);
    }
    elements.setValueCount(e);
    list.setValueCount(ROWS);
    return list;
  }

  /**
   * A dictionary of {@link #ENTRIES} values of {@code type}: entry 3 repeats entry 0, the last is
   * null; another's values when {@code replaced}; entry {@link #BAD} of mdn and d64 cannot be
   * written when {@code bad}.
   */
  private static FieldVector dictionary(
      BufferAllocator allocator, String type, boolean replaced, boolean bad) {
    FieldVector v =
        switch (type) {
          case "mdn" -> new IntervalMonthDayNanoVector("d", allocator);
          case "ym" -> new IntervalYearVector("d", allocator);
          case "dt" -> new IntervalDayVector("d", allocator);
          case "ts" -> new TimeStampSecVector("d", allocator);
          case "t32" -> new TimeSecVector("d", allocator);
          default -> new DateMilliVector("d", allocator);
        };
    return BothEngines.dictionary(
        v,
        ENTRIES,
        ENTRIES - 1,
        replaced,
        (i, x, value) -> {
          boolean wrong = bad && i == BAD;
          switch (type) {
            case "mdn" ->
                ((IntervalMonthDayNanoVector) v)
                    .setSafe(
                        i,
                        (int) value,
                        (int) -value,
                        wrong ? 1_500L : Math.abs(value) * 1_000_000L);
            case "ym" -> ((IntervalYearVector) v).setSafe(i, (int) value);
            case "dt" ->
                ((IntervalDayVector) v).setSafe(i, (int) value, (int) Math.abs(value * 1000));
            case "ts" -> ((TimeStampSecVector) v).setSafe(i, value * 86_400L);
            case "t32" -> ((TimeSecVector) v).setSafe(i, (int) Math.abs(value * 60));
            default -> ((DateMilliVector) v).setSafe(i, value * DAY + (wrong ? 1 : 0));
          }
        });
  }
}
