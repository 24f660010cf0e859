package io.pqarrow.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit extension that gives each test a named child allocator and fails the test if any byte is
 * still allocated when it ends.
 *
 * <pre>
 * &#64;RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
 * ... memory.allocator() ...
 * </pre>
 */
public final class LeakCheckingAllocator implements BeforeEachCallback, AfterEachCallback {
  private static final RootAllocator ROOT = new RootAllocator();
  private BufferAllocator allocator;

  @Override
  public void beforeEach(ExtensionContext context) {
    allocator = ROOT.newChildAllocator(context.getDisplayName(), 0, Long.MAX_VALUE);
  }

  /** The current test's allocator. */
  public BufferAllocator allocator() {
    return allocator;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    BufferAllocator a = allocator;
    allocator = null;
    long outstanding = a.getAllocatedMemory();
    String state = outstanding == 0 ? "" : a.toVerboseString();
    if (outstanding == 0) {
      a.close();
    }
    assertEquals(
        0, outstanding, "Arrow memory leaked by " + context.getDisplayName() + "\n" + state);
  }
}
