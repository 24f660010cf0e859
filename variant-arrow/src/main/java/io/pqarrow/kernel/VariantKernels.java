package io.pqarrow.kernel;

import io.pqarrow.ArrowAccess;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.encode.ArrowToVariant;
import io.pqarrow.kernel.infer.SchemaInference;
import io.pqarrow.kernel.path.GetKernel;
import io.pqarrow.kernel.path.ShreddedGet;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Batch kernels over {@code arrow.parquet.variant} vectors: {@code variant_get}, schema inference,
 * decoding into typed Arrow vectors, and the way in, {@code cast_to_variant} ({@link
 * #castToVariant}). Every call works on a whole vector, allocates its output from the caller's
 * allocator, builds a writer per target field once, and then runs a row loop that allocates nothing
 * per row for scalar results.
 *
 * <h2>Casting</h2>
 *
 * Values are matched by equivalence class ({@link VariantClass}), never by physical encoding: an
 * int8 1, an int64 1 and a decimal 1.00 are the same value. Between classes only the casts below
 * exist (conservative, in the spirit of Spark's {@code try_variant_get}): strings are never parsed
 * into numbers or dates, numbers never printed as strings.
 *
 * <table>
 *   <caption>What each target accepts</caption>
 *   <tr><th>target</th><th>accepted values</th></tr>
 *   <tr><td>Bool</td><td>BOOLEAN</td></tr>
 *   <tr><td>Int8–Int64, UInt8–UInt64</td><td>exact numerics with no fractional part, in range
 *       (UInt64: 0 to 2<sup>63</sup>−1)</td></tr>
 *   <tr><td>Float64</td><td>DOUBLE, FLOAT; exact numerics rounded to the nearest double</td></tr>
 *   <tr><td>Float32, Float16</td><td>FLOAT (Float32); any numeric whose nearest double is exactly
 *       representable in the target width (NaN included)</td></tr>
 *   <tr><td>Decimal128/256(p, s)</td><td>exact numerics that need no rounding at scale s and have
 *       at most p digits (1 ≡ 1.00; 1.25 does not fit scale 1)</td></tr>
 *   <tr><td>Date32, Date64</td><td>DATE</td></tr>
 *   <tr><td>Time32/Time64 (any unit)</td><td>TIME, converted without losing digits</td></tr>
 *   <tr><td>Timestamp(unit, zone)</td><td>TIMESTAMP (micros or nanos) when the target has a time
 *       zone, TIMESTAMP_NTZ when it has none; converted without losing digits or overflowing</td></tr>
 *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>STRING</td></tr>
 *   <tr><td>Binary, LargeBinary, BinaryView</td><td>BINARY</td></tr>
 *   <tr><td>FixedSizeBinary(n)</td><td>BINARY of exactly n bytes; UUID when n = 16</td></tr>
 *   <tr><td>arrow.uuid</td><td>UUID</td></tr>
 *   <tr><td>List, LargeList</td><td>ARRAY; elements by the element type</td></tr>
 *   <tr><td>Struct</td><td>OBJECT; each child from the key of the same name, missing → null</td></tr>
 *   <tr><td>Map&lt;Utf8, T&gt;</td><td>OBJECT; one entry per field</td></tr>
 *   <tr><td>Dense union</td><td>any value whose class one child holds (see {@link
 *       VariantClass#of(Field)}: an arrow.uuid child holds UUID, an unnamed FixedSizeBinary(16)
 *       BINARY), else a Variant child</td></tr>
 *   <tr><td>arrow.parquet.variant</td><td>anything: the bytes are copied unchanged</td></tr>
 *   <tr><td>Null</td><td>Variant null only</td></tr>
 * </table>
 *
 * <p>A value that does not fit gives a null slot in {@link CastMode#SAFE} mode (counted in {@link
 * KernelResult#failedRowCount()}), and {@code Invalid Variant value at row <r>, path <p>: <kind>
 * does not fit <target>} in {@link CastMode#STRICT} mode. Inside a struct, list or map only the
 * part that does not fit becomes null. A missing path is a null slot in both modes, not a failure.
 * Malformed bytes are a failure of their row.
 *
 * <p>SQL NULL vs Variant null: see {@link KernelResult}.
 *
 * <h2>Shredded input</h2>
 *
 * A path that a shredded column covers with a {@code typed_value} of exactly the target type is
 * read as a column: rows with a typed value are served from it without reading their Variant bytes
 * or metadata, and only the other rows are read from {@code value}. When every row is typed, the
 * result's value buffer is the typed column's own buffer, retained into the caller's allocator (as
 * {@link io.pqarrow.variant.arrow.VariantVectors#wrap} shares buffers): the result outlives the
 * input, but must not be written to.
 */
public final class VariantKernels {
  private VariantKernels() {}

  /**
   * {@code variant_get}: the value at {@code path} of every row, as {@code target}.
   *
   * <pre>{@code
   * try (KernelResult r = VariantKernels.get(events, "$.user.id",
   *     Field.nullable("id", new ArrowType.Int(64, true)), GetOptions.defaults(), allocator)) {
   *   BigIntVector ids = (BigIntVector) r.vector();
   * }
   * }</pre>
   *
   * @param input the Variant vector (not modified, not closed)
   * @param path a path such as {@code $.a[0]['b c']} ({@link PathExpression})
   * @param target the output field; its type drives the cast
   * @param options the cast mode
   * @param allocator the allocator of the output vector
   * @return the result, holding a new vector of {@code target}'s type with one slot per input row;
   *     the caller closes it
   * @throws KernelException for a bad path, an unsupported target, or (strict) a value that does
   *     not fit
   */
  public static KernelResult get(
      VariantVector input,
      String path,
      Field target,
      GetOptions options,
      BufferAllocator allocator) {
    return get(input, PathExpression.parse(path), target, options, allocator);
  }

  /**
   * As {@link #get(VariantVector, String, Field, GetOptions, BufferAllocator)} with a parsed path.
   *
   * @param input the Variant vector (not modified, not closed)
   * @param path the parsed path ({@link PathExpression#parse}); {@link PathExpression#root()} casts
   *     whole values
   * @param target the output field; its type drives the cast
   * @param options the cast mode, how many failing rows to list and the caps
   * @param allocator the allocator of the output vector
   * @return the result, holding a new vector of {@code target}'s type with one slot per input row;
   *     the caller closes it
   * @throws KernelException for an unsupported target, a malformed value (strict), or (strict) a
   *     value that does not fit
   */
  public static KernelResult get(
      VariantVector input,
      PathExpression path,
      Field target,
      GetOptions options,
      BufferAllocator allocator) {
    return get(VariantColumnReader.of(input), path, target, options, allocator);
  }

  /**
   * As {@link #get(VariantVector, PathExpression, Field, GetOptions, BufferAllocator)} over a
   * column reader, for vectors whose metadata is dictionary-encoded ({@link
   * VariantColumnReader#of(VariantVector, org.apache.arrow.vector.dictionary.DictionaryProvider)}).
   *
   * @param input the column reader (its vectors are not modified or closed)
   * @param path the parsed path
   * @param target the output field; its type drives the cast
   * @param options the cast mode, how many failing rows to list and the caps
   * @param allocator the allocator of the output vector
   * @return the result, holding a new vector of {@code target}'s type with one slot per input row;
   *     the caller closes it
   * @throws KernelException for an unsupported target, a malformed value (strict), or (strict) a
   *     value that does not fit
   */
  public static KernelResult get(
      VariantColumnReader input,
      PathExpression path,
      Field target,
      GetOptions options,
      BufferAllocator allocator) {
    return run(input, path, target, options, allocator);
  }

  private static KernelResult run(
      VariantColumnReader input,
      PathExpression path,
      Field target,
      CastOptions options,
      BufferAllocator allocator) {
    ArrowAccess.check();
    GetKernel.Rows rows =
        input.isShredded()
            ? ShreddedGet.rows(input, path, options.limits(), allocator)
            : GetKernel.rows(input, path);
    GetKernel.Output out = GetKernel.execute(input, path, target, options, allocator, rows);
    return new KernelResult(
        out.vector(), out.failedRowCount(), out.firstFailedRows(), out.variantNullRows());
  }

  /**
   * Decodes whole values into vectors of exactly {@code field} (for example one produced by {@link
   * #inferSchema}): struct children from object keys (missing key → null), lists from arrays, union
   * children by equivalence class, scalars by the casting table. Rows that do not fit are counted
   * and listed in the result; in strict mode they are an error.
   *
   * @param input the Variant vector (not modified, not closed)
   * @param field the output field
   * @param options the cast mode and how many failing rows to list
   * @param allocator the allocator of the output vector
   * @return the result, holding a new vector of exactly {@code field}'s type with one slot per
   *     input row; the caller closes it
   * @throws KernelException for an unsupported field type, or (strict) a value that does not fit
   */
  public static KernelResult decode(
      VariantVector input, Field field, DecodeOptions options, BufferAllocator allocator) {
    return run(VariantColumnReader.of(input), PathExpression.root(), field, options, allocator);
  }

  /**
   * Infers an Arrow field that describes every row of {@code input} ({@link SchemaInference}); a
   * shredded vector is read as stored (typed columns by their types, no row rebuilt) and gives the
   * field its unshredded values give.
   *
   * @param input the Variant vector
   * @param name the name of the returned field
   * @param options key limits and depth
   * @return a nullable field named {@code name}: objects as structs of their keys, arrays as lists,
   *     numbers of one class widened, values of different classes as a dense union; a Null field
   *     when no row holds a value
   * @throws KernelException for a row that is not valid Variant, naming the row, or a value nested
   *     deeper than {@link io.pqarrow.Limits#maxVariantDepth()}
   */
  public static Field inferSchema(VariantVector input, String name, InferOptions options) {
    ArrowAccess.check();
    return SchemaInference.infer(input, name, options);
  }

  /**
   * An accumulator for inferring one field from many batches, like Spark's {@code
   * schema_of_variant_agg}: {@code add} each batch, then {@code toField}; the field describes the
   * rows of every batch added, with key frequencies counted over all of them. Shredded batches are
   * accepted (read as stored, giving the field of their unshredded values).
   *
   * @param options key limits, depth and the least key frequency, applied when the field is made
   * @return a new, empty accumulator; not thread-safe
   */
  public static SchemaAccumulator inferSchemaAccumulator(InferOptions options) {
    ArrowAccess.check();
    return new SchemaAccumulator(options);
  }

  /**
   * As {@link #inferSchema(VariantVector, String, InferOptions)}, named after the vector.
   *
   * @param input the Variant vector; the field takes its name
   * @param options key limits, depth and the least key frequency
   * @return a nullable field named after {@code input} describing every row
   * @throws KernelException for a row that is not valid Variant, naming the row
   */
  public static Field inferSchema(VariantVector input, InferOptions options) {
    return inferSchema(input, input.getName(), options);
  }

  /**
   * {@code cast_to_variant}: every row of an Arrow column as a Variant value, in a new unshredded
   * {@code arrow.parquet.variant} vector named after {@code input} whose rows all carry the same
   * metadata: one sorted dictionary holding the keys of every object in the batch (struct field
   * names and the keys of string-keyed maps are declared before the first row, so each row is
   * written once). A null slot at the top is a SQL NULL row; a null inside a list, struct or map is
   * Variant null (a struct field stays in its object with the value null). {@link #get} of a
   * field's path with the field's original Arrow type gives the original values back.
   *
   * <table>
   *   <caption>Arrow type → Variant type</caption>
   *   <tr><th>Arrow</th><th>Variant</th></tr>
   *   <tr><td>Null</td><td>null</td></tr>
   *   <tr><td>Bool</td><td>BOOLEAN</td></tr>
   *   <tr><td>Int8, Int16, Int32, Int64</td><td>INT8, INT16, INT32, INT64</td></tr>
   *   <tr><td>UInt8, UInt16, UInt32</td><td>INT16, INT32, INT64 (widened)</td></tr>
   *   <tr><td>UInt64</td><td>INT64 up to 2<sup>63</sup>−1; above, DECIMAL16 with scale 0 (the
   *       same exact number: {@code get} as Decimal128(20, 0) gives it back, as UInt64 it does
   *       not fit)</td></tr>
   *   <tr><td>Float16, Float32, Float64</td><td>FLOAT, FLOAT, DOUBLE</td></tr>
   *   <tr><td>Decimal128/256(p, s)</td><td>DECIMAL4 (p ≤ 9), DECIMAL8 (p ≤ 18), DECIMAL16; a
   *       value of more than 38 digits (or one needing a scale above 38) is an error naming the
   *       row</td></tr>
   *   <tr><td>Date32; Date64</td><td>DATE; Date64 only when the milliseconds are whole days,
   *       else an error naming the row</td></tr>
   *   <tr><td>Time32(s, ms), Time64(us); Time64(ns)</td><td>TIME (microseconds); nanoseconds only
   *       when they are whole microseconds, else an error</td></tr>
   *   <tr><td>Timestamp(s|ms|us), Timestamp(ns)</td><td>TIMESTAMP_MICROS, TIMESTAMP_NANOS with a
   *       time zone (any zone: Arrow stores UTC instants); the NTZ kinds without one; seconds or
   *       milliseconds that overflow 64-bit microseconds are an error</td></tr>
   *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>STRING (ill-formed UTF-8 is an error)</td></tr>
   *   <tr><td>Binary, LargeBinary, BinaryView, FixedSizeBinary</td><td>BINARY</td></tr>
   *   <tr><td>{@code arrow.uuid}</td><td>UUID</td></tr>
   *   <tr><td>{@code arrow.json}</td><td>the parsed document ({@link
   *       io.pqarrow.json.JsonToVariant}, with {@link ToVariantOptions#json()})</td></tr>
   *   <tr><td>List, LargeList, FixedSizeList, ListView, LargeListView</td><td>ARRAY</td></tr>
   *   <tr><td>Struct</td><td>OBJECT, one field per child (two children with one name: an
   *       error)</td></tr>
   *   <tr><td>Map&lt;Utf8|LargeUtf8|Utf8View, T&gt;</td><td>OBJECT, one field per entry (a key
   *       twice in one map is an error naming the row); other key types are refused, naming the
   *       column</td></tr>
   *   <tr><td>dictionary-encoded, run-end-encoded, sparse and dense unions</td><td>the value of
   *       the slot they select</td></tr>
   *   <tr><td>{@code arrow.parquet.variant}</td><td>unchanged: at the top the vector's buffers are
   *       shared, not copied; nested, each value is copied (a shredded one unshredded)</td></tr>
   *   <tr><td>other extension types</td><td>their storage's values</td></tr>
   * </table>
   *
   * Intervals and durations have no Variant counterpart and are refused ({@code Unsupported Arrow
   * type at column <c>: ...}, {@link io.pqarrow.ErrorKind#UNSUPPORTED}) before any row is written.
   * A value that cannot be converted exactly is {@code Invalid Arrow value at column <c>, row <r>:
   * ...} ({@link io.pqarrow.ErrorKind#INVALID_DATA}); nothing is rounded or truncated.
   *
   * <pre>{@code
   * try (VariantVector v = VariantKernels.castToVariant(orders, null, ToVariantOptions.defaults(),
   *     allocator)) { ... }
   * }</pre>
   *
   * @param input the column (not modified, not closed)
   * @param dictionaries the dictionaries of dictionary-encoded vectors in {@code input}, or {@code
   *     null} when there are none
   * @param options how JSON is parsed and nested Variant values are copied
   * @param allocator the allocator of the result, which the caller closes
   * @return a new unshredded Variant vector with one row per input row (a null input row is a null
   *     row); the caller closes it
   * @throws KernelException as above
   */
  public static VariantVector castToVariant(
      FieldVector input,
      DictionaryProvider dictionaries,
      ToVariantOptions options,
      BufferAllocator allocator) {
    ArrowAccess.check();
    return ArrowToVariant.run(
        Objects.requireNonNull(input, "input"),
        dictionaries,
        Objects.requireNonNull(options, "options"),
        Objects.requireNonNull(allocator, "allocator"));
  }

  /**
   * As {@link #castToVariant(FieldVector, DictionaryProvider, ToVariantOptions, BufferAllocator)}
   * with no dictionaries and the default options.
   *
   * @param input the column (not modified, not closed)
   * @param allocator the allocator of the result, which the caller closes
   * @return a new unshredded Variant vector with one row per input row
   * @throws KernelException for a type without a Variant counterpart or a value that cannot be
   *     converted exactly
   */
  public static VariantVector castToVariant(FieldVector input, BufferAllocator allocator) {
    return castToVariant(input, null, ToVariantOptions.defaults(), allocator);
  }
}
