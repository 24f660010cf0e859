package io.pqarrow.shred;

import io.pqarrow.extension.VariantType;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One {@code (value, typed_value)} level of shredded storage, with the levels below it, built once
 * per call by walking the storage vectors:
 *
 * <pre>
 * typed_value absent                                              VALUE_ONLY
 * typed_value: a primitive                                        PRIMITIVE ({@link ScalarColumn})
 * typed_value: Struct&lt;k: Struct&lt;value, typed_value&gt; not null, ...&gt;  OBJECT: a level per key
 * typed_value: List | LargeList | ListView &lt;Struct&lt;value, typed_value&gt; not null&gt; ARRAY: the element level
 * </pre>
 *
 * Object fields are kept in unsigned UTF-8 order of their keys. The role says what "both null"
 * means: a missing field ({@link Role#FIELD}), Variant null ({@link Role#TOP}) or an error ({@link
 * Role#ELEMENT}). Each level owns scratch readers, safe because a level is never on the recursion
 * stack twice. Beside {@code value} and {@code typed_value}, children whose names start with {@code
 * _} are ignored, as the shredding rules reserve them for extensions; any other unknown child is an
 * error. (Object field names starting with {@code _} are ordinary keys.)
 */
final class ShreddedNode {
  enum Shape {
    VALUE_ONLY,
    PRIMITIVE,
    OBJECT,
    ARRAY
  }

  enum Role {
    TOP,
    FIELD,
    ELEMENT
  }

  final String path;
  final String name;
  final Role role;
  final int id;
  final FieldVector value;
  final FieldVector typed;
  final Shape shape;
  final StructVector pair;
  final String[] names;
  final byte[][] keys;
  final ShreddedNode[] fields;
  final ShreddedNode element;
  final ListVector list;
  final LargeListVector largeList;
  final ListViewVector listView;
  final ScalarColumn scalar;
  final VariantReader scratch = new VariantReader();
  final VariantReader childScratch = new VariantReader();
  final boolean[] seen;
  private final Map<String, Integer> index = new HashMap<>();
  private VariantMetadata mappedFor;
  private int[] fieldById;

  private ShreddedNode(
      String path,
      String name,
      Role role,
      StructVector pair,
      FieldVector value,
      FieldVector typed,
      int[] ids) {
    this.path = path;
    this.name = name;
    this.role = role;
    this.id = ids[0]++;
    this.pair = pair;
    if (value != null && !isBinary(value.getField().getType())) {
      throw ShredException.invalidType(
          path, "value must be Binary, LargeBinary or BinaryView, found " + value.getField());
    }
    this.value = value;
    this.typed = typed;
    ShreddedNode elementNode = null;
    ListVector l = null;
    LargeListVector ll = null;
    ListViewVector lv = null;
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
        children.add(of(childPath, child.getName(), Role.FIELD, p, ids));
      }
      children.sort((a, b) -> Arrays.compareUnsigned(utf8(a.name), utf8(b.name)));
    } else if (typed instanceof ListVector
        || typed instanceof LargeListVector
        || typed instanceof ListViewVector) {
      shape = Shape.ARRAY;
      l = typed instanceof ListVector x ? x : null;
      ll = typed instanceof LargeListVector x ? x : null;
      lv = typed instanceof ListViewVector x ? x : null;
      FieldVector data =
          l != null ? l.getDataVector() : ll != null ? ll.getDataVector() : lv.getDataVector();
      if (!(data instanceof StructVector p)) {
        throw ShredException.invalidType(
            path + "[]",
            "shredded array elements must be Structs of value and typed_value, found "
                + data.getField().getType());
      }
      elementNode = of(path + "[]", "element", Role.ELEMENT, p, ids);
    } else {
      shape = Shape.PRIMITIVE;
      s = new ScalarColumn(typed, path);
    }
    this.element = elementNode;
    this.list = l;
    this.largeList = ll;
    this.listView = lv;
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
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The top level of a Variant storage struct (its {@code value} and {@code typed_value}). */
  static ShreddedNode top(String name, StructVector storage) {
    return new ShreddedNode(
        name,
        name,
        Role.TOP,
        null,
        child(storage, VariantType.VALUE),
        child(storage, VariantType.TYPED_VALUE),
        new int[1]);
  }

  private static ShreddedNode of(
      String path, String name, Role role, StructVector pair, int[] ids) {
    for (FieldVector c : pair.getChildrenFromFields()) {
      String n = c.getName();
      if (!n.equals(VariantType.VALUE)
          && !n.equals(VariantType.TYPED_VALUE)
          && !n.startsWith("_")) {
        throw ShredException.invalidType(
            path, "unexpected child \"" + n + "\" (only value and typed_value are allowed)");
      }
    }
    FieldVector value = child(pair, VariantType.VALUE);
    FieldVector typed = child(pair, VariantType.TYPED_VALUE);
    if (value == null && typed == null) {
      throw ShredException.invalidType(path, "neither value nor typed_value");
    }
    return new ShreddedNode(path, name, role, pair, value, typed, ids);
  }

  private static FieldVector child(StructVector s, String name) {
    return (FieldVector) s.getChild(name);
  }

  private static boolean isBinary(ArrowType t) {
    return t instanceof ArrowType.Binary
        || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.BinaryView;
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
    return typed == null || typed.isNull(slot);
  }

  boolean valueIsNull(int slot) {
    return value == null || value.isNull(slot);
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

  private int indexOf(String key) {
    Integer j = index.get(key);
    return j == null ? -1 : j;
  }

  /** Number of elements of the list at {@code slot}. */
  int listLength(int slot) {
    if (list != null) {
      return list.getElementEndIndex(slot) - list.getElementStartIndex(slot);
    } else if (listView != null) {
      return listView.getElementEndIndex(slot) - listView.getElementStartIndex(slot);
    }
    return (int) (largeList.getElementEndIndex(slot) - largeList.getElementStartIndex(slot));
  }

  /** Slot of the first element of the list at {@code slot}. */
  int listStart(int slot) {
    if (list != null) {
      return list.getElementStartIndex(slot);
    } else if (listView != null) {
      return listView.getElementStartIndex(slot);
    }
    return (int) largeList.getElementStartIndex(slot);
  }
}
