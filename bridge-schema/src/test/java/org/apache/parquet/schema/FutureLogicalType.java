package org.apache.parquet.schema;

import java.util.Optional;

/**
 * A logical type annotation from a format version newer than parquet-java: readers must fall back
 * to the physical type. It lives in parquet-java's package because the base class keeps one
 * abstract method package-private.
 */
public final class FutureLogicalType extends LogicalTypeAnnotation {
  public static final FutureLogicalType INSTANCE = new FutureLogicalType();

  private FutureLogicalType() {}

  /** A group carrying this annotation (the annotated group constructor is package-private). */
  public static GroupType group(Type.Repetition repetition, String name, Type... fields) {
    return new GroupType(repetition, name, INSTANCE, fields);
  }

  @Override
  @Deprecated
  public OriginalType toOriginalType() {
    return null;
  }

  @Override
  public <T> Optional<T> accept(LogicalTypeAnnotationVisitor<T> visitor) {
    return Optional.empty();
  }

  @Override
  LogicalTypeToken getType() {
    return LogicalTypeToken.UNKNOWN;
  }

  @Override
  public String toString() {
    return "FUTURE";
  }
}
