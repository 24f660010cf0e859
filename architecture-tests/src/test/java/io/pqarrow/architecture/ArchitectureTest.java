package io.pqarrow.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.pqarrow.architecture.ProjectClasses.MAIN;
import static io.pqarrow.architecture.ProjectClasses.isProjectClass;
import static io.pqarrow.architecture.ProjectClasses.moduleOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The layout rules of issue 26, checked on the main classes of every module (docs/architecture.md
 * says why each holds).
 */
class ArchitectureTest {

  /**
   * Internal packages: public only so that sibling packages of the same module can call them. Every
   * {@code internal} package, the kernel's packages by job, and the reader's node tree and leaves.
   */
  private static final Pattern INTERNAL =
      Pattern.compile(
          "io\\.pqarrow\\.(.+\\.)?internal(\\..+)?|io\\.pqarrow\\.kernel\\.[a-z]+"
              + "|io\\.pqarrow\\.parquet\\.read\\.(node|leaf)");

  /**
   * Uses of an internal package from another module that are known and allowed, as "from-package ->
   * internal package". Each needs a reason.
   */
  private static final Set<String> INTERNAL_EXCEPTIONS =
      // (cli -> kernel.infer left when inferSchemaAccumulator came to return the API type
      // SchemaAccumulator; none is allowed now)
      Set.of();

  /**
   * The modules that must not see Parquet or Hadoop (docs/architecture.md, "Modules and their
   * direction").
   */
  private static final Set<String> FORMAT_FREE_MODULES = Set.of("bridge-core", "variant-arrow");

  /**
   * The longest allowed chain of project classes, from the first project superclass down to the
   * concrete class, counted in steps (A -> B -> C -> D is 3), as issue 26 counts the decoder ladder
   * "5 levels deep".
   */
  static final int MAX_CLASS_DEPTH = 3;

  /**
   * Concrete classes whose chain of project superclasses is longer than {@link #MAX_CLASS_DEPTH}
   * today. The reader's decoder ladder ({@code LeafDecoder -> PageLeafDecoder -> FixedSlots ->
   * FixedValues -> StagedValues -> ...}) left it when issue 26 ("Conversions as strategies") made
   * it one leaf per layout with a conversion plugged in, and {@code variant_get}'s integer and
   * temporal writers when each became one class per layout with its range or unit change as fields;
   * the writer's ladder goes with the writer engine of the same issue. This list is frozen: no
   * class may join it, and a class that no longer breaks the rule must leave it (the test says so).
   */
  static final Set<String> DEPTH_VIOLATORS_ISSUE_26 =
      Set.of(
          // arrow-bridge, the per-value writer's encoders (issue 26, "One writer engine")
          "io.pqarrow.parquet.write.IntervalEncoders$DayTimeOut",
          "io.pqarrow.parquet.write.IntervalEncoders$MonthDayNanoOut",
          "io.pqarrow.parquet.write.IntervalEncoders$YearMonthOut",
          "io.pqarrow.parquet.write.LeafEncoders$Int32Out",
          "io.pqarrow.parquet.write.LeafEncoders$Int64Out");

  /**
   * The API package of the Variant kernels: their entry point and the vocabulary their calls take.
   */
  static final String KERNEL = "io.pqarrow.kernel";

  /**
   * The kernel's vocabulary: the top-level classes of {@link #KERNEL} that its packages by job may
   * use. They are API types that users have imported from {@code io.pqarrow.kernel} since the
   * kernels shipped, and issue 26 lets API classes move only into the filter package, so they stay
   * beside {@code VariantKernels}, which calls the packages by job: the one package cycle allowed
   * (docs/architecture.md, "No package cycles"). {@code VariantKernels}, {@code KernelResult} and
   * {@code SchemaAccumulator} are not in it: a job that used them would be a real cycle.
   */
  static final Set<String> KERNEL_VOCABULARY =
      Set.of(
          "io.pqarrow.kernel.CastMode",
          "io.pqarrow.kernel.CastOptions",
          "io.pqarrow.kernel.DecodeOptions",
          "io.pqarrow.kernel.GetOptions",
          "io.pqarrow.kernel.InferOptions",
          "io.pqarrow.kernel.KernelException",
          "io.pqarrow.kernel.PathExpression",
          "io.pqarrow.kernel.ToVariantOptions",
          "io.pqarrow.kernel.VariantClass");

  /**
   * The packages whose uses of {@link #KERNEL_VOCABULARY} close the allowed cycle through {@link
   * #KERNEL}, each with its reason. The package graph the cycle rule checks leaves out exactly
   * these uses; any other use of {@code io.pqarrow.kernel} stays in it, so a cycle through another
   * package, or through a class of {@code io.pqarrow.kernel} outside the vocabulary, fails the
   * test. A package here that no longer uses the vocabulary must leave the list (the test says so).
   */
  static final Map<String, String> KERNEL_VOCABULARY_USERS =
      Map.of(
          "io.pqarrow.kernel.path",
          "variant_get's row loops: the path, the cast mode and options, KernelException",
          "io.pqarrow.kernel.decode",
          "the target writers: the class a union child holds, KernelException in strict mode",
          "io.pqarrow.kernel.encode",
          "castToVariant: ToVariantOptions, KernelException",
          "io.pqarrow.kernel.infer",
          "schema inference: InferOptions, the class of a value, KernelException",
          "io.pqarrow.shred",
          "Shredding.inferType takes InferOptions; kernel.path and kernel.encode call Shredding's"
              + " unshredding, so shred's use closes the same cycle");

