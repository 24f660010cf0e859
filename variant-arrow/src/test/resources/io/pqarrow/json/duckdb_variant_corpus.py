# Writes VARIANT values with DuckDB to Parquet, reads the metadata/value binaries back with
# pyarrow and prints one JSON line per row: the bytes (base64), DuckDB's own JSON text of the
# value (v::JSON), whether the row is SQL NULL, and DuckDB's name for the Variant type.
# Usage: python duckdb_variant_corpus.py <work dir> <seed>
import base64, json, os, random, sys

import duckdb
import pyarrow.parquet as pq

work, seed = sys.argv[1], int(sys.argv[2])
rnd = random.Random(seed)

values = [
    "0::TINYINT", "(-128)::TINYINT", "127::TINYINT", "300::INTEGER", "2147483647::INTEGER",
    "(-9223372036854775808)::BIGINT", "9223372036854775807::BIGINT",
    "1.50::DECIMAL(5,2)", "-0.001::DECIMAL(10,3)", "123456789012345678.99::DECIMAL(20,2)",
    "12345678901234567890123456789012345678::DECIMAL(38,0)",
    "'-0.12345678901234567890123456789012345678'::DECIMAL(38,38)",
    "0.1::DOUBLE", "1e23::DOUBLE", "5e-324::DOUBLE", "'-0.0'::DOUBLE", "1.7976931348623157e308::DOUBLE",
    "2.2250738585072014e-308::DOUBLE", "123.456::DOUBLE", "1e-7::DOUBLE", "100::DOUBLE",
    "0.1::FLOAT", "3.4028235e38::FLOAT", "-1.5::FLOAT",
    "true", "false",
    "''", "'abc'", "'é😀 \"quoted\" \\ back/slash'", "'line' || chr(10) || 'tab' || chr(9) || chr(1)",
    "repeat('long', 40)",
    "DATE '1969-12-31'", "DATE '1970-01-01'", "DATE '0001-01-01'", "DATE '9999-12-31'", "DATE '2024-02-29'",
    "TIME '00:00:00'", "TIME '23:59:59.999999'", "TIME '12:34:56.789'",
    "TIMESTAMP '1969-12-31 23:59:59.123456'", "TIMESTAMP '1900-01-01 00:00:00'",
    "TIMESTAMP '2024-01-01 12:00:00'", "TIMESTAMP '1969-12-31 23:59:59.5'",
    "TIMESTAMPTZ '2024-01-01 12:00:00.5+00'", "TIMESTAMPTZ '1960-06-30 08:00:00.000001+00'",
    "TIMESTAMP_NS '1969-12-31 23:59:59.999999999'", "TIMESTAMP_NS '2020-01-01 00:00:00.123456789'",
    "'00010203-0405-0607-0809-0a0b0c0d0e0f'::UUID", "'ffffffff-ffff-4fff-bfff-ffffffffffff'::UUID",
    "'\\x00\\x01\\xFF'::BLOB", "'abc'::BLOB", "''::BLOB",
    "{'a': 1, 'b': [1, 2, NULL]}", "[{'x': 1.5}, {'y': 'z'}]", "[]::INTEGER[]",
    "{'d': DATE '2024-01-01', 'ts': TIMESTAMP '1969-07-20 20:17:40.25', 'f': 0.25::FLOAT, 'bin': 'q'::BLOB}",
    "'null'::JSON", "'{\"x\": 1.5e3, \"y\": [true, null], \"s\": \"\\u00e9\"}'::JSON",
]


def random_json(depth):
    pick = rnd.randrange(10 if depth > 0 else 7)
    if pick == 0:
        return None
    if pick == 1:
        return rnd.random() < 0.5
    if pick == 2:
        return "".join(rnd.choice("abcxyz éü😀\"\\/\n") for _ in range(rnd.randrange(12)))
    if pick == 3:
        return rnd.randrange(-10**rnd.randrange(1, 19), 10**rnd.randrange(1, 19))
    if pick in (4, 5, 6):
        return round(rnd.uniform(-1e6, 1e6), rnd.randrange(0, 7))
    if pick in (7, 8):
        return {f"k{rnd.randrange(20)}": random_json(depth - 1) for _ in range(rnd.randrange(5))}
    return [random_json(depth - 1) for _ in range(rnd.randrange(5))]


for _ in range(40):
    text = json.dumps(random_json(3), ensure_ascii=False).replace("'", "''")
    values.append(f"'{text}'::JSON")

con = duckdb.connect()
con.execute("SET TimeZone = 'UTC'")
rows = " UNION ALL ".join(f"SELECT {i} AS id, ({v})::VARIANT AS v" for i, v in enumerate(values))
con.execute(f"CREATE TABLE t AS {rows}")
con.execute(f"INSERT INTO t VALUES ({len(values)}, NULL)")  # SQL NULL
path = os.path.join(work, "variants.parquet")
# DuckDB shreds VARIANT columns when writing Parquet; SMALLINT is a type no row above has, so
# every row stays in the unshredded `value` binary (checked below).
con.execute(f"COPY (SELECT * FROM t ORDER BY id) TO '{path}' (FORMAT parquet, SHREDDING {{v: 'SMALLINT'}})")

table = pq.read_table(path)
texts = dict(con.execute("SELECT id, v::JSON::VARCHAR FROM t").fetchall())
types = dict(con.execute("SELECT id, variant_typeof(v) FROM t").fetchall())
is_null = dict(con.execute("SELECT id, v IS NULL FROM t").fetchall())
ids = table.column("id").to_pylist()
v = table.column("v").combine_chunks()
for i, row_id in enumerate(ids):
    if not v[i].is_valid:
        out = {"id": row_id, "sqlNull": True, "duckIsNull": is_null[row_id], "duck": texts[row_id]}
    else:
        if v.field("typed_value")[i].is_valid:
            sys.exit(f"row {row_id} was shredded; choose another SHREDDING type")
        out = {
            "id": row_id,
            "sqlNull": False,
            "duckIsNull": is_null[row_id],
            "sql": values[row_id] if row_id < len(values) else None,
            "metadata": base64.b64encode(v.field("metadata")[i].as_py()).decode(),
            "value": base64.b64encode(v.field("value")[i].as_py()).decode(),
            "duck": texts[row_id],
            "duckType": types[row_id],
        }
    print(json.dumps(out, ensure_ascii=False))
