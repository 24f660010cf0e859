package io.pqarrow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqarrow.BridgeException;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonToVariant;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A coverage-guided fuzz target (Jazzer) for reading shredded Variant storage: rows parsed from
 * fuzzed JSON are shredded with one of several shredding types, then the storage's bytes are
 * damaged where the fuzzer says (validity bits flipped, bytes of any buffer overwritten within what
 * the vectors hold), and the damaged storage is unshredded, read by {@code variant_get} and
 * inferred from. Each may refuse the storage only with the library's own exception ({@link
 * BridgeException}), and no Arrow memory may be left behind. Kept inputs: {@code
 * src/test/resources/io/pqarrow/fuzz/ShreddedFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes
 * (README, "Fuzzing").
 */
class ShreddedFuzzTest {
  /** Shredding types covering every level shape: primitives, objects, arrays and their nesting. */
  private static final String[] TYPES = {
    "int64",
    "string",
    "decimal(9,2)",
    "struct<a:int64,b:string>",
    "struct<a:struct<x:double,y:list<int32>>,b:boolean>",
    "list<string>",
    "list<struct<k:string,v:timestamptz(us)>>",
    "struct<a:uuid,b:binary,c:date>",
  };

  private static final Field GET_A =
      new Field("a", FieldType.nullable(new ArrowType.Int(64, true)), null);

  @FuzzTest(maxDuration = "10s")
  void damagedShreddedStorageReadsOrIsRefusedCleanly(FuzzedDataProvider data) {
    Field type = ShreddingTypes.parse("v", TYPES[data.consumeInt(0, TYPES.length - 1)]);
    try (BufferAllocator allocator = new RootAllocator()) {
      try (VariantVector plain = rows(data, allocator);
          VariantVector shredded =
              Shredding.shred(plain, type, ShredOptions.defaults(), allocator)) {
        damage(shredded, data);
        read(shredded, allocator);
      }
      assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory left behind");
    }
  }

  /** Up to 8 rows of fuzzed JSON; text that is not JSON is a SQL NULL row. */
  private static VariantVector rows(FuzzedDataProvider data, BufferAllocator allocator) {
    VariantVectorWriter w = new VariantVectorWriter();
    JsonToVariant json = new JsonToVariant();
    int n = data.consumeInt(1, 8);
    for (int i = 0; i < n; i++) {
      String text = data.consumeString(96);
      try {
        w.appendRow(json.parse(text));
      } catch (BridgeException notJson) {
        w.appendSqlNull();
      }
    }
    return w.finish("v", allocator);
  }

  /** Flips validity bits and overwrites bytes of the storage's buffers, as the fuzzer chooses. */
  private static void damage(VariantVector shredded, FuzzedDataProvider data) {
    List<ArrowBuf> buffers = new ArrayList<>();
    collect(shredded.getUnderlyingVector(), buffers);
    int edits = data.consumeInt(0, 6);
    for (int e = 0; e < edits && !buffers.isEmpty(); e++) {
      ArrowBuf b = buffers.get(data.consumeInt(0, buffers.size() - 1));
      long written = Math.min(b.capacity(), b.writerIndex() > 0 ? b.writerIndex() : b.capacity());
      if (written == 0) {
        continue;
      }
      b.setByte(data.consumeLong(0, written - 1), data.consumeByte());
    }
  }

  private static void collect(FieldVector v, List<ArrowBuf> out) {
    for (ArrowBuf b : v.getFieldBuffers()) {
      if (b != null && b.capacity() > 0) {
        out.add(b);
      }
    }
    for (FieldVector child : v.getChildrenFromFields()) {
      collect(child, out);
    }
  }

  /** Unshreds, gets {@code $.a} and infers a schema; only the library's refusal may escape. */
  private static void read(VariantVector shredded, BufferAllocator allocator) {
    try (VariantVector plain = Shredding.unshred(shredded, allocator)) {
      assertEquals(shredded.getValueCount(), plain.getValueCount(), "rows unshredded");
    } catch (BridgeException refused) {
      // the library's own refusal
    }
    try (KernelResult a =
        VariantKernels.get(shredded, "$.a", GET_A, GetOptions.defaults(), allocator)) {
      assertEquals(shredded.getValueCount(), a.vector().getValueCount(), "rows got");
    } catch (BridgeException refused) {
      // the library's own refusal
    }
    try (KernelResult whole =
        VariantKernels.get(
            shredded,
            "$",
            VariantType.unshreddedField("v", true),
            GetOptions.defaults(),
            allocator)) {
      VariantKernels.inferSchema((VariantVector) whole.vector(), InferOptions.defaults());
    } catch (BridgeException refused) {
      // the library's own refusal
    }
  }
}
