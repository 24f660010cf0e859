package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonConversionException;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.json.JsonToVariant;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.ShredException;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.ValidationOptions;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantTypeException;
import io.pqarrow.variant.VariantValidator;
import io.pqarrow.variant.arrow.VariantVectorException;
import io.pqarrow.variant.arrow.VariantVectors;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Representative Variant, JSON, kernel and shredding failures carry the kind and the location parts
 * their site knows (row and byte offset for bytes, the column for vectors), so that a caller needs
 * no message text to tell them apart.
 */
class VariantErrorKindsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** No keys. */
  private static final byte[] META_EMPTY = {0x11, 0x00, 0x00};

  @Test
  void aTruncatedVariantValueIsInvalidDataAtItsRowAndByte() {
    byte[] value = {0x14, 0x01, 0x02}; // int32 header, 2 of 4 payload bytes
    VariantMetadata md = VariantMetadata.of(ByteBuffer.wrap(META_EMPTY), 0, META_EMPTY.length, 3);
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () ->
                new VariantValidator(ValidationOptions.defaults())
                    .validate(md, ByteBuffer.wrap(value), 0, value.length, 3));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.atRow(3).withByteOffset(1), e.location());
    assertEquals(
        "Invalid Variant value at row 3, byte 1: expected 4 bytes of payload of INT32, only 2"
            + " remain",
        e.getMessage());
  }

  @Test
  void aVariantValueWithoutARowHasOnlyItsByteOffset() {
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () ->
                new VariantReader()
                    .reset(VariantMetadata.of(META_EMPTY), ByteBuffer.wrap(new byte[3]), 10, 5));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.NONE.withByteOffset(10), e.location());
  }

  @Test
  void anUnknownMetadataVersionIsUnsupported() {
    byte[] v2 = {0x12, 0x00, 0x00}; // version 2
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () -> VariantMetadata.of(ByteBuffer.wrap(v2), 0, v2.length, 7));
    assertEquals(ErrorKind.UNSUPPORTED, e.kind());
    assertEquals(ErrorLocation.atRow(7).withByteOffset(0), e.location());
  }

  @Test
  void aValueTooLargeToBuildHasNoLocationPart() {
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class, () -> new VariantBuilder().appendDecimal4(1, 39));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.NONE, e.location());
  }

  @Test
  void aGetterOfTheWrongKindIsTheCallersMistakeAtItsRowAndByte() {
    byte[] value = {0x0C, 0x05}; // int8 5
    VariantReader r =
        new VariantReader()
            .reset(VariantMetadata.of(META_EMPTY), ByteBuffer.wrap(value), 0, value.length, 4);
    VariantTypeException e = assertThrows(VariantTypeException.class, r::getString);
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    assertEquals(ErrorLocation.atRow(4).withByteOffset(0), e.location());
    assertEquals(
        "Invalid Variant access at row 4, byte 0: expected STRING, found INT8", e.getMessage());
  }

  @Test
  void badJsonTextIsInvalidDataAtItsRowAndIllFormedUtf8AtItsByte() {
    byte[] text = "{\"a\": tru}".getBytes(StandardCharsets.UTF_8);
    JsonConversionException e =
        assertThrows(
            JsonConversionException.class,
            () -> new JsonToVariant().parse(text, 0, text.length, new VariantBuilder(), 12));
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.atRow(12), e.location());
    assertEquals(1, e.line());

    byte[] bad = {'"', 'a', (byte) 0xC3, '"'};
    JsonConversionException utf8 =
        assertThrows(
            JsonConversionException.class,
            () -> new JsonToVariant().parse(bad, 0, bad.length, new VariantBuilder(), 2));
    assertEquals(ErrorKind.INVALID_DATA, utf8.kind());
    assertEquals(ErrorLocation.atRow(2).withByteOffset(2), utf8.location());
  }

  @Test
  void aMalformedPathIsAnInvalidArgumentWithoutLocation() {
    KernelException e = assertThrows(KernelException.class, () -> PathExpression.parse("$.a["));
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    assertEquals(ErrorLocation.NONE, e.location());
  }

  @Test
  void aValueThatDoesNotFitInStrictModeIsInvalidDataAtItsRow() {
    try (VarCharVector json = new VarCharVector("j", memory.allocator())) {
      String[] rows = {"1", "2", "\"three\""};
      for (int i = 0; i < rows.length; i++) {
        json.setSafe(i, rows[i].getBytes(StandardCharsets.UTF_8));
      }
      json.setValueCount(rows.length);
      try (VariantVector v =
          JsonColumns.toVariant(json, "v", JsonOptions.defaults(), memory.allocator())) {
        KernelException e =
            assertThrows(
                KernelException.class,
                () ->
                    VariantKernels.get(
                            v,
                            "$",
                            Field.nullable("n", new ArrowType.Int(64, true)),
                            GetOptions.strict(),
                            memory.allocator())
                        .close());
        assertEquals(ErrorKind.INVALID_DATA, e.kind());
        assertEquals(ErrorLocation.atRow(2), e.location());
      }
    }
  }

  @Test
  void malformedShreddingTypeTextIsAnInvalidArgument() {
    ShredException e =
        assertThrows(ShredException.class, () -> ShreddingTypes.parse("v", "struct<a:strin>"));
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    assertEquals(ErrorLocation.NONE, e.location());
    assertEquals("Invalid shredding type at position 9: unknown type \"strin\"", e.getMessage());
  }

  @Test
  void aVariantVectorWithAChildOfTheWrongTypeIsAnInvalidSchemaNamingIt() {
    try (VarBinaryVector metadata = new VarBinaryVector("metadata", memory.allocator());
        IntVector value = new IntVector("value", memory.allocator())) {
      metadata.setValueCount(0);
      value.setValueCount(0);
      VariantVectorException e =
          assertThrows(
              VariantVectorException.class,
              () -> VariantVectors.wrap("payload", metadata, value, null, memory.allocator()));
      assertEquals(ErrorKind.INVALID_SCHEMA, e.kind());
      assertEquals(ErrorLocation.inColumn("payload"), e.location());
    }
  }

  @Test
  void aVariantVectorWhoseChildrenDisagreeIsInvalidData() {
    try (VarBinaryVector metadata = new VarBinaryVector("metadata", memory.allocator());
        VarBinaryVector value = new VarBinaryVector("value", memory.allocator())) {
      metadata.setSafe(0, META_EMPTY);
      metadata.setValueCount(1);
      value.setValueCount(0);
      VariantVectorException e =
          assertThrows(
              VariantVectorException.class,
              () -> VariantVectors.wrap("payload", metadata, value, null, memory.allocator()));
      assertEquals(ErrorKind.INVALID_DATA, e.kind());
      assertEquals(ErrorLocation.inColumn("payload"), e.location());
    }
  }
}
