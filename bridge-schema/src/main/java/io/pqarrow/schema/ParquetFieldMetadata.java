package io.pqarrow.schema;

/**
 * Keys of the Arrow field metadata that carry Parquet facts Arrow types cannot express.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>value</th><th>on</th></tr>
 *   <tr><td>{@value #FIELD_ID}</td><td>the Parquet field id in decimal, e.g. {@code "7"}</td>
 *       <td>every field whose Parquet node has an id (the key pyarrow uses)</td></tr>
 *   <tr><td>{@value #TIME_ADJUSTED_TO_UTC}</td><td>{@code "true"} or {@code "false"}: the
 *       {@code isAdjustedToUTC} flag of a Parquet {@code TIME} (the legacy {@code TIME_MILLIS} and
 *       {@code TIME_MICROS} read as {@code "true"})</td><td>every {@code Time32}/{@code Time64}
 *       field mapped from Parquet</td></tr>
 *   <tr><td>{@value #CRS_UNRESOLVED}</td><td>why a {@code projjson:KEY} CRS was kept as the
 *       string, e.g. {@code "projjson:k: the file has no key-value metadata entry k"}</td><td>a
 *       {@code GEOMETRY} or {@code GEOGRAPHY} field whose CRS names a missing or non-object
 *       key-value metadata entry</td></tr>
 * </table>
 */
public final class ParquetFieldMetadata {
  /** The Parquet field id, in decimal. */
  public static final String FIELD_ID = "PARQUET:field_id";

  /** Whether a Parquet {@code TIME} is adjusted to UTC: {@code "true"} or {@code "false"}. */
  public static final String TIME_ADJUSTED_TO_UTC = "PARQUET:time_adjusted_to_utc";

  /** Why a {@code projjson:KEY} CRS could not be resolved (the CRS is kept as the string). */
  public static final String CRS_UNRESOLVED = "PARQUET:crs_unresolved";

  private ParquetFieldMetadata() {}
}
