package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.DecodeOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.ToVariantOptions;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.variant.ValidationOptions;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every options class of the library follows one convention: {@code defaults()}, {@code builder()},
 * {@code toBuilder()}, a getter per builder setter, and {@code NullPointerException} naming the
 * option for a null argument. Checked by reflection, so a new option cannot forget it. {@link
 * Limits} follows it too; its setters are all numeric, so the null check has nothing to refuse
 * there, and the defaults and toBuilder round trips are what hold it.
 */
class OptionsConventionTest {

  static Stream<Class<?>> optionsClasses() {
    return Stream.of(
        Limits.class,
        MappingOptions.class,
        ReadOptions.class,
        WriteOptions.class,
        ValidationOptions.class,
        JsonOptions.class,
        GetOptions.class,
        DecodeOptions.class,
        InferOptions.class,
        ToVariantOptions.class,
        ShredOptions.class);
  }

  @ParameterizedTest
  @MethodSource("optionsClasses")
  void defaultsEqualAFreshBuilder(Class<?> type) throws Exception {
    Object defaults = staticCall(type, "defaults");
    Object built = build(staticCall(type, "builder"));
    assertEquals(getters(defaults), getters(built));
    assertEquals(getters(defaults), getters(build(call(defaults, "toBuilder"))));
  }

  @ParameterizedTest
  @MethodSource("optionsClasses")
  void toBuilderKeepsEveryChangedOption(Class<?> type) throws Exception {
    Object defaults = staticCall(type, "defaults");
    Object builder = staticCall(type, "builder");
    List<String> changed = new ArrayList<>();
    for (Method setter : setters(builder.getClass())) {
      Object current = type.getMethod(setter.getName()).invoke(defaults);
      Object other = otherValue(setter.getParameterTypes()[0], current);
      if (other != null) {
        try {
          setter.invoke(builder, other);
        } catch (InvocationTargetException e) {
          // a default at the top of its range (a Limits cap, say): one less instead
          assertTrue(e.getCause() instanceof IllegalArgumentException, String.valueOf(e));
          setter.invoke(builder, lowerValue(setter.getParameterTypes()[0], current));
        }
        changed.add(setter.getName());
      }
    }
    Object options = build(builder);
    Map<String, Object> values = getters(options);
    for (String name : changed) {
      assertNotEquals(getters(defaults).get(name), values.get(name), name + " did not change");
    }
    assertEquals(values, getters(build(call(options, "toBuilder"))));
  }

  @ParameterizedTest
  @MethodSource("optionsClasses")
  void aNullOptionIsANullPointerExceptionNamingIt(Class<?> type) throws Exception {
    Object builder = staticCall(type, "builder");
    for (Method setter : setters(builder.getClass())) {
      if (setter.getParameterTypes()[0].isPrimitive()) {
        continue;
      }
      InvocationTargetException e =
          assertThrows(
              InvocationTargetException.class, () -> setter.invoke(builder, (Object) null));
      assertTrue(
          e.getCause() instanceof NullPointerException,
          type.getSimpleName() + "." + setter.getName() + "(null): " + e.getCause());
      assertEquals(setter.getName(), e.getCause().getMessage());
    }
  }

  private static List<Method> setters(Class<?> builderType) {
    List<Method> out = new ArrayList<>();
    for (Method m : builderType.getMethods()) {
      if (m.getParameterCount() == 1
          && !Modifier.isStatic(m.getModifiers())
          && m.getReturnType().isAssignableFrom(builderType)
          && m.getReturnType() != Object.class) {
        out.add(m);
      }
    }
    assertTrue(!out.isEmpty(), builderType + " has no setters");
    return out;
  }

  /** The values of every public no-argument getter, by name. */
  private static Map<String, Object> getters(Object options) throws Exception {
    Map<String, Object> out = new TreeMap<>();
    for (Method m : options.getClass().getMethods()) {
      if (m.getParameterCount() == 0
          && !Modifier.isStatic(m.getModifiers())
          && m.getDeclaringClass() != Object.class
          && !m.getName().equals("toBuilder")
          && !m.getName().equals("hashCode")
          && !m.getName().equals("toString")) {
        out.put(m.getName(), m.invoke(options));
      }
    }
    return out;
  }

  /** The numeric value just below {@code current}. */
  private static Object lowerValue(Class<?> type, Object current) {
    if (type == int.class) {
      return (Integer) current - 1;
    }
    if (type == long.class) {
      return (Long) current - 1;
    }
    if (type == double.class) {
      return (Double) current - 0.25;
    }
    throw new AssertionError("no lower " + type + " than " + current);
  }

  /**
   * A value other than {@code current} (for a number, one more; {@link #lowerValue} when that is
   * out of range), or null when the test cannot choose one.
   */
  private static Object otherValue(Class<?> type, Object current) throws Exception {
    if (type == boolean.class) {
      return !(Boolean) current;
    }
    if (type == int.class) {
      return (Integer) current + 1;
    }
    if (type == long.class) {
      return (Long) current + 1;
    }
    if (type == double.class) {
      return (Double) current + 0.25;
    }
    if (type.isEnum()) {
      for (Object constant : type.getEnumConstants()) {
        if (!constant.equals(current)) {
          return constant;
        }
      }
      return null;
    }
    if (type == Limits.class) {
      Limits limits = (Limits) current;
      return limits.toBuilder().maxJsonDepth(limits.maxJsonDepth() + 1).build();
    }
    if (type.getSimpleName().endsWith("Options")) {
      Object builder = staticCall(type, "builder");
      for (Method setter : setters(builder.getClass())) {
        if (setter.getParameterTypes()[0] == boolean.class) {
          Object now = type.getMethod(setter.getName()).invoke(staticCall(type, "defaults"));
          setter.invoke(builder, !(Boolean) now);
          return build(builder);
        }
      }
    }
    return null;
  }

  private static Object staticCall(Class<?> type, String name) throws Exception {
    Method m = type.getMethod(name);
    assertTrue(Modifier.isStatic(m.getModifiers()), type.getSimpleName() + "." + name);
    return m.invoke(null);
  }

  private static Object call(Object target, String name) throws Exception {
    return target.getClass().getMethod(name).invoke(target);
  }

  private static Object build(Object builder) throws Exception {
    return call(builder, "build");
  }
}
