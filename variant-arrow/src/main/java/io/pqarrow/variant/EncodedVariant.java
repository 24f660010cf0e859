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
  /** {@return a view reading this value in place (no copy), with its metadata} */
  public Variant toVariant() {
    return Variant.of(metadata, value);
  }
}
