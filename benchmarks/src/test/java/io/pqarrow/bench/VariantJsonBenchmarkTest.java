package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Comparator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/** Runs each {@link VariantJsonBenchmark} method once, so that the benchmark cannot rot. */
class VariantJsonBenchmarkTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Numbers equal when their values are, whatever their JSON form. */
  private static final Comparator<JsonNode> BY_VALUE =
      (a, b) ->
          a.isNumber() && b.isNumber()
              ? a.decimalValue().compareTo(b.decimalValue())
              : a.equals(b) ? 0 : 1;

  @Test
  void everyContenderConvertsEveryRowAlike() throws Exception {
    VariantJsonBenchmark b = new VariantJsonBenchmark();
    b.rows = 2000;
    b.setup();
    try {
      assertTrue(b.jsonToVariant() > b.rows, "value bytes");
      assertTrue(b.parquetJavaJsonToVariant() > b.rows, "parquet-java value bytes");
      assertTrue(b.sparkJsonToVariant() > b.rows, "Spark value bytes");

      assertEquals(b.jsonOutBytes, b.variantToJson(), "JSON out bytes");
      assertTrue(b.sparkVariantToJson() > b.rows);

      assertEquals(b.rows, b.validateFull());
      assertEquals(b.rows, b.sparkValidate(), "Spark finds every row valid");
      assertTrue(b.parquetJavaWalk() > 10L * b.rows, "values walked");

      // The same documents back, by value, from this library and from Spark, for every row.
      try (FieldVector out =
          JsonColumns.toJson(
              b.variants,
              null,
              "j",
              JsonColumns.Output.UTF8,
              JsonOptions.defaults(),
              b.allocator)) {
        VarCharVector text = (VarCharVector) out;
        for (int i = 0; i < b.rows; i++) {
          JsonNode input = MAPPER.readTree(b.json.get(i));
          JsonNode ours = MAPPER.readTree(text.get(i));
          String spark =
              new org.apache.spark.types.variant.Variant(b.rowValues[i], b.metadata)
                  .toJson(ZoneOffset.UTC);
          assertEquals(input, ours, "row " + i);
          // Spark writes decimals without trailing zeros (344.0 as 344): numbers by value.
          JsonNode fromSpark = MAPPER.readTree(spark.getBytes(StandardCharsets.UTF_8));
          assertTrue(input.equals(BY_VALUE, fromSpark), "row " + i + ": " + spark);
        }
      }
    } finally {
      b.tearDown();
    }
  }
}
