package io.pqarrow.dataset;

import io.pqarrow.parquet.read.ReadOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Renders what a dataset scan returns as the test scripts print pyarrow's and DuckDB's answers: one
 * JSON object per row ({@code json.dumps(row, ensure_ascii=False)} of flat rows of integers,
 * strings and nulls; a nested value as Arrow's compact JSON of it, {@link NestedDriftTest} shows
 * the pyarrow side), and a schema as {@code name: pyarrow type} lines.
 */
final class DatasetRows {
  private DatasetRows() {}

  /**
   * What a test script printed: its schema from the lines {@code S name: type} (joined by newlines,
   * as {@link #schema} renders ours) and its rows from the lines {@code R {json}}.
   */
  record Printed(String schema, List<String> rows) {
    /** The schema and rows of a script's output {@code out}; other lines are left out. */
    static Printed of(String out) {
      StringBuilder schema = new StringBuilder();
      List<String> rows = new ArrayList<>();
      for (String line : out.split("\n")) {
        if (line.startsWith("S ")) {
          schema.append(schema.length() == 0 ? "" : "\n").append(line.substring(2));
        } else if (line.startsWith("R ")) {
          rows.add(line.substring(2));
        }
      }
      return new Printed(schema.toString(), rows);
    }
  }

  /** What the scan read, and its stats at the end. */
  record Result(List<String> rows, DatasetStats stats, Schema schema) {}

  static Result scan(
      Dataset dataset, ReadOptions options, DatasetScanOptions scanOptions, BufferAllocator a) {
    List<String> rows = new ArrayList<>();
    try (DatasetScan scan = dataset.newScan(a, options, scanOptions)) {
      VectorSchemaRoot root = scan.getVectorSchemaRoot();
      while (scan.loadNextBatch()) {
        for (int r = 0; r < root.getRowCount(); r++) {
          rows.add(row(root, r));
        }
      }
      return new Result(rows, scan.stats(), root.getSchema());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String row(VectorSchemaRoot root, int r) {
    StringBuilder b = new StringBuilder("{");
    for (FieldVector v : root.getFieldVectors()) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(quote(v.getName())).append(": ");
      Object o = v.getObject(r);
      if (o == null) {
        b.append("null");
      } else if (v instanceof org.apache.arrow.vector.UInt4Vector u) {
        // getObject reads it signed
        b.append(u.getValueAsLong(r));
      } else if (v instanceof org.apache.arrow.vector.UInt8Vector u) {
        b.append(u.getObjectNoOverflow(r));
      } else if (v instanceof org.apache.arrow.vector.TimeStampVector t) {
        // as its stored number, as the scripts print a timestamp cast to int64
        b.append(t.get(r));
      } else if (o instanceof java.math.BigDecimal d) {
        // quoted, as json.dumps(default=str) prints a Decimal
        b.append(quote(d.toPlainString()));
      } else if (o instanceof Number n) {
        b.append(n);
      } else if (!v.getField().getChildren().isEmpty()) {
        // Arrow's JSON text of a struct (null children left out), list or map (key/value objects)
        b.append(o);
      } else {
        b.append(quote(o.toString()));
      }
    }
    return b.append('}').toString();
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** {@code name: type} per field, with pyarrow's type names for the types the tests use. */
  static String schema(Schema s) {
    return s.getFields().stream()
        .map(f -> f.getName() + ": " + type(f))
        .collect(Collectors.joining("\n"));
  }

  private static String type(Field f) {
    ArrowType t = f.getType();
    if (t instanceof ArrowType.Int i) {
      return (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
    }
    if (t instanceof ArrowType.Utf8) {
      return "string";
    }
    if (t instanceof ArrowType.LargeUtf8) {
      return "large_string";
    }
    if (t instanceof ArrowType.FloatingPoint fp) {
      return fp.getPrecision() == FloatingPointPrecision.DOUBLE ? "double" : "float";
    }
    if (t instanceof ArrowType.Timestamp ts) {
      String unit =
          switch (ts.getUnit()) {
            case SECOND -> "s";
            case MILLISECOND -> "ms";
            case MICROSECOND -> "us";
            case NANOSECOND -> "ns";
          };
      return "timestamp["
          + unit
          + (ts.getTimezone() == null ? "" : ", tz=" + ts.getTimezone())
          + "]";
    }
    if (t instanceof ArrowType.Null) {
      return "null";
    }
    if (t instanceof ArrowType.Struct) {
      return "struct<"
          + f.getChildren().stream()
              .map(c -> c.getName() + ": " + type(c) + (c.isNullable() ? "" : " not null"))
              .collect(Collectors.joining(", "))
          + ">";
    }
    if (t instanceof ArrowType.List) {
      Field e = f.getChildren().get(0);
      return "list<" + e.getName() + ": " + type(e) + ">";
    }
    if (t instanceof ArrowType.Map) {
      List<Field> kv = f.getChildren().get(0).getChildren();
      return "map<" + type(kv.get(0)) + ", " + type(kv.get(1)) + ">";
    }
    if (t instanceof ArrowType.Decimal d) {
      return "decimal" + d.getBitWidth() + "(" + d.getPrecision() + ", " + d.getScale() + ")";
    }
    return t.toString();
  }

  /** Sorted, for comparing sets of rows whose order the other reader does not promise. */
  static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    copy.sort(null);
    return copy;
  }
}
