package io.pqarrow.spark;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import scala.collection.Iterator;

/**
 * Spark values in a form that compares exactly: nested sequences as lists, maps ordered by key
 * text, binary as hex, floating point by its text (so NaN equals NaN and -0.0 differs from 0.0,
 * which Scala's {@code ==} on nested values gets wrong for NaN).
 */
final class Canon {
  private Canon() {}

  static String of(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Row r) {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        out.add(of(r.get(i)));
      }
      return "{" + String.join(", ", out) + "}";
    }
    if (v instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (v instanceof org.apache.spark.sql.types.Geometry g) {
      return "Geometry(" + g.getSrid() + "):0x" + HexFormat.of().formatHex(g.getBytes());
    }
    if (v instanceof org.apache.spark.sql.types.Geography g) {
      return "Geography(" + g.getSrid() + "):0x" + HexFormat.of().formatHex(g.getBytes());
    }
    if (v instanceof scala.collection.Map<?, ?> m) {
      TreeMap<String, String> sorted = new TreeMap<>();
      Iterator<? extends scala.Tuple2<?, ?>> it = m.iterator();
      while (it.hasNext()) {
        scala.Tuple2<?, ?> e = it.next();
        sorted.put(of(e._1()), of(e._2()));
      }
      return sorted.toString();
    }
    if (v instanceof scala.collection.Iterable<?> s) {
      List<String> out = new ArrayList<>();
      scala.collection.Iterator<?> it = s.iterator();
      while (it.hasNext()) {
        out.add(of(it.next()));
      }
      return out.toString();
    }
    return v.getClass().getSimpleName() + ":" + v;
  }

  static List<String> rows(List<Row> rows) {
    List<String> out = new ArrayList<>(rows.size());
    for (Row r : rows) {
      out.add(of(r));
    }
    return out;
  }
}
