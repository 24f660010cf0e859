package io.pqarrow.spark.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded {@code bridge-spark} jar on a stock Spark 4.2 class path: Spark's runtime jars
 * (spark-sql_2.13 and its transitive runtime dependencies at Spark's own versions, parquet-java
 * 1.17.0 among them, resolved by {@code src/it/spark-runtime/pom.xml} into {@code
 * target/spark-jars} as a Spark distribution's {@code jars/} holds them), the shaded jar, and
 * nothing of the unshaded modules. Two tests start {@link SparkRuntimeCheck} in a JVM with that
 * class path (plus the driver class); one checks the jar's class references against it. Runs as a
 * failsafe integration test, after {@code package} has made the jar.
 *
 * <p>The standalone cluster needs no Spark distribution: {@code local-cluster} runs the Master and
 * Workers inside the driver JVM, and a Worker builds its executor's command line from {@code
 * SPARK_HOME/jars}, which is all of a distribution it reads once {@code SPARK_SCALA_VERSION} is set
 * (otherwise Spark's launcher looks for a Spark source build's directories).
 */
class StockSparkIT {
  private static Path sparkJars;
  private static Path shadedJar;
  private static List<String> jvmFlags;
  private static Path logs;

  @TempDir Path dir;

  @BeforeAll
  static void locate() throws IOException {
    sparkJars = Paths.get(property("pqarrow.it.sparkJars"));
    shadedJar = Paths.get(property("pqarrow.it.shadedJar"));
    logs = Files.createDirectories(Paths.get(property("pqarrow.it.logs")));
    jvmFlags = List.of(property("pqarrow.it.jvmFlags").trim().split("\\s+"));
    assertTrue(Files.isRegularFile(shadedJar), "no shaded jar at " + shadedJar);
    try (Stream<Path> jars = Files.list(sparkJars)) {
      List<String> names = jars.map(p -> p.getFileName().toString()).toList();
      assertTrue(names.contains("spark-sql_2.13-4.2.0.jar"), "no Spark in " + names);
      assertTrue(names.contains("parquet-hadoop-1.17.0.jar"), "not Spark's parquet-java: " + names);
      assertTrue(
          names.stream().noneMatch(n -> n.startsWith("arrow-bridge") || n.contains("1.18.1")),
          "the unshaded bridge or its parquet-java on Spark's class path: " + names);
    }
  }

  /**
   * Every class the shaded jar refers to is in the jar or on Spark's class path (what {@code jdeps}
   * finds: class references, not members), and no class of the jar is also one of Spark's, which
   * would shadow it or be shadowed depending on the class path's order.
   */
  @Test
  void shadedJarNeitherLacksNorRepeatsSparkClasses() throws IOException {
    ToolProvider jdeps =
        ToolProvider.findFirst("jdeps")
            .orElseThrow(() -> new AssertionError("no jdeps in the JDK"));
    List<String> jars;
    try (Stream<Path> files = Files.list(sparkJars)) {
      jars = files.map(Path::toString).sorted().toList();
    }
    StringWriter out = new StringWriter();
    int code =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(out),
            "--multi-release",
            "17",
            "-verbose:class",
            "--class-path",
            String.join(java.io.File.pathSeparator, jars),
            shadedJar.toString());
    String report = out.toString();
    assertEquals(0, code, report);
    assertTrue(report.contains("io.pqarrow.spark.PqarrowDataSource"), report);
    List<String> missing = report.lines().filter(l -> l.endsWith("not found")).limit(20).toList();
    assertEquals(List.of(), missing, "classes neither in the jar nor on Spark's class path");

