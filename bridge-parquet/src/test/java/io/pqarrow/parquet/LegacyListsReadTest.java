package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files whose lists and maps have the shapes older writers gave them (the backward-compatibility
 * rules of the LogicalTypes specification), written here through parquet-java's example writer with
 * real rows (null lists, empty lists, several elements), read with the values pyarrow reads.
 */
class LegacyListsReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 300;

  /** Row {@code i}'s list length, or -1 for a null list. */
  private static int length(int i) {
    return i % 11 == 5 ? -1 : i % 4;
  }

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of(
            "repeated primitive named array",
            "message m { optional group a (LIST) { repeated int32 array; } }",
            rows((g, i) -> list(g, i, (e, k) -> g.getGroup("a", 0).add("array", i * 10 + k)))),
        Arguments.of(
            "repeated group named array, one field",
            "message m { optional group a (LIST) { repeated group array { required binary str"
                + " (STRING); } } }",
            rows(
                (g, i) ->
                    list(
                        g, i, (e, k) -> g.getGroup("a", 0).addGroup("array").add("str", "s" + k)))),
        Arguments.of(
            "repeated group named <list>_tuple",
            "message m { optional group a (LIST) { repeated group a_tuple { required binary str"
                + " (STRING); } } }",
            rows(
                (g, i) ->
                    list(
                        g,
                        i,
                        (e, k) -> g.getGroup("a", 0).addGroup("a_tuple").add("str", "t" + i)))),
        Arguments.of(
            "repeated group with several fields",
            "message m { optional group a (LIST) { repeated group element { required binary str"
                + " (STRING); required int32 num; } } }",
            rows(
                (g, i) ->
                    list(
                        g,
                        i,
                        (e, k) ->
                            g.getGroup("a", 0)
                                .addGroup("element")
                                .append("str", "e" + k)
                                .append("num", i - k)))),
        Arguments.of(
            "two-level list of two-level lists (parquet-testing's old_list_structure.parquet)",
            "message m { optional group a (LIST) { repeated group array (LIST) { repeated int32"
                + " array; } } }",
            rows(
                (g, i) ->
                    list(
                        g,
                        i,
                        (e, k) -> {
                          Group inner = g.getGroup("a", 0).addGroup("array");
                          for (int j = 0; j < (i + k) % 3; j++) {
                            inner.add("array", i * 10 + j);
                          }
                        }))),
        Arguments.of(
            "two-level list of maps",
            "message m { optional group a (LIST) { repeated group array (MAP) { repeated group"
                + " key_value { required int32 key; optional int32 value; } } } }",
            rows(
                (g, i) ->
                    list(
                        g,
                        i,
                        (e, k) -> {
                          Group inner = g.getGroup("a", 0).addGroup("array");
                          for (int j = 0; j < (i + k) % 3; j++) {
                            inner.addGroup("key_value").append("key", j).append("value", i + j);
                          }
                        }))),
        Arguments.of(
            "bare repeated primitive",
            "message m { required int32 id; repeated int32 bare; }",
            rows(
                (g, i) -> {
                  g.add("id", i);
                  for (int k = 0; k < Math.max(0, length(i)); k++) {
                    g.add("bare", i * 3 + k);
                  }
                })),
        Arguments.of(
            "bare repeated group",
            "message m { required int32 id; repeated group rg { required int32 x; optional binary"
                + " y (STRING); } }",
            rows(
                (g, i) -> {
                  g.add("id", i);
                  for (int k = 0; k < Math.max(0, length(i)); k++) {
                    Group r = g.addGroup("rg").append("x", k);
                    if (k % 2 == 0) {
                      r.append("y", "y" + i);
                    }
                  }
                })),
        Arguments.of(
            "MAP_KEY_VALUE map",
            "message m { optional group mm (MAP_KEY_VALUE) { repeated group map { required binary"
                + " key (UTF8); optional int32 value; } } }",
            rows(
                (g, i) ->
                    list(
                        g,
                        "mm",
                        i,
                        (e, k) -> {
                          Group kv = g.getGroup("mm", 0).addGroup("map").append("key", "k" + k);
                          if (k != 1) {
                            kv.append("value", i + k);
                          }
                        }))));
  }

  private static BiConsumer<Group, Integer> rows(BiConsumer<Group, Integer> row) {
    return row;
  }

  /**
   * Adds optional group "a" to {@code g} unless row {@code i}'s list is null, then its elements.
   */
  private static void list(Group g, int i, BiConsumer<Group, Integer> element) {
    list(g, "a", i, element);
  }

  private static void list(Group g, String name, int i, BiConsumer<Group, Integer> element) {
    if (length(i) < 0) {
      return;
    }
    g.addGroup(name);
    for (int k = 0; k < length(i); k++) {
      element.accept(g, k);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shapes")
  void legacyShapesReadAsPyarrowReadsThem(
      String name, String schemaText, BiConsumer<Group, Integer> row) throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType(schemaText);
    Path file = dir.resolve("legacy.parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .withPageSize(512)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup();
        row.accept(g, i);
        writer.write(g);
      }
    }
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(
            PyRender.PRELUDE + "dump(pq.read_table(sys.argv[1]))\n", file.toString());
    assertEquals(ROWS, expected.size());
    for (int batchRows : new int[] {7, 1024}) {
      Rows.assertSame(
          expected,
          ArrowJson.readAll(
              file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
    }
  }
}
