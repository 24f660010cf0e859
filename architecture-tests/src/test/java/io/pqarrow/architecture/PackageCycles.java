package io.pqarrow.architecture;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;

/** The cycles of a package graph: its strongly connected groups of two or more packages. */
final class PackageCycles {

  private final Map<String, Set<String>> edges;
  private final Map<String, Integer> index = new HashMap<>();
  private final Map<String, Integer> low = new HashMap<>();
  private final Deque<String> stack = new ArrayDeque<>();
  private final Set<String> onStack = new TreeSet<>();
  private final List<Set<String>> groups = new ArrayList<>();

  private PackageCycles(Map<String, Set<String>> edges) {
    this.edges = edges;
  }

  /** Tarjan's algorithm; the graph is a few dozen packages, so recursion depth is no concern. */
  static List<Set<String>> of(Map<String, Set<String>> edges) {
    PackageCycles t = new PackageCycles(edges);
    for (String p : edges.keySet()) {
      if (!t.index.containsKey(p)) {
        t.visit(p);
      }
    }
    return t.groups;
  }

  private void visit(String p) {
    index.put(p, index.size());
    low.put(p, index.get(p));
    stack.push(p);
    onStack.add(p);
    for (String q : edges.getOrDefault(p, Set.of())) {
      if (!index.containsKey(q)) {
        visit(q);
        low.put(p, Math.min(low.get(p), low.get(q)));
      } else if (onStack.contains(q)) {
        low.put(p, Math.min(low.get(p), index.get(q)));
      }
    }
    if (low.get(p).equals(index.get(p))) {
      Set<String> group = new TreeSet<>();
      String q;
      do {
        q = stack.pop();
        onStack.remove(q);
        group.add(q);
      } while (!q.equals(p));
      if (group.size() > 1) {
        groups.add(group);
      }
    }
  }

  /** The group and its edges inside it, for a failure message. */
  static String describe(Set<String> group, Map<String, Set<String>> edges) {
    StringJoiner j = new StringJoiner("; ", group + " with edges ", "");
    for (String p : group) {
      for (String q : edges.getOrDefault(p, Set.of())) {
        if (group.contains(q)) {
          j.add(p + " -> " + q);
        }
      }
    }
    return j.toString();
  }
}