    Set<String> spark = new HashSet<>();
    for (String jar : jars) {
      spark.addAll(classEntries(Paths.get(jar)));
    }
    List<String> repeated =
        classEntries(shadedJar).stream().filter(spark::contains).sorted().limit(20).toList();
    assertEquals(List.of(), repeated, "classes both in the shaded jar and in Spark's jars");
  }

  private static List<String> classEntries(Path jar) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return zip.stream()
          .map(ZipEntry::getName)
          .filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class"))
          .toList();
    }
  }

  /**
   * A local master: the driver's class path is Spark's jars plus the shaded jar; files written with
   * every codec Spark 4.2 writes without extra libraries, so each is decompressed by what Spark
   * ships (snappy-java, zstd-jni, Hadoop's gzip and lz4 codecs) or the jar relocates.
   */
  @Test
  void shadedJarReadsLikeSparkOnSparksOwnClassPath() throws Exception {
    String out =
        runDriver(
            "local",
            List.of("-Dspark.master=local[2]", "-Xmx768m"),
            Map.of(),
            0,
            "snappy,zstd,gzip,lz4_raw,lz4,uncompressed");
    assertTrue(out.contains("parquet-java=parquet-mr version 1.17.0"), out);
    assertTrue(out.contains("pqarrow.jar=" + shadedJar), out);
  }

  /**
   * Spark's {@code local-cluster} master: a standalone Master and two Workers on 127.0.0.1 inside
   * the driver JVM, each Worker launching its executor as a JVM of its own with the class path of
   * {@code $SPARK_HOME/jars} (here the Maven artifacts laid out as a distribution's); the shaded
   * jar reaches the executors as {@code spark-submit --jars} sends it ({@code spark.jars}).
   */
  @Test
  void standaloneClusterReadsAcrossExecutorJvms() throws Exception {
    String out =
        runDriver(
            "cluster",
            List.of(
                "-Dspark.master=local-cluster[2,1,1024]",
                "-Dspark.executor.memory=512m",
                "-Dspark.jars=" + shadedJar.toUri(),
                "-Dspark.locality.wait=0",
                "-Xmx768m"),
            Map.of("SPARK_HOME", clusterHome().toString(), "SPARK_SCALA_VERSION", "2.13"),
            2,
            "snappy,zstd");
    assertTrue(out.contains("executorJvms=2 "), out);
  }

  /**
   * A SPARK_HOME for the cluster in the test's directory: {@code jars} links to Spark's jars; the
   * Workers write their executors' directories (logs, fetched jars) under {@code work}.
   */
  private Path clusterHome() throws IOException {
    Path home = Files.createDirectories(dir.resolve("spark-home"));
    Files.createSymbolicLink(home.resolve("jars"), sparkJars);
    return home;
  }

  /** Copies the executors' logs from the cluster's work directory next to the driver's log. */
  private void keepExecutorLogs(String name) throws IOException {
    Path work = dir.resolve("spark-home").resolve("work");
    if (!Files.isDirectory(work)) {
      return;
    }
    try (Stream<Path> files = Files.walk(work)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().equals("stderr")) {
          String executor = f.getParent().getFileName().toString();
          Files.copy(
              f,
              logs.resolve(name + "-executor-" + executor + ".log"),
              StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /**
   * Runs {@link SparkRuntimeCheck} with {@code options} and the environment {@code env}; returns
   * what it printed, after asserting that it exited with 0 and printed {@code RESULT=OK}.
   */
  private String runDriver(
      String name, List<String> options, Map<String, String> env, int jvms, String codecs)
      throws IOException, InterruptedException {
    Path classes = dir.resolve("driver-classes");
    copyDriverClass(classes);
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags);
    // Short runs: C1 alone and the serial collector halve the CPU the JVMs spend (2 shared cores).
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-Dspark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    command.addAll(options);
    command.add("-Dspark.app.name=pqarrow-it-" + name);
    command.add("-Dspark.ui.enabled=false");
    command.add("-Dspark.ui.showConsoleProgress=false");
    command.add("-Dspark.driver.host=127.0.0.1");
    command.add("-Dspark.driver.bindAddress=127.0.0.1");
    command.add("-Dspark.sql.shuffle.partitions=2");
    command.add("-cp");
    command.add(
        String.join(
            java.io.File.pathSeparator,
            sparkJars.resolve("*").toString(),
            shadedJar.toString(),
            classes.toString()));
    command.add(SparkRuntimeCheck.class.getName());
    command.add(dir.resolve("data").toString());
    command.add(Integer.toString(jvms));
    command.add(codecs);

    Path log = logs.resolve(name + ".log");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    Map<String, String> environment = pb.environment();
    environment.keySet().removeIf(k -> k.startsWith("SPARK_") || k.startsWith("HADOOP_"));
    environment.put("SPARK_LOCAL_IP", "127.0.0.1");
    environment.put("SPARK_LOCAL_DIRS", dir.resolve("spark-local").toString());
    environment.putAll(env);
    long start = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(240, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      fail(name + " driver did not finish in 240 s; its output is in " + log);
    }
    keepExecutorLogs(name);
    String out = Files.readString(log, StandardCharsets.UTF_8);
    System.out.printf(
        "%s: driver exited %d after %.1f s%n",
        name, p.exitValue(), (System.nanoTime() - start) / 1e9);
    assertEquals(0, p.exitValue(), () -> name + " driver failed; output:\n" + out);
    assertTrue(out.contains("rowsEqual=same"), out);
    assertTrue(out.contains("RESULT=OK"), out);
    return out;
  }

  /** Copies the driver's class files, and only those, into {@code target}. */
  private static void copyDriverClass(Path target) throws IOException {
    Path root;
    try {
      root =
          Paths.get(
              SparkRuntimeCheck.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IOException(e);
    }
    String pkg = SparkRuntimeCheck.class.getPackageName().replace('.', '/');
    Path from = root.resolve(pkg);
    Path to = Files.createDirectories(target.resolve(pkg));
    String simple = SparkRuntimeCheck.class.getSimpleName();
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String n = f.getFileName().toString();
        if (n.equals(simple + ".class") || n.startsWith(simple + "$")) {
          Files.copy(f, to.resolve(n));
        }
      }
    }
  }

  private static String property(String key) {
    String value = System.getProperty(key);
    assertTrue(
        value != null && !value.isBlank(), "system property " + key + " not set by the build");
    return value;
  }
}
