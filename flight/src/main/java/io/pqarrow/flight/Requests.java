package io.pqarrow.flight;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.pqarrow.Suggestions;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * The JSON a client sends (a descriptor's command, a ticket, an action body), parsed strictly: one
 * flat object, only the keys of its verb, each of its type; anything else is INVALID_ARGUMENT
 * naming the key. Values are strings, integers, booleans, lists of strings, or (in tickets only)
 * lists of integers.
 */
final class Requests {
  private static final JsonFactory JSON =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(4).maxNumberLength(20).build())
          .build();

  private Requests() {}

  /**
   * The object {@code bytes} holds, its keys among {@code allowed}.
   *
   * @throws FlightRuntimeException INVALID_ARGUMENT for bytes over the limit, malformed JSON, an
   *     unknown key, a repeated key or a value of another shape
   */
  static Map<String, Object> parse(byte[] bytes, Set<String> allowed, FlightLimits limits) {
    if (bytes.length > limits.maxRequestBytes()) {
      throw invalid(
          "request of " + bytes.length + " bytes is over the limit of " + limits.maxRequestBytes());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    try (JsonParser p = JSON.createParser(bytes)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw invalid("request must be a JSON object");
      }
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        if (!allowed.contains(key)) {
          throw invalid(unknownKey(key, allowed));
        }
        if (out.containsKey(key)) {
          throw invalid("key '" + key + "' given twice");
        }
        out.put(key, value(p, key));
      }
      if (t != JsonToken.END_OBJECT || p.nextToken() != null) {
        throw invalid("request must be one JSON object");
      }
    } catch (JsonProcessingException e) {
      throw invalid("malformed JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * {@code unknown key '<key>' (did you mean <closest>?)}, as the CLI words an unknown option
   * ({@link Suggestions#closest}), or with the keys there are when none is close.
   */
  private static String unknownKey(String key, Set<String> allowed) {
    List<String> sorted = allowed.stream().sorted().toList();
    List<String> close = Suggestions.closest(key, sorted);
    return "unknown key '" + key + "' (" + Suggestions.hint(close, "keys", sorted) + ")";
  }

  private static Object value(JsonParser p, String key) throws IOException {
    JsonToken t = p.nextToken();
    switch (t) {
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        if (p.getNumberType() != JsonParser.NumberType.INT
            && p.getNumberType() != JsonParser.NumberType.LONG) {
          throw invalid("'" + key + "' is out of range");
        }
        return p.getLongValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      case START_ARRAY:
        List<Object> list = new ArrayList<>();
        JsonToken e;
        while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
          if (e == JsonToken.VALUE_STRING) {
            list.add(p.getText());
          } else if (e == JsonToken.VALUE_NUMBER_INT
              && p.getNumberType() == JsonParser.NumberType.INT) {
            list.add(p.getIntValue());
          } else {
            throw invalid("'" + key + "' must be a list of strings");
          }
        }
        return list;
      default:
        throw invalid("'" + key + "' must be a string, number, boolean or list");
    }
  }

  /** {@code request.get(key)} as a string, or null when absent. */
  static String string(Map<String, Object> request, String key) {
    Object v = request.get(key);
    if (v == null || v instanceof String) {
      return (String) v;
    }
    throw invalid("'" + key + "' must be a string");
  }

  /** {@code request.get(key)} as a list of strings, or null when absent. */
  static List<String> strings(Map<String, Object> request, String key, FlightLimits limits) {
    Object v = request.get(key);
    if (v == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    if (v instanceof List<?> list) {
      if (list.size() > limits.maxColumns()) {
        throw invalid(
            "'"
                + key
                + "' names "
                + list.size()
                + " columns, over the limit of "
                + limits.maxColumns());
      }
      for (Object o : list) {
        if (!(o instanceof String s)) {
          throw invalid("'" + key + "' must be a list of strings");
        }
        out.add(s);
      }
      return out;
    }
    throw invalid("'" + key + "' must be a list of strings");
  }

  /** {@code request.get(key)} as a list of non-negative integers, or null when absent. */
  static List<Integer> ints(Map<String, Object> request, String key) {
    Object v = request.get(key);
    if (v == null) {
      return null;
    }
    List<Integer> out = new ArrayList<>();
    if (v instanceof List<?> list) {
      for (Object o : list) {
        if (!(o instanceof Integer i) || i < 0) {
          throw invalid("'" + key + "' must be a list of non-negative integers");
        }
        out.add(i);
      }
      return out;
    }
    throw invalid("'" + key + "' must be a list of non-negative integers");
  }

  /** {@code request.get(key)} as a number in {@code [min, max]}, or {@code absent}. */
  static long number(Map<String, Object> request, String key, long min, long max, long absent) {
    Object v = request.get(key);
    if (v == null) {
      return absent;
    }
    if (!(v instanceof Long n)) {
      throw invalid("'" + key + "' must be an integer");
    }
    if (n < min || n > max) {
      throw invalid("'" + key + "' must be from " + min + " to " + max + ", not " + n);
    }
    return n;
  }

  /** {@code request.get(key)} as a boolean, or {@code absent}. */
  static boolean bool(Map<String, Object> request, String key, boolean absent) {
    Object v = request.get(key);
    if (v == null) {
      return absent;
    }
    if (!(v instanceof Boolean b)) {
      throw invalid("'" + key + "' must be true or false");
    }
    return b;
  }

  /** {@code values} (strings, numbers, booleans, lists of them; nulls left out) as JSON bytes. */
  static byte[] write(Map<String, Object> values) {
    StringWriter text = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(text)) {
      g.writeStartObject();
      for (Map.Entry<String, Object> e : values.entrySet()) {
        if (e.getValue() == null) {
          continue;
        }
        g.writeFieldName(e.getKey());
        writeValue(g, e.getValue());
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void writeValue(JsonGenerator g, Object v) throws IOException {
    if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof Integer i) {
      g.writeNumber(i);
    } else if (v instanceof Long l) {
      g.writeNumber(l);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof List<?> list) {
      g.writeStartArray();
      for (Object o : list) {
        writeValue(g, o);
      }
      g.writeEndArray();
    } else {
      throw new IllegalArgumentException("not a JSON value: " + v.getClass());
    }
  }

  static FlightRuntimeException invalid(String message) {
    return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
  }
}
