package io.pqarrow.dataset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The rows of one batch grouped by their partition directory, for {@link PartitionedWriter}.
 *
 * <p>A row whose partition values equal the previous row's joins its group at once (a batch in
 * partition order costs one comparison per row); any other row is looked up in an open-addressing
 * table of the batch's distinct partition values by their hash ({@link FieldVector#hashCode(int)})
 * and compared by bytes with the group's first row. Only a new group's first row is turned into a
 * directory string, so a batch costs one string per partition, not one per row. Two groups whose
 * values differ in bytes but print alike (a NaN of another bit pattern) share their directory.
 *
 * <pre>
 * rows:      r0   r1   r2   r3   r4
 * part:      a    a    b    a    b
 * dirOf:     0    0    1    0    1      directories() = ["part=a", "part=b"]
 * rowsOf(0): [0, 1, 3]  (not contiguous: gathered, see RowGather)
 * rowsOf(1): [2, 4]
 * rowsByDirectory(): [0, 1, 3, 2, 4], rowsStart(1) = 3  (one pass for every directory)
 * </pre>
 */
final class PartitionGroups {
  private final int[] dirOf;
  private final List<String> directories = new ArrayList<>();
  private int[] counts = new int[8];
  private int[] first = new int[8];
  private int[] last = new int[8];
  private int[] byDirectory;
  private int[] starts;

  private PartitionGroups(int rows) {
    dirOf = new int[rows];
  }

