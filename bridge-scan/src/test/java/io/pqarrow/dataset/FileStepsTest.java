package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link FileSteps}: files at once, each file's steps in order, the earliest failure reported. */
class FileStepsTest {
  @Test
  void twoFilesRunAtOnceOnAHelperAndEachFilesStepsKeepTheirOrder() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(1);
    try {
      for (int trial = 0; trial < 5; trial++) {
        FileSteps steps = new FileSteps();
        CountDownLatch bothStarted = new CountDownLatch(2);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        for (String file : new String[] {"a", "b"}) {
          steps.add(
              file,
              () -> {
                bothStarted.countDown();
                try {
                  // only returns in time when the other file runs at the same moment
                  assertTrue(bothStarted.await(10, TimeUnit.SECONDS), "the files ran one by one");
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
                log.add(file + "1");
              });
          steps.add(file, () -> log.add(file + "2"));
        }
        steps.run(2, pool);
        assertEquals(4, log.size(), log.toString());
        assertTrue(log.indexOf("a1") < log.indexOf("a2"), log.toString());
        assertTrue(log.indexOf("b1") < log.indexOf("b2"), log.toString());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theFailureOfTheEarliestStepAddedIsReportedAndItsFilesLaterStepsDoNotRun() {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      FileSteps steps = new FileSteps();
      List<String> ran = Collections.synchronizedList(new ArrayList<>());
      RuntimeException first = new IllegalStateException("first");
      steps.add("a", () -> ran.add("a1"));
      steps.add(
          "b",
          () -> {
            throw first;
          });
      steps.add("b", () -> ran.add("b2"));
      steps.add(
          "a",
          () -> {
            throw new IllegalStateException("later");
          });
      RuntimeException e = assertThrows(RuntimeException.class, () -> steps.run(4, pool));
      assertSame(first, e);
      assertTrue(!ran.contains("b2"), ran.toString());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anExecutorThatNeverRunsItsTasksSlowsTheStepsButCannotBlockThem() {
    ExecutorService idle = Executors.newSingleThreadExecutor();
    CountDownLatch release = new CountDownLatch(1);
    idle.execute(
        () -> {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    try {
      FileSteps steps = new FileSteps();
      List<String> ran = new ArrayList<>();
      for (int f = 0; f < 4; f++) {
        String name = "f" + f;
        steps.add(name, () -> ran.add(name));
      }
      steps.run(4, idle); // the helpers queue behind the blocked task: the caller runs every file
      assertEquals(List.of("f0", "f1", "f2", "f3"), ran);
    } finally {
      release.countDown();
      idle.shutdown();
    }
  }
}
