package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.extension.JsonVector;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.RepeatedValueVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.opentest4j.AssertionFailedError;

/**
 * Arrow values as JSON in one canonical form, which {@code pyarrow_dump.py} produces on the Python
 * side from what pyarrow read, so the two can be compared line by line.
 *
 * <pre>
 * null, bool, integers (unsigned as unsigned)  as themselves
 * floating point (16, 32, 64 bits)             "nan", or the 16 hex digits of the value's
 *                                              IEEE-754 double bits (exact for every width)
 * decimal                                      plain string with all scale digits: "-12.30"
 * date, time, timestamp, duration              the stored integer (the type string carries
 *                                              unit and zone)
 * month_day_nano interval                      [months, days, nanoseconds]
 * string types, arrow.json                     the text
 * binary types                                 lower-case hex
 * list types                                   array; map: array of [key, value]
 * union, run-end encoded                       the value at the slot
 * struct                                       object by child name
 * dictionary                                   the decoded value
 * arrow.uuid                                   canonical UUID text
 * other extension types                        their storage
 * </pre>
 */
final class CanonicalJson {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final HexFormat HEX = HexFormat.of();

  private final DictionaryProvider dictionaries;

  CanonicalJson(DictionaryProvider dictionaries) {
    this.dictionaries = dictionaries;
  }

  /** Row {@code row} of {@code root}, leaving out the columns named in {@code skip}. */
  ObjectNode row(VectorSchemaRoot root, int row, Set<String> skip) {
    ObjectNode node = JSON.objectNode();
    for (FieldVector v : root.getFieldVectors()) {
      if (!skip.contains(v.getName())) {
        node.set(v.getName(), value(v, row));
      }
    }
    return node;
  }

