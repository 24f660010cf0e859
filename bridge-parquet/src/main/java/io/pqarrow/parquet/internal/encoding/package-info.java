/**
 * <b>Internal, not API:</b> decoders for the value and level encodings of Parquet data pages,
 * writing straight into Arrow buffers a page at a time. Public only so that the Parquet reader can
 * use them; may change in any release.
 *
 * <p>Every decoder reads from a {@link io.pqarrow.parquet.internal.encoding.PageBytes} cursor over
 * one page's (decompressed) bytes and reports malformed input as one exception, {@link
 * io.pqarrow.parquet.internal.encoding.CorruptPageException}, carrying the byte offset within the
 * page; the reader adds the column, row group and page.
 *
 * <table>
 *   <caption>Which class decodes what</caption>
 *   <tr><th>Parquet encoding</th><th>physical types</th><th>decoder</th></tr>
 *   <tr><td>RLE (levels, indices)</td><td>levels</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.Levels}, {@link
 *       io.pqarrow.parquet.internal.encoding.RleBitPackedDecoder}</td></tr>
 *   <tr><td>PLAIN</td><td>BOOLEAN</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.PlainBooleanDecoder}</td></tr>
 *   <tr><td>PLAIN</td><td>INT32, INT64, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.PlainFixedWidthDecoder}</td></tr>
 *   <tr><td>PLAIN</td><td>BYTE_ARRAY</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.PlainByteArrayDecoder}</td></tr>
 *   <tr><td>RLE</td><td>BOOLEAN</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.RleBooleanDecoder}</td></tr>
 *   <tr><td>PLAIN_DICTIONARY, RLE_DICTIONARY</td><td>all but BOOLEAN</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.Dictionary} with {@link
 *       io.pqarrow.parquet.internal.encoding.DictionaryFixedWidthDecoder} or {@link
 *       io.pqarrow.parquet.internal.encoding.DictionaryByteArrayDecoder}</td></tr>
 *   <tr><td>DELTA_BINARY_PACKED</td><td>INT32, INT64</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.DeltaBinaryPackedDecoder}</td></tr>
 *   <tr><td>DELTA_LENGTH_BYTE_ARRAY</td><td>BYTE_ARRAY</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.DeltaLengthByteArrayDecoder}</td></tr>
 *   <tr><td>DELTA_BYTE_ARRAY</td><td>BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.DeltaByteArrayDecoder}</td></tr>
 *   <tr><td>BYTE_STREAM_SPLIT</td><td>FLOAT, DOUBLE, INT32, INT64, FIXED_LEN_BYTE_ARRAY</td><td>{@link
 *       io.pqarrow.parquet.internal.encoding.ByteStreamSplitDecoder}</td></tr>
 * </table>
 *
 * <p>Decoders come in three output shapes, each an abstract class whose scatter-over-nulls variant
 * is written once: {@link io.pqarrow.parquet.internal.encoding.FixedWidthDecoder} (little-endian
 * slots of one width), {@link io.pqarrow.parquet.internal.encoding.BooleanDecoder} (a bitmap) and
 * {@link io.pqarrow.parquet.internal.encoding.ByteArrayDecoder} (offsets and data through {@link
 * io.pqarrow.parquet.internal.encoding.BinaryOutput}).
 */
package io.pqarrow.parquet.internal.encoding;
