package io.pqarrow.ipc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.variant.Variant;

/**
 * A Variant value as JSON, read through the library's Variant codec ({@link Variant}), for the
 * kinds the tests write. The library has no Variant-to-JSON rendering yet, so this small mapping
 * stands in for it: numbers as JSON numbers, strings as strings, objects and arrays recursively.
 */
final class LibraryVariantJson {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private LibraryVariantJson() {}

  static JsonNode of(Variant v) {
    return switch (v.kind()) {
      case NULL -> JSON.nullNode();
      case BOOLEAN -> JSON.booleanNode(v.getBoolean());
      case INT8, INT16, INT32, INT64 -> JSON.numberNode(v.getLong());
      case DOUBLE -> JSON.numberNode(v.getDouble());
      case FLOAT -> JSON.numberNode(v.getFloat());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> JSON.numberNode(v.getDecimal());
      case STRING -> JSON.textNode(v.getString());
      case OBJECT -> {
        ObjectNode object = JSON.objectNode();
        for (int i = 0; i < v.fieldCount(); i++) {
          object.set(v.fieldName(i), of(v.field(i)));
        }
        yield object;
      }
      case ARRAY -> {
        ArrayNode array = JSON.arrayNode();
        for (int i = 0; i < v.elementCount(); i++) {
          array.add(of(v.element(i)));
        }
        yield array;
      }
      default -> throw new IllegalArgumentException("no JSON form here for " + v.kind());
    };
  }
}
