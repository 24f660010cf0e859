package io.pqarrow;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * What a user probably meant by a name that names nothing: the one rule every "unknown column" and
 * "unknown command" message uses to say {@code did you mean …?}.
 *
 * <p>A candidate is close when it equals the written text ignoring case, or when its last name
 * equals the written last name ignoring case ({@code country} finds {@code user.country}), or when
 * it is at most a third of the written last name's length edits away (Levenshtein, ignoring case):
 * {@code amout} finds {@code amount}, {@code exprt} finds {@code export}, and a name of one or two
 * letters only its own spelling in another case. The closest are returned, at most {@value #MOST},
 * nearest first, ties in schema order.
 */
public final class Suggestions {
  /** The most suggestions one message carries. */
  public static final int MOST = 3;

  /** How many paths of a schema are compared at most, so a huge schema costs little. */
  private static final int MOST_PATHS = 10_000;

  private Suggestions() {}

  /**
   * {@return the candidates closest to {@code written}, nearest first; empty when none is close}
   *
   * @param written the name as the user wrote it
   * @param candidates the names that exist
   */
  public static List<String> closest(String written, Collection<String> candidates) {
    List<String> names = new ArrayList<>(candidates);
    return pick(written, names, names);
  }

  /**
   * The field paths of {@code fields} (a schema's top level, then struct children and list items,
   * not the inside of maps or Variant columns) closest to the path {@code written}, each as {@link
   * FieldPath#quote(List, List)} writes it; empty when none is close.
   *
   * @param written the path as the user wrote it
   * @param fields the top-level fields of the schema
   * @return the closest paths, nearest first
   */
  public static List<String> closestPaths(String written, List<Field> fields) {
    List<String> texts = new ArrayList<>();
    List<String> lasts = new ArrayList<>();
    collect(fields, fields, new ArrayList<>(), texts, lasts);
    return pick(written, texts, lasts);
  }

  private static void collect(
      List<Field> top,
      List<Field> fields,
      List<String> names,
      List<String> texts,
      List<String> lasts) {
    for (Field f : fields) {
      if (texts.size() >= MOST_PATHS) {
        return;
      }
      names.add(f.getName());
      texts.add(FieldPath.quote(names, top));
      lasts.add(f.getName());
      ArrowType t = f.getType();
      boolean descends =
          t instanceof ArrowType.Struct
              || t instanceof ArrowType.List
              || t instanceof ArrowType.LargeList
              || t instanceof ArrowType.FixedSizeList;
      if (descends && !(t instanceof ArrowType.ExtensionType)) {
        collect(top, f.getChildren(), names, texts, lasts);
      }
      names.remove(names.size() - 1);
    }
  }

  /**
   * {@return {@code did you mean a or b?}: the one wording of a suggestion, for {@code close} as
   * {@link #closest} or {@link #closestPaths} returned it (not empty)}
   *
   * @param close the suggested names, nearest first
   */
  public static String didYouMean(List<String> close) {
    return "did you mean " + String.join(" or ", close) + "?";
  }

  /**
   * {@return the hint an "unknown name" message ends with: {@link #didYouMean} when {@code close}
   * holds a suggestion, else {@code <label>: a, b, c} listing every name there is}
   *
   * @param close the suggested names, nearest first; may be empty
   * @param label what the listed names are, such as {@code commands} or {@code user has}
   * @param names every name there is, in the order to list them
   */
  public static String hint(List<String> close, String label, Collection<String> names) {
    return close.isEmpty() ? label + ": " + String.join(", ", names) : didYouMean(close);
  }

  /**
   * The texts closest to {@code written}: by the whole text, or by the last name ({@code lasts[i]}
   * is the last name of {@code texts[i]}).
   */
  private static List<String> pick(String written, List<String> texts, List<String> lasts) {
    String w = written.toLowerCase(Locale.ROOT);
    int dot = w.lastIndexOf('.');
    String last = dot < 0 ? w : w.substring(dot + 1);
    int limit = last.length() / 3;
    int best = Integer.MAX_VALUE;
    int[] distance = new int[texts.size()];
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i).toLowerCase(Locale.ROOT);
      String name = lasts.get(i).toLowerCase(Locale.ROOT);
      int d;
      if (text.equals(w) || name.equals(last)) {
        d = 0;
      } else {
        d = Math.min(edits(w, text), edits(last, name));
      }
      distance[i] = d;
      best = Math.min(best, d);
    }
    List<String> out = new ArrayList<>();
    if (best > limit) {
      return out;
    }
    for (int d = best; d <= limit && out.size() < MOST; d++) {
      for (int i = 0; i < texts.size() && out.size() < MOST; i++) {
        if (distance[i] == d && !out.contains(texts.get(i)) && !texts.get(i).equals(written)) {
          out.add(texts.get(i));
        }
      }
      if (!out.isEmpty()) {
        break; // only the nearest distance: "exprt" suggests export, not import as well
      }
    }
    return out;
  }

  /** The Levenshtein distance of {@code a} and {@code b}. */
  static int edits(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int change = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(change, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] swap = prev;
      prev = cur;
      cur = swap;
    }
    return prev[b.length()];
  }
}
