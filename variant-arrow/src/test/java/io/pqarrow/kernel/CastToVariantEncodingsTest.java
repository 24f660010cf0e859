package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code cast_to_variant} of the encodings that only select a slot (unions, run ends), of Variant
 * columns nested in structs (shredded ones too), of JSON whose keys arrive out of order, and of the
 * values at the edges of what converts exactly.
 */
class CastToVariantEncodingsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private BufferAllocator alloc() {
    return memory.allocator();
  }

  /** Each row of {@code v} as JSON text ("SQL NULL" for a null row). */
  private List<String> json(VariantVector v) {
    try (FieldVector text =
        JsonColumns.toJson(
            v, null, "t", JsonColumns.Output.UTF8, JsonOptions.defaults(), alloc())) {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < text.getValueCount(); i++) {
        out.add(text.isNull(i) ? "SQL NULL" : text.getObject(i).toString());
      }
      return out;
    }
  }

  /** A Variant column of JSON documents (a null document is a SQL NULL row). */
  private VariantVector variants(String... docs) {
    try (VarCharVector text = new VarCharVector("j", alloc())) {
      CastToVariantTest.fillText(text, docs);
      return JsonColumns.toVariant(text, "v", JsonOptions.defaults(), alloc());
    }
  }

  @Test
  void denseUnionsGiveTheValueOfTheSelectedChild() {
    int[] ids = {0, 1};
    Field union =
        new Field(
            "u",
            FieldType.nullable(new ArrowType.Union(UnionMode.Dense, ids)),
            List.of(
                Field.nullable("n", new ArrowType.Int(64, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    try (VariantVector in = variants("5", "\"a\"", null, "-7", "\"bc\"");
        KernelResult u = VariantKernels.get(in, "$", union, GetOptions.strict(), alloc());
        VariantVector back = VariantKernels.castToVariant(u.vector(), alloc())) {
      assertEquals(List.of("5", "\"a\"", "SQL NULL", "-7", "\"bc\""), json(back));
    }
  }

  @Test
  void sparseUnionsGiveTheValueOfTheSelectedChild() {
    try (org.apache.arrow.vector.complex.UnionVector u =
        org.apache.arrow.vector.complex.UnionVector.empty("u", alloc())) {
      u.allocateNew();
      IntVector ints = u.getIntVector();
      VarCharVector text = u.getVarCharVector();
      u.setType(0, org.apache.arrow.vector.types.Types.MinorType.INT);
      ints.setSafe(0, 5);
      u.setType(1, org.apache.arrow.vector.types.Types.MinorType.VARCHAR);
      text.setSafe(1, "a".getBytes(StandardCharsets.UTF_8));
      u.setType(2, org.apache.arrow.vector.types.Types.MinorType.INT);
      ints.setNull(2);
      u.setValueCount(3);
      try (VariantVector out = VariantKernels.castToVariant(u, alloc())) {
        assertEquals(List.of("5", "\"a\"", "SQL NULL"), json(out));
      }
    }
  }

  @Test
  void intervalsAndMissingDictionariesAreRefusedBeforeAnyRow() {
    try (org.apache.arrow.vector.IntervalYearVector y =
            new org.apache.arrow.vector.IntervalYearVector("y", alloc());
        IntVector indices =
            new IntVector(
                "c",
                new FieldType(
                    true,
                    new ArrowType.Int(32, true),
                    new org.apache.arrow.vector.types.pojo.DictionaryEncoding(
                        3L, false, new ArrowType.Int(32, true))),
                alloc())) {
      y.setValueCount(0);
      indices.setValueCount(0);
      KernelException e =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(y, alloc()));
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
      assertEquals("y", e.location().column());
      KernelException d =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(indices, alloc()));
      assertTrue(d.getMessage().contains("dictionary id 3"), d.getMessage());
    }
  }

  @Test
  void runEndEncodedColumnsRepeatEachRunsValue() {
    Field ree =
        new Field(
            "r",
            FieldType.nullable(ArrowType.RunEndEncoded.INSTANCE),
            List.of(
                Field.notNullable("run_ends", new ArrowType.Int(32, true)),
                Field.nullable("values", ArrowType.Utf8.INSTANCE)));
    try (RunEndEncodedVector v = (RunEndEncodedVector) ree.createVector(alloc())) {
      v.allocateNew();
      IntVector ends = (IntVector) v.getRunEndsVector();
      VarCharVector values = (VarCharVector) v.getValuesVector();
      int[] runEnds = {2, 3, 6};
      for (int k = 0; k < runEnds.length; k++) {
        ends.setSafe(k, runEnds[k]);
      }
      ends.setValueCount(3);
      values.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
      values.setNull(1);
      values.setSafe(2, "c".getBytes(StandardCharsets.UTF_8));
      values.setValueCount(3);
      v.setValueCount(6);
      try (VariantVector out = VariantKernels.castToVariant(v, alloc())) {
        assertEquals(List.of("\"a\"", "\"a\"", "SQL NULL", "\"c\"", "\"c\"", "\"c\""), json(out));
      }
    }
  }

  /** A struct {@code s{v: <variant>, n: int32}} whose {@code v} is {@code variant}'s rows. */
  private StructVector structAround(VariantVector variant) {
    Field s =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(variant.getField(), Field.nullable("n", new ArrowType.Int(32, true))));
    StructVector struct = (StructVector) s.createVector(alloc());
    struct.allocateNew();
    int rows = variant.getValueCount();
    IntVector n = (IntVector) struct.getChild("n");
    for (int i = 0; i < rows; i++) {
      struct.setIndexDefined(i);
      n.setSafe(i, i);
    }
    TransferPair tp = variant.makeTransferPair(struct.getChild(variant.getName()));
    tp.splitAndTransfer(0, rows);
    struct.setValueCount(rows);
    return struct;
  }

  @Test
  void nestedVariantColumnsAreCopiedWithTheirKeysAndShreddedOnesUnshredded() {
    String[] docs = {"{\"b\": 1, \"a\": [true]}", "null", null, "{\"zz\": \"x\"}"};
    List<String> expected =
        List.of(
            "{\"n\":0,\"v\":{\"a\":[true],\"b\":1}}",
            "{\"n\":1,\"v\":null}",
            "{\"n\":2,\"v\":null}",
            "{\"n\":3,\"v\":{\"zz\":\"x\"}}");
    Field request =
        new Field(
            "v",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("b", new ArrowType.Int(64, true))));
    try (VariantVector plain = variants(docs);
        VariantVector shredded =
            Shredding.shred(plain, request, ShredOptions.defaults(), alloc())) {
      assertTrue(shredded.typedValueVector() != null, "the input is shredded");
      for (VariantVector v : new VariantVector[] {plain, shredded}) {
        try (StructVector s = structAround(v);
            VariantVector out = VariantKernels.castToVariant(s, alloc())) {
          assertEquals(expected, json(out), v.getField().toString());
          byte[] meta = ((VarBinaryVector) out.metadataVector()).get(0);
          assertTrue((meta[0] & 0x10) != 0, "one sorted dictionary after the re-encoding");
        }
      }
    }
  }

  @Test
  void jsonKeysOutOfOrderStillGiveOneSortedMetadata() {
    Field s =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                new Field(
                    "j",
                    new FieldType(
                        true,
                        ArrowType.Utf8.INSTANCE,
                        null,
                        Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, JsonType.NAME)),
                    null)));
    String[] docs = {"{\"zeta\": 1, \"alpha\": {\"k\": 2}}", "[1, \"two\"]"};
    try (StructVector struct = (StructVector) s.createVector(alloc())) {
      struct.allocateNew();
      VarCharVector j = (VarCharVector) struct.getChild("j");
      for (int i = 0; i < docs.length; i++) {
        struct.setIndexDefined(i);
        j.setSafe(i, docs[i].getBytes(StandardCharsets.UTF_8));
      }
      struct.setValueCount(docs.length);
      try (VariantVector out = VariantKernels.castToVariant(struct, alloc())) {
        assertEquals(
            List.of("{\"j\":{\"alpha\":{\"k\":2},\"zeta\":1}}", "{\"j\":[1,\"two\"]}"), json(out));
        VarBinaryVector meta = (VarBinaryVector) out.metadataVector();
        assertTrue(Arrays.equals(meta.get(0), meta.get(1)), "one metadata for the batch");
        assertTrue((meta.get(0)[0] & 0x10) != 0, "sorted");
      }
    }
  }

  @Test
  void decimalsKeepEveryDigitOrFail() {
    try (DecimalVector wide = new DecimalVector("d", alloc(), 5, 2)) {
      wide.allocateNew(2);
      // More digits than the declared precision (Arrow does not check): written exactly.
      wide.setBigEndian(0, BigInteger.valueOf(123_456_789_012L).toByteArray());
      wide.set(1, BigDecimal.valueOf(-12345, 2));
      wide.setValueCount(2);
      try (VariantVector out = VariantKernels.castToVariant(wide, alloc())) {
        assertEquals(List.of("1234567890.12", "-123.45"), json(out));
      }
    }
  }

  @Test
  void timesAndTimestampsOutsideTheirRangeAreErrors() {
    try (TimeMicroVector t = new TimeMicroVector("t", alloc());
        TimeStampSecVector ts = new TimeStampSecVector("ts", alloc())) {
      t.allocateNew(1);
      t.set(0, 86_400_000_000L);
      t.setValueCount(1);
      KernelException e =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(t, alloc()));
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertTrue(e.getMessage().contains("outside one day"), e.getMessage());
      ts.allocateNew(2);
      ts.set(0, 1L);
      ts.set(1, Long.MAX_VALUE / 10);
      ts.setValueCount(2);
      KernelException o =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(ts, alloc()));
      assertEquals(1, o.location().row());
      assertTrue(o.getMessage().contains("overflows"), o.getMessage());
    }
  }

  @Test
  void illFormedUtf8AndDuplicateStructNamesAreRefused() {
    try (VarCharVector s = new VarCharVector("s", alloc())) {
      s.allocateNew();
      s.setSafe(0, "fine".getBytes(StandardCharsets.UTF_8));
      s.setSafe(1, new byte[] {'a', (byte) 0xC0, (byte) 0xAF});
      s.setValueCount(2);
      KernelException e =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(s, alloc()));
      assertEquals(1, e.location().row());
      assertTrue(e.getMessage().contains("UTF-8 at byte 1"), e.getMessage());
    }
    // Arrow Java keeps both children only under the APPEND conflict policy.
    try (StructVector p =
        new StructVector(
            "p",
            alloc(),
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            null,
            org.apache.arrow.vector.complex.AbstractStructVector.ConflictPolicy.CONFLICT_APPEND,
            true)) {
      p.addOrGet("x", FieldType.nullable(new ArrowType.Int(32, true)), IntVector.class);
      p.addOrGet("x", FieldType.nullable(ArrowType.Utf8.INSTANCE), VarCharVector.class);
      assertEquals(2, p.getChildrenFromFields().size());
      p.setValueCount(0);
      KernelException e =
          assertThrows(KernelException.class, () -> VariantKernels.castToVariant(p, alloc()));
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
      assertTrue(e.getMessage().contains("two fields named \"x\""), e.getMessage());
    }
  }

  @Test
  void aVariantWriterOutputPassesThroughSharingItsBuffers() {
    VariantVectorWriter w = new VariantVectorWriter();
    w.row().appendString("kept");
    w.finishRow();
    try (VariantVector in = w.finish("v", alloc());
        VariantVector out = VariantKernels.castToVariant(in, alloc())) {
      assertEquals(
          ((VarBinaryVector) in.valueVector()).getDataBuffer().memoryAddress(),
          ((VarBinaryVector) out.valueVector()).getDataBuffer().memoryAddress(),
          "the value bytes are shared, not copied");
      assertEquals(List.of("\"kept\""), json(out));
    }
  }
}