  /**
   * No two packages depend on each other, directly or through others, in any module: the API facade
   * of a module sits on its jobs, which sit on the shared vocabulary (docs/architecture.md,
   * "Packages point one way"). The one exception: the kernel's vocabulary lives in the facade
   * package {@code io.pqarrow.kernel} ({@link #KERNEL_VOCABULARY}); the uses of it by the packages
   * of {@link #KERNEL_VOCABULARY_USERS} are left out of the graph, and nothing else is.
   */
  @Test
  void noPackageCycles() {
    Map<String, Set<String>> edges = new TreeMap<>();
    Set<String> vocabularyUsersSeen = new TreeSet<>();
    for (JavaClass c : MAIN) {
      Set<String> out = edges.computeIfAbsent(c.getPackageName(), p -> new TreeSet<>());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (!isProjectClass(target) || target.getPackageName().equals(c.getPackageName())) {
          continue;
        }
        if (KERNEL_VOCABULARY_USERS.containsKey(c.getPackageName())
            && KERNEL_VOCABULARY.contains(topLevelName(target))) {
          vocabularyUsersSeen.add(c.getPackageName());
          continue;
        }
        out.add(target.getPackageName());
      }
    }
    assertTrue(edges.size() > 20, "the rule must see every module's packages: " + edges.keySet());
    assertTrue(
        edges.getOrDefault(KERNEL, Set.of()).contains("io.pqarrow.kernel.path"),
        "the rule must see VariantKernels calling its packages by job: " + edges.get(KERNEL));
    List<String> cycles = new ArrayList<>();
    for (Set<String> cycle : PackageCycles.of(edges)) {
      cycles.add(PackageCycles.describe(cycle, edges));
    }
    assertEquals(List.of(), cycles, "packages that depend on each other");
    assertEquals(
        new TreeSet<>(KERNEL_VOCABULARY_USERS.keySet()),
        vocabularyUsersSeen,
        "a package that no longer uses the kernel's vocabulary must leave KERNEL_VOCABULARY_USERS");
  }

  /** The name of the top-level class that {@code c} is or is nested in. */
  static String topLevelName(JavaClass c) {
    int nested = c.getName().indexOf('$');
    return nested < 0 ? c.getName() : c.getName().substring(0, nested);
  }

  @Test
  void internalPackagesAreUsedOnlyFromTheirOwnModule() {
    List<String> violations = new ArrayList<>();
    Set<String> exceptionsSeen = new TreeSet<>();
    for (JavaClass c : MAIN) {
      String fromModule = moduleOf(c);
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (!isProjectClass(target) || !INTERNAL.matcher(target.getPackageName()).matches()) {
          continue;
        }
        Optional<String> toModule = target.getSource().map(s -> moduleOf(target));
        if (toModule.isEmpty() || toModule.get().equals(fromModule)) {
          continue;
        }
        String pair = c.getPackageName() + " -> " + target.getPackageName();
        if (INTERNAL_EXCEPTIONS.contains(pair)) {
          exceptionsSeen.add(pair);
          continue;
        }
        violations.add(
            fromModule + " uses " + toModule.get() + "'s internal: " + d.getDescription());
      }
    }
    assertEquals(List.of(), violations, "internal packages used from another module");
    assertEquals(
        new TreeSet<>(INTERNAL_EXCEPTIONS),
        exceptionsSeen,
        "an exception no longer used must leave INTERNAL_EXCEPTIONS");
  }

  @Test
  void bridgeCoreAndVariantArrowAreFreeOfParquetAndHadoop() {
    DescribedPredicate<JavaClass> inFormatFreeModule =
        DescribedPredicate.describe(
            "are in " + FORMAT_FREE_MODULES, c -> FORMAT_FREE_MODULES.contains(moduleOf(c)));
    long checked = MAIN.stream().filter(inFormatFreeModule).count();
    assertTrue(checked > 100, "the rule must see bridge-core's and variant-arrow's classes");
    noClasses()
        .that(inFormatFreeModule)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.parquet..", "org.apache.hadoop..")
        .check(MAIN);
  }

  @Test
  void noChainOfProjectClassesIsLongerThanThree() {
    TreeMap<String, List<String>> tooDeep = new TreeMap<>();
    for (JavaClass c : MAIN) {
      if (c.isInterface() || c.getModifiers().contains(JavaModifier.ABSTRACT)) {
        continue;
      }
      List<String> chain = projectChain(c);
      if (chain.size() - 1 > MAX_CLASS_DEPTH) {
        tooDeep.put(c.getName(), chain);
      }
    }
    List<String> newViolators = new ArrayList<>();
    tooDeep.forEach(
        (name, chain) -> {
          if (!DEPTH_VIOLATORS_ISSUE_26.contains(name)) {
            newViolators.add(String.join(" -> ", chain));
          }
        });
    assertEquals(
        List.of(), newViolators, "chains of project classes longer than " + MAX_CLASS_DEPTH);
    Set<String> fixed = new TreeSet<>(DEPTH_VIOLATORS_ISSUE_26);
    fixed.removeAll(tooDeep.keySet());
    assertEquals(
        Set.of(), fixed, "no longer too deep (or gone): remove from DEPTH_VIOLATORS_ISSUE_26");
  }

  /** The class and its project superclasses, from the first project superclass down to it. */
  static List<String> projectChain(JavaClass c) {
    List<String> chain = new ArrayList<>();
    for (Optional<JavaClass> k = Optional.of(c);
        k.isPresent() && isProjectClass(k.get());
        k = k.get().getRawSuperclass()) {
      chain.add(0, k.get().getName());
    }
    return chain;
  }
}
