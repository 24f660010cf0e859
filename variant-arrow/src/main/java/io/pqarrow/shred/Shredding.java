package io.pqarrow.shred;

import io.pqarrow.ArrowAccess;
import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.infer.ShreddingInference;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Shredding and unshredding of whole {@code arrow.parquet.variant} vectors, by the rules of
 * docs/variant.md §3.6 and §4.2.
 *
 * <pre>{@code
 * Field request = ShreddingTypes.parse("event", "struct<id:int64,tags:list<string>>");
 * try (VariantVector shredded = Shredding.shred(events, request, ShredOptions.defaults(), alloc);
 *     VariantVector plain = Shredding.unshred(shredded, alloc)) {
 *   // plain holds the same logical values as events
 * }
 * }</pre>
 *
 * <h2>What goes where</h2>
 *
 * A request type describes values ({@link ShreddingSchema} gives the storage it becomes). For each
 * value at a level:
 *
 * <ul>
 *   <li>it fits the primitive {@code typed_value} exactly (same equivalence class, no loss: see
 *       {@link ScalarColumn}'s table, e.g. an INT8 into Int64, 1.00 into Int64, 7 into Decimal(9,
 *       2); never 1.5 into Int64, an int into Utf8, a float into Float64) → {@code typed_value},
 *       {@code value} null;
 *   <li>an object at an object level → {@code typed_value} set; each shredded key to its field (a
 *       key absent from the object: both of the field's columns null, "missing"); other keys, if
 *       any, as an object in {@code value} (keys disjoint from the shredded ones, same metadata);
 *   <li>an array at an array level → every element shredded by the element type;
 *   <li>anything else (another kind, Variant null as the byte {@code 00}, a value that does not
 *       fit) → {@code value}, {@code typed_value} null.
 * </ul>
 *
 * SQL NULL rows stay null struct slots. Shred then unshred gives back the same logical values
 * (numbers of one class may come back with another width or scale; objects in key order).
 *
 * <h2>Memory</h2>
 *
 * Inputs are read, never modified or closed; results are allocated from the caller's allocator and
 * owned by the caller. A failing call frees what it allocated.
 */
public final class Shredding {
  /** Least fraction of the objects at its position a key must appear in to be shredded. */
  private static final double DEFAULT_MIN_FREQUENCY = 0.1;

  private static final InferOptions DEFAULT_INFER_OPTIONS =
      InferOptions.builder()
          .minFrequency(DEFAULT_MIN_FREQUENCY)
          .limits(Limits.shreddingInferenceDefaults())
          .build();

  private Shredding() {}

  /**
   * The inference options for choosing a shredding type when none are given: a key must appear in
   * at least 10% of the objects at its position to be shredded (rarer keys stay in the residual
   * {@code value}), and the caps are {@link Limits#shreddingInferenceDefaults()} (at most 256 keys
   * per object, 32 levels deep), so that a shredded column stays a reasonable number of Parquet
   * columns.
   *
   * @return the shared default options: minimum key frequency 0.1 and {@link
   *     Limits#shreddingInferenceDefaults()}
   */
  public static InferOptions defaultInferOptions() {
    return DEFAULT_INFER_OPTIONS;
  }

  /**
   * Shreds {@code input} as {@code request} (a type tree as {@link ShreddingTypes#parse} makes, or
   * as {@link #inferType} returns). A shredded input is unshredded first.
   *
   * @param input the Variant vector (metadata not dictionary-encoded; see the overload)
   * @param request the shredding type; its name is ignored (the result has the input's name)
   * @param options lenient or strict, and the limits of values copied
   * @param allocator allocator of the result
   * @return a new Variant vector with {@code metadata}, {@code value} and {@code typed_value}
   * @throws ShredException if the type is not allowed (naming its path), a value is malformed, or
   *     (strict) a value does not fit
   */
  public static VariantVector shred(
      VariantVector input, Field request, ShredOptions options, BufferAllocator allocator) {
    return shred(input, null, request, options, allocator);
  }

  /**
   * As {@link #shred(VariantVector, Field, ShredOptions, BufferAllocator)} for an input whose
   * metadata may be dictionary-encoded, its dictionary looked up in {@code dictionaries} (may be
   * null when none is). The result's metadata is plain Binary.
   *
   * @param input the Variant vector, plain or shredded (not modified, not closed)
   * @param dictionaries where the dictionary of a dictionary-encoded metadata vector is looked up,
   *     or {@code null} when the metadata is plain
   * @param request the shredding type; its name is ignored (the result has the input's name)
   * @param options lenient or strict, and the limits of values copied
   * @param allocator allocator of the result, which the caller closes
   * @return a new Variant vector with {@code metadata} (plain Binary), {@code value} and {@code
   *     typed_value}
   * @throws ShredException if the type is not allowed (naming its path), a value is malformed, or
   *     (strict) a value does not fit
   */
  public static VariantVector shred(
      VariantVector input,
      DictionaryProvider dictionaries,
      Field request,
      ShredOptions options,
      BufferAllocator allocator) {
    ArrowAccess.check();
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(options, "options");
    if (input.typedValueVector() == null) {
      return Shredder.run(input, dictionaries, request, options, allocator);
    }
    try (VariantVector plain = unshred(input, dictionaries, options, allocator)) {
      return Shredder.run(plain, null, request, options, allocator);
    }
  }

  /**
   * Rebuilds plain Variant values: a vector of {@code metadata} and {@code value} only. Also copies
   * an unshredded vector (the result is then a re-encoded copy).
   *
   * @param input the Variant vector, shredded or not (not modified, not closed); its metadata must
   *     not be dictionary-encoded (see the overloads)
   * @param allocator allocator of the result, which the caller closes
   * @return a new unshredded Variant vector of the same name and row count; SQL NULL rows stay null
   * @throws ShredException naming the row and path of an invalid combination: {@code value} and
   *     {@code typed_value} both set where the level is not an object, a non-object {@code value}
   *     beside shredded fields, a missing array element, or a {@code typed_value} type that is not
   *     allowed (residual keys overlapping shredded ones read as the shredded value: see the {@link
   *     ShredOptions} variant)
   */
  public static VariantVector unshred(VariantVector input, BufferAllocator allocator) {
    return unshred(input, null, ShredOptions.defaults(), allocator);
  }

  /**
   * As {@link #unshred(VariantVector, BufferAllocator)} for a vector whose metadata may be
   * dictionary-encoded, its dictionary looked up in {@code dictionaries}.
   *
   * @param input the Variant vector, shredded or not (not modified, not closed)
   * @param dictionaries where the dictionary of a dictionary-encoded metadata vector is looked up,
   *     or {@code null} when the metadata is plain
   * @param allocator allocator of the result, which the caller closes
   * @return a new unshredded Variant vector of the same name and row count
   * @throws ShredException as {@link #unshred(VariantVector, BufferAllocator)}
   */
  public static VariantVector unshred(
      VariantVector input, DictionaryProvider dictionaries, BufferAllocator allocator) {
    return unshred(input, dictionaries, ShredOptions.defaults(), allocator);
  }

  /**
   * As {@link #unshred(VariantVector, DictionaryProvider, BufferAllocator)}, copying values nested
   * at most {@code options.limits().maxVariantDepth()} deep. A residual object in {@code value}
   * that repeats a key a shredded field also defines is invalid: with {@code strict} it is an error
   * naming the row and path; otherwise (the default, which the specification allows) the shredded
   * field's value is the field's value and the repeated key is dropped.
   *
   * @param input the Variant vector, shredded or not (not modified, not closed)
   * @param dictionaries where the dictionary of a dictionary-encoded metadata vector is looked up,
   *     or {@code null} when the metadata is plain
   * @param options strict or lenient about residual keys repeating shredded ones, and the depth cap
   * @param allocator allocator of the result, which the caller closes
   * @return a new unshredded Variant vector of the same name and row count
   * @throws ShredException as {@link #unshred(VariantVector, BufferAllocator)}, for a repeated key
   *     in strict mode, or for a value nested deeper than the cap
   */
  public static VariantVector unshred(
      VariantVector input,
      DictionaryProvider dictionaries,
      ShredOptions options,
      BufferAllocator allocator) {
    ArrowAccess.check();
    Objects.requireNonNull(options, "options");
    return Unshredder.run(input, dictionaries, options.limits(), options.strict(), allocator);
  }

  /**
   * Rebuilds, as plain Variant values, the sub-values at a path of shredded object fields: row
   * {@code i} of the result is the value at {@code keys} of row {@code i} of {@code input} when
   * {@code rows} has bit {@code i} set, else SQL NULL. Only the levels from the last key down are
   * read, column by column as {@link #unshred} reads the whole value, and the result has one sorted
   * metadata for the batch. In every row set, each level the path crosses must hold a shredded
   * object ({@code typed_value} set); a field absent at the end of the path gives Variant null.
   * {@code VariantKernels.get} uses it for paths that end on a shredded object or array.
   *
   * @param keys object keys from the top level, each a field of the shredding schema (empty: the
   *     whole value)
   * @param input the shredded Variant vector (not modified, not closed)
   * @param rows the rows to rebuild (0-based); the other rows of the result are SQL NULL
   * @param options strictness about repeated keys and the depth cap, as for {@link
   *     #unshred(VariantVector, DictionaryProvider, ShredOptions, BufferAllocator)}
   * @param allocator allocator of the result, which the caller closes
   * @return a new unshredded Variant vector with as many rows as {@code input}
   * @throws IllegalArgumentException if a key is not shredded at its level
   * @throws ShredException as {@link #unshred(VariantVector, DictionaryProvider, ShredOptions,
   *     BufferAllocator)}, for the levels read
   */
  public static VariantVector unshredAt(
      VariantVector input,
      List<String> keys,
      BitSet rows,
      ShredOptions options,
      BufferAllocator allocator) {
    ArrowAccess.check();
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(rows, "rows");
    return Unshredder.run(input, null, keys, rows, options.limits(), options.strict(), allocator);
  }

  /**
   * Infers a shredding type from a sample ({@link ShreddingInference}): what the sample's values
   * share, with unions, Null and rare keys left to {@code value}. A result of the {@code
   * arrow.parquet.variant} type means "nothing to shred at the top level".
   *
   * @param sample Variant values (shredded or not)
   * @param options key frequency, key count and depth limits ({@link #defaultInferOptions()})
   * @param allocator not used: a shredded sample is read as stored ({@link
   *     io.pqarrow.kernel.VariantKernels#inferSchema}), without unshredding it
   * @return a request field for {@link #shred}: the type the sample's values share, or the Variant
   *     type itself when nothing at the top level is worth shredding
   * @throws io.pqarrow.kernel.KernelException for a sample row that is not valid Variant, naming
   *     the row
   */
  public static Field inferType(
      VariantVector sample, InferOptions options, BufferAllocator allocator) {
    ArrowAccess.check();
    return ShreddingInference.infer(sample, options);
  }

  /**
   * The shredding type for {@code inferred}, a field that {@link
   * io.pqarrow.kernel.VariantKernels#inferSchema} or {@link
   * io.pqarrow.kernel.VariantKernels#inferSchemaAccumulator} gave (with {@link
   * #defaultInferOptions()} or other limits): as {@link #inferType} turns its inference into a
   * type, for callers that infer over many batches.
   *
   * @param inferred a field from the inference kernel
   * @return a request field for {@link #shred}, the type {@link #inferType} gives for the same
   *     inference (unions and Null left to {@code value}); the Variant type itself when nothing at
   *     the top level can be shredded
   */
  public static Field typeFromInferred(Field inferred) {
    return ShreddingInference.convert(Objects.requireNonNull(inferred, "inferred"));
  }

  /**
   * The storage field {@link #shred} produces for {@code request}: a Variant field named {@code
   * name} with {@code metadata}, {@code value} and {@code typed_value} (absent when {@code request}
   * is the Variant type itself). This is what the schema mapping turns into a shredded {@code
   * VARIANT} group.
   *
   * @param name the name of the storage field
   * @param request the shredding type (as {@link ShreddingTypes#parse} makes it)
   * @param nullable whether the storage field is nullable (whether rows may be SQL NULL)
   * @return the {@code arrow.parquet.variant} storage field of a shredded column
   * @throws ShredException if the type is not allowed, naming its path
   */
  public static Field storageField(String name, Field request, boolean nullable) {
    return ShreddingSchema.storageField(name, request, nullable);
  }
}
