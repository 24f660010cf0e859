package io.pqarrow.variant;

/**
 * One encoded Variant: its metadata and value bytes. The arrays are owned by this record (the
 * builder that made them keeps no reference); callers must not modify them. Record equality
 * compares the arrays by identity.
 *
 * @param metadata the metadata dictionary bytes
 * @param value the value bytes
 */
public record EncodedVariant(byte[] metadata, byte[] value) {
  /** A view for reading the encoded value. */
  public Variant toVariant() {
    return Variant.of(metadata, value);
  }
}