  /**
   * Groups the {@code rows} rows of {@code vectors} (the partition columns); {@code directory}
   * gives a row's directory text, asked once per distinct partition value of the batch.
   */
  static PartitionGroups of(FieldVector[] vectors, int rows, IntFunction<String> directory) {
    PartitionGroups g = new PartitionGroups(rows);
    Map<String, Integer> byName = new HashMap<>();
    int capacity = 16;
    int[] slotRow = new int[capacity];
    int[] slotHash = new int[capacity];
    int[] slotDir = new int[capacity];
    Arrays.fill(slotRow, -1);
    int used = 0;
    for (int r = 0; r < rows; r++) {
      if (r > 0 && sameKey(vectors, r - 1, r)) {
        g.add(r, g.dirOf[r - 1]);
        continue;
      }
      int h = hash(vectors, r);
      int mask = capacity - 1;
      int slot = h & mask;
      int dir = -1;
      while (slotRow[slot] >= 0) {
        if (slotHash[slot] == h && sameKey(vectors, slotRow[slot], r)) {
          dir = slotDir[slot];
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (dir < 0) {
        String name = directory.apply(r);
        Integer known = byName.get(name);
        if (known == null) {
          known = g.directories.size();
          g.directories.add(name);
          byName.put(name, known);
        }
        dir = known;
        slotRow[slot] = r;
        slotHash[slot] = h;
        slotDir[slot] = dir;
        if (++used * 2 > capacity) {
          int grown = capacity * 2;
          int[] rowsNew = new int[grown];
          int[] hashNew = new int[grown];
          int[] dirNew = new int[grown];
          Arrays.fill(rowsNew, -1);
          for (int s = 0; s < capacity; s++) {
            if (slotRow[s] >= 0) {
              int t = slotHash[s] & (grown - 1);
              while (rowsNew[t] >= 0) {
                t = (t + 1) & (grown - 1);
              }
              rowsNew[t] = slotRow[s];
              hashNew[t] = slotHash[s];
              dirNew[t] = slotDir[s];
            }
          }
          slotRow = rowsNew;
          slotHash = hashNew;
          slotDir = dirNew;
          capacity = grown;
        }
      }
      g.add(r, dir);
    }
    return g;
  }

  private void add(int row, int dir) {
    dirOf[row] = dir;
    if (dir >= counts.length) {
      int n = Math.max(dir + 1, counts.length * 2);
      counts = Arrays.copyOf(counts, n);
      first = Arrays.copyOf(first, n);
      last = Arrays.copyOf(last, n);
    }
    if (counts[dir]++ == 0) {
      first[dir] = row;
    }
    last[dir] = row;
  }

  /** The directories, in order of their first row. */
  List<String> directories() {
    return directories;
  }

  /** The number of rows of directory {@code dir}. */
  int count(int dir) {
    return counts[dir];
  }

  /** The last row of directory {@code dir}. */
  int lastRow(int dir) {
    return last[dir];
  }

  /** The first row of {@code dir} when its rows are one contiguous run, else -1. */
  int contiguousStart(int dir) {
    return last[dir] - first[dir] + 1 == counts[dir] ? first[dir] : -1;
  }

  /** The rows of directory {@code dir}, ascending. */
  int[] rowsOf(int dir) {
    int[] all = rowsByDirectory();
    return Arrays.copyOfRange(all, rowsStart(dir), rowsStart(dir) + counts[dir]);
  }

  /**
   * Every row, those of directory 0 first, then those of 1, and so on, each directory's ascending
   * (directory {@code d}'s from {@link #rowsStart}{@code (d)}); one pass over the rows for all the
   * directories, made at the first call.
   */
  int[] rowsByDirectory() {
    if (byDirectory == null) {
      int dirs = directories.size();
      starts = new int[dirs + 1];
      for (int d = 0; d < dirs; d++) {
        starts[d + 1] = starts[d] + counts[d];
      }
      int[] next = Arrays.copyOf(starts, dirs);
      byDirectory = new int[dirOf.length];
      for (int r = 0; r < dirOf.length; r++) {
        byDirectory[next[dirOf[r]]++] = r;
      }
    }
    return byDirectory;
  }

  /** Where the rows of {@code dir} begin in {@link #rowsByDirectory()}. */
  int rowsStart(int dir) {
    rowsByDirectory();
    return starts[dir];
  }

  private static int hash(FieldVector[] vectors, int r) {
    int h = 1;
    for (FieldVector v : vectors) {
      h = 31 * h + (v.isNull(r) ? 0x5bd1e995 : v.hashCode(r));
    }
    return h ^ (h >>> 16);
  }

  /** Whether rows {@code a} and {@code b} hold the same bytes (or both null) in every vector. */
  static boolean sameKey(FieldVector[] vectors, int a, int b) {
    for (FieldVector v : vectors) {
      if (!sameValue(v, a, b)) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameValue(FieldVector v, int a, int b) {
    boolean nullA = v.isNull(a);
    if (nullA || v.isNull(b)) {
      return nullA && v.isNull(b);
    }
    if (v instanceof BitVector bits) {
      return bits.get(a) == bits.get(b);
    }
    if (v instanceof BaseFixedWidthVector f) {
      long w = f.getTypeWidth();
      return ByteFunctionHelpers.equal(
              f.getDataBuffer(), a * w, (a + 1) * w, f.getDataBuffer(), b * w, (b + 1) * w)
          != 0;
    }
    if (v instanceof BaseVariableWidthVector s) {
      return ByteFunctionHelpers.equal(
              s.getDataBuffer(),
              s.getStartOffset(a),
              s.getStartOffset(a + 1),
              s.getDataBuffer(),
              s.getStartOffset(b),
              s.getStartOffset(b + 1))
          != 0;
    }
    if (v instanceof BaseLargeVariableWidthVector s) {
      ArrowBuf offsets = s.getOffsetBuffer();
      long a0 = offsets.getLong((long) a * 8);
      long a1 = offsets.getLong((long) a * 8 + 8);
      long b0 = offsets.getLong((long) b * 8);
      long b1 = offsets.getLong((long) b * 8 + 8);
      return ByteFunctionHelpers.equal(s.getDataBuffer(), a0, a1, s.getDataBuffer(), b0, b1) != 0;
    }
    throw new IllegalStateException("no partition key of type " + v.getField().getType());
  }
}
