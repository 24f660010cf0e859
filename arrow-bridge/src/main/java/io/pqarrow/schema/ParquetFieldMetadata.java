package io.pqarrow.schema;

/**
 * Arrow field metadata keys that carry Parquet facts Arrow types cannot express. Both mapping
 * directions use them: Parquet → Arrow writes them, Arrow → Parquet reads them back.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>value</th><th>meaning</th></tr>
 *   <tr><td>{@value #FIELD_ID}</td><td>decimal int, e.g. {@code 7}</td><td>the Parquet field id
 *       (the key pyarrow and arrow-rs use); a negative value means none</td></tr>
 *   <tr><td>{@value #TIME_ADJUSTED_TO_UTC}</td><td>{@code true} / {@code false}</td><td>the
 *       {@code isAdjustedToUTC} flag of a {@code TIME} column; absent means {@code false}, which is
 *       what pyarrow writes</td></tr>
 * </table>
 */
public final class ParquetFieldMetadata {
  /** The Parquet field id of the column or group. */
  public static final String FIELD_ID = "PARQUET:field_id";

  /** The {@code isAdjustedToUTC} flag of a {@code TIME} column. */
  public static final String TIME_ADJUSTED_TO_UTC = "PARQUET:time_adjusted_to_utc";

  private ParquetFieldMetadata() {}
}
