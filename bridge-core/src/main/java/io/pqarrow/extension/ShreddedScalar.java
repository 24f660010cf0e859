package io.pqarrow.extension;

import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The shredded-type table: which Arrow types may be a primitive {@code typed_value} of a shredded
 * Variant, the Variant primitive type a slot of each encodes to, and the facts the Parquet side
 * needs to pick its column (docs/variant.md §3.2). This enum is the one home of that rule: the
 * Parquet mapping ({@code io.pqarrow.schema}) switches over every entry in both directions, and the
 * Variant side (shredding, unshredding, {@code variant_get}) asks {@link #of(Field)}.
 *
 * <table>
 *   <caption>Shredded scalars</caption>
 *   <tr><th>entry</th><th>Arrow typed_value</th><th>Variant id</th><th>Parquet facts</th></tr>
 *   <tr><td>NULL</td><td>Null</td><td>0</td><td>none: Arrow only (every slot is null)</td></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td><td>1 / 2</td><td>BOOLEAN</td></tr>
 *   <tr><td>INT8</td><td>Int8</td><td>3</td><td>INT32 INT(8, signed)</td></tr>
 *   <tr><td>INT16</td><td>Int16, UInt8 (widened)</td><td>4</td><td>INT32 INT(16, signed)</td></tr>
 *   <tr><td>INT32</td><td>Int32, UInt16 (widened)</td><td>5</td><td>INT32</td></tr>
 *   <tr><td>INT64</td><td>Int64, UInt32 (widened)</td><td>6</td><td>INT64</td></tr>
 *   <tr><td>FLOAT</td><td>Float32</td><td>14</td><td>FLOAT</td></tr>
 *   <tr><td>DOUBLE</td><td>Float64</td><td>7</td><td>DOUBLE</td></tr>
 *   <tr><td>DECIMAL4</td><td>Decimal128(p ≤ 9, s)</td><td>8</td><td>DECIMAL, max precision 9</td></tr>
 *   <tr><td>DECIMAL8</td><td>Decimal128(10 ≤ p ≤ 18, s)</td><td>9</td><td>DECIMAL, max precision
 *       18</td></tr>
 *   <tr><td>DECIMAL16</td><td>Decimal128(19 ≤ p ≤ 38, s)</td><td>10</td><td>DECIMAL, max precision
 *       38</td></tr>
 *   <tr><td>DATE</td><td>Date32</td><td>11</td><td>DATE</td></tr>
 *   <tr><td>TIME</td><td>Time64(us)</td><td>17</td><td>TIME, micros, not UTC-adjusted</td></tr>
 *   <tr><td>TIMESTAMP_MICROS</td><td>Timestamp(us, any zone)</td><td>12</td><td>TIMESTAMP, micros,
 *       UTC-adjusted</td></tr>
 *   <tr><td>TIMESTAMP_NANOS</td><td>Timestamp(ns, any zone)</td><td>18</td><td>TIMESTAMP, nanos,
 *       UTC-adjusted</td></tr>
 *   <tr><td>TIMESTAMP_NTZ_MICROS</td><td>Timestamp(us), no zone</td><td>13</td><td>TIMESTAMP,
 *       micros, not adjusted</td></tr>
 *   <tr><td>TIMESTAMP_NTZ_NANOS</td><td>Timestamp(ns), no zone</td><td>19</td><td>TIMESTAMP, nanos,
 *       not adjusted</td></tr>
 *   <tr><td>BINARY</td><td>Binary, LargeBinary, BinaryView</td><td>15</td><td>BYTE_ARRAY</td></tr>
 *   <tr><td>STRING</td><td>Utf8, LargeUtf8, Utf8View</td><td>16</td><td>BYTE_ARRAY STRING</td></tr>
 *   <tr><td>UUID</td><td>{@code arrow.uuid} ({@link UuidExtension})</td><td>20</td>
 *       <td>FIXED_LEN_BYTE_ARRAY(16) UUID</td></tr>
 * </table>
 *
 * <p>Decisions this table records (docs/variant.md §8):
 *
 * <ul>
 *   <li><b>Decimals</b> are Decimal128 only, with 1 ≤ p ≤ 38 and 0 ≤ s ≤ p. The Variant width
 *       follows the precision (the decimal table of the specification), whoever reads the slot:
 *       unshredding and {@code variant_get} give the same bytes. Decimal32 and Decimal64 are
 *       refused: Arrow Java holds decimals only in 128- and 256-bit vectors (its IPC reader refuses
 *       the narrower ones), so no such column can exist here. Decimal256 is refused: no Variant
 *       decimal is wider than 128 bits.
 *   <li><b>Timestamps with a zone</b>, any zone, are UTC-adjusted: an Arrow timestamp with a zone
 *       stores UTC instants whatever the zone's name, and the zone is only a rendering hint. The
 *       name does not survive a Parquet round trip (Parquet has only "adjusted to UTC").
 *   <li><b>Null</b> is an allowed Arrow {@code typed_value} (the canonical extension lists it) and
 *       is read as "never shredded here"; it has no Parquet column, so writing it to Parquet and
 *       requesting it as a shredding type are refused: Variant null always goes to {@code value}.
 * </ul>
 */
public enum ShreddedScalar {
  /** Null: every slot null; Arrow only. */
  NULL(0, 0, 0, null, false),
  /** Bool: Variant true (1) / false (2). */
  BOOLEAN(1, 0, 0, null, false),
  /** Int8: Variant int8. */
  INT8(3, 8, 0, null, false),
  /** Int16, or UInt8 widened: Variant int16. */
  INT16(4, 16, 0, null, false),
  /** Int32, or UInt16 widened: Variant int32. */
  INT32(5, 32, 0, null, false),
  /** Int64, or UInt32 widened: Variant int64. */
  INT64(6, 64, 0, null, false),
  /** Float32: Variant float. */
  FLOAT(14, 0, 0, null, false),
  /** Float64: Variant double. */
  DOUBLE(7, 0, 0, null, false),
  /** Decimal128 of precision 1–9: Variant decimal4. */
  DECIMAL4(8, 0, 9, null, false),
  /** Decimal128 of precision 10–18: Variant decimal8. */
  DECIMAL8(9, 0, 18, null, false),
  /** Decimal128 of precision 19–38: Variant decimal16. */
  DECIMAL16(10, 0, 38, null, false),
  /** Date32: Variant date. */
  DATE(11, 0, 0, null, false),
  /** Time64(us): Variant time (microseconds, no zone). */
  TIME(17, 0, 0, TimeUnit.MICROSECOND, false),
  /** Timestamp(us) with a zone: Variant timestamp, UTC-adjusted, microseconds. */
  TIMESTAMP_MICROS(12, 0, 0, TimeUnit.MICROSECOND, true),
  /** Timestamp(ns) with a zone: Variant timestamp, UTC-adjusted, nanoseconds. */
  TIMESTAMP_NANOS(18, 0, 0, TimeUnit.NANOSECOND, true),
  /** Timestamp(us) without a zone: Variant timestamp without zone, microseconds. */
  TIMESTAMP_NTZ_MICROS(13, 0, 0, TimeUnit.MICROSECOND, false),
  /** Timestamp(ns) without a zone: Variant timestamp without zone, nanoseconds. */
  TIMESTAMP_NTZ_NANOS(19, 0, 0, TimeUnit.NANOSECOND, false),
  /** Binary, LargeBinary, BinaryView: Variant binary. */
  BINARY(15, 0, 0, null, false),
  /** Utf8, LargeUtf8, Utf8View: Variant string. */
  STRING(16, 0, 0, null, false),
  /** {@code arrow.uuid}: Variant uuid. */
  UUID(20, 0, 0, null, false);

  private static final String NOT_ALLOWED = "not an allowed shredded Variant type";

  private final int variantTypeId;
  private final int bitWidth;
  private final int maxPrecision;
  private final TimeUnit timeUnit;
  private final boolean adjustedToUtc;

  ShreddedScalar(
      int variantTypeId, int bitWidth, int maxPrecision, TimeUnit timeUnit, boolean adjustedToUtc) {
    this.variantTypeId = variantTypeId;
    this.bitWidth = bitWidth;
    this.maxPrecision = maxPrecision;
    this.timeUnit = timeUnit;
    this.adjustedToUtc = adjustedToUtc;
  }

  /**
   * The Variant primitive type id a slot encodes to (docs/variant.md §1.4); for {@link #BOOLEAN}
   * the id of true (false is 2).
   *
   * @return the Variant type id
   */
  public int variantTypeId() {
    return variantTypeId;
  }

  /**
   * {@return the signed width of the Variant integer, 8 to 64, for INT8…INT64; 0 for the others}
   */
  public int bitWidth() {
    return bitWidth;
  }

  /**
   * {@return the most digits the Variant decimal holds (9, 18, 38) for DECIMAL4/8/16; 0 for the
   * others}
   */
  public int maxPrecision() {
    return maxPrecision;
  }

  /** {@return the fewest digits of this decimal width (1, 10, 19); 0 when not a decimal} */
  public int minPrecision() {
    return switch (this) {
      case DECIMAL4 -> 1;
      case DECIMAL8 -> DECIMAL4.maxPrecision + 1;
      case DECIMAL16 -> DECIMAL8.maxPrecision + 1;
      default -> 0;
    };
  }

  /** {@return the unit of TIME and the timestamps (micro or nano); {@code null} for the others} */
  public TimeUnit timeUnit() {
    return timeUnit;
  }

  /** {@return whether this is a UTC-adjusted timestamp (TIMESTAMP_MICROS, TIMESTAMP_NANOS)} */
  public boolean adjustedToUtc() {
    return adjustedToUtc;
  }

  /** {@return whether this is DECIMAL4, DECIMAL8 or DECIMAL16} */
  public boolean isDecimal() {
    return maxPrecision > 0;
  }

  /**
   * {@return whether a Parquet {@code typed_value} column exists for this entry (all but {@link
   * #NULL})}
   */
  public boolean hasParquetForm() {
    return this != NULL;
  }

  /**
   * {@return the decimal width for {@code precision} digits, or {@code null} outside 1–38}
   *
   * @param precision the decimal's precision, in digits
   */
  public static ShreddedScalar decimal(int precision) {
    if (precision < 1) {
      return null;
    }
    if (precision <= DECIMAL4.maxPrecision) {
      return DECIMAL4;
    } else if (precision <= DECIMAL8.maxPrecision) {
      return DECIMAL8;
    }
    return precision <= DECIMAL16.maxPrecision ? DECIMAL16 : null;
  }

  /**
   * {@return the timestamp entry of {@code unit} (micro or nano) and zone-ness, or {@code null}}
   *
   * @param unit the timestamp's unit
   * @param adjustedToUtc whether the timestamp has a time zone (is an instant)
   */
  public static ShreddedScalar timestamp(TimeUnit unit, boolean adjustedToUtc) {
    return switch (unit) {
      case MICROSECOND -> adjustedToUtc ? TIMESTAMP_MICROS : TIMESTAMP_NTZ_MICROS;
      case NANOSECOND -> adjustedToUtc ? TIMESTAMP_NANOS : TIMESTAMP_NTZ_NANOS;
      default -> null;
    };
  }

  /**
   * The entry of a {@code typed_value} field, or {@code null} when its type may not be shredded.
   * Reads the field's extension name from its metadata too, so an {@code arrow.uuid} that the
   * reader did not register is still a UUID, and any other extension (registered or only named) is
   * refused.
   *
   * @param field the {@code typed_value} field
   * @return its entry, or {@code null}
   */
  public static ShreddedScalar of(Field field) {
    return verdict(field).scalar;
  }

  /**
   * {@return the entry of {@code type}, or {@code null}; prefer {@link #of(Field)} (see there)}
   *
   * @param type the {@code typed_value} field's type
   */
  public static ShreddedScalar of(ArrowType type) {
    return verdict(type).scalar;
  }

  /**
   * Why {@code field}'s type may not be a shredded {@code typed_value}, for an error message (e.g.
   * {@code "UInt64 has no signed widening"}), or {@code null} when it may.
   *
   * @param field the {@code typed_value} field
   * @return the reason, or {@code null}
   */
  public static String refusal(Field field) {
    return verdict(field).reason;
  }

  /**
   * {@return why {@code type} may not be a shredded {@code typed_value}, or {@code null} when it
   * may}
   *
   * @param type the {@code typed_value} field's type
   */
  public static String refusal(ArrowType type) {
    return verdict(type).reason;
  }

  private record Verdict(ShreddedScalar scalar, String reason) {
    static Verdict allowed(ShreddedScalar s) {
      return new Verdict(s, null);
    }

    static Verdict refused(String reason) {
      return new Verdict(null, reason);
    }
  }

  private static Verdict verdict(Field field) {
    if (UuidExtension.isUuid(field)) {
      return Verdict.allowed(UUID);
    }
    Map<String, String> metadata = field.getMetadata();
    if (!(field.getType() instanceof ExtensionType)
        && metadata != null
        && metadata.containsKey(ExtensionType.EXTENSION_METADATA_KEY_NAME)) {
      return Verdict.refused(NOT_ALLOWED); // an extension the reader did not register
    }
    return verdict(field.getType());
  }

  private static Verdict verdict(ArrowType type) {
    if (UuidExtension.isUuid(type)) {
      return Verdict.allowed(UUID);
    }
    if (type instanceof ExtensionType) {
      // Arrow Java gives an extension type its storage's type id: check it first.
      return Verdict.refused(NOT_ALLOWED);
    }
    switch (type.getTypeID()) {
      case Null:
        return Verdict.allowed(NULL);
      case Bool:
        return Verdict.allowed(BOOLEAN);
      case Int:
        return integer((ArrowType.Int) type);
      case FloatingPoint:
        FloatingPointPrecision p = ((ArrowType.FloatingPoint) type).getPrecision();
        return p == FloatingPointPrecision.HALF
            ? Verdict.refused(NOT_ALLOWED)
            : Verdict.allowed(p == FloatingPointPrecision.SINGLE ? FLOAT : DOUBLE);
      case Decimal:
        return decimal((ArrowType.Decimal) type);
      case Date:
        return ((ArrowType.Date) type).getUnit() == DateUnit.DAY
            ? Verdict.allowed(DATE)
            : Verdict.refused(NOT_ALLOWED);
      case Time:
        return ((ArrowType.Time) type).getUnit() == TimeUnit.MICROSECOND
            ? Verdict.allowed(TIME)
            : Verdict.refused("only Time64(us) is allowed");
      case Timestamp:
        ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
        ShreddedScalar s = timestamp(ts.getUnit(), ts.getTimezone() != null);
        return s != null ? Verdict.allowed(s) : Verdict.refused("only us and ns timestamps");
      case Binary:
      case LargeBinary:
      case BinaryView:
        return Verdict.allowed(BINARY);
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return Verdict.allowed(STRING);
      default:
        return Verdict.refused(NOT_ALLOWED);
    }
  }

  private static Verdict integer(ArrowType.Int in) {
    int width = in.getBitWidth();
    if (!in.getIsSigned()) {
      // Widened to the next signed width, as the canonical extension maps them.
      width *= 2;
      if (width > 64) {
        return Verdict.refused("UInt64 has no signed widening");
      }
    }
    return switch (width) {
      case 8 -> Verdict.allowed(INT8);
      case 16 -> Verdict.allowed(INT16);
      case 32 -> Verdict.allowed(INT32);
      case 64 -> Verdict.allowed(INT64);
      default -> Verdict.refused(NOT_ALLOWED);
    };
  }

  private static Verdict decimal(ArrowType.Decimal d) {
    if (d.getBitWidth() == 32 || d.getBitWidth() == 64) {
      return Verdict.refused("Arrow Java holds decimals only in 128- and 256-bit vectors");
    }
    if (d.getBitWidth() != 128 || d.getPrecision() > DECIMAL16.maxPrecision) {
      return Verdict.refused("Variant decimals hold 38 digits");
    }
    if (d.getScale() < 0 || d.getScale() > d.getPrecision()) {
      return Verdict.refused("a Variant decimal needs 0 <= scale <= precision");
    }
    ShreddedScalar s = decimal(d.getPrecision());
    return s == null ? Verdict.refused(NOT_ALLOWED) : Verdict.allowed(s);
  }
}
