package io.pqarrow.parquet;

/** Python helpers shared by the tests' scripts. */
public final class PyRender {
  private PyRender() {}

  /**
   * Defines {@code dump(table)}: prints one JSON line per row, in the form {@link ArrowJson}
   * renders. Temporal columns are cast to nanoseconds and then integers first (recursively through
   * nested types); float16 is widened to float64.
   */
  public static final String PRELUDE =
      """
      import sys, json, decimal, uuid
      import pyarrow as pa, pyarrow.parquet as pq

      def plain(t):
          if pa.types.is_date64(t):
              return pa.date32()
          if pa.types.is_timestamp(t) and t.unit != 'ns':
              return pa.timestamp('ns', t.tz)
          if pa.types.is_time32(t) or (pa.types.is_time64(t) and t.unit != 'ns'):
              return pa.time64('ns')
          if pa.types.is_timestamp(t) or pa.types.is_time64(t) or pa.types.is_duration(t):
              return pa.int64()
          if pa.types.is_date32(t):
              return pa.int32()
          if pa.types.is_float16(t):
              return pa.float64()
          if isinstance(t, pa.ExtensionType):
              return plain(t.storage_type)
          if pa.types.is_struct(t):
              return pa.struct([f.with_type(plain(f.type)) for f in t])
          if pa.types.is_large_list(t):
              return pa.large_list(t.value_field.with_type(plain(t.value_type)))
          if pa.types.is_list(t):
              return pa.list_(t.value_field.with_type(plain(t.value_type)))
          if pa.types.is_map(t):
              return pa.map_(t.key_field.with_type(plain(t.key_type)), t.item_field.with_type(plain(t.item_type)))
          if pa.types.is_dictionary(t):
              return plain(t.value_type)
          return t

      def storage(col):
          if isinstance(col.type, pa.ExtensionType):
              return pa.chunked_array([c.storage for c in col.chunks], type=col.type.storage_type)
          return col

      def norm(v):
          if v is None or isinstance(v, (bool, int, str)):
              return v
          if isinstance(v, float):
              return v
          if isinstance(v, (bytes, bytearray)):
              return bytes(v).hex()
          if isinstance(v, decimal.Decimal):
              return format(v, 'f')
          if isinstance(v, uuid.UUID):
              return v.hex
          if isinstance(v, dict):
              return {k: norm(x) for k, x in v.items()}
          if isinstance(v, pa.MonthDayNano) or type(v).__name__ == 'MonthDayNano':
              return [v.months, v.days, v.nanoseconds]
          if isinstance(v, tuple):
              return [norm(x) for x in v]
          if isinstance(v, list):
              return [norm(x) for x in v]
          raise TypeError('cannot render %r' % (v,))

      def dump(table):
          cols = []
          for name, col in zip(table.column_names, table.columns):
              col = storage(col)
              while col.type != plain(col.type):
                  col = col.cast(plain(col.type))
              cols.append((name, col.to_pylist()))
          for i in range(table.num_rows):
              print(json.dumps({name: norm(vals[i]) for name, vals in cols}))
      """;
}
