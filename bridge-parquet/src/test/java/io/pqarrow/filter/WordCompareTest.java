package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The filter's word-at-a-time comparisons ({@link WordCompare}, {@link DictionaryRows}) against a
 * slow reference row by row (exact {@code BigDecimal} comparison for integers, Java's {@code
 * double} operators for floats, so NaN only {@code !=}), for every operator, signed and unsigned
 * widths 8 to 64, float32/64 with NaN and signed zeros, dictionary strings, with and without nulls,
 * at awkward row counts (the 64-row words' edges).
 */
class WordCompareTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int[] SIZES = {1, 7, 63, 64, 65, 130, 1000};
  private static final String[] OPS = {"=", "!=", "<", "<=", ">", ">="};

  @Test
  void integerComparisonsEqualTheReferenceAtEveryWidthAndSign() {
    Random rnd = new Random(11);
    for (int bits : new int[] {8, 16, 32, 64}) {
      for (boolean signed : new boolean[] {true, false}) {
        BigInteger min = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
        BigInteger max =
            (signed ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits))
                .subtract(BigInteger.ONE);
        for (int n : SIZES) {
          BigInteger[] values = new BigInteger[n];
          for (int i = 0; i < n; i++) {
            values[i] =
                switch (rnd.nextInt(5)) {
                  case 0 -> min;
                  case 1 -> max;
                  case 2 -> BigInteger.valueOf(rnd.nextInt(7) - 3).max(min);
                  default -> new BigInteger(bits, rnd).add(min);
                };
            if (rnd.nextInt(6) == 0) {
              values[i] = null;
            }
          }
          Field field = Field.nullable("c", new ArrowType.Int(bits, signed));
          for (String lit : new String[] {"0", "-1", "2", "2.5", min.toString(), max.toString()}) {
            for (String op : OPS) {
              BigDecimal bound = new BigDecimal(lit);
              boolean[][] expected = new boolean[2][n];
              for (int i = 0; i < n; i++) {
                if (values[i] != null) {
                  boolean holds = holds(op, new BigDecimal(values[i]).compareTo(bound));
                  expected[holds ? 0 : 1][i] = true;
                }
              }
              check(field, values, "c " + op + " " + lit, expected, bits + (signed ? "" : "u"));
            }
          }
        }
      }
    }
  }

  @Test
  void floatComparisonsFollowIeee754WithNanOnlyUnequal() {
    double[] pool = {0.0, -0.0, 1.5, -1.5, 0.1, Double.NaN, 1e300, -1e300, 3.0};
    Random rnd = new Random(5);
    for (boolean single : new boolean[] {false, true}) {
      for (int n : SIZES) {
        Double[] values = new Double[n];
        for (int i = 0; i < n; i++) {
          double d = pool[rnd.nextInt(pool.length)];
          values[i] = rnd.nextInt(7) == 0 ? null : single ? (double) (float) d : d;
        }
        for (String lit : new String[] {"0", "0.1", "-1.5", "3"}) {
          for (String op : OPS) {
            double b = single ? (float) Double.parseDouble(lit) : Double.parseDouble(lit);
            boolean[][] expected = new boolean[2][n];
            for (int i = 0; i < n; i++) {
              if (values[i] != null) {
                boolean holds = holds(op, values[i], b);
                expected[holds ? 0 : 1][i] = true;
              }
            }
            ArrowType type =
                new ArrowType.FloatingPoint(
                    single
                        ? org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE
                        : org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE);
            check(Field.nullable("c", type), values, "c " + op + " " + lit, expected, "float");
          }
        }
      }
    }
  }

  @Test
  void booleanComparisonsEqualTheReferenceWithNulls() {
    Random rnd = new Random(17);
    for (int n : SIZES) {
      BigInteger[] values = new BigInteger[n];
      for (int i = 0; i < n; i++) {
        values[i] = rnd.nextInt(5) == 0 ? null : BigInteger.valueOf(rnd.nextInt(2));
      }
      for (String lit : new String[] {"true", "false"}) {
        for (String op : OPS) {
          BigInteger bound = BigInteger.valueOf(lit.equals("true") ? 1 : 0);
          compare(ArrowType.Bool.INSTANCE, values, op, lit, i -> values[i].compareTo(bound));
        }
      }
    }
  }

  @Test
  void decimalComparisonsEqualTheReferenceBeyondALongAndAroundTheBound() {
    Random rnd = new Random(19);
    int scale = 2;
    BigInteger max = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
    for (int n : SIZES) {
      BigInteger[] values = new BigInteger[n];
      for (int i = 0; i < n; i++) {
        values[i] =
            switch (rnd.nextInt(7)) {
              case 0 -> null;
              case 1 -> max;
              case 2 -> max.negate();
              case 3 -> BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE);
              case 4 -> BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);
              default -> BigInteger.valueOf(rnd.nextInt(9) - 4 + 250);
            };
      }
      for (String lit : new String[] {"2.5", "-2.51", "0", "2.505", "92233720368547758.07"}) {
        for (String op : OPS) {
          BigDecimal bound = new BigDecimal(lit);
          ArrowType type = new ArrowType.Decimal(38, scale, 128);
          compare(type, values, op, lit, i -> new BigDecimal(values[i], scale).compareTo(bound));
        }
      }
    }
  }

  @Test
  void stringAndBinaryComparisonsEqualTheReferenceAsUnsignedBytes() {
    Random rnd = new Random(23);
    byte[] alphabet = {'a', 'b', 'c', (byte) 0xC3, (byte) 0xA9, 0};
    String[] lits = {"", "b", "bca", "abcabcab", "abcabcabc", "\u00e9", "abcabcabcabcabcab"};
    for (int n : SIZES) {
      byte[][] values = new byte[n][];
      for (int i = 0; i < n; i++) {
        if (rnd.nextInt(6) == 0) {
          continue;
        }
        String base = lits[rnd.nextInt(lits.length)];
        byte[] b = base.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int len = rnd.nextInt(3) == 0 ? rnd.nextInt(20) : b.length;
        byte[] v = java.util.Arrays.copyOf(b, len);
        for (int k = b.length; k < len; k++) {
          v[k] = alphabet[rnd.nextInt(alphabet.length)];
        }
        if (len > 0 && rnd.nextInt(4) == 0) {
          v[rnd.nextInt(len)] = alphabet[rnd.nextInt(alphabet.length)];
        }
        values[i] = v;
      }
      for (boolean binary : new boolean[] {false, true}) {
        for (String lit : lits) {
          if (binary && !lit.equals(lits[2])) {
            continue;
          }
          byte[] bound = lit.getBytes(java.nio.charset.StandardCharsets.UTF_8);
          for (String op : OPS) {
            ArrowType type = binary ? ArrowType.Binary.INSTANCE : ArrowType.Utf8.INSTANCE;
            String text = binary ? "X'626361'" : "'" + lit + "'";
            compare(
                type, values, op, text, i -> java.util.Arrays.compareUnsigned(values[i], bound));
          }
        }
      }
    }
  }

  @Test
  void dictionaryIndicesOfEveryWidthAndNullTestsEqualTheReference() {
    BufferAllocator a = memory.allocator();
    String[] words = {"a", "b", null, "dd"};
    Random rnd = new Random(29);
    for (int bits : new int[] {8, 16, 32, 64}) {
      for (boolean signed : new boolean[] {true, false}) {
        ArrowType.Int indexType = new ArrowType.Int(bits, signed);
        DictionaryEncoding enc = new DictionaryEncoding(1, false, indexType);
        for (int n : SIZES) {
          try (VarCharVector dict = new VarCharVector("d", a)) {
            dict.allocateNew();
            for (int k = 0; k < words.length; k++) {
              if (words[k] == null) {
                dict.setNull(k);
              } else {
                dict.setSafe(k, words[k].getBytes(java.nio.charset.StandardCharsets.UTF_8));
              }
            }
            dict.setValueCount(words.length);
            DictionaryProvider.MapDictionaryProvider provider =
                new DictionaryProvider.MapDictionaryProvider(new Dictionary(dict, enc));
            Field field = new Field("c", new FieldType(true, indexType, enc), null);
            try (BaseFixedWidthVector idx = (BaseFixedWidthVector) field.createVector(a)) {
              idx.allocateNew(n);
              int[] k = new int[n];
              for (int i = 0; i < n; i++) {
                k[i] = rnd.nextInt(5) == 0 ? -1 : rnd.nextInt(words.length);
                if (k[i] < 0) {
                  idx.setNull(i);
                  // a null slot holding an index far outside the dictionary is still null
                  idx.getDataBuffer().setByte((long) idx.getTypeWidth() * i, 0x7F);
                } else {
                  idx.getDataBuffer().setByte((long) idx.getTypeWidth() * i, k[i]);
                  idx.setIndexDefined(i);
                }
              }
              idx.setValueCount(n);
              for (String text :
                  new String[] {"c = 'b'", "c != 'b'", "c >= 'b'", "c is null", "c is not null"}) {
                long[] keep = selectStrings(idx, provider, text, n);
                int count = 0;
                for (long word : keep) {
                  count += Long.bitCount(word);
                }
                int want = 0;
                for (int i = 0; i < n; i++) {
                  String value = k[i] < 0 ? null : words[k[i]];
                  boolean expected =
                      switch (text) {
                        case "c is null" -> value == null;
                        case "c is not null" -> value != null;
                        case "c = 'b'" -> value != null && value.equals("b");
                        case "c != 'b'" -> value != null && !value.equals("b");
                        default -> value != null && value.compareTo("b") >= 0;
                      };
                  want += expected ? 1 : 0;
                  assertEquals(
                      expected,
                      (keep[i >>> 6] & (1L << i)) != 0,
                      text + " index " + indexType + " n " + n + " row " + i);
                }
                assertEquals(want, count, text + " index " + indexType);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void unsignedIndicesWithTheirHighBitSetReadTheEntriesAboveTheSignedRange() {
    // 8-bit indices 128..255 and 16-bit indices 32768..: read signed they would be negative
    // (outside
    // the dictionary, neither true nor false), so a filter that ignored the sign would lose them
    BufferAllocator a = memory.allocator();
    Random rnd = new Random(31);
    for (int bits : new int[] {8, 16}) {
      int m = bits == 8 ? 256 : 40_000;
      ArrowType.Int indexType = new ArrowType.Int(bits, false);
      DictionaryEncoding enc = new DictionaryEncoding(1, false, indexType);
      try (VarCharVector dict = new VarCharVector("d", a)) {
        dict.allocateNew();
        for (int k = 0; k < m; k++) {
          dict.setSafe(
              k, String.format("w%05d", k).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        dict.setValueCount(m);
        DictionaryProvider.MapDictionaryProvider provider =
            new DictionaryProvider.MapDictionaryProvider(new Dictionary(dict, enc));
        Field field = new Field("c", new FieldType(true, indexType, enc), null);
        int n = 1000;
        int bound = bits == 8 ? 200 : 35_000;
        try (BaseFixedWidthVector idx = (BaseFixedWidthVector) field.createVector(a)) {
          idx.allocateNew(n);
          int[] k = new int[n];
          int want = 0;
          int high = 0;
          for (int i = 0; i < n; i++) {
            k[i] = rnd.nextInt(m);
            if (bits == 8) {
              idx.getDataBuffer().setByte(i, k[i]);
            } else {
              idx.getDataBuffer().setShort(2L * i, k[i]);
            }
            idx.setIndexDefined(i);
            want += k[i] >= bound ? 1 : 0;
            high += k[i] >= m / 2 ? 1 : 0;
          }
          idx.setValueCount(n);
          assertTrue(high > n / 4, "rows with the index's high bit set: " + high);
          long[] keep =
              selectStrings(idx, provider, "c >= '" + String.format("w%05d", bound) + "'", n);
          for (int i = 0; i < n; i++) {
            assertEquals(
                k[i] >= bound,
                (keep[i >>> 6] >>> i & 1) != 0,
                bits + "-bit index " + k[i] + " at row " + i);
          }
          int count = 0;
          for (long word : keep) {
            count += Long.bitCount(word);
          }
          assertEquals(want, count, bits + "-bit");
        }
      }
    }
  }

  @Test
  void dictionaryStringsTakeTheirValuesResultsRowByRow() {
    BufferAllocator a = memory.allocator();
    String[] words = {"a", "b", "c", "dd"};
    DictionaryEncoding enc = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    Random rnd = new Random(3);
    for (int n : SIZES) {
      try (VarCharVector dict = new VarCharVector("d", a)) {
        dict.allocateNew();
        for (int k = 0; k < words.length; k++) {
          dict.setSafe(k, words[k].getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        dict.setValueCount(words.length);
        DictionaryProvider.MapDictionaryProvider provider =
            new DictionaryProvider.MapDictionaryProvider(new Dictionary(dict, enc));
        Field field = new Field("c", new FieldType(true, new ArrowType.Int(32, true), enc), null);
        try (IntVector idx = (IntVector) field.createVector(a)) {
          idx.allocateNew(n);
          int[] k = new int[n];
          for (int i = 0; i < n; i++) {
            k[i] = rnd.nextInt(5) == 0 ? -1 : rnd.nextInt(words.length);
            if (k[i] < 0) {
              idx.setNull(i);
            } else {
              idx.set(i, k[i]);
            }
          }
          idx.setValueCount(n);
          for (String op : OPS) {
            String text = "c " + op + " 'b'";
            Schema schema = new Schema(List.of(Field.nullable("c", ArrowType.Utf8.INSTANCE)));
            FilterEvaluator e = FilterEvaluator.bind(ExpressionParser.parse(text), schema);
            // not closed: the index vector is closed by its own try
            VectorSchemaRoot root = new VectorSchemaRoot(List.of((FieldVector) idx));
            {
              root.setRowCount(n);
              long[] keep = new long[(n + 63) >>> 6];
              int count = e.select(root, provider, a, keep);
              int want = 0;
              for (int i = 0; i < n; i++) {
                boolean expected = k[i] >= 0 && holds(op, words[k[i]].compareTo("b"));
                want += expected ? 1 : 0;
                assertEquals(expected, (keep[i >>> 6] & (1L << i)) != 0, text + " row " + i);
              }
              assertEquals(want, count, text);
            }
          }
        }
      }
    }
  }

  /**
   * The rows {@code text} keeps of a string column read as the dictionary indices {@code idx} over
   * {@code provider}'s dictionary; the count the filter returns is checked against the bits.
   */
  private long[] selectStrings(FieldVector idx, DictionaryProvider provider, String text, int n) {
    Schema schema = new Schema(List.of(Field.nullable("c", ArrowType.Utf8.INSTANCE)));
    FilterEvaluator e = FilterEvaluator.bind(ExpressionParser.parse(text), schema);
    // not closed: the index vector is closed by its caller
    VectorSchemaRoot root = new VectorSchemaRoot(List.of(idx));
    root.setRowCount(n);
    long[] keep = new long[(n + 63) >>> 6];
    int count = e.select(root, provider, memory.allocator(), keep);
    int bits = 0;
    for (long word : keep) {
      bits += Long.bitCount(word);
    }
    assertEquals(bits, count, text);
    return keep;
  }

  /**
   * Evaluates {@code text} on a column of {@code field} holding {@code values}, and its negation:
   * rows where it holds ({@code expected[0]}) and where it is false ({@code expected[1]}).
   */
  private void check(Field field, Object[] values, String text, boolean[][] expected, String what) {
    BufferAllocator a = memory.allocator();
    int n = values.length;
    Schema schema = new Schema(List.of(field));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, a)) {
      FieldVector v = root.getVector(0);
      v.setInitialCapacity(n);
      v.allocateNew();
      for (int i = 0; i < n; i++) {
        if (values[i] == null) {
          v.setNull(i);
        } else if (v instanceof Float8Vector d) {
          d.set(i, (Double) values[i]);
        } else if (v instanceof Float4Vector s) {
          s.set(i, (float) (double) (Double) values[i]);
        } else if (v instanceof BitVector bits) {
          bits.set(i, ((BigInteger) values[i]).intValue());
        } else if (v instanceof DecimalVector d) {
          d.set(i, new BigDecimal((BigInteger) values[i], d.getScale()));
        } else if (v instanceof BaseVariableWidthVector w) {
          w.setSafe(i, (byte[]) values[i]);
        } else {
          BaseFixedWidthVector fw = (BaseFixedWidthVector) v;
          long x = ((BigInteger) values[i]).longValue();
          int width = fw.getTypeWidth();
          for (int b = 0; b < width; b++) {
            fw.getDataBuffer().setByte((long) width * i + b, (byte) (x >>> (8 * b)));
          }
          fw.setIndexDefined(i);
        }
      }
      v.setValueCount(n);
      root.setRowCount(n);
      List<String> texts = new ArrayList<>(List.of(text, "not (" + text + ")"));
      for (int side = 0; side < 2; side++) {
        FilterEvaluator e = FilterEvaluator.bind(ExpressionParser.parse(texts.get(side)), schema);
        long[] keep = new long[(n + 63) >>> 6];
        int count = e.select(root, null, a, keep);
        int want = 0;
        for (int i = 0; i < n; i++) {
          want += expected[side][i] ? 1 : 0;
          assertEquals(
              expected[side][i],
              (keep[i >>> 6] & (1L << i)) != 0,
              what + " " + texts.get(side) + " n " + n + " row " + i + " value " + values[i]);
        }
        assertEquals(want, count, what + " " + texts.get(side));
      }
    }
  }

  /**
   * Checks {@code c op lit} on a column of {@code type} holding {@code values} against the
   * comparison {@code cmp} gives for each non-null row.
   */
  private void compare(
      ArrowType type,
      Object[] values,
      String op,
      String lit,
      java.util.function.IntUnaryOperator cmp) {
    boolean[][] expected = new boolean[2][values.length];
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        expected[holds(op, Integer.signum(cmp.applyAsInt(i))) ? 0 : 1][i] = true;
      }
    }
    check(Field.nullable("c", type), values, "c " + op + " " + lit, expected, type.toString());
  }

  private static boolean holds(String op, int cmp) {
    return switch (op) {
      case "=" -> cmp == 0;
      case "!=" -> cmp != 0;
      case "<" -> cmp < 0;
      case "<=" -> cmp <= 0;
      case ">" -> cmp > 0;
      default -> cmp >= 0;
    };
  }

  private static boolean holds(String op, double x, double b) {
    return switch (op) {
      case "=" -> x == b;
      case "!=" -> x != b;
      case "<" -> x < b;
      case "<=" -> x <= b;
      case ">" -> x > b;
      default -> x >= b;
    };
  }

  @Test
  void rowsOrOffsetsBeyondTheBuffersAreRefusedBeforeAnyUncheckedRead() {
    int table = WordCompare.table(io.pqarrow.filter.Expression.Op.LT);
    try (IntVector ints = new IntVector("i", memory.allocator());
        VarCharVector strings = new VarCharVector("s", memory.allocator())) {
      ints.allocateNew(8);
      ints.setValueCount(8);
      int rows = (int) (ints.getDataBuffer().capacity() / 4) + 1; // one more than the buffer holds
      long[] t = new long[(rows + 63) / 64];
      long[] f = new long[t.length];
      IllegalStateException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalStateException.class,
              () -> WordCompare.integers(ints, 4, false, 5, table, rows, t, f));
      assertEquals(
          rows + " rows need " + 4L * rows + " bytes of a buffer that holds " + (4L * rows - 4),
          e.getMessage());
      strings.allocateNew(64, 4);
      for (int i = 0; i < 4; i++) {
        strings.setSafe(i, ("v" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      strings.setValueCount(4);
      // the third value's end offset points past the data buffer, as a foreign vector's might
      strings.getOffsetBuffer().setInt(3 * 4L, (int) strings.getDataBuffer().capacity() + 1);
      long[] st = new long[1];
      long[] sf = new long[1];
      byte[] bound = "v9".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      e =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalStateException.class,
              () -> WordCompare.bytes(strings, bound, table, 4, st, sf));
      assertEquals(
          "string offsets 4.."
              + (strings.getDataBuffer().capacity() + 1)
              + " lie outside the data buffer of "
              + strings.getDataBuffer().capacity()
              + " bytes",
          e.getMessage());
    }
  }
}
