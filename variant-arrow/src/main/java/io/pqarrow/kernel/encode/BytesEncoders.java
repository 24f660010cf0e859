package io.pqarrow.kernel.encode;

import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.BinarySlots;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/**
 * Strings (Utf8, LargeUtf8, Utf8View → STRING, checked to be well-formed UTF-8), binaries (Binary,
 * LargeBinary, BinaryView, FixedSizeBinary → BINARY), {@code arrow.uuid} (→ UUID) and {@code
 * arrow.json} (parsed into the value with the library's JSON → Variant). The bytes are copied from
 * the vector's buffers straight into the builder.
 */
final class BytesEncoders {
  private BytesEncoders() {}

  /** A slot of one of the three variable-width layouts. */
  abstract static class Variable extends VectorEncoder {
    final BinarySlots slots;

    Variable(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
      this.slots = BinarySlots.of(column, vector, vector.getValueCount());
    }
  }

  static final class Text extends Variable {
    Text(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      slots.position(i);
      ByteBuffer buf = slots.buffer();
      int at = slots.offset();
      int n = slots.length();
      int bad = Bytes.firstInvalidUtf8(buf, at, n);
      if (bad >= 0) {
        throw ctx.invalid(
            column,
            "string is not well-formed UTF-8 at byte "
                + bad
                + String.format(" (0x%02X)", buf.get(at + bad) & 0xFF));
      }
      b.appendStringUtf8(buf, at, n);
    }
  }

  static final class Binary extends Variable {
    Binary(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      slots.position(i);
      b.appendBinary(slots.buffer(), slots.offset(), slots.length());
    }
  }

  static final class FixedBinary extends VectorEncoder {
    private final int width;
    private final ByteBuffer data;

    FixedBinary(EncodeContext ctx, String column, FieldVector vector, int width) {
      super(ctx, column, vector);
      this.width = width;
      ArrowBuf buf = vector.getDataBuffer();
      long need = (long) width * vector.getValueCount();
      if (need > Integer.MAX_VALUE) {
        throw EncodeContext.unsupported(column, "fixed-size binary data over 2 GiB");
      }
      this.data = buf.nioBuffer(0, (int) need);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendBinary(data, i * width, width);
    }
  }

  static final class Uuid extends VectorEncoder.Fixed {
    Uuid(EncodeContext ctx, String column, FieldVector storage) {
      super(ctx, column, storage);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long at = (long) i * 16;
      b.appendUuid(Long.reverseBytes(data.getLong(at)), Long.reverseBytes(data.getLong(at + 8)));
    }
  }

  /** {@code arrow.json}: each slot parsed into the value (text {@code null} is Variant null). */
  static final class Json extends Variable {
    private byte[] scratch = new byte[256];

    Json(EncodeContext ctx, String column, FieldVector storage) {
      super(ctx, column, storage);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      slots.position(i);
      int n = slots.length();
      if (n > scratch.length) {
        scratch = new byte[Math.max(n, 2 * scratch.length)];
      }
      slots.buffer().get(slots.offset(), scratch, 0, n);
      ctx.json.parse(scratch, 0, n, b, ctx.row);
    }
  }
}
