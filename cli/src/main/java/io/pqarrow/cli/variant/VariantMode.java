package io.pqarrow.cli.variant;

/** What {@code bridge export --variant} does with Variant columns. */
public enum VariantMode {
  /** Variant columns as read: {@code arrow.parquet.variant}, shredded or not. */
  KEEP,
  /** Shredded Variant columns rebuilt into plain {@code metadata} + {@code value}. */
  UNSHRED,
  /** Variant columns as {@code arrow.json} strings. */
  JSON,
  /** Variant columns decoded into typed Arrow vectors of an inferred schema. */
  DECODE
}
