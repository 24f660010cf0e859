package io.pqarrow.shred;

import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The keys a re-encoded batch needs in its one metadata: every key of every row's metadata (each
 * distinct metadata read once, as {@link VariantColumnReader} shares it between rows) and every key
 * of the shredding schema, so that "every key, shredded or not, is in the top-level metadata"
 * (docs/variant.md §3.1) holds, and the output builder can declare them all before the first row.
 */
final class KeyCollector {
  private KeyCollector() {}

  static Set<String> keys(VariantColumnReader in, ShreddedNode schema) {
    Set<String> keys = new LinkedHashSet<>();
    VariantMetadata last = null;
    for (int i = 0; i < in.rowCount(); i++) {
      if (in.isSqlNull(i)) {
        continue;
      }
      VariantMetadata m = in.metadata(i);
      if (m != last) {
        for (int id = 0; id < m.size(); id++) {
          keys.add(m.key(id));
        }
        last = m;
      }
    }
    addSchemaKeys(schema, keys);
    return keys;
  }

  private static void addSchemaKeys(ShreddedNode n, Set<String> keys) {
    for (int j = 0; j < n.fields.length; j++) {
      keys.add(n.names[j]);
      addSchemaKeys(n.fields[j], keys);
    }
    if (n.element != null) {
      addSchemaKeys(n.element, keys);
    }
  }
}
