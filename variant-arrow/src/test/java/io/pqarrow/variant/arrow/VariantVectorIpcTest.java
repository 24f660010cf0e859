package io.pqarrow.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Variant column through an Arrow IPC stream: the stream reader is the {@link DictionaryProvider}
 * for dictionary-encoded metadata, as {@link VariantColumnReader} expects.
 */
class VariantVectorIpcTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void dictionaryEncodedMetadataIsReadWithTheStreamReaderAsProvider() throws IOException {
    ExtensionTypes.register();
    BufferAllocator a = memory.allocator();
    EncodedVariant x =
        new VariantBuilder().startObject().appendKey("x").appendInt(1).endObject().build();
    EncodedVariant y =
        new VariantBuilder().startObject().appendKey("y").appendInt(2).endObject().build();
    DictionaryEncoding encoding = new DictionaryEncoding(7, false, new ArrowType.Int(32, true));
    int[] idx = {0, 1, 1, 0};
    List<byte[]> values = List.of(x.value(), y.value(), y.value(), x.value());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FieldVector blobs =
            ArrowVariantVectorsTest.binaryVector(
                "dict",
                ArrowVariantVectorsTest.Layout.BINARY,
                List.of(x.metadata(), y.metadata()),
                a);
        IntVector indices =
            new IntVector("m", new FieldType(false, encoding.getIndexType(), encoding), a);
        FieldVector value =
            ArrowVariantVectorsTest.binaryVector(
                "v", ArrowVariantVectorsTest.Layout.BINARY, values, a)) {
      indices.allocateNew(idx.length);
      for (int i = 0; i < idx.length; i++) {
        indices.set(i, idx[i]);
      }
      indices.setValueCount(idx.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(blobs, encoding));
      try (VariantVector v = VariantVectors.wrap("var", indices, value, a);
          VectorSchemaRoot root =
              new VectorSchemaRoot(List.of(v.getField()), List.of(v), idx.length);
          ArrowStreamWriter writer =
              new ArrowStreamWriter(root, provider, Channels.newChannel(bytes))) {
        writer.start();
        writer.writeBatch();
        writer.end();
      }
    }
    try (ArrowStreamReader reader =
        new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), a)) {
      assertTrue(reader.loadNextBatch());
      VariantVector v =
          assertInstanceOf(VariantVector.class, reader.getVectorSchemaRoot().getVector("var"));
      VariantColumnReader column = VariantColumnReader.of(v, reader);
      VariantReader row = new VariantReader();
      for (int i = 0; i < idx.length; i++) {
        assertTrue(column.read(i, row));
        assertEquals(idx[i] == 0 ? "x" : "y", row.fieldName(0));
        assertEquals(idx[i] + 1, row.fieldInto(0, new VariantReader()).getInt());
      }
      assertFalse(reader.loadNextBatch());
    }
  }
}
