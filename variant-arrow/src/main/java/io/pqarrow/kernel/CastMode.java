package io.pqarrow.kernel;

/** What a kernel does with a value that does not fit the target type. */
public enum CastMode {
  /** The output slot becomes null and the row is counted in the result (the default). */
  SAFE,
  /** The call fails with a {@link KernelException} naming the row, the path and the value kind. */
  STRICT
}
