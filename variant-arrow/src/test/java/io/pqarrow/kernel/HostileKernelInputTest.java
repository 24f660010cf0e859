package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.arrow.VariantVectors;
import io.pqarrow.variant.testing.RandomVariants;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seeded hostile Variant vectors through every public kernel entry point ({@link
 * VariantKernels#get} over several paths and targets, safe and strict, {@link
 * VariantKernels#decode}, {@link VariantKernels#inferSchema}, {@link Shredding#shred}, {@link
 * Shredding#unshred}, {@link JsonColumns#toJson}). Inputs are random values ({@link
 * RandomVariants}), unshredded and shredded, with value bytes, metadata bytes or offsets
 * overwritten. Each call must either return (its result is closed) or raise a {@link
 * BridgeException} naming the row; nothing else may escape, and the leak-checking allocator fails
 * the test on any byte left allocated, also when a call fails half-way.
 */
class HostileKernelInputTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** A row, or for errors about the layout rather than a row, the path of the vector. */
  private static final Pattern WHERE = Pattern.compile("row \\d+| at v\\b");

  private static final List<String> PATHS = List.of("$", "$.a", "$[0]", "$.a[1].b", "$[2].x");

  private static final List<Field> TARGETS =
      List.of(
          Field.nullable("t", new ArrowType.Int(64, true)),
          Field.nullable("t", new ArrowType.Int(8, true)),
          Field.nullable("t", ArrowType.Utf8.INSTANCE),
          Field.nullable("t", ArrowType.Bool.INSTANCE),
          Field.nullable("t", new ArrowType.Decimal(10, 2, 128)),
          Field.nullable("t", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          Field.nullable("t", new ArrowType.Date(DateUnit.DAY)),
          Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
          Field.nullable("t", ArrowType.Binary.INSTANCE),
          new Field(
              "t",
              FieldType.nullable(ArrowType.List.INSTANCE),
              List.of(Field.nullable("element", new ArrowType.Int(64, true)))),
          new Field(
              "t",
              FieldType.nullable(ArrowType.Struct.INSTANCE),
              List.of(
                  Field.nullable("a", ArrowType.Utf8.INSTANCE),
                  Field.nullable("b", new ArrowType.Int(32, true)))));

  private static final List<String> SHRED_TYPES =
      List.of(
          "int64",
          "string",
          "decimal(9,2)",
          "struct<a:int64,b:string>",
          "list<int64>",
          "struct<a:list<struct<b:string>>>");

  /** Outcome counts, to show that the fuzz reaches both ends. */
  private int returned;

  private int rejected;

  private final List<String> escaped = new ArrayList<>();

  @Test
  void corruptedUnshreddedVectorsRaiseOnlyBridgeExceptionsNamingTheRow() {
    Random r = new Random(Long.getLong("fuzz.seed", 20261122));
    for (int round = 0; round < Integer.getInteger("fuzz.rounds", 60); round++) {
      int rows = 1 + r.nextInt(6);
      List<EncodedVariant> values = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        values.add(RandomVariants.generate(r, 3).encode());
      }
      int mode = round % 3;
      try (VariantVector v = unshredded(values, r, mode)) {
        exerciseAll(v, r, "round " + round + " mode " + mode);
      }
    }
    System.out.printf(
        "%s: %d calls returned, %d rejected%n", getClass().getSimpleName(), returned, rejected);
    assertTrue(escaped.isEmpty(), escaped.size() + " escaped:\n" + String.join("\n", escaped));
    assertTrue(rejected > 0, "no corruption was rejected");
    assertTrue(returned > 0, "no call returned");
  }

  @Test
  void corruptedShreddedVectorsRaiseOnlyBridgeExceptionsNamingTheRow() {
    Random r = new Random(Long.getLong("fuzz.seed", 4242));
    for (int round = 0; round < Integer.getInteger("fuzz.rounds", 40); round++) {
      int rows = 1 + r.nextInt(6);
      List<EncodedVariant> values = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        values.add(RandomVariants.generate(r, 3).encode());
      }
      String type = SHRED_TYPES.get(round % SHRED_TYPES.size());
      try (VariantVector plain = unshredded(values, r, -1);
          VariantVector shredded =
              Shredding.shred(
                  plain,
                  ShreddingTypes.parse("v", type),
                  ShredOptions.defaults(),
                  memory.allocator())) {
        corruptTree(shredded.getUnderlyingVector(), r);
        exerciseAll(shredded, r, "round " + round + " type " + type);
      }
    }
    System.out.printf(
        "%s: %d calls returned, %d rejected%n", getClass().getSimpleName(), returned, rejected);
    assertTrue(escaped.isEmpty(), escaped.size() + " escaped:\n" + String.join("\n", escaped));
    assertTrue(rejected > 0, "no corruption was rejected");
  }

  @Test
  void shreddedStringWithOffsetsOutsideItsBufferIsAnErrorNamingTheRow() {
    List<EncodedVariant> values = new ArrayList<>();
    for (String text : List.of("first", "second", "third")) {
      io.pqarrow.variant.VariantBuilder b = new io.pqarrow.variant.VariantBuilder();
      b.appendString(text);
      values.add(b.build());
    }
    Field target = Field.nullable("t", ArrowType.Utf8.INSTANCE);
    try (VariantVector plain = unshredded(values, new Random(1), -1);
        VariantVector shredded =
            Shredding.shred(
                plain,
                ShreddingTypes.parse("v", "string"),
                ShredOptions.defaults(),
                memory.allocator())) {
      // row 1's end offset points far past the data buffer
      ((BaseVariableWidthVector) shredded.typedValueVector()).getOffsetBuffer().setInt(8, 100_000);
      KernelException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              KernelException.class,
              () ->
                  VariantKernels.get(
                      shredded, "$", target, GetOptions.strict(), memory.allocator()));
      assertTrue(e.getMessage().contains("row 1"), e.getMessage());
      org.junit.jupiter.api.Assertions.assertThrows(
          io.pqarrow.shred.ShredException.class,
          () -> Shredding.unshred(shredded, memory.allocator()));
      try (KernelResult r =
          VariantKernels.get(shredded, "$", target, GetOptions.defaults(), memory.allocator())) {
        assertEquals("first", r.vector().getObject(0).toString());
        assertTrue(r.failedRowCount() >= 1, "row 1 counted as failed");
      }
    }
  }

  @Test
  void decimalTargetWiderThanItsBitWidthIsRejectedBeforeAnyRow() {
    List<EncodedVariant> values = List.of(RandomVariants.primitive(new Random(3)).encode());
    try (VariantVector v = unshredded(values, new Random(1), -1)) {
      for (ArrowType.Decimal d :
          List.of(new ArrowType.Decimal(39, 2, 128), new ArrowType.Decimal(80, 2, 256))) {
        KernelException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                KernelException.class,
                () ->
                    VariantKernels.decode(
                        v, Field.nullable("t", d), DecodeOptions.defaults(), memory.allocator()));
        assertTrue(e.getMessage().startsWith("Unsupported target type at t: "), e.getMessage());
        assertTrue(e.getMessage().contains("precision must be 1 to"), e.getMessage());
      }
    }
  }

  @Test
  void decimalWithScaleBeyondDecimal256InfersDoubleAndDecodes() {
    // DECIMAL4 (header 0x20), scale 139 (0x8B), unscaled 1 little-endian
    byte[] value = {0x20, (byte) 0x8B, 0x01, 0x00, 0x00, 0x00};
    byte[] metadata = {0x01, 0x00, 0x00};
    try (VariantVector v =
        unshredded(List.of(new EncodedVariant(metadata, value)), new Random(1), -1)) {
      Field f = VariantKernels.inferSchema(v, InferOptions.defaults());
      assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), f.getType());
      try (KernelResult r =
          VariantKernels.decode(v, f, DecodeOptions.defaults(), memory.allocator())) {
        assertEquals(1, r.vector().getValueCount());
      }
    }
  }

  /**
   * An unshredded vector of {@code values}; mode 0 overwrites value bytes, 1 metadata bytes, 2
   * offsets, -1 nothing.
   */
  private VariantVector unshredded(List<EncodedVariant> values, Random r, int mode) {
    BufferAllocator a = memory.allocator();
    try (VarBinaryVector meta = new VarBinaryVector("metadata", a);
        VarBinaryVector value = new VarBinaryVector("value", a)) {
      for (int i = 0; i < values.size(); i++) {
        meta.setSafe(i, values.get(i).metadata());
        value.setSafe(i, values.get(i).value());
      }
      meta.setValueCount(values.size());
      value.setValueCount(values.size());
      switch (mode) {
        case 0 -> corruptBytes(value, r);
        case 1 -> corruptBytes(meta, r);
        case 2 -> corruptOffsets(r.nextBoolean() ? value : meta, r);
        default -> {}
      }
      return VariantVectors.wrap("v", meta, value, null, a);
    }
  }

  private static void corruptTree(FieldVector v, Random r) {
    if (v instanceof BaseVariableWidthVector b && r.nextInt(3) == 0) {
      if (r.nextBoolean()) {
        corruptBytes(b, r);
      } else {
        corruptOffsets(b, r);
      }
    }
    if (v instanceof BaseRepeatedValueVector l && r.nextInt(4) == 0) {
      ArrowBuf off = l.getOffsetBuffer();
      int n = l.getValueCount();
      if (n > 0) {
        off.setInt(4L * (1 + r.nextInt(n)), r.nextInt(40) - 5);
      }
    }
    for (FieldVector c : v.getChildrenFromFields()) {
      corruptTree(c, r);
    }
  }

  private static void corruptBytes(BaseVariableWidthVector v, Random r) {
    ArrowBuf data = v.getDataBuffer();
    int end = v.getValueCount() == 0 ? 0 : v.getOffsetBuffer().getInt(4L * v.getValueCount());
    for (int k = 0; k < 1 + r.nextInt(3) && end > 0; k++) {
      data.setByte(r.nextInt(end), r.nextInt(256));
    }
  }

  private static void corruptOffsets(BaseVariableWidthVector v, Random r) {
    int n = v.getValueCount();
    if (n > 0) {
      v.getOffsetBuffer().setInt(4L * r.nextInt(n + 1), r.nextInt(2) == 0 ? -7 : r.nextInt(1000));
    }
  }

  private void exerciseAll(VariantVector v, Random r, String what) {
    for (String path : PATHS) {
      Field target = TARGETS.get(r.nextInt(TARGETS.size()));
      for (GetOptions o : List.of(GetOptions.defaults(), GetOptions.strict())) {
        survive(
            what + " get " + path + " as " + target,
            () -> VariantKernels.get(v, path, target, o, memory.allocator()));
      }
    }
    Field inferred = null;
    try {
      inferred = VariantKernels.inferSchema(v, InferOptions.defaults());
      returned++;
    } catch (BridgeException e) {
      checkMessage(what + " inferSchema", e);
    } catch (Throwable t) {
      escaped.add(
          what
              + " inferSchema: "
              + t
              + " at "
              + List.of(t.getStackTrace()).subList(0, Math.min(4, t.getStackTrace().length)));
    }
    Field decodeAs = inferred != null ? inferred : TARGETS.get(r.nextInt(TARGETS.size()));
    for (DecodeOptions o : List.of(DecodeOptions.defaults(), DecodeOptions.strict())) {
      survive(
          what + " decode as " + decodeAs,
          () -> VariantKernels.decode(v, decodeAs, o, memory.allocator()));
    }
    survive(what + " unshred", () -> Shredding.unshred(v, memory.allocator()));
    String type = SHRED_TYPES.get(r.nextInt(SHRED_TYPES.size()));
    for (boolean strict : new boolean[] {false, true}) {
      survive(
          what + " shred " + type,
          () ->
              Shredding.shred(
                  v,
                  ShreddingTypes.parse("v", type),
                  ShredOptions.builder().strict(strict).build(),
                  memory.allocator()));
    }
    if (v.typedValueVector() == null) {
      survive(
          what + " toJson",
          () ->
              JsonColumns.toJson(
                  v,
                  null,
                  "j",
                  JsonColumns.Output.UTF8,
                  JsonOptions.defaults(),
                  memory.allocator()));
    }
  }

  private void survive(String what, Supplier<? extends AutoCloseable> call) {
    try (AutoCloseable result = call.get()) {
      returned++;
    } catch (BridgeException e) {
      checkMessage(what, e);
    } catch (Throwable t) {
      escaped.add(
          what
              + ": "
              + t
              + " at "
              + List.of(t.getStackTrace()).subList(0, Math.min(4, t.getStackTrace().length)));
    }
  }

  private void checkMessage(String what, BridgeException e) {
    rejected++;
    assertTrue(
        e.getMessage() != null && WHERE.matcher(e.getMessage()).find(),
        what + ": message names neither row nor path: " + e.getMessage());
  }
}
