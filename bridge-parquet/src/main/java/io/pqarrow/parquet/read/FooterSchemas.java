package io.pqarrow.parquet.read;

import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapping;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.schema.MessageType;

/**
 * The schema parts of many files' footers, decoded once each and shared by every source opened with
 * this cache: for a caller that reads many files' footers, some more than once (a dataset reads
 * each file's schema to unify them, then the whole footer of each file a scan opens).
 *
 * <pre>
 * FooterSchemas schemas = FooterSchemas.bounded();
 * SchemaMapping m = ParquetSource.readMapping(input, name, limits, options, schemas); // decoded
 * ParquetSource s = ParquetSource.open(input, name, limits, schemas); // schema part reused
 * </pre>
 *
 * <p>A footer's schema part is the bytes of its {@code schema}, {@code key_value_metadata} and
 * {@code column_orders}: all that its converted Parquet schema and its Arrow mappings depend on.
 * Footers whose bytes there are equal share one decode, one converted schema and one mapping per
 * {@link MappingOptions}; the rest of each footer is still decoded and checked per file. Files of
 * one table mostly share their schema bytes, so a cache of a few entries serves thousands of files.
 * The cache holds at most {@link #maxBytes()} bytes of schema parts (the decoded objects are a
 * small multiple of that); a schema part that would go past it is decoded for its file alone and
 * not kept. Thread-safe.
 */
public final class FooterSchemas {
  /** The default bound, {@value} bytes of schema parts. */
  public static final long DEFAULT_MAX_BYTES = 4L << 20;

  private final long maxBytes;
  private final ConcurrentMap<Key, Part> parts = new ConcurrentHashMap<>();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong decoded = new AtomicLong();

  private FooterSchemas(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** {@return a cache of at most {@link #DEFAULT_MAX_BYTES} bytes of schema parts} */
  public static FooterSchemas bounded() {
    return new FooterSchemas(DEFAULT_MAX_BYTES);
  }

  /**
   * A cache of at most {@code maxBytes} bytes of schema parts.
   *
   * @param maxBytes the bound; 0 keeps nothing
   * @return the cache
   * @throws IllegalArgumentException when {@code maxBytes} is negative
   */
  public static FooterSchemas bounded(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
    }
    return new FooterSchemas(maxBytes);
  }

  /** {@return the bound on the bytes of schema parts kept} */
  public long maxBytes() {
    return maxBytes;
  }

  /**
   * {@return how many schema parts sources opened with this cache have decoded and converted: once
   * per distinct schema part kept, once per file for those not kept}
   */
  public long decoded() {
    return decoded.get();
  }

  /** The kept part of footers whose schema key is {@code key}, or null. */
  Part get(byte[] key) {
    return parts.get(new Key(key));
  }

  /**
   * Counts one decode of {@code key}'s schema part and keeps {@code part} when the bound allows;
   * {@return the part kept for {@code key} (another thread's when it raced), or {@code part}}
   */
  Part decoded(byte[] key, Part part) {
    decoded.incrementAndGet();
    if (bytes.addAndGet(key.length) > maxBytes) {
      bytes.addAndGet(-key.length);
      return part;
    }
    Part raced = parts.putIfAbsent(new Key(key), part);
    if (raced != null) {
      bytes.addAndGet(-key.length);
      return raced;
    }
    return part;
  }

  /**
   * A decoded schema part: the converted schema, the key-value metadata and the Arrow mappings
   * computed so far (one per {@link MappingOptions}).
   */
  record Part(
      MessageType schema,
      Map<String, String> keyValues,
      ConcurrentMap<MappingOptions, SchemaMapping> mappings) {
    Part(MessageType schema, Map<String, String> keyValues) {
      this(schema, keyValues, new ConcurrentHashMap<>());
    }
  }

  /** Schema-part bytes compared by content. */
  private static final class Key {
    private final byte[] bytes;
    private final int hash;

    Key(byte[] bytes) {
      this.bytes = bytes;
      this.hash = Arrays.hashCode(bytes);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
