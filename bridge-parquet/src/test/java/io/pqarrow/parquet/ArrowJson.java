package io.pqarrow.parquet;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Renders Arrow rows as JSON lines in the same canonical form as {@link PyRender#PRELUDE}, so that
 * our values and pyarrow's can be compared as text: dates as days, times and timestamps as
 * nanoseconds, binary as lowercase hex, decimals as plain strings, maps as [key, value] pairs,
 * intervals as [months, days, nanos].
 */
public final class ArrowJson {
  /** Accepts Python's {@code NaN}, {@code Infinity} and {@code -Infinity} as numbers. */
  static final ObjectMapper MAPPER =
      JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private ArrowJson() {}

  /** One JSON object per row. */
  public static List<String> rows(VectorSchemaRoot root) {
    return rows(root, null);
  }

  /**
   * One JSON object per row, the values of dictionary-encoded vectors looked up in {@code
   * dictionaries} (none when it is {@code null}).
   */
  public static List<String> rows(
      VectorSchemaRoot root, org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      ObjectNode row = F.objectNode();
      for (FieldVector v : root.getFieldVectors()) {
        row.set(v.getName(), value(v, i, dictionaries));
      }
      out.add(row.toString());
    }
    return out;
  }

  /** Reads every batch of {@code file} through the real schema mapping, as canonical rows. */
  static List<String> readAll(
      java.nio.file.Path file,
      org.apache.arrow.memory.BufferAllocator allocator,
      ReadOptions options) {
    List<String> out = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        if (reader.getVectorSchemaRoot().getRowCount() > options.batchRows()) {
          throw new AssertionError("batch larger than " + options.batchRows());
        }
        for (String r : rows(reader.getVectorSchemaRoot(), reader)) {
          out.add(canonical(r));
        }
      }
    }
    return out;
  }

  /** Re-serializes a JSON line through Jackson so that number spellings agree. */
  public static String canonical(String line) {
    try {
      return MAPPER.readTree(line).toString();
    } catch (Exception e) {
      throw new AssertionError("not JSON: " + line, e);
    }
  }

  private static long nanos(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
  }

  static JsonNode value(FieldVector v, int i) {
    return value(v, i, null);
  }

  private static JsonNode value(
      FieldVector v, int i, org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    if (v.isNull(i)) {
      return F.nullNode();
    }
    if (dictionaries != null && v.getField().getDictionary() != null) {
      FieldVector values = dictionaries.lookup(v.getField().getDictionary().getId()).getVector();
      int index = (int) ((org.apache.arrow.vector.BaseIntVector) v).getValueAsLong(i);
      return value(values, index, dictionaries);
    }
    if (v instanceof ExtensionTypeVector<?> ext) {
      return value((FieldVector) ext.getUnderlyingVector(), i, dictionaries);
    }
    if (v instanceof MapVector m) {
      ArrayNode a = F.arrayNode();
      StructVector entries = (StructVector) m.getDataVector();
      FieldVector key = entries.getChildrenFromFields().get(0);
      FieldVector val = entries.getChildrenFromFields().get(1);
      for (int j = m.getElementStartIndex(i); j < m.getElementEndIndex(i); j++) {
        a.add(F.arrayNode().add(value(key, j, dictionaries)).add(value(val, j, dictionaries)));
      }
      return a;
    }
    if (v instanceof ListVector l) {
      ArrayNode a = F.arrayNode();
      for (int j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
        a.add(value(l.getDataVector(), j, dictionaries));
      }
      return a;
    }
    if (v instanceof LargeListVector l) {
      ArrayNode a = F.arrayNode();
      for (long j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
        a.add(value(l.getDataVector(), (int) j, dictionaries));
      }
      return a;
    }
    if (v instanceof org.apache.arrow.vector.complex.ListViewVector l) {
      ArrayNode a = F.arrayNode();
      for (int j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
        a.add(value(l.getDataVector(), j, dictionaries));
      }
      return a;
    }
    if (v instanceof org.apache.arrow.vector.complex.LargeListViewVector l) {
      ArrayNode a = F.arrayNode();
      long at = (long) i * org.apache.arrow.vector.complex.LargeListViewVector.OFFSET_WIDTH;
      long start = l.getOffsetBuffer().getLong(at);
      long end = start + l.getSizeBuffer().getLong(at);
      for (long j = start; j < end; j++) {
        a.add(value(l.getDataVector(), (int) j, dictionaries));
      }
      return a;
    }
    if (v instanceof org.apache.arrow.vector.complex.FixedSizeListVector l) {
      ArrayNode a = F.arrayNode();
      for (int j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
        a.add(value(l.getDataVector(), j, dictionaries));
      }
      return a;
    }
    if (v instanceof StructVector s) {
      ObjectNode o = F.objectNode();
      for (FieldVector c : s.getChildrenFromFields()) {
        o.set(c.getName(), value(c, i, dictionaries));
      }
      return o;
    }
    if (v instanceof BitVector b) {
      return F.booleanNode(b.get(i) != 0);
    }
    if (v instanceof UInt1Vector u) {
      return F.numberNode(u.get(i) & 0xFF);
    }
    if (v instanceof UInt2Vector u) {
      return F.numberNode((int) u.get(i));
    }
    if (v instanceof UInt4Vector u) {
      return F.numberNode(u.get(i) & 0xFFFF_FFFFL);
    }
    if (v instanceof UInt8Vector u) {
      return F.numberNode(UInt8Vector.getNoOverflow(u.getDataBuffer(), i));
    }
    if (v instanceof BaseIntVector n) {
      return F.numberNode(n.getValueAsLong(i));
    }
    if (v instanceof Float4Vector f) {
      return F.numberNode((double) f.get(i));
    }
    if (v instanceof Float8Vector f) {
      return F.numberNode(f.get(i));
    }
    if (v instanceof Float2Vector f) {
      return F.numberNode((double) f.getValueAsFloat(i));
    }
    if (v instanceof DecimalVector d) {
      return F.textNode(d.getObject(i).toPlainString());
    }
    if (v instanceof Decimal256Vector d) {
      return F.textNode(d.getObject(i).toPlainString());
    }
    if (v instanceof IntervalMonthDayNanoVector iv) {
      long base = (long) i * 16;
      return F.arrayNode()
          .add(iv.getDataBuffer().getInt(base))
          .add(iv.getDataBuffer().getInt(base + 4))
          .add(iv.getDataBuffer().getLong(base + 8));
    }
    if (v instanceof org.apache.arrow.vector.IntervalYearVector iv) {
      return F.arrayNode().add(iv.get(i)).add(0).add(0L);
    }
    if (v instanceof org.apache.arrow.vector.IntervalDayVector iv) {
      long base = (long) i * 8;
      return F.arrayNode()
          .add(0)
          .add(iv.getDataBuffer().getInt(base))
          .add(iv.getDataBuffer().getInt(base + 4) * 1_000_000L);
    }
    if (v instanceof FixedSizeBinaryVector b) {
      return F.textNode(HexFormat.of().formatHex(b.get(i)));
    }
    if (v instanceof VarCharVector s) {
      return F.textNode(s.getObject(i).toString());
    }
    if (v instanceof LargeVarCharVector s) {
      return F.textNode(s.getObject(i).toString());
    }
    if (v instanceof ViewVarCharVector s) {
      return F.textNode(s.getObject(i).toString());
    }
    if (v instanceof ViewVarBinaryVector b) {
      return F.textNode(HexFormat.of().formatHex(b.get(i)));
    }
    if (v instanceof VarBinaryVector b) {
      return F.textNode(HexFormat.of().formatHex(b.get(i)));
    }
    if (v instanceof LargeVarBinaryVector b) {
      return F.textNode(HexFormat.of().formatHex(b.get(i)));
    }
    if (v instanceof DateMilliVector d) {
      return F.numberNode(Math.floorDiv(d.get(i), 86_400_000L));
    }
    if (v.getField().getType() instanceof ArrowType.Timestamp t) {
      return F.numberNode(((TimeStampVector) v).get(i) * nanos(t.getUnit()));
    }
    if (v.getField().getType() instanceof ArrowType.Time t) {
      BaseFixedWidthVector f = (BaseFixedWidthVector) v;
      long raw =
          f.getTypeWidth() == 4
              ? f.getDataBuffer().getInt((long) i * 4)
              : f.getDataBuffer().getLong((long) i * 8);
      return F.numberNode(raw * nanos(t.getUnit()));
    }
    if (v instanceof BaseFixedWidthVector f) {
      // Dates, times, timestamps, durations: their integer storage.
      return f.getTypeWidth() == 4
          ? F.numberNode(f.getDataBuffer().getInt((long) i * 4))
          : F.numberNode(f.getDataBuffer().getLong((long) i * 8));
    }
    throw new AssertionError("no JSON rendering for " + v.getClass().getSimpleName());
  }
}