  /**
   * Same number of rows and the same rows, failing on the first differing row with the columns that
   * differ in it.
   */
  static void assertRowsEqual(List<JsonNode> expected, List<JsonNode> actual, String where) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      JsonNode e = expected.get(i);
      JsonNode a = actual.get(i);
      if (!e.equals(a)) {
        StringBuilder diff = new StringBuilder();
        e.fieldNames()
            .forEachRemaining(
                n -> {
                  if (!e.get(n).equals(a.get(n))) {
                    diff.append("\n  ")
                        .append(n)
                        .append(": ")
                        .append(e.get(n))
                        .append(" != ")
                        .append(a.get(n));
                  }
                });
        throw new AssertionFailedError(
            where + ": row " + i + " differs" + diff + "\nexpected " + e + "\nactual   " + a);
      }
    }
    assertEquals(expected.size(), actual.size(), where + ": rows");
  }

  JsonNode value(FieldVector v, int i) {
    if (v.isNull(i)) {
      return JSON.nullNode();
    }
    DictionaryEncoding encoding = v.getField().getDictionary();
    if (encoding != null) {
      FieldVector values = dictionaries.lookup(encoding.getId()).getVector();
      return value(values, (int) ((BaseIntVector) v).getValueAsLong(i));
    }
    return switch (v.getMinorType()) {
      case BIT -> JSON.booleanNode(((BitVector) v).get(i) != 0);
      case TINYINT, SMALLINT, INT, BIGINT -> JSON.numberNode(((BaseIntVector) v).getValueAsLong(i));
      case UINT1 -> JSON.numberNode(((UInt1Vector) v).getObjectNoOverflow(i));
      case UINT2 -> JSON.numberNode((int) ((UInt2Vector) v).get(i));
      case UINT4 -> JSON.numberNode(((UInt4Vector) v).getObjectNoOverflow(i));
      case UINT8 -> JSON.numberNode(((UInt8Vector) v).getObjectNoOverflow(i));
      case FLOAT2, FLOAT4, FLOAT8 -> floatBits(((FloatingPointVector) v).getValueAsDouble(i));
      case DECIMAL, DECIMAL256 -> JSON.textNode(((BigDecimal) v.getObject(i)).toPlainString());
      case DATEDAY -> JSON.numberNode(((DateDayVector) v).get(i));
      case DATEMILLI -> JSON.numberNode(((DateMilliVector) v).get(i));
      case TIMESEC -> JSON.numberNode(((TimeSecVector) v).get(i));
      case TIMEMILLI -> JSON.numberNode(((TimeMilliVector) v).get(i));
      case TIMEMICRO -> JSON.numberNode(((TimeMicroVector) v).get(i));
      case TIMENANO -> JSON.numberNode(((TimeNanoVector) v).get(i));
      case TIMESTAMPSEC,
              TIMESTAMPMILLI,
              TIMESTAMPMICRO,
              TIMESTAMPNANO,
              TIMESTAMPSECTZ,
              TIMESTAMPMILLITZ,
              TIMESTAMPMICROTZ,
              TIMESTAMPNANOTZ ->
          JSON.numberNode(((TimeStampVector) v).get(i));
      case DURATION -> JSON.numberNode(DurationVector.get(v.getDataBuffer(), i));
      case INTERVALMONTHDAYNANO -> monthDayNano((IntervalMonthDayNanoVector) v, i);
      case VARCHAR, LARGEVARCHAR, VIEWVARCHAR -> JSON.textNode(v.getObject(i).toString());
      case VARBINARY, LARGEVARBINARY, VIEWVARBINARY, FIXEDSIZEBINARY ->
          JSON.textNode(HEX.formatHex((byte[]) v.getObject(i)));
      case MAP -> map((MapVector) v, i);
      case LIST, FIXED_SIZE_LIST, LISTVIEW -> {
        BaseListVector list = (BaseListVector) v;
        yield elements(
            v instanceof FixedSizeListVector fixed
                ? fixed.getDataVector()
                : (FieldVector) ((RepeatedValueVector) v).getDataVector(),
            list.getElementStartIndex(i),
            list.getElementEndIndex(i));
      }
      case LARGELIST -> {
        LargeListVector list = (LargeListVector) v;
        yield elements(
            list.getDataVector(),
            (int) list.getElementStartIndex(i),
            (int) list.getElementEndIndex(i));
      }
      case LARGELISTVIEW -> {
        LargeListViewVector list = (LargeListViewVector) v;
        long start = list.getOffsetBuffer().getLong((long) i * LargeListViewVector.OFFSET_WIDTH);
        long size = list.getSizeBuffer().getLong((long) i * LargeListViewVector.SIZE_WIDTH);
        yield elements(list.getDataVector(), (int) start, (int) (start + size));
      }
      case UNION -> {
        UnionVector union = (UnionVector) v;
        yield value((FieldVector) union.getVectorByType(union.getTypeValue(i)), i);
      }
      case DENSEUNION -> {
        DenseUnionVector union = (DenseUnionVector) v;
        yield value((FieldVector) union.getVectorByType(union.getTypeId(i)), union.getOffset(i));
      }
      case RUNENDENCODED -> {
        RunEndEncodedVector ree = (RunEndEncodedVector) v;
        yield value(ree.getValuesVector(), ree.getPhysicalIndex(i));
      }
      case STRUCT -> struct((StructVector) v, i);
      case EXTENSIONTYPE -> extension(v, i);
      default -> throw new IllegalArgumentException("no canonical JSON for " + v.getField());
    };
  }

  private JsonNode extension(FieldVector v, int i) {
    if (v instanceof UuidVector uuid) {
      return JSON.textNode(uuid.getObject(i).toString());
    }
    if (v instanceof JsonVector json) {
      return JSON.textNode(json.getUnderlyingVector().getObject(i).toString());
    }
    return value(((ExtensionTypeVector<?>) v).getUnderlyingVector(), i);
  }

  private ArrayNode elements(FieldVector data, int start, int end) {
    ArrayNode array = JSON.arrayNode();
    for (int k = start; k < end; k++) {
      array.add(value(data, k));
    }
    return array;
  }

  private ArrayNode map(MapVector v, int i) {
    StructVector entries = (StructVector) v.getDataVector();
    FieldVector keys = (FieldVector) entries.getChild(MapVector.KEY_NAME);
    FieldVector values = (FieldVector) entries.getChild(MapVector.VALUE_NAME);
    ArrayNode array = JSON.arrayNode();
    for (int k = v.getElementStartIndex(i); k < v.getElementEndIndex(i); k++) {
      array.add(JSON.arrayNode().add(value(keys, k)).add(value(values, k)));
    }
    return array;
  }

  private ObjectNode struct(StructVector v, int i) {
    ObjectNode node = JSON.objectNode();
    for (FieldVector child : v.getChildrenFromFields()) {
      node.set(child.getName(), value(child, i));
    }
    return node;
  }

  private static JsonNode monthDayNano(IntervalMonthDayNanoVector v, int i) {
    NullableIntervalMonthDayNanoHolder h = new NullableIntervalMonthDayNanoHolder();
    v.get(i, h);
    return JSON.arrayNode().add(h.months).add(h.days).add(h.nanoseconds);
  }

  private static JsonNode floatBits(double d) {
    return JSON.textNode(
        Double.isNaN(d)
            ? "nan"
            : String.format(Locale.ROOT, "%016x", Double.doubleToRawLongBits(d)));
  }
}
