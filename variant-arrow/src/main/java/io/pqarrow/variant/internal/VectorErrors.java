package io.pqarrow.variant.internal;

import io.pqarrow.variant.arrow.VariantVectorException;
import java.util.Objects;

/**
 * How the helpers of this package raise a {@link VariantVectorException}. The exception's factories
 * are package-private in {@code io.pqarrow.variant.arrow}, an API package that must not grow API
 * for its helpers; that package hands them over here once, when the exception class is initialised,
 * so that the messages keep one author.
 */
public final class VectorErrors {
  /** The factories of {@link VariantVectorException}; implemented by that class only. */
  public interface Factory {
    /** {@code Invalid Variant vector at <vector>: <problem>}. */
    VariantVectorException invalid(String vector, String problem);

    /** {@code Invalid Variant vector at <vector>, row <row>: <problem>}. */
    VariantVectorException invalidRow(String vector, long row, String problem);

    /** {@code Unsupported Variant vector at <vector>: <what>}. */
    VariantVectorException unsupported(String vector, String what);
  }

  private static volatile Factory factory;

  private VectorErrors() {}

  /**
   * Installs the factories; called once, by {@link VariantVectorException}'s class initialiser.
   *
   * @throws IllegalStateException when called from anywhere else, or a second time
   */
  public static synchronized void install(Factory f) {
    Class<?> caller =
        StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
    if (caller != VariantVectorException.class || factory != null) {
      throw new IllegalStateException("VectorErrors are installed by VariantVectorException only");
    }
    factory = Objects.requireNonNull(f, "factory");
  }

  /** As {@code VariantVectorException.invalid(vector, problem)}. */
  static VariantVectorException invalid(String vector, String problem) {
    return factory().invalid(vector, problem);
  }

  /** As {@code VariantVectorException.invalidRow(vector, row, problem)}. */
  static VariantVectorException invalidRow(String vector, long row, String problem) {
    return factory().invalidRow(vector, row, problem);
  }

  /** As {@code VariantVectorException.unsupported(vector, what)}. */
  static VariantVectorException unsupported(String vector, String what) {
    return factory().unsupported(vector, what);
  }

  private static Factory factory() {
    Factory f = factory;
    if (f == null) {
      // Initialising the exception class installs its factories.
      try {
        Class.forName(
            VariantVectorException.class.getName(),
            true,
            VariantVectorException.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      f = factory;
    }
    return f;
  }
}
