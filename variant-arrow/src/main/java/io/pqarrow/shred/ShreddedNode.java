package io.pqarrow.shred;

import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.VariantType;
import io.pqarrow.shred.internal.ListSlots;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One {@code (value, typed_value)} level of shredded storage, with the levels below it, built once
 * per call by walking the storage vectors:
 *
 * <pre>
 * typed_value absent                                              VALUE_ONLY
 * typed_value: a primitive                                        PRIMITIVE ({@link ScalarColumn})
 * typed_value: Struct&lt;k: Struct&lt;value, typed_value&gt; not null, ...&gt;  OBJECT: a level per key
 * typed_value: List | LargeList | ListView &lt;Struct&lt;value, typed_value&gt; not null&gt; ARRAY: the element level ({@link ListSlots})
 * </pre>
 *
 * Object fields are kept in unsigned UTF-8 order of their keys. The level ({@link
 * ShreddedLayout.Level}) says what "both null" means ({@link ShreddedLayout#read}). Each level owns
 * scratch readers, safe because a level is never on the recursion stack twice. A pair may hold only
 * {@code value} and {@code typed_value} ({@link ShreddedLayout#isPairChild}); any other child,
 * {@code _}-prefixed or not, is an error. (Object field names starting with {@code _} are ordinary
 * keys.)
 */
final class ShreddedNode {
  enum Shape {
    VALUE_ONLY,
    PRIMITIVE,
    OBJECT,
    ARRAY
  }

  final String path;
  final String name;
  final ShreddedLayout.Level level;
  final int id;
  final FieldVector value;
  final FieldVector typed;
  final Shape shape;
  final StructVector pair;
  final String[] names;
  final byte[][] keys;
  final ShreddedNode[] fields;
  final ShreddedNode element;
  final ListSlots elements; // reading: List, LargeList or ListView
  final ListVector list; // writing (the shredder writes List or LargeList)
  final LargeListVector largeList;
  final ScalarColumn scalar;
  final VariantReader scratch = new VariantReader();
  final VariantReader childScratch = new VariantReader();
  final boolean[] seen;
  private final Map<String, Integer> index = new HashMap<>();

  /** Validity words of value and typed_value once {@link #snapshotValidity} ran; else null. */
  private long[] valueBits;

  private long[] typedBits;
  private VariantMetadata mappedFor;
  private int[] fieldById;

  /**
   * {@link ShreddedLayout#read} of this level (strict) for each pair of set bits, indexed by {@code
   * (value set ? 2 : 0) | (typed_value set ? 1 : 0)}: the level and shape are fixed, so the rule is
   * applied once per level, not per slot.
   */
  private final ShreddedLayout.Reading[] readings = new ShreddedLayout.Reading[4];

  private ShreddedNode(
      String path,
      String name,
      ShreddedLayout.Level level,
      StructVector pair,
      FieldVector value,
      FieldVector typed,
      int[] ids) {
    this.path = path;
    this.name = name;
    this.level = level;
    this.id = ids[0]++;
    this.pair = pair;
    if (value != null && !VariantType.isBinaryStorage(value.getField().getType())) {
      throw ShredException.invalidType(
          path, "value must be Binary, LargeBinary or BinaryView, found " + value.getField());
    }
    this.value = value;
    this.typed = typed;
    ShreddedNode elementNode = null;
    ListSlots l = null;
    ScalarColumn s = null;
    List<ShreddedNode> children = new ArrayList<>();
    if (typed == null) {
      shape = Shape.VALUE_ONLY;
    } else if (typed instanceof StructVector struct) {
      shape = Shape.OBJECT;
      for (FieldVector child : struct.getChildrenFromFields()) {
        String childPath = path + "." + child.getName();
        if (!(child instanceof StructVector p)) {
          throw ShredException.invalidType(
              childPath,
              "a shredded field must be a Struct of value and typed_value, found "
                  + child.getField().getType());
        }
        children.add(of(childPath, child.getName(), ShreddedLayout.Level.FIELD, p, ids));
      }
      children.sort((a, b) -> Arrays.compareUnsigned(utf8(a.name), utf8(b.name)));
    } else if ((l = ListSlots.of(typed)) != null) {
      shape = Shape.ARRAY;
      FieldVector data = l.dataVector();
      if (!(data instanceof StructVector p)) {
        throw ShredException.invalidType(
            path + "[]",
            "shredded array elements must be Structs of value and typed_value, found "
                + data.getField().getType());
      }
      elementNode = of(path + "[]", "element", ShreddedLayout.Level.ELEMENT, p, ids);
    } else {
      shape = Shape.PRIMITIVE;
      s = new ScalarColumn(typed, path);
    }
    this.element = elementNode;
    this.elements = l;
    this.list = typed instanceof ListVector x ? x : null;
    this.largeList = typed instanceof LargeListVector x ? x : null;
    this.scalar = s;
    this.fields = children.toArray(new ShreddedNode[0]);
    this.names = new String[fields.length];
    this.keys = new byte[fields.length][];
    for (int i = 0; i < fields.length; i++) {
      names[i] = fields[i].name;
      keys[i] = utf8(names[i]);
      index.put(names[i], i);
    }
    this.seen = new boolean[fields.length];
    for (int k = 0; k < readings.length; k++) {
      readings[k] =
          ShreddedLayout.read(
              (k & 2) != 0, (k & 1) != 0, level, shape == Shape.OBJECT, ShreddedLayout.Mode.STRICT);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The top level of a Variant storage struct (its {@code value} and {@code typed_value}). */
  static ShreddedNode top(String name, StructVector storage) {
    return new ShreddedNode(
        name,
        name,
        ShreddedLayout.Level.TOP,
        null,
        child(storage, VariantType.VALUE),
        child(storage, VariantType.TYPED_VALUE),
        new int[1]);
  }

  private static ShreddedNode of(
      String path, String name, ShreddedLayout.Level level, StructVector pair, int[] ids) {
    for (FieldVector c : pair.getChildrenFromFields()) {
      String n = c.getName();
      if (!ShreddedLayout.isPairChild(n)) {
        throw ShredException.invalidType(
            path, "unexpected child \"" + n + "\" (only value and typed_value are allowed)");
      }
    }
    FieldVector value = child(pair, VariantType.VALUE);
    FieldVector typed = child(pair, VariantType.TYPED_VALUE);
    if (value == null && typed == null) {
      throw ShredException.invalidType(path, "neither value nor typed_value");
    }
    return new ShreddedNode(path, name, level, pair, value, typed, ids);
  }

  private static FieldVector child(StructVector s, String name) {
    return (FieldVector) s.getChild(name);
  }

  /** Number of levels in this subtree (ids run from this level's id to id + count - 1). */
  int count() {
    int n = 1;
    for (ShreddedNode f : fields) {
      n += f.count();
    }
    return element == null ? n : n + element.count();
  }

  boolean typedIsNull(int slot) {
    long[] bits = typedBits;
    if (bits != null) {
      return (bits[slot >>> 6] >>> slot & 1) == 0;
    }
    return typed == null || typed.isNull(slot);
  }

  boolean valueIsNull(int slot) {
    long[] bits = valueBits;
    if (bits != null) {
      return (bits[slot >>> 6] >>> slot & 1) == 0;
    }
    return value == null || value.isNull(slot);
  }

  /**
   * The bytes of this level's {@code value} and {@code typed_value} buffers, levels below included.
   */
  long storageBytes() {
    return (value == null ? 0L : value.getBufferSize())
        + (typed == null ? 0L : typed.getBufferSize());
  }

  /**
   * Copies the validity of {@code value} and {@code typed_value} of this level and every level
   * below into words, so that {@link #read} tests a bit instead of calling the vectors: for a
   * reader of storage that does not change while it is read (a vector call per slot and level was a
   * sixth of unshredding).
   */
  void snapshotValidity() {
    valueBits = value == null ? null : validityWords(value);
    typedBits = typed == null ? null : validityWords(typed);
    for (ShreddedNode f : fields) {
      f.snapshotValidity();
    }
    if (element != null) {
      element.snapshotValidity();
    }
  }

  /** The validity bits of {@code v}'s slots, 64 to a word (a Null vector: none set). */
  private static long[] validityWords(FieldVector v) {
    int n = v.getValueCount();
    long[] words = new long[(n + 63) >>> 6];
    if (n == 0 || v instanceof NullVector) {
      return words;
    }
    ArrowBuf b = v.getValidityBuffer();
    long bytes = Math.min(b.capacity(), (n + 7L) >>> 3);
    int whole = (int) (bytes >>> 3);
    for (int w = 0; w < whole; w++) {
      words[w] = b.getLong((long) w << 3);
    }
    for (long at = (long) whole << 3; at < bytes; at++) {
      words[(int) (at >>> 3)] |= (b.getByte(at) & 0xFFL) << ((at & 7) << 3);
    }
    int tail = n & 63;
    if (tail != 0) {
      words[words.length - 1] &= (1L << tail) - 1;
    }
    return words;
  }

  /**
   * For each dictionary id of {@code metadata}, the index of the shredded field with that key, or
   * -1. Computed once per metadata instance (rows sharing metadata share it).
   */
  int[] fieldsById(VariantMetadata metadata) {
    if (metadata != mappedFor) {
      // Every id, not metadata.find: unsorted metadata may hold a key more than once.
      int[] map = new int[metadata.size()];
      for (int id = 0; id < map.length; id++) {
        map[id] = fields.length == 0 ? -1 : indexOf(metadata.key(id));
      }
      mappedFor = metadata;
      fieldById = map;
    }
    return fieldById;
  }

  /** The shredded field {@code key} of this object level, or null. */
  ShreddedNode field(String key) {
    int j = indexOf(key);
    return j < 0 ? null : fields[j];
  }

  private int indexOf(String key) {
    Integer j = index.get(key);
    return j == null ? -1 : j;
  }

  /**
   * The reading of slot {@code slot} of this pair, strict: invalid slots come back as {@code
   * INVALID_*} readings for the caller to report (docs/variant.md §3.5).
   */
  ShreddedLayout.Reading read(int slot) {
    return readings[(valueIsNull(slot) ? 0 : 2) | (typedIsNull(slot) ? 0 : 1)];
  }
}
