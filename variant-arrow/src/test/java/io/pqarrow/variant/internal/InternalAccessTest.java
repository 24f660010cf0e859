package io.pqarrow.variant.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.variant.arrow.VariantVectorException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * API packages do not grow API for their internal helpers: what the internal packages need of
 * {@link KernelResult}, {@link PathExpression} and {@link VariantVectorException} reaches them
 * without public members.
 */
class InternalAccessTest {
  @Test
  void kernelResultHasNoPublicConstructor() {
    for (Constructor<?> c : KernelResult.class.getDeclaredConstructors()) {
      assertFalse(Modifier.isPublic(c.getModifiers()), c.toString());
    }
  }

  @Test
  void pathExpressionExposesNoKeyBytes() {
    for (Method m : PathExpression.class.getMethods()) {
      assertFalse(m.getReturnType() == byte[].class, m.toString());
    }
  }

  @Test
  void variantVectorExceptionHasNoPublicFactories() {
    for (Method m : VariantVectorException.class.getDeclaredMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        assertFalse(Modifier.isPublic(m.getModifiers()), m.toString());
      }
    }
  }

  @Test
  void theOnePublicConstructorWritesTheGrammarOfItsKind() {
    VariantVectorException invalid =
        new VariantVectorException(ErrorKind.INVALID_DATA, "v.value", -1, "a problem");
    assertEquals("Invalid Variant vector at v.value: a problem", invalid.getMessage());
    assertEquals(ErrorLocation.inColumn("v.value"), invalid.location());
    VariantVectorException row =
        new VariantVectorException(ErrorKind.INVALID_DATA, "v.value", 7, "a problem");
    assertEquals("Invalid Variant vector at v.value, row 7: a problem", row.getMessage());
    assertEquals(ErrorLocation.inColumn("v.value").withRow(7), row.location());
    VariantVectorException unsupported =
        new VariantVectorException(ErrorKind.UNSUPPORTED, "v.value", 7, "row 7's thing");
    assertEquals("Unsupported Variant vector at v.value: row 7's thing", unsupported.getMessage());
    assertEquals(ErrorKind.UNSUPPORTED, unsupported.kind());
    assertEquals(ErrorLocation.inColumn("v.value").withRow(7), unsupported.location());
  }
}
