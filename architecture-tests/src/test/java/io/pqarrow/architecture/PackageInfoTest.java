package io.pqarrow.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every main package says whether it is API: its {@code package-info.java} opens with {@code
 * <b>API}, {@code <b>Internal, not API} or {@code <b>Not API} (docs/architecture.md, "Packages").
 */
class PackageInfoTest {

  private static final Pattern MARK =
      Pattern.compile("^/\\*\\*\\s*\\*\\s*<b>(API|Internal, not API|Not API)[.:]</b>");

  @Test
  void everyMainPackageSaysWhetherItIsApi() throws IOException {
    Path root = Paths.get(System.getenv("PQARROW_REPO_ROOT"));
    List<Path> sourceRoots = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      modules
          .map(m -> m.resolve("src/main/java"))
          .filter(Files::isDirectory)
          .forEach(sourceRoots::add);
    }
    assertTrue(sourceRoots.size() >= 8, "the modules' main sources: " + sourceRoots);
    List<String> unmarked = new ArrayList<>();
    int packages = 0;
    for (Path sources : sourceRoots) {
      List<Path> dirs;
      try (Stream<Path> walk = Files.walk(sources)) {
        dirs = walk.filter(Files::isDirectory).toList();
      }
      for (Path dir : dirs) {
        boolean hasClasses;
        try (Stream<Path> files = Files.list(dir)) {
          hasClasses =
              files.anyMatch(
                  f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java"));
        }
        if (!hasClasses) {
          continue;
        }
        packages++;
        Path info = dir.resolve("package-info.java");
        if (!Files.isRegularFile(info) || !MARK.matcher(Files.readString(info)).find()) {
          unmarked.add(root.relativize(dir).toString());
        }
      }
    }
    assertTrue(packages > 20, "main packages found: " + packages);
    assertEquals(List.of(), unmarked, "packages whose package-info does not say API or internal");
  }
}
