package io.pqarrow.variant;

import io.pqarrow.Limits;
import io.pqarrow.variant.internal.Utf8;
import java.util.Arrays;

/**
 * Copies a value read elsewhere into a {@link VariantBuilder}: primitives byte for byte, objects
 * and arrays rebuilt through the builder, each key re-mapped to the builder's dictionary (once per
 * source key and source metadata). A key that is not valid UTF-8 is refused rather than decoded
 * (decoding would turn it into U+FFFD and silently change the key). The walk refuses a value nested
 * deeper than the builder's {@link Limits#maxVariantDepth()}.
 */
final class ValueCopier implements VariantVisitor {
  private final VariantBuilder builder;
  private final ValueWriter writer;
  private final KeyDictionary dict;
  private final Utf8Encoder encoder;
  private final VariantWalker walker;

  /** The metadata {@link #sourceIds} maps from. */
  private VariantMetadata lastSource;

  /** This builder's id of each key id of {@link #lastSource}, -1 while not yet looked up. */
  private int[] sourceIds;

  /** The metadata of the value being copied. */
  private VariantMetadata copySource;

  ValueCopier(
      VariantBuilder builder,
      ValueWriter writer,
      KeyDictionary dict,
      Utf8Encoder encoder,
      Limits limits) {
    this.builder = builder;
    this.writer = writer;
    this.dict = dict;
    this.encoder = encoder;
    this.walker = new VariantWalker(limits);
  }

  /** Copies the value {@code source} points at. */
  void copy(VariantReader source) {
    copySource = source.metadata();
    walker.walk(source, this);
  }

  /** Forgets the key mapping (the builder's dictionary was emptied). */
  void reset() {
    lastSource = null;
    sourceIds = null;
    copySource = null;
  }

  @Override
  public void primitive(VariantReader value, VariantPath path) {
    int size = value.encodedSize();
    int at = writer.reserve(size);
    value.buffer().get(value.offset(), writer.buffer(), at, size);
  }

  @Override
  public void startObject(VariantReader object, VariantPath path) {
    builder.startObject();
  }

  @Override
  public void field(int index, int keyId, VariantPath path) {
    writer.pendingKey(mapKey(copySource, keyId));
  }

  @Override
  public void endObject(VariantReader object, VariantPath path) {
    builder.endObject(object);
  }

  @Override
  public void startArray(VariantReader array, VariantPath path) {
    builder.startArray();
  }

  @Override
  public void endArray(VariantReader array, VariantPath path) {
    builder.endArray();
  }

  private int mapKey(VariantMetadata source, int sourceId) {
    if (source != lastSource) {
      lastSource = source;
      sourceIds = new int[source.size()];
      Arrays.fill(sourceIds, -1);
    }
    int id = sourceIds[sourceId];
    if (id < 0) {
      int at = source.keyOffset(sourceId);
      int bad = Utf8.firstInvalid(source.buffer(), at, source.keyLength(sourceId));
      if (bad >= 0) {
        throw source.error(
            at - source.offset() + bad,
            "expected valid UTF-8 in key "
                + sourceId
                + ", found byte 0x"
                + Integer.toHexString(source.buffer().get(at + bad) & 0xFF).toUpperCase());
      }
      String key = source.key(sourceId);
      id = dict.add(key, encoder.encode(key, "key"));
      sourceIds[sourceId] = id;
    }
    return id;
  }
}
