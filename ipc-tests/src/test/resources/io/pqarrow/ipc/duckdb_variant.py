# What DuckDB makes of a Variant column named "variant".
# Usage: duckdb_variant.py parquet PATH   one line per row: {"is_null": bool, "json": text}
#        duckdb_variant.py ipc PATH       one line: {"type": DuckDB's type of the column} after an
#                                         Arrow scan of the IPC stream as pyarrow read it
import sys

import duckdb
import pyarrow.ipc as ipc

mode, path = sys.argv[1], sys.argv[2]
con = duckdb.connect()
if mode == "parquet":
    for is_null, text in con.execute(
            "SELECT variant IS NULL, CAST(variant AS JSON) FROM read_parquet(?)", [path]).fetchall():
        print(json.dumps({"is_null": is_null, "json": text}))
else:
    table = ipc.open_stream(path).read_all()
    con.register("t", table)
    (column_type,) = [r[1] for r in con.execute("DESCRIBE SELECT variant FROM t").fetchall()]
    print(json.dumps({"type": column_type}))
