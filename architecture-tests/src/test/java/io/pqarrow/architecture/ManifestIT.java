package io.pqarrow.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every jar declares an {@code Automatic-Module-Name}. An integration test: under {@code mvn
 * verify} the modules this one depends on are on the class path as their packaged jars, whose
 * manifests are read here.
 */
class ManifestIT {

  /** Artifact id → the module name its jar must declare. */
  private static final Map<String, String> EXPECTED =
      Map.of(
          "bridge-core", "io.pqarrow.core",
          "variant-arrow", "io.pqarrow.variant",
          "bridge-schema", "io.pqarrow.bridge.schema",
          "bridge-parquet", "io.pqarrow.bridge.parquet",
          "bridge-scan", "io.pqarrow.bridge.scan",
          "arrow-bridge", "io.pqarrow.bridge",
          "bridge-flight", "io.pqarrow.bridge.flight",
          "pqarrow-cli", "io.pqarrow.cli",
          "bridge-spark", "io.pqarrow.spark",
          "benchmarks", "io.pqarrow.bench");

  private static final Pattern JAR =
      Pattern.compile("/([a-z-]+)-\\d[^/]*\\.jar!/META-INF/MANIFEST\\.MF$");

  @Test
  void everyJarDeclaresItsAutomaticModuleName() throws IOException {
    Map<String, String> found = new TreeMap<>();
    for (URL url :
        Collections.list(getClass().getClassLoader().getResources("META-INF/MANIFEST.MF"))) {
      Matcher m = JAR.matcher(url.toString());
      if (!m.find() || !EXPECTED.containsKey(m.group(1))) {
        continue;
      }
      try (InputStream in = url.openStream()) {
        String name = new Manifest(in).getMainAttributes().getValue("Automatic-Module-Name");
        found.put(m.group(1), String.valueOf(name));
      }
    }
    assertEquals(new TreeMap<>(EXPECTED), found);
  }
}
