package io.pqarrow.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.net.URI;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The main classes of every module, imported once, and the module each came from. A class's module
 * is read from where it was loaded (a module's {@code target/classes} under {@code mvn test}, its
 * jar under {@code mvn verify}), so a new package needs no entry here.
 */
final class ProjectClasses {

  /** Classes that Spark's shaded jar relocates under our prefix: other projects' code. */
  private static final String SHADED = "/io/pqarrow/shaded/";

  private static final String SPARK_JAR = "/bridge-spark-";

  /** What JMH generates from the benchmarks: not code we write. */
  private static final String JMH_GENERATED = "/jmh_generated/";

  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(location -> !location.contains(SHADED))
          // after package, spark's artifact is the shaded jar, which holds every module's classes
          // besides its own: from it take only io.pqarrow.spark, so that a class is counted in
          // the module that owns it, whichever jar comes first on the class path
          .withImportOption(
              location -> !location.contains(SPARK_JAR) || location.contains("/io/pqarrow/spark/"))
          .withImportOption(location -> !location.contains(JMH_GENERATED))
          .importPackages("io.pqarrow");

  /** Artifact ids whose module directory has another name. */
  private static final Map<String, String> DIRECTORY_OF_ARTIFACT =
      Map.of("pqarrow-cli", "cli", "bridge-spark", "spark", "bridge-flight", "flight");

  private static final Pattern CLASSES_DIR = Pattern.compile("/([^/]+)/target/classes/");
  private static final Pattern JAR = Pattern.compile("/([a-z-]+)-\\d[^/]*\\.jar!/");

  private ProjectClasses() {}

  /** The module directory a class was loaded from ({@code bridge-core}, {@code cli}, ...). */
  static String moduleOf(JavaClass c) {
    URI uri =
        c.getSource()
            .orElseThrow(() -> new AssertionError("no class file for " + c.getName()))
            .getUri();
    String where = uri.toString();
    Matcher dir = CLASSES_DIR.matcher(where);
    if (dir.find()) {
      return dir.group(1);
    }
    Matcher jar = JAR.matcher(where);
    if (jar.find()) {
      return DIRECTORY_OF_ARTIFACT.getOrDefault(jar.group(1), jar.group(1));
    }
    throw new AssertionError("cannot tell the module of " + c.getName() + " from " + where);
  }

  static boolean isProjectClass(JavaClass c) {
    return c.getPackageName().equals("io.pqarrow") || c.getPackageName().startsWith("io.pqarrow.");
  }
}
