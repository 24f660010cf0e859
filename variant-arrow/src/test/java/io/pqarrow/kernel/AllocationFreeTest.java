package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The row loop allocates nothing per row for scalar results: the Java heap allocated by a call over
 * 16 times more rows grows by far less than one object per row (the fixed cost is the writer tree,
 * readers and the output vector's Java objects; Arrow buffers are off-heap).
 */
class AllocationFreeTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<Arguments> targets() {
    return Stream.of(
        Arguments.of("$.id", Field.nullable("t", new ArrowType.Int(64, true))),
        Arguments.of("$.price", Field.nullable("t", new ArrowType.Decimal(12, 3, 128))),
        Arguments.of("$.name", Field.nullable("t", ArrowType.Utf8.INSTANCE)),
        Arguments.of("$.name", Field.nullable("t", ArrowType.Utf8View.INSTANCE)),
        Arguments.of(
            "$",
            new Field(
                "t",
                FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(
                    Field.nullable("id", new ArrowType.Int(32, true)),
                    Field.nullable("name", ArrowType.LargeUtf8.INSTANCE)))));
  }

  static List<VariantValue> rows(int n) {
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Map<String, VariantValue> m = new LinkedHashMap<>();
      m.put("id", VariantValue.of(VariantKind.INT32, i));
      m.put("name", VariantValue.of(VariantKind.STRING, "name-" + i));
      m.put("price", VariantValue.of(VariantKind.DECIMAL8, java.math.BigDecimal.valueOf(i, 2)));
      rows.add(i % 10 == 0 ? null : new VariantValue.ObjectValue(m));
    }
    return rows;
  }

  long allocatedBy(VariantVector in, String path, Field target) {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    PathExpression p = PathExpression.parse(path);
    long before = bean.getThreadAllocatedBytes(tid);
    try (KernelResult r =
        VariantKernels.get(in, p, target, GetOptions.defaults(), memory.allocator())) {
      long after = bean.getThreadAllocatedBytes(tid);
      assertEquals(0, r.failedRowCount());
      return after - before;
    }
  }

  @ParameterizedTest(name = "{0} as {1}")
  @MethodSource("targets")
  void rowLoopAllocatesNothingPerRow(String path, Field target) {
    try (VariantVector small = KernelTestSupport.vectorOf(rows(4096), memory.allocator());
        VariantVector large = KernelTestSupport.vectorOf(rows(65536), memory.allocator())) {
      for (int warm = 0; warm < 3; warm++) {
        allocatedBy(small, path, target);
        allocatedBy(large, path, target);
      }
      long s = allocatedBy(small, path, target);
      long l = allocatedBy(large, path, target);
      // 61440 more rows: even 8 bytes per row would add 480 KiB.
      assertTrue(l - s < 64 * 1024, "small " + s + " B, large " + l + " B");
    }
  }
}
